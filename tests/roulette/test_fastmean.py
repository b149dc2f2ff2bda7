"""fast_mean is numpy's mean to the bit, on the shapes and dtypes the reader passes it."""

import numpy as np
import pytest

from vision.roulette.fastmean import fast_mean


@pytest.mark.parametrize(("shape", "dtype"), [
    ((5,), np.float32),        # ghost_spot's per-row errors
    ((1000,), np.float32),     # long enough for numpy's pairwise blocks
    ((7, 5), np.float32),      # ball._spot_at's surround box (a gathered copy)
    ((3,), np.float64),        # held_in_hand's row shares
    ((129,), np.float64),
])
def test_equals_numpy_mean(shape: tuple[int, ...], dtype: type) -> None:
    rng = np.random.default_rng(7)
    for _ in range(200):
        a = (rng.random(shape) * rng.choice([1.0, 255.0, 1e-3])).astype(dtype)
        assert fast_mean(a) == float(a.mean())
