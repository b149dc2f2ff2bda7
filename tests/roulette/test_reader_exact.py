"""The reader's cheaper per-frame helpers give what the plain numpy formulas give, to the bit
(they only remove per-call overhead: the events must not change)."""

import numpy as np
import pytest

from vision.roulette.ball import _window, row_shares
from vision.roulette.ball_spots import rho_at, spot_mask
from vision.roulette.fastmean import fast_mean


def _plain_spot_mask(shape: tuple[int, int], spots: list[tuple[float, float]]) -> np.ndarray:
    mask = np.zeros(shape, bool)
    for r, c in spots:
        mask[max(0, int(r) - 5):int(r) + 6, np.arange(int(c) - 14, int(c) + 15) % shape[1]] = True
    return mask


@pytest.mark.parametrize("spots", [
    [],  # no spot: an empty mask
    [(40.3, 200.7)],  # one ball, clear of the seam
    [(2.5, 3.2)],  # by the first row and across the seam on the left
    [(70.9, 440.1), (30.0, 14.0)],  # across the seam on the right; one box ending at col 0
    [(74.2, 100.0), (74.6, 103.9)],  # the last row, two boxes overlapping
])
def test_spot_mask_is_the_box_round_each_spot(spots: list[tuple[float, float]]) -> None:
    assert np.array_equal(spot_mask((75, 444), spots), _plain_spot_mask((75, 444), spots))


def test_rho_at_is_np_interp() -> None:
    rng = np.random.default_rng(3)
    for n in (2, 75, 98):
        rho = np.linspace(rng.uniform(0.3, 0.9), rng.uniform(2.2, 3.2), n)
        rows = np.concatenate([rng.uniform(-1, n + 1, 2000),  # inside and beyond both ends
                               np.arange(-1.0, n + 2.0),  # on the rows themselves
                               np.arange(n) + 0.5])
        got = [rho_at(float(r), rho.tolist()) for r in rows]
        assert got == [float(np.interp(float(r), np.arange(n), rho)) for r in rows]


@pytest.mark.parametrize("share", [0.0, 0.07, 0.5, 1.0])
def test_row_shares_is_the_count_over_the_width(share: float) -> None:
    fg = np.random.default_rng(5).random((75, 444)) < share
    got = row_shares(fg)
    assert got.dtype == np.float64
    assert np.array_equal(got, np.count_nonzero(fg, axis=1) / fg.shape[1])


def test_window_sums_as_the_column_index_does() -> None:
    """``ball._window`` (a slice where the box does not cross the seam) gives the box
    ``_spot_at`` took with a column index, and every sum over it to the bit."""
    rng = np.random.default_rng(9)
    for _ in range(3000):
        ev = (rng.random((75, 444)) * rng.choice([1.0, 255.0, 1e-3])).astype(np.float32)
        r0 = int(rng.integers(0, 75))
        rows = slice(r0, int(rng.integers(r0 + 1, min(75, r0 + 12) + 1)))
        a = int(rng.integers(-25, 449))  # some boxes cross the seam on either side
        b = a + int(rng.integers(1, 25))
        want, got = ev[rows][:, np.arange(a, b) % 444], _window(ev, rows, a, b)
        assert np.array_equal(got, want)
        for axis in (None, 0, 1):
            assert np.array_equal(np.add.reduce(got, axis=axis), np.add.reduce(want, axis=axis))
        assert fast_mean(got) == fast_mean(want)
