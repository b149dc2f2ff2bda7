"""White dice on a pale mint floor, two of them found only by the rescue: a three by its
pip spots grouped without the streaks of its side faces' shaded edges
(``vision.sicbo.floorpips.FloorPipParams.round_fill``), and a red one by the piece of its
outline the looks find, its pips sized by the found dice (``vision.sicbo.rescue._die_sized``).

Frame: the reader's dome crop of fresh seed 15804 clip 024 r1 frame 281 (640x480, floor
~220/230/222 BGR, Chinese pips; truth 1-3-6). Only the six stands out from the floor whole;
the round abstained ``dice_count`` (one die seen) on every read."""

from __future__ import annotations

import cv2
import numpy as np

from tests.sicbo.saved import DATA, die_at, needs_model, read_saved
from vision.sicbo.blob import DetectParams
from vision.sicbo.floorpips import floor_pip_blobs
from vision.sicbo.settle import SettleParams

FRAME = "s15804_024_f281_pale_mint_one_three.webp"
FLOOR = SettleParams().min_face_conf
FLOOR_ONE = SettleParams().min_face_conf_one
SIX_XY, THREE_XY, ONE_XY = (205, 379), (270, 230), (264, 133)
SIX_EDGE = 32.1


def test_a_pale_three_is_given_a_disk_about_its_pips_not_its_edge_streaks() -> None:
    # the three's pips (40-42 px, round) lie in one group with three spots of its side
    # faces' shaded edges (15-80 px); the two largest, streaks 0.24 and 0.31 round, drew
    # the disk below the pips and it held two of them: a two, refused by the CNN
    image = cv2.imread(str(DATA / FRAME))
    disks = floor_pip_blobs(image, [SIX_XY], SIX_EDGE, DetectParams())
    off = [float(np.hypot(x - THREE_XY[0], y - THREE_XY[1])) for x, y in
           (b.center_xy for b in disks.groups)]
    near = [d for d in off if d < SIX_EDGE]     # (others lie about the one, a die away)
    assert near, "no disk drawn about the three's pips"
    assert all(d < 0.2 * SIX_EDGE for d in near)


@needs_model
def test_a_pale_three_is_read() -> None:
    three = die_at(read_saved(FRAME), THREE_XY)
    assert three.face == 3 and three.pose == "flat" and three.confidence >= FLOOR


@needs_model
def test_a_pale_red_one_seen_in_part_is_read() -> None:
    # the one's face scores as floor but for its shaded rim; the looks' blob of it is its
    # upper part (759 px), whose area allowed pips up to 121 px: the red pip (146 px) was
    # not one, and the disk of the floor's spots never saw it (it joins the rim's piece)
    reading = read_saved(FRAME)
    one = die_at(reading, ONE_XY)
    assert one.face == 1 and one.pose == "flat" and one.confidence >= FLOOR_ONE
    assert sorted(d.face for d in reading.dice) == [1, 3, 6]      # before: [6]
