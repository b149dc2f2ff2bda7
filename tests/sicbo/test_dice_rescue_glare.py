"""The rescue's candidates must pass the CNN's check as they are found: one it refuses
neither ends the search of its blob nor keeps another part of the same die out.

The frame is the dome at rest of seed 10504 clip 009 r1 (frame 310, 1280x960, the
project's own synthetic footage; the round's dice 2-2-5): a two lies between two floor
glare spots, its blob joined to them is refused as glare by the first look, and the
rescue's least cut part of it shows a glare-lit gap as a lone pip that the CNN calls
"not a die" (0.82); another look shows the two whole (CNN 0.95).
"""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_die_between_glare_spots_is_read() -> None:
    reading = read_saved("s10504_009_f310_glare.png")
    # before: the refused lone pip held the two off, 2 and 5 read, the round abstained
    assert sorted(d.face for d in reading.dice) == [2, 2, 5]
    two = die_at(reading, (623, 323))
    assert two.confidence >= 0.98 and two.pose == "flat"
