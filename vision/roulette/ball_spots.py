"""Ball spots in the strip, for the reader's per-frame wiring (``reader``): where they
mask the strip, and the ring radius at a spot's fractional row. Pure, and cheap: each
runs once per spot per frame (no numpy per-call overhead where a Python float does)."""

from __future__ import annotations

import numpy as np

from vision.roulette.ball import _columns

__all__ = ["rho_at", "spot_mask"]


def rho_at(row: float, rho_rows: list[float]) -> float:
    """The radius at a fractional strip ``row``: ``np.interp(row, arange(R), rho_rows)``
    to the bit (the same slope times offset plus value in double precision; the ends
    held), without numpy's per-call overhead (once per ball per frame)."""
    last = len(rho_rows) - 1
    if row <= 0:
        return rho_rows[0]
    if row >= last:
        return rho_rows[last]
    j = int(row)
    if j == row:
        return rho_rows[j]
    return (rho_rows[j + 1] - rho_rows[j]) * (row - j) + rho_rows[j]


def spot_mask(shape: tuple[int, int], spots: list[tuple[float, float]]) -> np.ndarray:
    """(R, C) bool: a box round each (row, col) spot, round the strip's seam."""
    mask = np.zeros(shape, bool)
    for r, c in spots:
        rows = slice(max(0, int(r) - 5), int(r) + 6)
        mask[rows, _columns(int(c) - 14, int(c) + 15, shape[1])] = True
    return mask
