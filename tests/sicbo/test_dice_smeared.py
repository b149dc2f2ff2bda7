"""Photos: a die whose pips motion blur smeared past reading is read by the face CNN
alone (``smeared``), unsurely; the sic bo reader (``max_dice`` set) never does."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo import DiceParams, read_dice
from vision.sicbo.render import DieStyle, render_scene

EDGE = 46


def _smear(image: np.ndarray, centre_xy: tuple[float, float], length: int,
           angle_deg: float) -> np.ndarray:
    """The die around ``centre_xy`` dragged ``length`` px along ``angle_deg`` (a line
    kernel), the rest of the picture sharp."""
    k = np.zeros((length, length), np.float32)
    k[length // 2, :] = 1.0
    rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), angle_deg, 1.0)
    k = cv2.warpAffine(k, rot, (length, length))
    out, r = image.copy(), int(1.2 * EDGE)
    x, y = int(centre_xy[0]), int(centre_xy[1])
    y0, x0 = max(0, y - r), max(0, x - r)
    out[y0:y + r, x0:x + r] = cv2.filter2D(image, -1, k / k.sum())[y0:y + r, x0:x + r]
    return out


@pytest.mark.parametrize(("max_dice", "read"), [
    # a six dragged 17 px (0.37 edge) nearly along its pip rows: no round pip is left
    (None, True),      # a photo: read by the CNN alone, at most 0.5 sure
    (3, False),        # the sic bo reader: not read (its dice are settled and sharp)
])
def test_smeared_die(max_dice, read) -> None:
    rng = np.random.default_rng(1)
    image, centres = render_scene([6, 4, 2], rng, edge_px=EDGE, tilt_deg=15, style=DieStyle())
    reading = read_dice(_smear(image, centres[0], 17, 80), params=DiceParams(max_dice=max_dice))
    (cx, cy) = centres[0]
    near = [d for d in reading.dice if np.hypot(d.center_xy[0] - cx, d.center_xy[1] - cy)
            < 0.5 * EDGE]
    assert sorted(d.face for d in reading.dice) == ([2, 4, 6] if read else [2, 4])
    if read:
        assert [(d.face, d.pip_face) for d in near] == [(6, None)]
        assert near[0].confidence <= 0.5
