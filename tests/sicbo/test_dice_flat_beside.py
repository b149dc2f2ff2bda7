"""Two flat dice touching are paid where the evidence rules a lean out
(``touch.flat_beside``): all three dice read surely, the pair's faces seen from the same
slant, and each die's side faces showing the way the third die's do. A lean is still
never paid (tests/sicbo/test_dice_touch.py, test_dice_turned_lean.py, ...)."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.blob import Blob
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.touch import flat_beside

FLOOR = 0.95     # settle: an outcome needs every die of 2+ pips at least this sure


@needs_model
def test_flat_pair_touching_is_paid() -> None:
    """Seed 13604 (spent) clip 016 r0 frame 86 (truth 4-4-6, camera ~22 degrees off
    vertical): a four and a six touching, no floor between, both read 0.999 but capped
    at 0.5 by the touch rule on every read: the round abstained. Their faces are seen
    alike (0.07 apart), their side faces show down-left as the third die's do."""
    reading = read_saved("s13604_016_f86_flat_touching.png")
    for xy, face in (((208, 171), 4), ((209, 243), 6), ((472, 157), 4)):
        die = die_at(reading, xy)
        assert die.face == face and die.confidence >= FLOOR and die.pose == "flat", die



@needs_model
def test_third_die_joined_to_the_rim_still_shows_the_side_faces_way() -> None:
    """Fresh seed 14304 (spent) clip 022 r2 frame 925 (1920x1080, camera ~24 degrees,
    truth 4-6-6): a six and a four touching along the line to the nadir, seen alike
    (0.06 apart), their side faces showing down; the third die, a six against the wall,
    had its blob joined to the dome's pale rim line (2.4 x a die's area), which put its
    blob's centre off to the right of its face, so its side faces seemed to show the
    other way and the pair stayed capped at 0.5: abstained. Its body (the blob less rim
    and shadow, ``body.die_bodies``) shows them down as the pair's do."""
    reading = read_saved("s14304_022_f925_rim_third.webp")
    for xy, face in (((241, 228), 6), ((241, 348), 4), ((478, 179), 6)):
        die = die_at(reading, xy)
        assert die.face == face and die.confidence >= FLOOR and die.pose == "flat", die


@needs_model
def test_pair_seen_a_little_less_alike_is_paid() -> None:
    """Fresh seed 15404 (spent) clip 008 r0 frame 209 (800x600, truth 4-6-6): two sixes
    side by side along the line to the nadir, the upper one's side face filling the gap,
    both read 0.99+ but capped at 0.5 as touching on every read: the round abstained.
    Their side faces show down as the four's does; their faces' views lie 0.151 apart,
    just over the 0.15 ``flat_beside`` first asked (flat pairs measured 0.06-0.13)."""
    reading = read_saved("s15404_008_f209_sixes_beside.webp")
    for xy, face in (((251, 275), 6), ((257, 203), 6), ((428, 317), 4)):
        die = die_at(reading, xy)
        assert die.face == face and die.confidence >= FLOOR and die.pose == "flat", die


def _die(x: float, y: float, side: tuple[float, float], squash: float = 0.8,
         conf_edge: float = 40.0) -> tuple[Blob, TopFace]:
    """A top face at (x, y), pips squashed along x, its blob running ``side`` (x, y edges)
    past it (the side faces' way)."""
    pips = tuple(Pip(center_xy=(x + dx, y + dy), area_px=40.0, axes_px=(7.0 * squash, 7.0),
                     angle_deg=0.0, inside=1.0, redness=0.0, ring_lum=200.0)
                 for dx, dy in ((-10, -10), (10, 10), (-10, 10), (10, -10)))
    top = TopFace(pips=pips, center_xy=(x, y), edge_px=conf_edge, side_pips=())
    x0, y0 = int(x - 30), int(y - 30)
    mask = np.zeros((60, 60), bool)
    cx, cy = 30 + side[0] * conf_edge, 30 + side[1] * conf_edge
    mask[round(cy - 20):round(cy + 20), round(cx - 20):round(cx + 20)] = True
    return Blob(box_xyxy=(x0, y0, x0 + 60, y0 + 60), mask=mask,
                area_px=float(mask.sum()), solidity=1.0), top


def test_side_faces_the_other_way_are_a_lean() -> None:
    """A face seen as its neighbour's is seen, tipped twice the camera's slant towards
    it, is a lean on the camera's side of its support: its upturned side face shows past
    its top face away from the camera, where the third die shows none."""
    flat_way = (0.12, 0.0)
    dice = [_die(100, 100, flat_way), _die(145, 100, flat_way), _die(300, 100, flat_way)]
    blobs, tops = [b for b, _ in dice], [t for _, t in dice]
    sure = [0.99, 0.99, 0.99]
    apart = {(0, 2), (1, 2)}
    assert flat_beside(blobs, tops, sure, {(0, 1)}, apart) == {(0, 1)}
    lean = _die(145, 100, (-0.12, 0.0))
    assert flat_beside([blobs[0], lean[0], blobs[2]], [tops[0], lean[1], tops[2]], sure,
                       {(0, 1)}, apart) == set()
    assert flat_beside(blobs, tops, [0.99, 0.9, 0.99], {(0, 1)}, apart) == set()  # unsure
    assert flat_beside(blobs, tops, sure, {(0, 1)}, {(0, 2)}) == set()   # no third apart


@needs_model
def test_flat_pair_pressed_along_a_short_contact_is_paid() -> None:
    """Seed 13804 (spent) clip 010 r2 frame 915 (truth 5-5-6, camera ~27 degrees off
    vertical): the six lies behind a five, its near side face meeting the five's top face
    along 0.80 edge (the short-contact rule, ``merged.pressed_dice`` at 0.7): the six,
    pips and CNN 0.999, was capped at 0.5 on every read and the round abstained. The
    pair is seen alike (views 0.52/0.58, 0.07 apart) and lying flat beside the third
    die (all side faces showing down, cosine 0.98): both read surely, flat."""
    reading = read_saved("s13804_010_f915_flat_pressed.png")
    for xy, face in (((332, 242), 6), ((380, 332), 5), ((545, 608), 5)):
        die = die_at(reading, xy)
        assert die.face == face and die.confidence >= FLOOR and die.pose == "flat", die
