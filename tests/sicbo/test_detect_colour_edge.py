"""Die blob finder (``vision.sicbo.detect``): the outline sharpness that tells a die from
a glare spot is measured over L, a and b, so a die that differs from its floor by colour
more than by lightness is found, and a soft glare spot is still refused."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.detect import DetectParams, find_die_blobs
from vision.sicbo.layout import LAYOUTS

FLOOR_LAB = (185, 140, 112)     # 8-bit Lab: a pale lavender floor


def _lab_to_bgr(lab: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


def _scene(die_lab: tuple[int, int, int] | None, glare_l: float = 0.0) -> np.ndarray:
    """A 320 x 240 floor with a 44-px die (five pips) of colour ``die_lab`` at (120, 90),
    and/or a soft glare spot (Gaussian, sigma 9 px, ``glare_l`` brighter) at (230, 160)."""
    lab = np.empty((240, 320, 3), np.float32)
    lab[:] = FLOOR_LAB
    if glare_l:
        yy, xx = np.mgrid[0:240, 0:320]
        spot = np.exp(-((xx - 230) ** 2 + (yy - 160) ** 2) / (2 * 9.0 ** 2))
        lab[..., 0] += glare_l * spot
        lab[..., 1:] += (128 - lab[..., 1:]) * spot[..., None]    # glare washes colour out
    image = _lab_to_bgr(lab)
    if die_lab is not None:
        x, y, edge = 120, 90, 44
        colour = tuple(int(v) for v in _lab_to_bgr(np.array([[die_lab]], np.float32))[0, 0])
        cv2.rectangle(image, (x, y), (x + edge, y + edge), colour, -1)
        for sx, sy in LAYOUTS[5]:
            centre = (int(x + edge / 2 + sx * 0.27 * edge), int(y + edge / 2 + sy * 0.27 * edge))
            cv2.circle(image, centre, int(0.1 * edge), (40, 40, 40), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (0, 0), 0.8)


def _near(blobs, xy: tuple[float, float], r: float = 15.0) -> bool:
    return any(np.hypot(0.5 * (b.box_xyxy[0] + b.box_xyxy[2]) - xy[0],
                        0.5 * (b.box_xyxy[1] + b.box_xyxy[3]) - xy[1]) < r for b in blobs)


@pytest.mark.parametrize(("die_lab", "glare_l", "die_found", "glare_found"), [
    # a pale pink die, hardly lighter than the floor (L +4) but far in colour: found
    # (with the L-only sharpness its outline read ~2 L/px and it was refused as glare)
    ((189, 158, 140), 0.0, True, False),
    # a white die, much lighter than the floor: found, as before
    ((245, 128, 128), 0.0, True, False),
    # a soft glare spot alone (L +60, colour washed out): still not a die
    (None, 60.0, False, False),
    # both: the die is found, the glare spot beside it is not
    ((189, 158, 140), 60.0, True, False),
])
def test_colour_outline_is_sharp_glare_is_not(die_lab, glare_l, die_found, glare_found) -> None:
    blobs = find_die_blobs(_scene(die_lab, glare_l), DetectParams())
    assert _near(blobs, (142, 112)) == die_found
    assert _near(blobs, (230, 160), r=25) == glare_found
