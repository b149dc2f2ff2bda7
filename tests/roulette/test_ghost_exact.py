"""``ghost.anomaly`` at the patch's pixels only gives the whole-box formula to the bit.

The ghost test runs on a dealer's hand every few frames, over the hand's whole bounding
box; it now computes at the patch's pixels only. A last-bit difference could flip the
ghost call at its ratio, so it is compared with the formula it replaces on seeded
random strips and patches.
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.roulette.ghost import OUTSIDE, anomaly


def _plain_anomaly(image: np.ndarray, patch: np.ndarray, rows: slice, cols: np.ndarray,
                   margin_px: int) -> float:
    width = image.shape[1]
    left = (cols[0] - margin_px - np.arange(3)) % width
    right = (cols[-1] + margin_px + np.arange(3)) % width
    block = image[rows]
    lo, hi = block[:, left].mean(axis=1), block[:, right].mean(axis=1)
    lo_out, hi_out = lo.max() < OUTSIDE, hi.max() < OUTSIDE
    if lo_out != hi_out:
        lo = hi = hi if lo_out else lo
    t = ((np.arange(len(cols)) + margin_px + 1) / (len(cols) + 2 * margin_px + 1))[None, :, None]
    line = lo[:, None] * (1 - t) + hi[:, None] * t
    err = np.abs(block[:, cols] - line).max(axis=2)
    return float(err[patch].mean())


@pytest.mark.parametrize("rows, cols, start_col, fill", [
    (1, 1, 10, 1.0),  # a one-pixel patch
    (3, 5, 100, 1.0),  # a ball-sized spot, whole box
    (40, 90, 300, 0.5),  # a hand's box, half filled
    (12, 30, 430, 0.7),  # across the strip's seam
])
def test_anomaly_matches_the_whole_box_formula(rows: int, cols: int, start_col: int,
                                               fill: float) -> None:
    rng = np.random.default_rng(rows * 1000 + cols)
    image = rng.uniform(0, 255, (60, 444, 3)).astype(np.float32)
    image[:, 200:215] = 0.0  # a black run (outside the picture) some patches border
    for trial in range(20):
        patch = rng.random((rows, cols)) < fill
        patch.flat[trial % patch.size] = True
        top = int(rng.integers(0, 60 - rows + 1))
        span = np.arange(start_col + trial, start_col + trial + cols) % 444
        args = (image, patch, slice(top, top + rows), span, 3)
        assert anomaly(*args) == _plain_anomaly(*args)
