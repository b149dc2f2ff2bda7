"""The rescue sizes its candidates by the found faces of 2+ pips, or with only ones
found by the clean faces its own looks show (``rescue._found_edge``): a one's edge is a
guess from its blob.

The frame is the dome at rest of seed 10504 clip 023 r2 (frame 1043, the reader's dome
crop of the 1280x720 clip; the project's own synthetic footage; the round's dice 1-4-5):
only the one was found first (edge 75.7 px); the rescue's five (54 px) passed the 0.7 x
size floor by a hair, its four (52.8 px, CNN 0.98) did not: two dice seen, abstained."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_four_sized_by_faces_not_by_the_one() -> None:
    reading = read_saved("s10504_023_f1043_one_sized.png")
    # before: 5 and 1 read, the four refused as too small for the one's guessed edge
    assert sorted(d.face for d in reading.dice) == [1, 4, 5]
    four = die_at(reading, (246, 190))
    assert four.confidence >= 0.95 and four.pose == "flat"
