"""Dice as pale as a floor brighter than them, where the first look found only pieces of
a die: the rescue looks again sized by the floor's pip spots, and the pieces, grown to
the die the rescue found whole, count once (``vision.sicbo.rescue._spot_sized``,
``vision.sicbo.regrow.regrown_partials``).

Frame: the reader's dome crop of fresh seed 14904 clip 016 r1 frame 328 (1280x960, ivory
dice on a white floor; truth 2-2-5). The first look found two pieces of the five (19 and
21 px, the CNN unsure of both); sized by them the twos' pips (45 px dice) linked into no
group, and the round abstained. Without the merge of pieces, the five was read twice
and one two was left out for want of room."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.settle import SettleParams

BAR = SettleParams().min_face_conf


@needs_model
def test_ivory_dice_on_a_brighter_floor_are_read() -> None:
    reading = read_saved("s14904_016_f328_ivory_on_white.webp")
    assert sorted(d.face for d in reading.dice) == [2, 2, 5]    # before: [2, 4]
    for xy in ((216, 327), (338, 165), (477, 381)):
        die = die_at(reading, xy)
        assert die.pose == "flat" and die.confidence >= BAR
