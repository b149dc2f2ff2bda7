"""The head's radial swing in the strip, measured once from the calibration frames.

The strip's rows are radii about the ring the calibration fitted. Where that ring's centre
lies a little off the wheel's (a tilted close camera: the ellipse the turning colours trace
is not quite the wheel's ring), or where the head's rings stand above the plane the strip
unwraps, the head shows further out on one side of the strip and further in on the other:
in the strip's image columns ``c`` head row ``r`` lies ``a_r cos(psi_c) + b_r sin(psi_c)``
rows off. In wheel coordinates (``background``) each digit then rides up and down by
``2 * hypot(a_r, b_r)`` rows as the wheel turns; the head's learnt model smears, and a
digit matched nowhere near is taken for an object lying on the head (seed 11801 021 r3,
022 r1, 029 r4: false voids, cameras tilted 28-31 degrees; 021's number ring 3-4 rows
either way, its pockets 1.5-2; 022's number ring 2, its pockets under 1).

``estimate_swing`` finds (a_r, b_r) from the head's mean radial profile in sectors of the
strip (the rings of the head: pockets, number ring, their edges, the same all round):
each sector's profile is registered with their median, window by window of rows, and the
shifts are fitted with one sine over the turn. ``StripGrid.build``'s ``rho_offset`` then
samples the head's rows that much further out, once, at no cost per frame. The profiles
come from strips whose rows each average the radii they stand for (``area_strips``), so
that a ring thinner than a row shows alike in every sector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.roulette.wheel import RingGeometry, StripGrid

__all__ = ["HeadSwing", "area_strips", "estimate_swing"]

SECTORS = 16  # the strip's columns in this many sectors, each registered on its own
SHIFTS = np.arange(-8.0, 8.01, 0.25)  # rows a sector's profile may lie off the median's
MIN_SWING_ROWS = 1.0  # a swing smaller than this is left alone (the patch test's slack)
MAX_RESIDUAL = 0.35  # the sectors' shifts must fit one sine within this share of it
MIN_RESIDUAL = 0.3  # ... or within this many rows (a window that does not swing)
WINDOW_ROWS = 11  # rows of the head registered together (one ring and its edges)
WINDOW_STEP = 3  # rows from one window's centre to the next
WINDOW_REACH = 4.0  # rows a window's shift may lie off the whole head's
MIN_EDGE = 25.0  # a window registers only with an edge this sharp (0..255 per row)
OUTSIDE = 2.0  # strip values below this in every channel: outside the picture
PROFILE_MARGIN = 6  # rows beyond the head's edge that its profile takes in (its edge)
PER_ROW = 4  # samples across each row's radii in the strips the swing is measured on


@dataclass(frozen=True, slots=True)
class HeadSwing:
    """Head row ``r`` lies ``cos_rows[r] * cos(psi) + sin_rows[r] * sin(psi)`` strip rows
    further out than the strip's rows say at strip angle ``psi`` (one value per head row:
    the head's rings stand at different heights, and an off-centre ring's error grows
    away from it); ``residual_rows`` is how far (rms) the sectors' shifts lay off the
    sines, at worst. Empty: no swing to correct (or none found)."""

    cos_rows: tuple[float, ...] = ()
    sin_rows: tuple[float, ...] = ()
    residual_rows: float = 0.0

    def __post_init__(self) -> None:
        if len(self.cos_rows) != len(self.sin_rows):
            raise ValueError(f"cos_rows and sin_rows must be as long, got "
                             f"{len(self.cos_rows)} and {len(self.sin_rows)}")

    def __bool__(self) -> bool:
        return len(self.cos_rows) > 0

    @property
    def amplitude_rows(self) -> float:
        """The largest swing over the head's rows."""
        if not self:
            return 0.0
        return float(np.hypot(self.cos_rows, self.sin_rows).max())

    def rows_at(self, columns: int) -> np.ndarray:
        """(H, columns) float64: each head row's swing at ``columns`` strip columns (one
        turn)."""
        psi = np.arange(columns) * (2 * np.pi / columns)
        return (np.asarray(self.cos_rows)[:, None] * np.cos(psi)[None, :]
                + np.asarray(self.sin_rows)[:, None] * np.sin(psi)[None, :])


