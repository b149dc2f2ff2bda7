"""No hand goes round the wheel (``bowl_edge._not_round_the_wheel``). Where the strip's
radii misfit the number ring, its digits stand out along it every frame, broken into
pieces; a dealer's hand reaching in beside them is one piece with the ring's nearest, and
the hand stage, which follows a hand from where it was last frame, went on from piece to
piece round the ring for good after the hand left: fresh seed 17201 clip 026's "hand" over
250-390 of 444 columns till the clip's end, over the pockets as the ball came in (an
abstain ``ball_handled`` where the ball was read right)."""

from __future__ import annotations

import numpy as np

from tests.roulette.test_bowl import COLS, HEAD, ROWS
from vision.roulette.bowl import ObjectWatch

RING = (HEAD - 2, HEAD + 4)  # the digits' rows, across the head's edge
PIECE, GAP = 40, 3  # the ring's pieces and the columns between them where digits match
# (wider than a hand's bridge, within its margin: the hand followed on into the next)


def ring(shift: int) -> np.ndarray:
    """(R, C) bool: the ring's pieces, moved ``shift`` columns (the gaps wander)."""
    fg = np.zeros((ROWS, COLS), bool)
    cols = (np.arange(COLS) + shift) % (PIECE + GAP) < PIECE
    fg[RING[0]:RING[1], cols] = True
    return fg


def hand(col: int) -> np.ndarray:
    """A hand reaching in from the strip's outer edge up to the ring."""
    fg = np.zeros((ROWS, COLS), bool)
    fg[RING[0]:, col:col + 40] = True
    return fg


def test_a_ring_standing_out_all_round_is_no_hand_once_the_hand_left() -> None:
    watch = ObjectWatch()
    edge = np.zeros((ROWS, COLS), bool)
    edge[-2:] = True  # hands come in over the outer rows
    spans = []
    for f in range(120):
        fg = ring(f // 3)
        if 30 <= f < 50:
            fg |= hand(150)
        watch.update(fg, edge)
        spans.append(0 if watch.hand is None else int(watch.hand.any(axis=0).sum()))
    assert min(spans[30:50]) >= 40  # the hand, while it is there
    assert max(spans[60:]) == 0, spans[50:]  # then nothing: the ring is no hand
