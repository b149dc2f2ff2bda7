"""A face whose only pip is a pip of another found face is a piece of that die: it is
dropped before the rescue looks for the missing die, and makes no contact pair.

The frame is the reader's dome crop of seed 10604 clip 000 r4 at rest (800x600 clip,
camera 10 deg, green floor; the project's own synthetic footage; the round's dice 2-5-6,
all flat): glare at the dome's centre joined the five's corner pip into a blob of its
own, read as a one (CNN 5 at 0.26) 0.37 edge from the five's face; the pair was taken as
pressed and the five as leaning (a false void), and the six at the rim was never looked
for (three faces found)."""

from __future__ import annotations

from tests.sicbo.saved import needs_model, read_saved


@needs_model
def test_glare_piece_of_a_five_is_no_die() -> None:
    reading = read_saved("s10604_000_r4_glare_piece.png")
    # before: 5 (0.26), 5 leaning, 2: a false leaning void
    assert sorted(d.face for d in reading.dice) == [2, 5, 6]
    assert all(d.pose == "flat" and d.confidence >= 0.95 for d in reading.dice)
    assert reading.flags == ()
