"""The glass's static glare: found on any floor colour, and a die under it is not trusted."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.dome import glare_hides_pips, glare_mask


def floor_with_highlight(floor_bgr: tuple, spot_bgr: tuple) -> np.ndarray:
    """A 240x320 floor with a soft-edged highlight at (200, 60) and a white die at (80, 160)."""
    img = np.zeros((240, 320, 3), np.float32) + np.array(floor_bgr, np.float32)
    spot = np.zeros((240, 320), np.float32)
    cv2.circle(spot, (200, 60), 12, 1.0, -1)
    spot = cv2.GaussianBlur(spot, (0, 0), 3)[..., None]
    img = img * (1 - spot) + np.array(spot_bgr, np.float32) * spot
    cv2.rectangle(img, (66, 146), (94, 174), (245, 245, 245), -1)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    ("floor", "spot"),
    [
        ((40, 120, 30), (190, 250, 185)),  # green felt: the highlight is pale green, not grey
        ((40, 45, 165), (205, 215, 252)),  # red felt: a pinkish highlight
        ((90, 90, 90), (250, 250, 250)),  # grey floor: a white highlight
    ],
)
def test_highlight_is_glare_floor_and_die_are_not(floor: tuple, spot: tuple) -> None:
    img = floor_with_highlight(floor, spot)
    mask = glare_mask(img, [(60.0, 140.0, 100.0, 180.0)])
    assert mask[60, 200]  # the highlight's centre
    assert not mask[200, 300] and not mask[10, 10]  # the floor
    assert not mask[140:181, 60:101].any()  # the die's box is never glare


def _glare_at(x: float, y: float, r: float) -> np.ndarray:
    """A 240x320 mask (scale 1) with a highlight disc of radius ``r`` at (x, y)."""
    yy, xx = np.mgrid[:240, :320]
    return np.hypot(xx - x, yy - y) <= r


@pytest.mark.parametrize(
    ("glare_xy_r", "face", "hides"),
    [
        # a die of edge 40 at (160, 120)
        ((176.0, 104.0, 6.0), 2, False),  # over a corner of a two: its hidden pip is central
        ((176.0, 104.0, 6.0), 4, False),  # ... or of a four
        ((176.0, 104.0, 6.0), 1, False),  # a one cannot lose a single pip into a face
        ((166.0, 120.0, 4.0), 2, True),  # within 0.2 edge of the centre: a washed 3 reads 2
        ((166.0, 120.0, 4.0), 4, True),  # ... and a washed 5 reads 4
        ((166.0, 120.0, 4.0), 3, False),  # a three's centre pip is there to see
        ((160.0, 120.0, 14.0), 1, True),  # over most of the face: pips could go in pairs
        ((160.0, 120.0, 14.0), 6, False),  # a six is never a washed-out face
        ((240.0, 40.0, 10.0), 2, False),  # far from the die
    ],
)
def test_glare_hides_pips(glare_xy_r: tuple, face: int, hides: bool) -> None:
    glare = _glare_at(*glare_xy_r)
    assert glare_hides_pips(glare, 1.0, (160.0, 120.0), 40.0, face) is hides
    assert glare_hides_pips(glare, 0.5, (320.0, 240.0), 80.0, face) is hides  # full res 2x


def test_a_pale_floor_hides_nothing() -> None:
    assert not glare_hides_pips(np.ones((240, 320), bool), 1.0, (160.0, 120.0), 30.0, 2)
