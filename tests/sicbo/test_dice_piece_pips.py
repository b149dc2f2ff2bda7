"""A pale die's pip inside a piece of its face that scores off the floor
(``floorpips.piece_pips``). On a floor paler than the dice, part of a die's face scores
as floor and part not; a pip in the part that is not is no floor pip spot (not wholly
surrounded by floor), so a two showed one spot and no group. Fresh seed 15904 (spent)
clip 008 r4 (1280x960, ivory dice on a 222/241/236 BGR floor; truth 2-3-6): two dice
seen on every read, abstained ``dice_count``."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.floorpips import FloorPipParams, piece_pips
from vision.sicbo.settle import SettleParams

EDGE = 40.0
FACE_BGR, PIP_BGR = (195, 218, 233), (35, 34, 32)


def _scene(piece: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A die face with one pip (8 x 8 px) at (56-64, 56-64); the floor mask leaves out
    ``piece`` (x0, y0, x1, y1), which holds the pip."""
    img = np.full((160, 160, 3), FACE_BGR, np.uint8)
    img[56:64, 56:64] = PIP_BGR
    floor = np.ones((160, 160), bool)
    x0, y0, x1, y1 = piece
    floor[y0:y1, x0:x1] = False
    return img, floor


def test_a_pip_in_a_piece_of_face_off_the_floor_is_a_spot() -> None:
    img, floor = _scene((40, 44, 76, 80))             # 36 x 36 px: 0.81 edge^2
    spots = piece_pips(img, floor, EDGE, [])
    assert spots[56:64, 56:64].all() and spots.sum() == 64


def test_no_pip_taken_from_a_found_die_or_a_piece_too_large() -> None:
    img, floor = _scene((40, 44, 76, 80))
    assert not piece_pips(img, floor, EDGE, [(70.0, 50.0)]).any()      # a found face's
    big = int(np.ceil(np.sqrt(FloorPipParams().piece_rel) * EDGE)) + 2
    img, floor = _scene((30, 30, 30 + big, 30 + big))
    assert not piece_pips(img, floor, EDGE, []).any()


@needs_model
def test_a_two_half_off_a_paler_floor_is_read() -> None:
    # frame 1783: the two's lower pip in a piece of its face off the floor (its upper
    # pip in the floor); before, two dice were read (the three and the six)
    reading = read_saved("s15904_008_f1783_two_in_a_piece.webp")
    two = die_at(reading, (447, 739))
    assert two.face == 2 and two.pose == "flat"
    assert two.confidence >= SettleParams().min_face_conf
    assert sorted(d.face for d in reading.dice) == [2, 3, 6]
