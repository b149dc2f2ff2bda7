"""The ball at rest, held on to (``ball_hold.spot_near``): where the ball in the pockets
was just seen, a spot too faint to start the ball (``min_rise``) still continues it; not
elsewhere, and not a patch of glare."""

from __future__ import annotations

import numpy as np
import pytest

from vision.roulette.ball import BallParams, find_balls
from vision.roulette.ball_hold import spot_near

R, C = 40, 444  # a strip's rows and columns


def pocket_strip(ball_at: tuple[int, int] | None, level: float,
                 patch: tuple[int, int, int, int] | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """(mixed float32 (R, C, 3), rise (R, C)): a light pocket ring with sensor noise, a
    ball (3 rows by 5 columns, as the strip sees one; its box rise ``level``) at (row,
    col), or a patch of glare (row0, row1, col0, col1) as bright."""
    rng = np.random.default_rng(7)
    model = np.empty((R, C, 3), np.float32)
    model[:] = (150, 150, 160)  # BGR: a light ring under glare, where the ball shows little
    frame = model + rng.normal(0, 1.5, model.shape).astype(np.float32)
    lit = np.zeros((R, C), np.uint8)
    if ball_at is not None:
        r, c = ball_at
        lit[r - 1:r + 2, np.arange(c - 2, c + 3) % C] = 1
    if patch is not None:
        lit[patch[0]:patch[1], patch[2]:patch[3]] = 1
    frame[lit.astype(bool)] += level
    mixed = np.clip(frame, 0, 255)
    return mixed, (mixed - model).mean(axis=2)


@pytest.mark.parametrize(("last", "found"), [
    ((20.3, 101.0), True),  # the ball was just seen there: it still rests there
    ((19.0, 98.0), True),  # ... a little off (its centre's noise)
    ((20.0, 112.0), False),  # two ball widths away: another spot, not the ball
    ((29.0, 100.0), False),  # rows away (toward the cone or the head's rim)
])
def test_a_faint_resting_ball_is_held_where_it_was_seen(last: tuple[float, float],
                                                        found: bool) -> None:
    mixed, rise = pocket_strip((20, 100), level=32.0)  # seed 10601 003 r2: 30-37
    assert find_balls(mixed.astype(np.uint8), rise) == []  # too faint to start the ball
    fix = spot_near(mixed, rise, *last)
    assert (fix is not None) is found
    if fix is not None:
        assert abs(fix.row - 20) <= 1 and abs(fix.col - 100) <= 1


def test_a_faint_ball_across_the_strips_seam() -> None:
    mixed, rise = pocket_strip((20, 1), level=32.0)
    fix = spot_near(mixed, rise, 20.0, C - 1.0)  # seen last just across the seam
    assert fix is not None and (fix.col <= 2 or fix.col >= C - 1)


@pytest.mark.parametrize("level", [15.0, BallParams().hold_rise - 8])
def test_too_faint_a_spot_is_not_held(level: float) -> None:
    mixed, rise = pocket_strip((20, 100), level=level)
    assert spot_near(mixed, rise, 20.0, 100.0) is None


def test_glare_over_the_place_is_not_held() -> None:
    # a broad patch as bright as the ball: not compact, no ball
    mixed, rise = pocket_strip(None, level=32.0, patch=(14, 27, 88, 114))
    assert spot_near(mixed, rise, 20.0, 100.0) is None
