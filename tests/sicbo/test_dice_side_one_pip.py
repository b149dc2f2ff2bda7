"""A lean's upturned side face as pale as the floor, showing a one's large pip, is no floor
between the two dice (``touch.bare_floor``: the floor within reach of a pip up to
``TouchParams.pip_area_rel`` x edge^2 is not bare).

The frame is the dome at rest of seed 17004 clip 019 r4 (frame 1671, the reader's dome
crop of the 640x480 clip; the project's own synthetic footage; truth dice_leaning): a four
tipped 31 degrees against a five, a camera 0.6 degrees off the vertical, a pale grey
floor. The four's upturned side face (a one, its pip 60 px at a 29.7 px edge: 0.068 x
edge^2, over the 0.06 the pip spots took) scored as floor, 0.52 edge of it between the
faces: the pair was apart, read flat, and paid 4-5-5 at 0.9999 (a wrong outcome)."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_lean_with_a_pale_side_face_is_not_paid() -> None:
    reading = read_saved("s17004_019_f1671_side_one_pip.webp")
    four, five = die_at(reading, (323, 148)), die_at(reading, (279, 173))
    # the pair touches: neither die of it may be paid as lying flat
    for die in (four, five):
        assert die.pose != "flat" or die.confidence <= 0.5
    # the die lying apart is read as before
    apart = die_at(reading, (91, 232))
    assert apart.face == 5 and apart.confidence >= 0.95
