"""The rescue peels a die off a rim band nearly as wide as the die (``detect.PEEL_RELS``).

The frame is the dome at rest of seed 10504 clip 028 r4 (frame 736 of the 1280x960 clip,
cut to 900x860 about the dome; the project's own synthetic footage; the round's dice
5-6-6): a six lies against the rim's ring band, the two make one blob; peeled at 0.6 x
the largest inscribed radius only pieces of the band are left (the six in one piece
with it), so the six was never a candidate: two dice seen, the round abstained.
"""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_die_against_a_wide_band_is_read() -> None:
    reading = read_saved("s10504_028_f736_band.png")
    # before: 6 and 5 read, the six against the band lost
    assert sorted(d.face for d in reading.dice) == [5, 6, 6]
    six = die_at(reading, (272, 201))
    assert six.confidence >= 0.98 and six.pose == "flat"
