"""``find_balls_on_rows`` finds what ``find_balls`` over the whole strip finds: the same
spots, in the same order, whatever rows they lie on (a strip's first and last rows, by
the faint rows' start, several far apart or none)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.roulette.ball import faint_evidence, find_balls
from vision.roulette.ball_rows import find_balls_on_rows, row_runs

R, C = 60, 444  # a strip's rows and columns
SMEAR_ROW = 30  # from here on a smeared ball's faint light counts


def strip(spots: list[tuple[int, int, tuple[int, int, int], float]], seed: int = 7
          ) -> tuple[np.ndarray, np.ndarray]:
    """A noisy brown bowl with ``spots`` (row, col, BGR colour, opacity) drawn as balls
    (3 rows by 5 columns, as the strip sees one), blurred as the reader blurs it; and its
    background model."""
    rng = np.random.default_rng(seed)
    model = np.empty((R, C, 3), np.float32)
    model[:] = (57, 80, 119)
    frame = model + rng.normal(0, 1.5, model.shape).astype(np.float32)
    for row, col, colour, alpha in spots:
        disc = np.zeros((R, C), np.uint8)
        cv2.ellipse(disc, (col, row), (2, 1), 0, 0, 360, 1, -1)
        on = disc.astype(bool)
        frame[on] = (1 - alpha) * frame[on] + alpha * np.array(colour, np.float32)
    mixed = cv2.blur(np.clip(frame, 0, 255), (3, 3))
    return mixed, model


WHITE = (230, 235, 235)


@pytest.mark.parametrize(("spots", "count"), [
    ([], 0),  # an empty bowl: nothing either way
    ([(40, 100, WHITE, 1.0)], 1),  # one ball on the bowl
    ([(0, 50, WHITE, 1.0)], 1),  # on the strip's first row
    ([(R - 1, 300, WHITE, 1.0)], 1),  # on its last row
    ([(SMEAR_ROW - 3, 200, WHITE, 0.3)], 0),  # faint light above the faint rows: no ball
    ([(SMEAR_ROW - 1, 200, WHITE, 0.3)], 1),  # ... a row above: its blur reaches them
    ([(SMEAR_ROW, 200, WHITE, 0.3)], 1),  # faint, on the faint rows' first: found
    ([(5, 10, WHITE, 1.0), (55, 400, WHITE, 1.0)], 2),  # two far apart: two row runs
    ([(20, 441, WHITE, 1.0), (22, 2, WHITE, 0.5)], 1),  # across the seam: one clears the other
    ([(10, 100, WHITE, 1.0), (18, 104, WHITE, 0.6), (26, 99, WHITE, 0.2)], 1),  # stacked
    ([(40, 100, (40, 40, 200), 1.0)], 0),  # a red spot: bright, not white
    ([(r, 20 + 40 * k, WHITE, 0.3 + 0.05 * k) for k, r in enumerate(range(3, 58, 6))],
     3),  # many: the strongest three
])
def test_the_same_spots_as_the_whole_strip_search(
        spots: list[tuple[int, int, tuple[int, int, int], float]], count: int) -> None:
    mixed, model = strip(spots)
    diff = mixed - model
    rise = diff.mean(axis=2)
    exclude = np.zeros((R, C), bool)
    exclude[:2, 400:] = True  # pixels where no ball can be
    whole = find_balls(mixed.astype(np.uint8), rise, exclude=exclude,
                       faint=(faint_evidence(diff, SMEAR_ROW), SMEAR_ROW))
    assert find_balls_on_rows(mixed, rise, diff, SMEAR_ROW, exclude=exclude) == whole
    assert len(whole) == count


def test_white_light_just_above_the_faint_rows_counts_for_them() -> None:
    # a white bowl's one-row streak just above the faint rows, 36 levels over the model:
    # under min_rise on its own row, but the box of the faint rows' first reaches faint_rise
    model = np.full((R, C, 3), 150, np.float32)
    mixed = model.copy()
    mixed[SMEAR_ROW - 1, 200:205] += 36
    diff = mixed - model
    rise = diff.mean(axis=2)
    whole = find_balls(mixed.astype(np.uint8), rise,
                       faint=(faint_evidence(diff, SMEAR_ROW), SMEAR_ROW))
    assert len(whole) == 1
    assert find_balls_on_rows(mixed, rise, diff, SMEAR_ROW) == whole


def test_random_strips_give_the_same_spots() -> None:
    # noise with bright white blobs anywhere, strong and faint: 40 strips, a fixed seed
    rng = np.random.default_rng(11)
    found = 0
    for _ in range(40):
        spots = [(int(rng.integers(0, R)), int(rng.integers(0, C)), WHITE,
                  float(rng.uniform(0.1, 1.0))) for _ in range(int(rng.integers(0, 6)))]
        mixed, model = strip(spots, seed=int(rng.integers(1000)))
        diff = mixed - model
        rise = diff.mean(axis=2)
        whole = find_balls(mixed.astype(np.uint8), rise,
                           faint=(faint_evidence(diff, SMEAR_ROW), SMEAR_ROW))
        assert find_balls_on_rows(mixed, rise, diff, SMEAR_ROW) == whole
        found += len(whole)
    assert found > 40  # most strips held spots to find


@pytest.mark.parametrize(("rows", "reach", "runs"), [
    ([], 2, []),  # no row: no run
    ([5], 2, [(3, 8)]),  # one row and its reach
    ([0, 9], 2, [(0, 3), (7, 10)]),  # clipped to the strip's ends
    ([3, 7], 2, [(1, 10)]),  # reaches that touch are one run
    ([3, 9], 2, [(1, 6), (7, 10)]),  # ... a row apart, two
])
def test_row_runs(rows: list[int], reach: int, runs: list[tuple[int, int]]) -> None:
    assert row_runs(np.array(rows, int), reach, 10) == runs
