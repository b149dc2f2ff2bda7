"""The head's ghost test counts same-coloured pockets round the green 0 (``ghost.py``).

The scene: the head rows of a mixed strip as the reader builds it (37 pockets of
``POCKET_COLS`` columns, pocket 0 centred on column 0, the wheel's colours in its order,
frets between pockets), with a little sensor noise. A ghost is a bright smear the model
learnt over a few pockets (the turret's post seen in front of the far pockets while they
passed behind it) that the frame no longer shows; an object is a chip in the frame.
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.footage.results import WHEEL_SEQUENCE_CW, pocket_colour
from vision.roulette.bowl import ObjectParams
from vision.roulette.ghost import ghost_spot, periodic_anomaly, same_colour_columns
from vision.roulette.wheel import COLUMNS, POCKET_COLS

HEAD = 12  # head rows; the strip's rows below are the bowl
ROWS = HEAD + 8
BGR = {"red": (30, 25, 165), "black": (18, 19, 28), "green": (56, 124, 19)}


def head_strip(seed: int) -> np.ndarray:
    """(ROWS, COLUMNS, 3) float32: pocket k of the wheel's order centred on column
    k * POCKET_COLS, frets at the pockets' edges, a brown bowl below."""
    rng = np.random.default_rng(seed)
    s = np.zeros((ROWS, COLUMNS, 3), np.float32)
    cols = np.arange(COLUMNS)
    pocket = ((cols + POCKET_COLS // 2) // POCKET_COLS) % len(WHEEL_SEQUENCE_CW)
    for k, number in enumerate(WHEEL_SEQUENCE_CW):
        s[:HEAD, pocket == k] = BGR[pocket_colour(number)]
    s[:HEAD, (cols + POCKET_COLS // 2) % POCKET_COLS == 0] = (150, 160, 165)  # frets
    s[HEAD:] = (30, 55, 95)
    return s + rng.normal(0, 2.0, s.shape).astype(np.float32)


def centre(pocket: int) -> int:
    return (pocket * POCKET_COLS) % COLUMNS


@pytest.mark.parametrize(("pocket", "ghost", "object_"), [
    (36, True, False),  # by the 0: 6 of 12 plain column steps land on the other colour
    (1, True, False),  # the 0's other side (and 35 plain steps back is pocket 3 of 37)
    (35, True, False),  # a red pocket whose +2 step is the green 0 itself
    (18, True, False),  # far from the 0: both ways of counting agree
    (36, False, True),  # a chip on a pocket by the 0, a clean model: an object
    (2, False, True),  # the same on the 0's other side
])
def test_a_ghost_by_the_zero_is_told_by_pockets_of_its_colour(pocket: int, ghost: bool,
                                                             object_: bool) -> None:
    # seed 10501 006 r2: a fading smear over the pockets by the 0 was taken for an object
    # in the bowl (a false void) when its references were counted across the 0 by columns
    clean = head_strip(seed=pocket)
    model, frame = clean.copy(), clean.copy()
    c = centre(pocket)
    box = np.arange(c - 3, c + 4) % COLUMNS
    if ghost:  # the smear spans 3 pockets: the columns beside the patch are smeared too
        wide = np.arange(c - 18, c + 19) % COLUMNS
        model[1:HEAD - 1, wide] = 0.6 * model[1:HEAD - 1, wide] + 0.4 * np.float32(
            (120, 130, 140))
    if object_:
        frame[3:HEAD - 3][:, box] = (60, 200, 230)
    rows, patch = slice(3, HEAD - 3), np.ones((HEAD - 6, len(box)), bool)
    frame_out = periodic_anomaly(frame, patch, rows, box, POCKET_COLS)
    said_ghost = frame_out < 0.7 * periodic_anomaly(model, patch, rows, box, POCKET_COLS)
    assert said_ghost == ghost
    if ghost:  # the empty head stands out of its own pockets by no more than the noise
        assert frame_out < 10.0
    # a ball-like spot there is called the same way by the spot's own test
    assert ghost_spot(frame, model, 6.0, float(c), HEAD, ObjectParams()) == ghost


@pytest.mark.parametrize("col", [
    0,  # pocket 0 itself: plain steps (no pocket of its colour)
    5,  # its last column
    6,  # the first column of the pocket after it
    437,  # the last pocket's columns
    222,  # half way round
])
def test_same_colour_columns_land_on_pockets_of_the_same_colour(col: int) -> None:
    # every reference is a whole number of pockets away, and (but for pocket 0) of the
    # same colour: numbered pockets alternate red and black all round
    refs = same_colour_columns(np.array([col]), POCKET_COLS, COLUMNS)[:, 0]
    assert refs.shape == (12,) and np.all((refs - col) % POCKET_COLS == 0)
    pocket = ((col + POCKET_COLS // 2) // POCKET_COLS) % 37
    ref_pockets = ((refs + POCKET_COLS // 2) // POCKET_COLS) % 37
    colour = pocket_colour(WHEEL_SEQUENCE_CW[pocket])
    if pocket != 0:
        assert all(pocket_colour(WHEEL_SEQUENCE_CW[p]) == colour for p in ref_pockets)
        assert len(set(ref_pockets.tolist())) == 12  # 12 different pockets
