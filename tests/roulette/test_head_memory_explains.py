"""A piece on the head that the memory of a turn ago explains (``HeadMemory.explains``):
the head as the bin at this angle held it, where the running background's model differs.
A chip lying there is not explained: the bin learnt only what matched it. Nor is a piece
the bin may have taken in, its first visit coming after the piece began."""

from __future__ import annotations

import numpy as np

from tests.roulette.test_head_memory_unseen import TURN, head, visit
from vision.roulette.bowl import ObjectParams
from vision.roulette.head_memory import HeadMemory

COLUMNS, FPS = 120, 30.0
PIECE = (slice(9, 12), slice(20, 26))  # the head's last rows: where it shows off its model


def cells() -> tuple[np.ndarray, np.ndarray]:
    rows, cols = np.mgrid[PIECE]
    return rows.ravel(), cols.ravel()


def test_the_head_shown_off_its_model_as_a_turn_ago_is_explained_a_chip_is_not() -> None:
    memory = HeadMemory(COLUMNS, FPS, ObjectParams())
    shown = head()  # as the camera shows the head at this angle, every turn
    model = shown.copy()
    model[PIECE] = (200, 200, 210)  # the running background learnt a fret row there
    visit(memory, 0, shown, model)
    visit(memory, TURN, shown, model)
    rows, cols = cells()
    assert memory.explains(rows, cols, lasted=4, unlike=150.0)

    chip = shown.copy()
    chip[PIECE] = (40, 160, 60)  # a green chip lying there
    visit(memory, 2 * TURN, chip, model)
    assert not memory.explains(rows, cols, lasted=4, unlike=150.0)


def test_a_bin_first_filled_after_the_piece_came_explains_nothing() -> None:
    memory = HeadMemory(COLUMNS, FPS, ObjectParams())
    shown, model = head(), head()
    model[PIECE] = (200, 200, 210)
    visit(memory, 0, shown, model)  # the bin's first visit
    visit(memory, 3, shown, model)
    rows, cols = cells()
    assert not memory.explains(rows, cols, lasted=4, unlike=150.0)  # there since frame -1
    assert memory.explains(rows, cols, lasted=2, unlike=150.0)
