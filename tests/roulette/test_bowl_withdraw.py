"""Fingers at the frame's border withdrawing out of the picture (``EdgePieces._shrinking``)
through the object stage's forward model (``test_bowl``): a compact piece at the border
that shrinks is a hand going, not a chip cut by the border."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.roulette.test_bowl import FPS, Paint, border, disc, first_seen, run

SKIN = (120, 150, 200)


def fingers(row: int, start: int, reach: list[int]) -> Paint:
    """Fingertips in over the frame's right edge (``border()``'s block ends at column 260),
    7 rows high at ``row``, reaching ``reach[k]`` columns into the picture at frame
    ``start + k``; gone after the last."""
    def paint(frame: np.ndarray, f: int) -> None:
        k = f - start
        if 0 <= k < len(reach) and reach[k] > 0:
            cv2.ellipse(frame, (258, row), (reach[k] + 2, 3), 0, 0, 360, SKIN, -1)
    return paint


GROW = [1, 3, 5, 7, 9, 11, 12, 13, 14]  # launching the ball: 9 frames coming in


@pytest.mark.parametrize("reach", [
    # seed 13701 003 r0: the dealer's fingers in at the frame's right edge to launch the
    # ball, no hand beside them, then out again: 87 px, then 58, 41, 14 (a false void)
    GROW + [9, 6, 3],
    GROW + [10, 7, 4, 2],  # ... withdrawing more slowly
])
def test_fingers_withdrawing_at_the_frames_border_are_no_object(reach: list[int]) -> None:
    fixes = run([fingers(31, 60, reach)], 120, seed=13, outside=border())
    assert first_seen(fixes) is None, [(f, x) for f, x in enumerate(fixes) if x][:3]


@pytest.mark.parametrize("paints", [
    # a chip cut by the border, lying still: its size holds
    [disc(32, 263, 5, (40, 160, 60), 60)],
    # ... that fell in, a little larger on its way down (nearer the camera), then lay still
    [disc(31, 264, 6, (40, 160, 60), 57, 60), disc(32, 263, 5, (40, 160, 60), 60)],
])
def test_a_chip_cut_by_the_frames_border_is_reported_still(paints: list[Paint]) -> None:
    fixes = run(paints, 100, seed=13, outside=border())
    seen = first_seen(fixes)
    assert seen is not None and 60 <= seen <= 60 + FPS // 2, seen  # within 0.5 s
    fix = fixes[seen]
    assert fix is not None and abs(fix.row - 32) <= 3 and abs(fix.col - 264) <= 3