def area_strips(frames: Sequence[np.ndarray], ring: RingGeometry, warp: tuple[float, float],
                rho_min: float, step: float, rows: int) -> list[np.ndarray]:
    """``frames`` unwrapped on ``rows`` strip rows from ``rho_min``, ``step`` apart (the
    strip's first rows), each row the mean of ``PER_ROW`` samples across the radii it stands
    for, not the one sample at its centre the per-frame strip takes: a ring thinner than a
    row (a fret, 3 px where the rows lie 8 px apart) then shows in every sector, at a share
    of its contrast. Sampled once per row, it showed where the row's centre happened to
    fall on it and not elsewhere, and a sector without it was registered with the next
    ring taken for it (seed 15001 010: the fret between the pockets and the number ring
    missing in the four sectors beside the frame's top edge, those registered 3-4.5 rows
    off, a sine through them sampled the head 2.5-4 rows off at the top and bottom: a
    number at the frame's edge became an object, two false voids). (R, C, 3) float32; a
    row with a sample outside the frame is 0 there, as the strip's outside is."""
    offsets = (np.arange(rows * PER_ROW) + 0.5) / PER_ROW - 0.5  # rows about each row
    fine = StripGrid.build(ring, rho_min + step * offsets[0], rho_min + step * offsets[-1],
                           rows * PER_ROW, warp=warp)
    out = []
    for frame in frames:
        samples = fine.unwrap(frame).astype(np.float32).reshape(rows, PER_ROW, -1, 3)
        strip = samples.mean(axis=1)
        strip[(samples.max(axis=3) < OUTSIDE).any(axis=1)] = 0.0
        out.append(strip)
    return out


