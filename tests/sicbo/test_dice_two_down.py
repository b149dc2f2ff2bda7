"""A two whose pips lie one above the other along the line to the nadir is read two.

Fresh seed 17604 clip 022 r4 frame 762 (1280x960, a black floor, truth 2-2-3): a white two
turned so its diagonal runs towards the nadir (down the image), its two pips round (0.97,
0.99) and lit alike, 0.72 edge apart; its side faces' squashed pips (0.49-0.52 round,
surround 149-162 against 255) beside it. The nadir push (``pips._uphill``) took its
strength from all four pips' squash, so the lower top pip, 0.22 edge past the dead zone,
lost half its rank: the die read a one, its CNN crop centred on a corner pip said "not a
die", it was dropped, and with two dice seen the round was voided ``dice_stacked`` (a false
void). The view's squash is now that of the pips on the brightest face (``squash_lit``):
a side face's pips are squashed by the face, not by the view.
"""

from __future__ import annotations

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.pips import Pip, PipParams, select_top_face

from .saved import die_at, needs_model, read_saved


def _pip(x: float, y: float, minor: float, major: float = 9.0, ring: float = 255.0) -> Pip:
    # squashed along the image vertical (minor axis vertical): the nadir line
    return Pip(center_xy=(x, y), area_px=np.pi / 4 * minor * major, axes_px=(major, minor),
               angle_deg=0.0, inside=1.0, redness=0.0, ring_lum=ring)


BLOB = Blob(box_xyxy=(599, 542, 690, 627), mask=np.ones((85, 91), bool),
            area_px=69.3 ** 2, solidity=0.98)
TOP = [_pip(644, 562, 8.7), _pip(654, 605, 8.9)]
SIDE = [_pip(627, 555, 4.4, 8.5, ring=162.0), _pip(610, 581, 4.6, ring=149.0)]


def test_a_two_down_the_nadir_line_beside_its_side_faces_is_a_two() -> None:
    top = select_top_face(TOP + SIDE, BLOB, PipParams())
    assert top is not None and top.count == 2


def test_side_face_pips_as_lit_as_the_top_still_set_the_view() -> None:
    # where the side faces are lit like the top (no light cue), their squash still counts
    # as the view's and the push holds, as before
    lit_side = [_pip(x, y, 4.5, 9.0, ring=255.0) for x, y in ((627, 555), (610, 581))]
    top = select_top_face(TOP + lit_side, BLOB, PipParams())
    assert top is not None and top.count == 1


@needs_model
def test_the_round_reads_all_three_dice() -> None:
    reading = read_saved("s17604_022_f762_two_down_the_nadir.webp")
    assert sorted(d.face for d in reading.dice) == [2, 2, 3]
    two = die_at(reading, (649, 583))
    assert two.face == 2 and two.confidence >= 0.98 and two.pose == "flat"
