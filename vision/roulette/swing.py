"""The head's radial swing in the strip, measured once from the calibration frames.

The strip's rows are radii about the ring the calibration fitted. Where that ring's centre
lies a little off the wheel's (a tilted close camera: the ellipse the turning colours trace
is not quite the wheel's ring), or where the head stands above the plane the strip
unwraps, the head shows further out on one side of the strip and further in on the other:
in the strip's image columns ``c`` the head lies ``swing(c) = a cos(psi_c) + b sin(psi_c)``
rows off. In wheel coordinates (``background``) each digit then rides up and down by
``2 * hypot(a, b)`` rows as the wheel turns; the head's learnt model smears, and a digit
matched nowhere near is taken for an object lying on the head (seed 11801 021 r3, 022 r1,
029 r4: false voids, cameras tilted 28-31 degrees, about 3 rows either way).

``estimate_swing`` finds (a, b) from the head's mean radial profile in sectors of the
strip (the rings of the head: pockets, number ring, its edges, the same all round): each
sector's profile is registered with their median, and the shifts are fitted with one
sine over the turn. ``StripGrid.build``'s ``rho_offset`` then samples the head's rows
that much further out, once, at no cost per frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["HeadSwing", "estimate_swing"]

SECTORS = 16  # the strip's columns in this many sectors, each registered on its own
SHIFTS = np.arange(-8.0, 8.01, 0.25)  # rows a sector's profile may lie off the median's
MIN_SWING_ROWS = 1.0  # a swing smaller than this is left alone (the patch test's slack)
MAX_RESIDUAL = 0.35  # the sectors' shifts must fit one sine within this share of it
OUTSIDE = 2.0  # strip values below this in every channel: outside the picture
PROFILE_MARGIN = 6  # rows beyond the head's edge that its profile takes in (its edge)


@dataclass(frozen=True, slots=True)
class HeadSwing:
    """The head lies ``cos_rows * cos(psi) + sin_rows * sin(psi)`` strip rows further out
    than the strip's rows say at strip angle ``psi``; ``residual_rows`` is how far (rms)
    the sectors' shifts lay off that sine. All zero: no swing to correct (or none found)."""

    cos_rows: float = 0.0
    sin_rows: float = 0.0
    residual_rows: float = 0.0

    def __bool__(self) -> bool:
        return self.cos_rows != 0.0 or self.sin_rows != 0.0

    @property
    def amplitude_rows(self) -> float:
        return float(np.hypot(self.cos_rows, self.sin_rows))

    def rows_at(self, columns: int) -> np.ndarray:
        """(columns,) float64: the swing at each of ``columns`` strip columns (one turn)."""
        psi = np.arange(columns) * (2 * np.pi / columns)
        return self.cos_rows * np.cos(psi) + self.sin_rows * np.sin(psi)


def estimate_swing(strips: Sequence[np.ndarray], head_row: int, sectors: int = SECTORS
                   ) -> HeadSwing:
    """(R, C, 3) uint8 strips of frames spread over some seconds (image coordinates, as
    unwrapped) -> the head's swing (rows above ``head_row``). No swing (``HeadSwing()``)
    where it is under ``MIN_SWING_ROWS``, where the sectors' shifts do not follow one sine
    (``MAX_RESIDUAL``), or where too few sectors are wholly in view."""
    rows = min(head_row + PROFILE_MARGIN, strips[0].shape[0])
    if head_row < 6:
        return HeadSwing()
    stack = np.stack([s[:rows] for s in strips]).astype(np.float32)  # (T, L, C, 3)
    width = stack.shape[2] // sectors
    cut = stack[:, :, :width * sectors].reshape(len(strips), rows, sectors, width, 3)
    seen = (cut.max(axis=4) >= OUTSIDE).all(axis=(0, 1, 3))  # (S,) wholly in view
    if seen.sum() < sectors * 3 // 4:
        return HeadSwing()
    profiles = cut.mean(axis=(0, 3)).transpose(1, 0, 2)  # (S, L, 3)
    shifts = _register(profiles, seen, head_row)
    return _fit(shifts, seen, sectors)


def _register(profiles: np.ndarray, seen: np.ndarray, head_row: int) -> np.ndarray:
    """(S,) rows each sector's profile lies off the median of the profiles (in view),
    the median re-taken from the profiles aligned by the last shifts, three times (the
    first median is itself smeared by the swing)."""
    n, length = profiles.shape[:2]
    at = np.arange(length, dtype=np.float64)
    rows = np.arange(2, min(head_row + PROFILE_MARGIN - 2, length))
    shifts = np.zeros(n)
    for _ in range(3):
        aligned = np.stack([_resample(p, at + t) for p, t in zip(profiles, shifts, strict=True)])
        ref = np.median(aligned[seen], axis=0)
        moved = np.stack([_resample(ref, rows - t) for t in SHIFTS])  # (K, n_rows, 3)
        inside = ((rows[None, :] - SHIFTS[:, None]) >= 0) & (
            (rows[None, :] - SHIFTS[:, None]) <= length - 1)  # (K, n_rows)
        err = np.abs(profiles[:, None, rows] - moved[None]).mean(axis=3)  # (S, K, n_rows)
        err = (err * inside).sum(axis=2) / np.maximum(inside.sum(axis=1), 1)
        shifts = SHIFTS[np.argmin(err, axis=1)]
    return shifts


def _resample(profile: np.ndarray, at: np.ndarray) -> np.ndarray:
    """(L, 3) profile at fractional rows ``at`` (linear, clamped at the ends)."""
    idx = np.arange(len(profile))
    return np.stack([np.interp(at, idx, profile[:, k]) for k in range(3)], axis=1)


def _fit(shifts: np.ndarray, seen: np.ndarray, sectors: int) -> HeadSwing:
    """One sine (and a constant) through the sectors' shifts, least squares, once more
    without the sectors far off it (a ball, a hand in a sector)."""
    psi = (np.arange(sectors) + 0.5) * (2 * np.pi / sectors)
    basis = np.column_stack([np.ones(sectors), np.cos(psi), np.sin(psi)])
    use = seen.copy()
    for _ in range(2):
        coef = np.linalg.lstsq(basis[use], shifts[use], rcond=None)[0]
        off = np.abs(shifts - basis @ coef)
        keep = seen & (off <= max(2 * float(np.sqrt(np.mean(off[use] ** 2))), 1.0))
        if keep.sum() < sectors * 3 // 4:
            break
        use = keep
    coef = np.linalg.lstsq(basis[use], shifts[use], rcond=None)[0]
    residual = float(np.sqrt(np.mean((shifts[use] - basis[use] @ coef) ** 2)))
    amplitude = float(np.hypot(coef[1], coef[2]))
    if amplitude < MIN_SWING_ROWS or residual > MAX_RESIDUAL * amplitude:
        return HeadSwing(residual_rows=residual)
    return HeadSwing(float(coef[1]), float(coef[2]), residual)
