"""The wheel angle's cost-cut arithmetic gives numpy's plain formulas to the bit.

The reader reads the wheel angle in every frame and calibration tries a hundred warps on
every frame; both use shortcuts (column sums by OpenCV, row statistics without numpy's
per-call overhead, stacked FFTs, a vectorised ``np.interp``). A last-bit difference moves
a fix by a hair and can flip a near tie, so each is compared with the plain formula it
replaces, on seeded random inputs.
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.roulette.layout import _KNOTS, _warped
from vision.roulette.wheel import (
    COLUMNS,
    _template_fft,
    aberration,
    colour_signals,
    zero_correlation,
)


def _plain_colour_signals(band: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    m = band.astype(np.int16).mean(axis=0, dtype=np.float32)
    b, g, r = m[:, 0], m[:, 1], m[:, 2]
    return r - np.maximum(g, b), g - np.maximum(r, b)


def _plain_normalised(x: np.ndarray, valid: np.ndarray | None) -> np.ndarray:
    if valid is None:
        x = x - x.mean()
        return x / max(float(x.std()), 1e-3)
    x = (x - x[valid].mean()) / max(float(x[valid].std()), 1e-3)
    return np.where(valid, x, 0.0)


def _plain_correlation(red: np.ndarray, green: np.ndarray, sense: int,
                       valid: np.ndarray | None) -> np.ndarray:
    """zero_correlation as it was first written: one signal at a time."""
    r, g = _plain_normalised(red, valid), _plain_normalised(green, valid)
    n_cols = COLUMNS if valid is None else max(int(valid.sum()), 1)
    tr, tg = _template_fft(sense)
    return np.fft.irfft(np.fft.rfft(r) * tr + 2.0 * np.fft.rfft(g) * tg, n=COLUMNS) / n_cols


@pytest.mark.parametrize("rows", [
    1,  # a band one strip row high
    9,  # a usual pocket band
    23,  # a close camera's wide band
])
def test_colour_signals_is_the_column_mean(rows: int) -> None:
    rng = np.random.default_rng(rows)
    band = rng.integers(0, 256, (rows, COLUMNS, 3), dtype=np.uint8)
    for got, want in zip(colour_signals(band), _plain_colour_signals(band), strict=True):
        assert got.dtype == want.dtype and np.array_equal(got, want)


VALIDS = {
    "whole ring": None,
    "scattered columns": np.random.default_rng(5).random(COLUMNS) > 0.3,
    "one arc out of the frame": np.r_[np.ones(300, bool), np.zeros(COLUMNS - 300, bool)],
}


@pytest.mark.parametrize("valid", VALIDS.values(), ids=VALIDS.keys())
@pytest.mark.parametrize("dtype", [
    np.float32,  # the reader's signals
    np.float64,  # calibration's warped signals
])
def test_zero_correlation_matches_the_plain_formula(valid: np.ndarray | None,
                                                    dtype: type) -> None:
    rng = np.random.default_rng(7)
    red = rng.normal(0, 40, (6, COLUMNS)).astype(dtype)
    green = rng.normal(0, 20, (6, COLUMNS)).astype(dtype)
    stacked = zero_correlation(red, green, -1, valid)  # calibration's many frames at once
    for k in range(len(red)):
        want = _plain_correlation(red[k], green[k], -1, valid)
        assert np.array_equal(zero_correlation(red[k], green[k], -1, valid), want)
        assert np.array_equal(stacked[k], want)


@pytest.mark.parametrize("eta, beta", [
    (0.0, 0.0),  # no warp: every sample lands on a knot
    (0.16, 1.3),  # a usual tilt
    (0.4, -0.2),  # the strongest warp tried, its direction below zero
])
def test_warped_is_np_interp(eta: float, beta: float) -> None:
    rng = np.random.default_rng(11)
    signals = rng.normal(0, 30, (4, COLUMNS)).astype(np.float32)
    psi = aberration(_KNOTS[:-1], -eta, beta)
    got = _warped(signals, psi)
    for k, s in enumerate(signals):
        assert np.array_equal(got[k], np.interp(psi, _KNOTS, np.append(s, s[0])))
