"""``components_with_stats`` (Grana's BBDT) gives what ``cv2.connectedComponentsWithStats``
(8-connectivity, OpenCV's default algorithm) gives, to the bit: the object stage reads the
labels' order, the boxes and areas, and the centroids (an object's place)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.roulette.components import components_with_stats


@pytest.mark.parametrize("fill, grown", [
    (0.05, False),  # specks: many one-pixel pieces
    (0.3, False),  # noise near the percolation point: pieces of every shape
    (0.5, True),  # a few large blobs, dilated (hands, arms)
    (0.0, False),  # nothing: the background alone
    (1.0, False),  # everything: no background pixel (its centroid is NaN in both)
])
def test_components_match_opencv_default(fill: float, grown: bool) -> None:
    rng = np.random.default_rng(int(fill * 100) + grown)
    for _ in range(40):
        h, w = int(rng.integers(1, 120)), int(rng.integers(1, 460))
        mask = (rng.random((h, w)) < fill).astype(np.uint8)
        if grown:
            mask = cv2.dilate(mask, np.ones((3, 3), np.uint8))
        want = cv2.connectedComponentsWithStats(mask, connectivity=8)
        got = components_with_stats(mask)
        assert got[0] == want[0]
        for a, b in zip(got[1:], want[1:], strict=True):
            assert a.dtype == b.dtype
            assert np.array_equal(a, b, equal_nan=True)
