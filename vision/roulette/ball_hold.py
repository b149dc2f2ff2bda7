"""The ball at rest, held on to: once the ball in play was seen in the pockets, a fainter
spot where it was last seen is still the ball.

A ball resting in its pocket turns with the wheel, so in the mixed strip (the head's rows
in wheel coordinates) it stays where it was, for seconds; its contrast there may fall
below ``min_rise`` (a dim or ivory ball on a light pocket, a low-contrast camera: seed
10601 003 r2, 640x480, the resting ball's box rise 30-37). Hysteresis, as edges are
followed: a strong spot starts the ball, and at the same place in the wheel a weaker one
(``hold_rise``) continues it. A glint on a fret rides with the wheel too, but is not where
the ball was just seen.

The ball's last hop may go unseen, a smear too faint to find, into the next pocket; there,
on a red pocket, the blurred ball is too pink for the finder (``min_white``; seed 12201 009
r0 and r1, 1920x1080 from 33 degrees: its box rise 28-38, last found 11 columns away).
Then, and only when nothing is near the last place, the hold reaches a pocket and a column
away for a pinkish spot (``HOP_WHITE``) in a pocket's middle (``MIDDLE_COLS``): a glint on
a fret lies half a pocket off every middle, and a ball held there would be read in no
pocket anyway (``SettleParams.settle_offset``).

Pure: the strip, its rise, the ball's last place in, a ``BallFix`` (or None) out.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.roulette.ball import BallFix, BallParams, _box, _columns, _spot_at, ball_evidence
from vision.roulette.wheel import POCKET_COLS

__all__ = ["hold_on", "spot_near"]

NEAR_RC = (2, 3)  # rows, columns from the last place a resting ball may be found
HOP_COLS = POCKET_COLS + 1  # ... or, nothing there, where its last hop may have taken it
HOP_WHITE = 0.5  # a white ball blurred with a red pocket: darkest / brightest 0.5-0.64
MIDDLE_COLS = POCKET_COLS // 3  # from a pocket's centre (0.33 pocket), where a ball rests


def spot_near(mixed: np.ndarray, rise: np.ndarray, row: float, col: float,
              p: BallParams | None = None, exclude: np.ndarray | None = None,
              reach_cols: int = NEAR_RC[1], middles: bool = False) -> BallFix | None:
    """The compact white spot of box rise at least ``hold_rise`` within ``NEAR_RC[0]``
    rows and ``reach_cols`` columns of (``row``, ``col``) in the mixed strip (``mixed``
    (R, C, 3) float32, ``rise`` (R, C), ``exclude`` (R, C) bool where no ball can be),
    with ``middles`` only within ``MIDDLE_COLS`` of a pocket's centre (the head's pocket
    0 sits at column 0), or None."""
    p = p or BallParams()
    height, width = rise.shape
    r, c = int(round(row)), int(round(col))
    mr = NEAR_RC[0] + p.surround_rc[0] // 2 + p.spot_rc[0] // 2
    mc = reach_cols + p.surround_rc[1] // 2 + p.spot_rc[1] // 2
    r0, r1 = max(0, r - mr), min(height, r + mr + 1)
    cols = _columns(c - mc, c + mc + 1, width)
    ev = ball_evidence(mixed[r0:r1][:, cols].astype(np.uint8), rise[r0:r1][:, cols], p)
    if exclude is not None:
        ev[exclude[r0:r1][:, cols]] = 0
    spot = _box(ev, p.spot_rc)
    near = np.zeros_like(spot)
    a, b = max(0, r - r0 - NEAR_RC[0]), min(r1 - r0, r - r0 + NEAR_RC[0] + 1)
    near[a:b, mc - reach_cols:mc + reach_cols + 1] = spot[a:b, mc - reach_cols:
                                                          mc + reach_cols + 1]
    if middles:
        at = np.arange(c - mc, c + mc + 1) % width
        off = (at + POCKET_COLS // 2) % POCKET_COLS - POCKET_COLS // 2
        near[:, np.abs(off) > MIDDLE_COLS] = 0
    i, j = divmod(int(near.argmax()), near.shape[1])
    peak = float(near[i, j])
    if peak < p.hold_rise:
        return None
    fix = _spot_at(ev, i, j, peak, p)
    if fix is None:
        return None
    return BallFix(fix.row + r0, (fix.col + c - mc) % width, peak)


def hold_on(mixed: np.ndarray, rise: np.ndarray, balls: list[BallFix], row: float,
            col: float, exclude: np.ndarray | None = None) -> BallFix | None:
    """The ball last seen at (``row``, ``col``) in the pockets, held on to: None if one of
    this frame's ``balls`` lies near there (within ``NEAR_RC`` and a pixel, round the
    strip's seam: it is found), else the fainter spot there (``spot_near``), if any; with
    nothing near, a pinkish spot in a pocket's middle where the last hop may have taken
    the ball (``HOP_COLS``), unless one of ``balls`` lies there."""
    if _found_within(balls, row, col, NEAR_RC[1], mixed.shape[1]):
        return None
    fix = spot_near(mixed, rise, row, col, exclude=exclude)
    if fix is not None or _found_within(balls, row, col, HOP_COLS, mixed.shape[1]):
        return fix
    return spot_near(mixed, rise, row, col, replace(BallParams(), min_white=HOP_WHITE),
                     exclude, reach_cols=HOP_COLS, middles=True)


def _found_within(balls: list[BallFix], row: float, col: float, cols: int, width: int
                  ) -> bool:
    """Does one of ``balls`` lie within ``NEAR_RC[0]`` rows and ``cols`` columns (and a
    pixel) of (``row``, ``col``), round the strip's seam?"""
    return any(abs(b.row - row) <= NEAR_RC[0] + 1
               and min(abs(b.col - col), width - abs(b.col - col)) <= cols + 1
               for b in balls)
