"""A one found by its pip on a white floor, read again at the dice' size once the pale
look has found faces to size it by (``vision.sicbo.rescue.rescue_dice``).

Frame: the reader's dome crop of seed 13404 (spent) clip 003 r3 frame 587 (1024x576,
white dice on a white floor brighter than their faces; truth 1-2-6). The first look finds
no die; the rescue sizes the floor's pip spots (``floorpips.spot_edge``: 47.6 px) and
offers a disk about the one's shadow that holds its red pip, but the CNN, shown the one at
that edge, is 0.83 sure (under the rescued one's 0.93). The six and the two found by their
pips then give the dice' edge (39.6 px): the relaxed looks were looked at again at that
size, the pip spots' disks were not. At it the CNN reads the one 0.94: two dice seen on
every read before, abstained ``dice_count``."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved

FLOOR_ONE = 0.97      # settle: a one pays from this confidence


@needs_model
def test_pale_one_read_at_the_found_dice_size() -> None:
    reading = read_saved("s13404_003_f587_pale_one_resized.png")
    assert sorted(d.face for d in reading.dice) == [1, 2, 6]      # before: [2, 6]
    one = die_at(reading, (188, 294))
    assert one.pose == "flat" and one.confidence >= FLOOR_ONE
    assert abs(one.edge_px - 39.6) < 2.0                          # the six's and two's size
