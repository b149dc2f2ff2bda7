"""Pieces reaching in from the edge (``bowl_edge``) through the object stage's forward
model (``test_bowl``): an object that falls in over the rim is no hand once it lies still."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.roulette.test_bowl import FPS, ROWS, Paint, arm, block, border, first_seen, run


def falling(path: list[tuple[int, int]], radius: int, bgr: tuple[int, int, int], start: int
            ) -> Paint:
    """A thing falling in: at ``path[k]`` (row, col) at frame ``start + k``, then lying at
    the last place for good."""
    def paint(frame: np.ndarray, f: int) -> None:
        if f >= start:
            row, col = path[min(f - start, len(path) - 1)]
            cv2.circle(frame, (col, row), radius, bgr, -1)
    return paint


# over the rim by the frame's border (the strip's last rows, where hands come in), then
# lying at the border, cut by it
OVER_THE_RIM = [(ROWS - 3, 266), (ROWS - 8, 265)]


@pytest.mark.parametrize(("path", "bgr"), [
    # seed 10901 019 r4: a lighter fell in over the rim where the frame cuts the bowl; its
    # first frame there it was a hand's (hands come in over the rim), then it lay still,
    # a compact piece at the border, and stayed that hand's for good (void missed)
    ([*OVER_THE_RIM, (32, 264)], (180, 60, 140)),
    ([*OVER_THE_RIM[:1], (33, 264)], (40, 160, 60)),  # ... a green chip, one frame over it
])
def test_an_object_fallen_in_over_the_rim_at_the_border_is_reported(
        path: list[tuple[int, int]], bgr: tuple[int, int, int]) -> None:
    at = 60
    fixes = run([falling(path, 5, bgr, at)], at + 40, seed=13, outside=border())
    seen = first_seen(fixes)
    assert seen is not None and at <= seen <= at + FPS // 2, seen  # within 0.5 s
    fix = fixes[seen]
    assert fix is not None and abs(fix.row - path[-1][0]) <= 3 and abs(fix.col - path[-1][1]) <= 3


def test_an_arm_resting_at_the_border_after_reaching_in_over_the_rim_is_no_object() -> None:
    # broad as it comes in over the rim: an arm's, though only its fingers stay at the border
    fixes = run([arm((24, 264), 30, 150, width=14, reach=3)], 200, seed=17, outside=border())
    assert first_seen(fixes) is None, [(f, x) for f, x in enumerate(fixes) if x][:3]


def test_the_ball_held_at_the_outer_rows_by_fingers_beyond_a_clear_row_is_no_object() -> None:
    # seed 11001 019 r1: the ball held at the track for the spin by fingers from the frame's
    # border, their first row beyond the objects' matching the wood: the ball's inner half
    # at the outer rows was taken for a chip that ends there (a false void)
    fixes = run([block((ROWS - 5, ROWS), (98, 104), (230, 235, 235), 30)], 130, seed=19,
                track_rows=20, track_empty=True, reference=True,
                track_paints=[block((1, 14), (94, 112), (120, 150, 200), 30)])
    assert first_seen(fixes) is None, [(f, x) for f, x in enumerate(fixes) if x][:3]
