"""The ball search on the strip's rows where a ball can be, at a fraction of the cost.

``find_balls`` builds its evidence (HSV whiteness, the smear's added light, their box
means) over the whole strip in every frame, though a spot needs its box mean of the
brightness rise over the background to reach the threshold, and in most frames a few
rows only come near it, or none (the bench clip: no row in 26% of frames, 11 of its 75 on
average). Both kinds of evidence are the rise itself where they are not 0 (the
same float32 sums: ``ball_evidence`` is ``rise`` where white, ``faint_evidence`` the mean
of the bowl rows' difference, which ``rise`` is there), so ``rise`` clipped at 0 bounds
them pixel by pixel, and a spot's box mean is at most the largest of them in its box.
``find_balls_on_rows`` keeps the rows where that bound reaches the threshold (less a margin
for the box mean's rounding), with the rows a spot's tests look at around them
(``_spot_at``'s surround box), builds the evidence there alone and leaves every other row's
spot at 0: each peak taken is one the whole-strip search takes
(``tests/roulette/test_ball_rows.py`` compares the two).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from vision.roulette.ball import (
    BallFix,
    BallParams,
    _box,
    ball_evidence,
    faint_evidence,
    pick_spots,
)

__all__ = ["find_balls_on_rows", "row_runs"]

MARGIN = 1.0  # brightness levels: a box mean's rounding is far below this


def row_runs(rows: np.ndarray, reach: int, height: int) -> list[tuple[int, int]]:
    """(K,) sorted row indices -> the [start, stop) runs of rows within ``reach`` of one,
    clipped to ``0..height``."""
    runs: list[tuple[int, int]] = []
    for r in rows.tolist():
        a, b = max(0, r - reach), min(height, r + reach + 1)
        if runs and a <= runs[-1][1]:
            runs[-1] = (runs[-1][0], b)
        else:
            runs.append((a, b))
    return runs


def _candidate_rows(rise: np.ndarray, from_row: int, p: BallParams) -> np.ndarray:
    """Rows with a pixel that lifts the box mean of a spot on it or a row beside it to its
    threshold: ``min_rise`` above ``from_row``, ``faint_rise`` from it on (the box mean is
    at most its largest pixel; excluded pixels count too: it is a bound)."""
    # (cost) the ufuncs' own methods, not numpy's Python wrappers (ndarray.max, flatnonzero)
    return (np.maximum.reduce(rise, axis=1)
            >= _floors(rise.shape[0], max(0, from_row - p.spot_rc[0] // 2), p.min_rise,
                       min(p.faint_rise, p.min_rise))).nonzero()[0]


@lru_cache(maxsize=8)
def _floors(height: int, split: int, near: float, far: float) -> np.ndarray:
    """(height,) float32 each row's threshold less ``MARGIN``: ``near`` before row
    ``split``, ``far`` from it on (the same in every frame: built once, read-only)."""
    floor = np.full(height, near, np.float32)
    floor[split:] = far
    out = floor - MARGIN
    out.flags.writeable = False
    return out


def find_balls_on_rows(mixed: np.ndarray, rise: np.ndarray, diff: np.ndarray, from_row: int,
                       params: BallParams | None = None, exclude: np.ndarray | None = None,
                       limit: int = 3) -> list[BallFix]:
    """What ``find_balls(mixed.astype(np.uint8), rise, params, exclude, limit,
    faint=(faint_evidence(diff, from_row), from_row))`` finds, computed on the rows where a
    spot can reach its threshold. ``mixed`` (R, C, 3) float32 the mixed strip, ``rise``
    (R, C) its brightness rise, ``diff`` (R, C, 3) its difference from the background."""
    p = params or BallParams()
    height = rise.shape[0]
    rows = _candidate_rows(rise, from_row, p)
    if len(rows) == 0:
        return []
    # a spot's row (on a candidate or beside it) and the rows its tests look at
    reach = p.spot_rc[0] // 2 + max(p.surround_rc[0] // 2, p.spot_rc[0] // 2, 2)
    ev = np.zeros(rise.shape, np.float32)  # for the box filter at a run's ends
    spot = np.zeros(rise.shape, np.float32)
    for a, b in row_runs(rows, reach, height):
        part = ev[a:b]
        part[:] = ball_evidence(mixed[a:b].astype(np.uint8), rise[a:b], p)
        if b > from_row:
            f = max(from_row - a, 0)
            np.maximum(part[f:], faint_evidence(diff[a:b], f, p)[f:], out=part[f:])
        if exclude is not None:
            part[exclude[a:b]] = 0
        box = _box(part, p.spot_rc)
        # a run's end rows (not the strip's) saw the box filter's border: no spot there
        spot[a + (a > 0):b - (b < height)] = box[(a > 0):b - a - (b < height)]
    if from_row > 0:
        near = spot[:from_row]  # the faint threshold holds on the bowl only
        near *= near >= p.min_rise
    return pick_spots(ev, spot, min(p.faint_rise, p.min_rise), p, limit)
