"""The rescue grows a face of three or more pips in no layout by washed-out pips
(``rescue._completed``, ``faintpip.faint_completed``), through drawn dice: a six and a
five found, a four the first look lost with its last pip drawn ``wash`` of the way to
the face's colour (the dome's glare). Seed 10504 clip 022 r0: three pips in an L were
refused, the round abstained ``dice_count``."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo import DiceParams
from vision.sicbo.detect import find_die_blobs
from vision.sicbo.pips import find_pips, select_top_face
from vision.sicbo.rescue import rescue_dice

BODY = (235, 240, 242)
PIP = (30, 30, 30)
EDGE = 60
LAYOUT = {4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
          5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)],
          6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
CENTRES = {6: (100, 100), 5: (100, 260), 4: (260, 180)}


def _scene(wash: float, lost_face: int = 4) -> np.ndarray:
    image = np.full((360, 360, 3), (70, 110, 150), np.uint8)
    for place, (cx, cy) in CENTRES.items():
        lost = place == 4
        face = lost_face if lost else place
        h = EDGE // 2
        cv2.rectangle(image, (cx - h, cy - h), (cx + h, cy + h), BODY, -1)
        for k, (u, v) in enumerate(LAYOUT[face]):
            w = wash if (lost and k == len(LAYOUT[face]) - 1) else 0.0
            colour = tuple(float(p + w * (b - p)) for p, b in zip(PIP, BODY, strict=True))
            cv2.circle(image, (cx + 16 * u, cy + 16 * v), 6, colour, -1, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    noise = np.random.default_rng(3).normal(0, 2, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def _found(image: np.ndarray) -> list:
    """The first look's dice, less the one at the lost die's place."""
    pairs = []
    for blob in find_die_blobs(image):
        top = select_top_face(find_pips(image, blob), blob)
        if top is not None and np.hypot(top.center_xy[0] - CENTRES[4][0],
                                         top.center_xy[1] - CENTRES[4][1]) > EDGE:
            pairs.append((blob, top))
    return pairs


@pytest.mark.parametrize(("wash", "lost_face", "max_dice", "offered"), [
    # the lost die's last pip washed this much; its face; 3: the dome, None: a photo;
    # the pip count the rescue offers at the lost die (None: nothing offered)
    (0.7, 4, 3, 4),        # a four's pip washed under the finder's floor: grown, offered
    (0.6, 4, 3, 4),
    (0.7, 6, 3, 6),        # a six's last pip: five in no layout, grown to the six
    (1.0, 4, 3, None),     # the pip gone: an L of three is no face, not offered
    (0.7, 4, None, None),  # a photo: no count prior, the rescue grows nothing
])
def test_rescue_grows_a_washed_face(wash, lost_face, max_dice, offered) -> None:
    image = _scene(wash, lost_face)
    found = _found(image)
    assert sorted(t.count for _, t in found) == [5, 6]
    extra = rescue_dice(image, found, DiceParams(max_dice=max_dice))
    got = [t for _, t in extra if np.hypot(t.center_xy[0] - CENTRES[4][0],
                                           t.center_xy[1] - CENTRES[4][1]) < 0.4 * EDGE]
    assert (got[0].count if got else None) == offered
