"""The glass's static glare: found on any floor colour, and a die under it is not trusted."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.dome import glare_mask, under_glare


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


def test_a_die_touching_the_glare_is_under_it() -> None:
    glare = np.zeros((240, 320), bool)
    glare[55:66, 195:206] = True
    cases = [
        ((200.0, 60.0), True),  # on the highlight
        ((190.0, 60.0), True),  # its top face overlaps the highlight's edge
        ((80.0, 160.0), False),  # far from it
    ]
    for (x, y), expected in cases:
        assert under_glare(glare, 0.5, (2 * x, 2 * y), 2 * 20.0) is expected, (x, y)


def test_a_pale_floor_is_not_glare() -> None:
    glare = np.ones((240, 320), bool)  # everything bright: a white floor, not highlights
    assert not under_glare(glare, 1.0, (160.0, 120.0), 30.0)
