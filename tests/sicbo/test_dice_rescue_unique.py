"""A die the rescue cuts from the rim whole, in a five's or six's clean layout (held in
no other face's), is kept when the CNN's best face is its count, even unsurely.

The frame is the dome at rest of seed 11604 clip 001 r3 (frame 602, 1280x720, the
project's own synthetic footage; the round's dice 2-5-6): the six's blob is joined to the
rim's ring line (too large for its pips to pass as pips), and the rescue's cut shows its
six pips (fit 0.98) while the CNN, its crop shared with the ring line, reads six 0.64,
four 0.28. Refused under the 0.7 asked of a face of four or more pips, it left two dice
seen, the nearer called stacked: a false void.
"""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_six_cut_from_the_rim_is_read() -> None:
    reading = read_saved("s11604_001_f602_rim_six.png")
    # before: 2 and 5 only, the two posed stacked on the missing die (voided dice_stacked)
    assert sorted(d.face for d in reading.dice) == [2, 5, 6]
    assert all(d.pose == "flat" for d in reading.dice)
    six = die_at(reading, (409, 144))
    assert six.confidence >= 0.95
