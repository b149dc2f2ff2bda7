"""A one with a large round pip (a Chinese one) is cropped for the face CNN at the other
faces' size, not at the size of its blob when that is joined to its side faces.

The frame is the reader's dome crop of seed 10704 clip 023 r3 at rest, frame 1449 (spent;
the project's own synthetic footage: camera tilted, purple floor, dice 1-4-5). The one lies
at the dome's top, above the four (edge 45 px) and the five (48 px); its blob took its side
faces (80 px), the one's face was capped at 1.3 x the four's, 59 px, and the CNN, shown the
die small in its crop, was 0.67 sure: every read 0.967-0.970, under the one's 0.97 floor,
and the round abstained."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved

FLOOR_ONE = 0.97      # settle: a one pays from this confidence


@needs_model
def test_chinese_one_beside_its_side_faces_is_sure() -> None:
    reading = read_saved("s10704_023_f1449_big_one.png")
    assert sorted(d.face for d in reading.dice) == [1, 4, 5]
    assert all(d.pose == "flat" for d in reading.dice)
    one = die_at(reading, (371, 108))
    assert one.face == 1 and one.confidence >= FLOOR_ONE     # before: 0.969
    assert reading.flags == ()
