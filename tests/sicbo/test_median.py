"""median equals float(np.median(a)) to the bit."""

import cv2
import numpy as np
import pytest

from vision.sicbo.median import median


def _arrays(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    h, w = (int(v) for v in rng.integers(70, 400, 2))
    flat = np.zeros((h, w), np.float32)
    flat[: h // 3] = rng.random((h // 3, w)) * 9
    nan = rng.random((h, w)).astype(np.float32)
    nan[h // 2, w // 2] = np.nan
    return [
        rng.random((h, w), dtype=np.float32) * 50,                       # uniform
        cv2.GaussianBlur(rng.exponential(5, (h, w)).astype(np.float32),  # a floor score
                         (0, 0), 1.2),
        flat,                                                            # mostly one value
        rng.integers(0, 5, (h, w)).astype(np.float32),                   # many ties
        rng.normal(0, 1, (h, w)),                                        # float64, signed
        rng.random((h * w | 1,), dtype=np.float32),                      # odd length
        nan,                                                             # a NaN
        rng.random((40, 50), dtype=np.float32),                          # small: np.median
    ]


@pytest.mark.parametrize("seed", range(12))
def test_equals_numpy(seed: int) -> None:
    for a in _arrays(seed):
        want, got = float(np.median(a)), median(a)
        assert (np.isnan(want) and np.isnan(got)) or got == want, (a.dtype, a.shape)
