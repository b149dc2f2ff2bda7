"""A lean's pips on a pale floor of a faint tint are no shadowed floor between the two dice
(``floor.shadowed_floor``: a deep shadow keeps ``min_light`` of the floor's light).

The frame is the dome at rest of seed 17104 clip 025 r1 (frame 243, the reader's dome crop
of the 1920x1080 clip, its top 200 rows cut; the project's own synthetic footage; truth
dice_leaning): a four tipped 35 degrees against a three, a camera 24 degrees off the
vertical, white dice on a pale lilac floor. The pips on the four's upturned side face and
the three's (L 12-15 against the floor's ~220) have the floor's faint hue, so they and the
side faces round them scored as floor in a deep shadow: 0.41 edge of "floor" over the band
between the faces, the pair apart, read flat: paid 3-4-6 at 0.9999 (a wrong outcome)."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_lean_on_a_pale_tinted_floor_is_not_paid() -> None:
    reading = read_saved("s17104_025_f243_lean_pale_floor.webp")
    three, four = die_at(reading, (478, 315)), die_at(reading, (592, 300))
    # the pair touches: neither die of it may be paid as lying flat
    for die in (three, four):
        assert die.pose != "flat" or die.confidence <= 0.5
    # the die lying apart is read as before
    apart = die_at(reading, (469, 89))
    assert apart.face == 6 and apart.confidence >= 0.95
