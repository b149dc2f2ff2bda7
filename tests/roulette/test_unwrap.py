"""The split unwrap: bilinear on the head rows, the nearest pixel on the bowl rows."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.roulette.unwrap import SplitUnwrap
from vision.roulette.wheel import RingGeometry, StripGrid


def grid() -> StripGrid:
    ring = RingGeometry((330.0, 250.0), (200.0, 160.0), 0.3)
    return StripGrid.build(ring, 0.7, 2.25, 63, warp=(0.2, 1.0))


def coordinate_frame() -> np.ndarray:
    """A 640x480 frame whose blue is x mod 256 and green y mod 256 (red: a seeded noise)."""
    y, x = np.mgrid[0:480, 0:640]
    noise = np.random.default_rng(3).integers(0, 256, (480, 640))
    return np.dstack([x % 256, y % 256, noise]).astype(np.uint8)


@pytest.mark.parametrize("split", [
    20,  # the usual: head rows bilinear, bowl rows nearest
    0,  # all nearest
    63,  # all bilinear: exactly the grid's unwrap
])
def test_head_rows_are_the_grids_and_bowl_rows_the_nearest_pixel(split: int) -> None:
    g, frame = grid(), coordinate_frame()
    strip = SplitUnwrap(g, split).unwrap(frame)
    assert np.array_equal(strip[:split], g.unwrap(frame)[:split])
    if split == len(g.rho_rows):
        return
    x, y = cv2.convertMaps(g.map1, g.map2, cv2.CV_32FC1)
    xi, yi = np.round(x[split:]).astype(int), np.round(y[split:]).astype(int)
    inside = (xi >= 0) & (xi < 640) & (yi >= 0) & (yi < 480)
    assert inside.mean() > 0.5  # the test sees pixels both inside and outside the frame
    bowl = strip[split:]
    assert np.array_equal(bowl[..., 0][inside], xi[inside] % 256)
    assert np.array_equal(bowl[..., 1][inside], yi[inside] % 256)
    assert np.array_equal(bowl[..., 2][inside], frame[yi[inside], xi[inside], 2])
    assert not bowl[~inside].any()  # outside the frame: black, as the grid gives it


def test_a_split_outside_the_strip_is_refused() -> None:
    with pytest.raises(ValueError, match="nearest_from"):
        SplitUnwrap(grid(), 64)
