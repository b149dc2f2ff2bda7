"""A lone pip in a blob joined to the rim, the CNN reading another face, is left to the
rescue (``dice._joined_lone_pip``): the pip finder's contrast threshold followed the
rim's dark and lost the top face's pips, taking a side-face pip for a one.

The frame is the dome at rest of seed 10604 clip 007 r2 (frame 832, the reader's dome
crop of the 1280x960 clip; the project's own synthetic footage; the round's dice 1-4-4):
the four against the rim at the top left was read pip 1 / CNN 4 at 0.34 (confidence
0.17): the round abstained."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_four_at_the_rim_read_by_the_rescue() -> None:
    reading = read_saved("s10604_007_f832_rim_lone_pip.png")
    assert sorted(d.face for d in reading.dice) == [1, 4, 4]
    four = die_at(reading, (302, 235))
    assert four.face == 4 and four.confidence >= 0.95 and four.pose == "flat"
    assert all(d.confidence >= 0.95 and d.pose == "flat" for d in reading.dice)
