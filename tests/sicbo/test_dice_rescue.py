"""The rescue pass (``rescue.rescue_dice``) through the forward model: a rendered die the
first look lost is offered again, unless the first look's CNN called it clutter."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo import DiceParams
from vision.sicbo.detect import find_die_blobs
from vision.sicbo.pips import find_pips, select_top_face
from vision.sicbo.render import DieStyle, render_scene
from vision.sicbo.rescue import rescue_dice

PHOTO = DiceParams(max_dice=None)


def _first_look(image: np.ndarray) -> list:
    pairs = []
    for blob in find_die_blobs(image, PHOTO.detect):
        top = select_top_face(find_pips(image, blob, PHOTO.pips), blob, PHOTO.pips)
        if top is not None:
            pairs.append((blob, top))
    return pairs


@pytest.mark.parametrize(("as_clutter", "offered", "seed"), [
    # the second die is left out of the found dice; as_clutter: the first look's CNN
    # called it "not a die"
    (False, True, 42),     # a one lost: the rescue offers it again
    (True, False, 42),     # called clutter: a looser blob around it is not offered
])
def test_rescue_skips_clutter(as_clutter, offered, seed) -> None:
    rng = np.random.default_rng(seed)
    image, centres = render_scene([6, 1], rng, edge_px=46, tilt_deg=15, style=DieStyle())
    pairs = _first_look(image)
    near = [min(range(len(pairs)), key=lambda i: np.hypot(
        pairs[i][1].center_xy[0] - cx, pairs[i][1].center_xy[1] - cy)) for cx, cy in centres]
    found, lost = [pairs[near[0]]], [pairs[near[1]]]
    extra = rescue_dice(image, found, PHOTO, clutter=lost if as_clutter else ())
    cx, cy = centres[1]
    got = [t for _, t in extra if np.hypot(t.center_xy[0] - cx, t.center_xy[1] - cy) < 0.4 * 46]
    assert bool(got) == offered


@pytest.mark.parametrize(("not_die", "max_dice", "pips", "clutter"), [
    # the CNN's "not a die" probability (the rest on face 6); a photo (max_dice None) or
    # the dome (3); the pip count of the blob's top face
    (0.6, None, 6, True),      # a photo: more likely clutter than a die is dropped
    (0.45, None, 6, False),    # ... the pips agree with the CNN: a die
    (0.3, None, 1, True),      # ... they do not (a label's print): two signals against it
    (0.2, None, 1, False),     # ... but the CNN hardly doubts it (real dice <= 0.12)
    (0.6, 3, 1, False),        # the dome: only a sure call (a die at the rim looks odd)
    (0.75, 3, 6, True),
])
def test_clutter_threshold(not_die, max_dice, pips, clutter) -> None:
    from vision.sicbo.fuse import is_clutter

    probs = np.array([0.02] * 5 + [0.9 - not_die, not_die], np.float32)
    assert is_clutter(probs, DiceParams(max_dice=max_dice), pips) == clutter



@pytest.mark.parametrize(("faces", "max_dice", "n_back"), [
    # the first look found no die (seed 10304 clip 004 r2: all three joined to the rim's
    # ring line); max_dice 3: the dome, the rescue sizes the dice by the faces of 2+ pips
    # its relaxed looks show whole; None: a photo, no count prior, nothing to look for
    ([6, 4, 1], 3, 3),      # all three offered again, the one sized by the four and six
    ([5, 2, 3], 3, 3),
    ([6, 4, 1], None, 0),
    ([1, 1, 1], 3, 0),      # lone pips only: no face tells the die's size, none offered
])
def test_rescue_with_no_die_found(faces, max_dice, n_back) -> None:
    rng = np.random.default_rng(7)
    image, centres = render_scene(faces, rng, edge_px=46, tilt_deg=15, style=DieStyle())
    extra = rescue_dice(image, [], DiceParams(max_dice=max_dice))
    assert len(extra) == n_back
    for _, top in extra:          # each at a rendered die, sized like it
        assert min(np.hypot(top.center_xy[0] - cx, top.center_xy[1] - cy)
                   for cx, cy in centres) < 0.4 * 46
        assert 0.75 * 46 <= top.edge_px <= 1.25 * 46
