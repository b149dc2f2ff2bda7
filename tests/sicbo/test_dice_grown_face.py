"""A lone "pip" grown to the CNN's face takes pips alike in size (``pips.grown_to``): a
shadow's blot ranked first is no pip of the face, and the die's own pips make it
(``pips.regrouped``).

The saved frame is part of the reader's dome crop of fresh seed 14404 (spent) clip 001 r3
frame 1481 (the project's own synthetic footage: 1280x960, a pale floor, dice 2-5-5). The
two's blob held its shadow; a dark blot 5.4 x a pip's area ranked first, and grown with the
nearer pip it made a "two" sized by the blob (80 px against the fives' 61): the CNN called
the crop 0.49 not a die, the two was capped at 0.5 on every read and the round abstained."""

from __future__ import annotations

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.pips import Pip, TopFace, grown_to, regrouped

from .saved import die_at, needs_model, read_saved


def _pip(x: float, y: float, area: float, axes: tuple[float, float], deg: float,
         ring: float) -> Pip:
    return Pip(center_xy=(x, y), area_px=area, axes_px=axes, angle_deg=deg, inside=1.0,
               redness=0.0, ring_lum=ring)


# measured on the saved frame by ``find_pips``: the blot (the top's lone "pip") and the
# two's own pips, in the die's blob (79.5 px edge)
BLOT = _pip(264.3, 413.6, 409.0, (21.59, 27.83), 63.1, 201.6)
RIGHT = _pip(328.2, 420.3, 76.0, (8.84, 9.21), 137.1, 209.0)
LEFT = _pip(286.4, 431.2, 76.0, (8.57, 9.51), 113.6, 211.0)
BLOB = Blob(box_xyxy=(230, 390, 345, 470), mask=np.ones((80, 115), bool), area_px=6315.0,
            solidity=0.956)
TOP = TopFace(pips=(BLOT,), center_xy=BLOT.center_xy, edge_px=61.0, side_pips=(RIGHT, LEFT))


def test_a_blot_and_a_pip_are_no_two() -> None:
    assert grown_to(TOP, BLOB, 2) is None           # before: the blot and LEFT, 80 px


def test_the_twos_own_pips_make_its_face() -> None:
    two = regrouped(TOP, BLOB, 2)
    assert two is not None
    assert set(two.pips) == {RIGHT, LEFT}
    assert two.edge_px < 65.0                       # sized by its pips, as the fives


@needs_model
def test_the_two_beside_its_shadow_is_read_sure() -> None:
    reading = read_saved("s14404_001_f1481_blot_one.webp")
    assert sorted(d.face for d in reading.dice) == [2, 5, 5]
    two = die_at(reading, (307, 426))
    assert two.face == 2 and two.pose == "flat"
    assert two.confidence >= 0.95                   # before: 0.5, the round abstained
