"""A die's blob that runs through a lamp's glare to another die is no lean.

Saved dome crop of fresh seed 16804 clip 002 r3 frame 597 (640x480, a red floor, the
lamp's glare between a flat five and a flat four 2.26 edges apart; truth 4-5-5): the
five's blob ran through the glare to the four, and two of the four's pips, in the five's
blob beside its top face, were taken for a second face turned up there
(``sidebyside.two_pip_face``, ``pose.second_face``): voided dice_leaning. They are the
found four's pips, beyond a lean's reach of the five (``dice._own_side_pips``): now all
three lie flat and the round is paid.
"""

from __future__ import annotations

from .saved import die_at, needs_model, read_saved


@needs_model
def test_dice_joined_through_glare_are_read_flat_and_paid() -> None:
    reading = read_saved("s16804_002_f597_glare_join.webp")
    assert sorted(d.face for d in reading.dice) == [4, 5, 5]
    five = die_at(reading, (186, 255))
    assert five.face == 5 and five.confidence > 0.95
    assert all(d.pose == "flat" for d in reading.dice)
