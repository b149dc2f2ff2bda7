"""With no die found first, the rescue sizes its candidates by the floor's pip spots
(``floorpips.spot_edge``), a rough guess; once it has found faces of 2+ pips it looks
again sized by them (``rescue.rescue_dice``), as it would had the first look found them.

The frame is the dome at rest of seed 11904 (spent) clip 012 r0 (frame 83, the reader's
dome crop of the 1280x960 clip; the project's own synthetic footage; white dice on a
white floor, the round's dice 1-2-2): the first look found no die, the floor's spots
gave a 58.8 px edge, the two twos (47.0 and 48.7 px) were found by their pips, and the
one (38.0 px, round 0.95, CNN 0.98) was refused under the 0.7 x size floor (41.2 px):
two dice seen on every read, abstained ``dice_count``."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_one_sized_by_the_twos_the_rescue_found() -> None:
    reading = read_saved("s11904_012_f83_one_spot_sized.png")
    # before: the two twos alone
    assert sorted(d.face for d in reading.dice) == [1, 2, 2]
    one = die_at(reading, (415, 433))
    assert one.confidence >= 0.97 and one.pose == "flat"
