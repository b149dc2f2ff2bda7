"""A thing lying on the head that the model has partly learnt is still a thing, not a
ghost (``ghost.label_new_since_first``).

Seed 11301 004 r3: a lighter fell onto the number ring from beyond the frame's border; its
fall was taken for a hand reaching in, so for 12 frames nothing was reported near it while
the model learnt it at the head's leak. Then the model, part way to the lighter, stood out
from the same place some pockets away as much as the frame did: 'a ghost', its persistence
reset, and no void was sent. The first seconds' strip tells the two apart: a ghost's frame
looks as it did then (the model left it), a learnt thing's frame does not (the model is
still mostly as it was then).

The scene: the head rows of a mixed strip as the reader builds it (``test_ghost_pockets``'s
pockets, frets and bowl, a little sensor noise), fed to ``ObjectWatch`` frame after frame.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_ghost_pockets import HEAD, ROWS, head_strip
from vision.roulette.bowl import ObjectWatch
from vision.roulette.wheel import COLUMNS, POCKET_COLS

LIGHTER_BGR = (40, 200, 120)  # a lighter's body: one colour over two pockets
FRAMES = 40  # past the watch's warm-up (25 frames) and persistence (4)


def watch_reports(frame: np.ndarray, model: np.ndarray, reference: np.ndarray,
                  fg: np.ndarray, edge: np.ndarray | None = None) -> bool:
    """Does an ``ObjectWatch`` fed the same frame, model and foreground for ``FRAMES``
    frames report an object? ``edge``: where a hand comes in (default: nowhere)."""
    watch = ObjectWatch(rows=ROWS)
    watch.reference = reference
    edge = np.zeros(fg.shape, bool) if edge is None else edge
    found = None
    for _ in range(FRAMES):
        found = watch.update(fg, edge, frame, model, head=(HEAD, 0))
    return found is not None


def lighter_scene(learnt: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(frame, model, first seconds' strip, foreground): a lighter lying over two pockets
    that the model has ``learnt`` (a share) of."""
    clean = head_strip(seed=7)
    c = 20 * POCKET_COLS  # pocket 20 of the strip, far from the 0
    body = (slice(2, HEAD - 2), np.arange(c - POCKET_COLS, c + POCKET_COLS + 1) % COLUMNS)
    frame, model = clean.copy(), clean.copy()
    frame[body] = LIGHTER_BGR
    model[body] = (1 - learnt) * clean[body] + learnt * np.float32(LIGHTER_BGR)
    # what still stands out and lasted: the lighter's middle (where the model has learnt
    # part of it, the frame is within the model's local range), so the columns beside
    # the patch lie on the lighter: the frame is even there, the model is not
    fg = np.zeros(frame.shape[:2], bool)
    fg[3:HEAD - 3, body[1][6:-6]] = True
    return frame, model, clean, fg


@pytest.mark.parametrize("learnt", [
    0.0,  # the model never saw it (the columns beside the patch lie on the lighter too)
    0.3,  # the head's leak (0.03 a frame) over 12 frames withheld by a 'hand'
    0.45,  # ... over 20
])
def test_a_lighter_partly_learnt_by_the_model_is_an_object(learnt: float) -> None:
    assert watch_reports(*lighter_scene(learnt))


def test_a_piece_like_it_while_a_hand_reaches_in_is_not_rescued() -> None:
    # seed 11301 016 r0: the dealer's hand over the head, reaching for the ball; a piece
    # of its back, even skin beside it, off the part that reaches the strip's edge,
    # 'a ghost' by the columns beside and new since the first seconds: a false object.
    # While a hand is in the strip the first seconds do not overrule the ghost test
    frame, model, clean, fg = lighter_scene(0.3)
    edge = np.zeros(fg.shape, bool)
    edge[ROWS - 2:] = True  # the bowl's outer rows: a hand comes in over the rim
    arm = (slice(HEAD, ROWS), np.arange(100, 140))
    frame[arm] = (90, 120, 170)  # skin over the bowl, reaching the rim
    fg[arm] = True
    assert not watch_reports(frame, model, clean, fg, edge)


def test_a_ghost_is_still_no_object() -> None:
    # the model learnt a smear (a hand's shadow that stayed) that the frame no longer
    # shows: the frame is as the first seconds showed it
    clean = head_strip(seed=7)
    c = 20 * POCKET_COLS
    wide = np.arange(c - 3 * POCKET_COLS, c + 3 * POCKET_COLS + 1) % COLUMNS
    frame, model = clean.copy(), clean.copy()
    model[1:HEAD - 1, wide] = 0.5 * clean[1:HEAD - 1, wide] + 0.5 * np.float32((120, 130, 140))
    fg = np.zeros(frame.shape[:2], bool)
    fg[3:HEAD - 3, wide[4:-4]] = True
    assert not watch_reports(frame, model, clean, fg)
