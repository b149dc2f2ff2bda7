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


@pytest.mark.parametrize("head_row, row, col", [
    (30, 10.2, 100.0),  # on the head: pockets 2..12 away
    (30, 0.0, 3.0),  # on the head, its first row, across the seam
    (30, 45.4, 250.6),  # on the bowl: the columns beside
    (30, 59.0, 442.0),  # on the bowl, the strip's last row, across the seam
    (30, 40.0, 198.0),  # on the bowl, a side outside the picture (black)
    (0, 20.0, 218.0),  # no head rows, the other side outside the picture
])
def test_ghost_spot_is_model_stands_out_over_its_box(head_row: int, row: float,
                                                     col: float) -> None:
    # ghost_spot tests frame and model together; it must call every spot as the two
    # separate stand-out measures over the 3 x 5 box do, to the last bit of each
    from vision.roulette.bowl import ObjectParams
    from vision.roulette.ghost import ghost_spot, model_stands_out

    rng = np.random.default_rng(int(row * 10 + col))
    params = ObjectParams()
    for trial in range(60):
        frame = rng.uniform(0, 255, (60, 444, 3)).astype(np.float32)
        model = (frame + rng.normal(0, 25 + trial, frame.shape)).astype(np.float32)
        for image in (frame, model)[:1 + trial % 2]:
            image[:, 200:215] = 0.0  # outside the picture
        r, c = int(round(row)), int(round(col))
        rows = slice(max(0, r - 1), min(60, r + 2))
        cols = np.arange(c - 2, c + 3) % 444
        patch = np.ones((rows.stop - rows.start, 5), bool)
        want = model_stands_out(frame, model, patch, rows, cols, params,
                                by_pockets=r < head_row)
        assert ghost_spot(frame, model, row, col, head_row, params) is want