def estimate_swing(strips: Sequence[np.ndarray], head_row: int, sectors: int = SECTORS
                   ) -> HeadSwing:
    """(R, C, 3) uint8 strips of frames spread over some seconds (image coordinates, as
    unwrapped) -> the swing of the head's rows (above ``head_row``). The whole head's
    profile is registered first; then windows of ``WINDOW_ROWS`` rows each on their own
    against the profiles' median so aligned, and each head row takes the sine of the
    windows about it (interpolated; a window whose shifts follow no sine,
    ``MAX_RESIDUAL``, is left out). No swing (``HeadSwing()``) where it is under
    ``MIN_SWING_ROWS`` on every row, where no window follows a sine, or where too few
    sectors are wholly in view."""
    rows = min(head_row + PROFILE_MARGIN, strips[0].shape[0])
    if head_row < 6:
        return HeadSwing()
    stack = np.stack([s[:rows] for s in strips]).astype(np.float32)  # (T, L, C, 3)
    width = stack.shape[2] // sectors
    cut = stack[:, :, :width * sectors].reshape(len(strips), rows, sectors, width, 3)
    seen = (cut.max(axis=4) >= OUTSIDE).all(axis=(0, 1, 3))  # (S,) wholly in view
    if not _enough_seen(seen):
        return HeadSwing()
    profiles = cut.mean(axis=(0, 3)).transpose(1, 0, 2)  # (S, L, 3)
    whole, ref = _register(profiles, seen, np.arange(2, rows - 2))
    edges = np.abs(np.diff(ref, axis=0)).max(axis=1)  # (L - 1,) the rings' edges
    centres, sines, worst = [], [], 0.0
    for c in range(WINDOW_ROWS // 2, head_row, WINDOW_STEP):
        band = np.arange(max(0, c - WINDOW_ROWS // 2), min(rows, c + WINDOW_ROWS // 2 + 1))
        if edges[band[:-1]].max() < MIN_EDGE:
            continue  # a plain ring: nothing to register
        shifts, _ = _register(profiles, seen, band, whole, WINDOW_REACH)
        fit = _fit(shifts, seen, sectors)
        if fit is not None:
            centres.append(c)
            sines.append(fit[:2])
            worst = max(worst, fit[2])
    if not centres:
        return HeadSwing()
    at = np.arange(head_row)
    ab = np.array(sines)
    a, b = np.interp(at, centres, ab[:, 0]), np.interp(at, centres, ab[:, 1])
    if np.hypot(a, b).max() < MIN_SWING_ROWS:
        return HeadSwing(residual_rows=worst)
    return HeadSwing(tuple(a.tolist()), tuple(b.tolist()), worst)


def _enough_seen(seen: np.ndarray) -> bool:
    """Do the (S,) sectors wholly in view fix one sine over the turn: half of them or more,
    and none of the runs out of view (round the turn) longer than a quarter turn? Where the
    frame's edges cut the head's outer rows top and bottom, the sides still show it: its
    swing is largest where the frame cuts it, and unmeasured it was taken for objects there
    (seed 13501 017: 10 of 16 sectors in view, runs of 3 out at the top and the bottom; at
    the bottom the number ring's outer edge lay 2 rows further out than the model learnt
    round the turn, a piece at the frame's edge boxed as a chip cut by it, five false
    voids; the sides' sine says 2.1 rows there). A camera showing half the head or less
    leaves the sine unknown where it does not look."""
    n = len(seen)
    if seen.sum() < n // 2:
        return False
    if seen.all():
        return True
    start = int(np.argmax(seen))  # a sector in view: the runs out of view, round the turn
    longest = run = 0
    for k in np.roll(~seen, -start).tolist():
        run = run + 1 if k else 0
        longest = max(longest, run)
    return longest <= n // 4


def _register(profiles: np.ndarray, seen: np.ndarray, rows: np.ndarray,
              shifts: np.ndarray | None = None, reach: float = SHIFTS[-1]) -> tuple[
                  np.ndarray, np.ndarray]:
    """((S,) rows each sector's profile lies off the median of the profiles (in view) on
    ``rows``, that median (L, 3)): the median re-taken from the profiles aligned by the
    last shifts, three times (the first median is itself smeared by the swing). Given
    ``shifts``, the median is taken once from the profiles aligned by them and each
    sector is looked for within ``reach`` rows of its shift."""
    n, length = profiles.shape[:2]
    at = np.arange(length, dtype=np.float64)
    start = np.zeros(n) if shifts is None else shifts
    ref = np.zeros(profiles.shape[1:])
    found = start
    for _ in range(3 if shifts is None else 1):
        aligned = np.stack([_resample(p, at + t) for p, t in zip(profiles, found, strict=True)])
        ref = np.median(aligned[seen], axis=0)
        moved = np.stack([_resample(ref, rows - t) for t in SHIFTS])  # (K, n_rows, 3)
        inside = ((rows[None, :] - SHIFTS[:, None]) >= 0) & (
            (rows[None, :] - SHIFTS[:, None]) <= length - 1)  # (K, n_rows)
        err = np.abs(profiles[:, None, rows] - moved[None]).mean(axis=3)  # (S, K, n_rows)
        err = (err * inside).sum(axis=2) / np.maximum(inside.sum(axis=1), 1)
        err[np.abs(SHIFTS[None, :] - start[:, None]) > reach] = np.inf
        found = SHIFTS[np.argmin(err, axis=1)]
    return found, ref


def _resample(profile: np.ndarray, at: np.ndarray) -> np.ndarray:
    """(L, 3) profile at fractional rows ``at`` (linear, clamped at the ends)."""
    idx = np.arange(len(profile))
    return np.stack([np.interp(at, idx, profile[:, k]) for k in range(3)], axis=1)


def _fit(shifts: np.ndarray, seen: np.ndarray, sectors: int
         ) -> tuple[float, float, float] | None:
    """One sine (and a constant) through the sectors' shifts, least squares, once more
    without the sectors far off it (a ball, a hand in a sector) -> (cos, sin, rms
    residual), or None where the shifts follow no sine (``MAX_RESIDUAL``)."""
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
    if residual > max(MAX_RESIDUAL * float(np.hypot(coef[1], coef[2])), MIN_RESIDUAL):
        return None
    return float(coef[1]), float(coef[2]), residual
