"""The head as it looked a turn ago (``HeadMemory``) holds only what a frame showed.

At a bin's first visit the cells the caller masks (a ball-like spot at the clip's start,
a hand) were taken from the running background's model. Where that model was wrong, the
bin held a picture no frame ever showed, and a turn later the head stood out from it as an
object on the wheel: fresh seed 16801 clip 003 (1280x960, camera 26 degrees, calibrated on
a ring off the wheel's before ``ring.CUT_PX`` took two closings), a glint taken for a ball
at frame 0 masked the pockets at the wheel's left while the first bins were filled from the
first seconds' median, smeared there; each turn those pockets stood out again (the bin
learns only where the frame matches it): false voids at 199 and 681. Those cells are now
unknown until a frame shows them, and from then on they are compared like any other.
"""

from __future__ import annotations

import numpy as np

from vision.roulette.bowl import ObjectParams
from vision.roulette.head_memory import HeadMemory

COLUMNS, ROWS, FPS = 120, 12, 30.0
TURN = 200  # frames between two visits of the same bin (the wheel back at the same angle)
RING = (slice(3, 9), slice(40, 64))  # the masked cells at the first visit


def head() -> np.ndarray:
    """The number ring: red and black pockets 8 columns wide, pale frets between."""
    out = np.zeros((ROWS, COLUMNS, 3), np.float32)
    for c in range(COLUMNS):
        k, at = divmod(c, 8)
        out[:, c] = (200, 200, 210) if at == 0 else ((30, 30, 200) if k % 2 else (25, 25, 25))
    return out


def visit(memory: HeadMemory, frame: int, now: np.ndarray, model: np.ndarray,
          masked: np.ndarray | None = None) -> np.ndarray | None:
    diff = np.full(now.shape, 30.0, np.float32)  # the frame new against the model
    mask = np.zeros(now.shape[:2], bool) if masked is None else masked
    return memory.update(now, 0.0, mask, frame, model, diff)


def first_visit_masked(memory: HeadMemory) -> None:
    """The bin's first visit: a spot masks RING; the model there is the ring smeared."""
    smeared = head()
    smeared[RING] = 0.5 * (np.roll(head(), 3, axis=1) + np.roll(head(), -3, axis=1))[RING]
    masked = np.zeros((ROWS, COLUMNS), bool)
    masked[RING] = True
    assert visit(memory, 0, head(), smeared, masked) is None


def test_the_ring_the_first_visit_did_not_show_is_no_object_a_turn_later() -> None:
    memory = HeadMemory(COLUMNS, FPS, ObjectParams())
    first_visit_masked(memory)
    out = visit(memory, TURN, head(), head())
    assert out is None or not out.any(), (
        f"{int(out.sum())} cells of the empty ring stood out from the model's smear")


def test_a_chip_lying_there_later_still_stands_out() -> None:
    memory = HeadMemory(COLUMNS, FPS, ObjectParams())
    first_visit_masked(memory)
    visit(memory, TURN, head(), head())  # the ring seen: learnt
    chip = head()
    chip[4:8, 48:56] = (240, 240, 240)  # a white chip on the ring, a turn later
    out = visit(memory, 2 * TURN, chip, head())
    assert out is not None and out[4:8, 48:56].any()


def test_cells_still_masked_wait_for_a_frame_that_shows_them() -> None:
    memory = HeadMemory(COLUMNS, FPS, ObjectParams())
    first_visit_masked(memory)
    masked = np.zeros((ROWS, COLUMNS), bool)
    masked[RING] = True
    visit(memory, TURN, head(), head(), masked)  # the spot still there: nothing learnt
    out = visit(memory, 2 * TURN, head(), head())
    assert out is None or not out.any()
