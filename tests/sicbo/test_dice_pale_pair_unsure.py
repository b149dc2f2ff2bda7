"""Two dice seen on a pale floor, one read unsurely: its blob is no one-die reference for
the pair rule (``pair.pair_pose``: the larger of two blobs holds the hidden third die).

Saved dome crop of fresh seed 17904 clip 020 r4 frame 862 (1024x576, a pink-white floor
paler than the ivory dice, truth 3-4-6): the six was missed, the three read at 0.23 (its
pips a one, the CNN a three) on a blob the floor had eaten into, and the four's blob, 1.3 x
the three's, was called stacked: voided ``dice_stacked``, a false void. Now both dice are
flat and the round abstains on the count."""

from __future__ import annotations

from .saved import needs_model, read_saved


@needs_model
def test_an_unsure_die_on_a_pale_floor_is_no_reference_for_a_stack() -> None:
    reading = read_saved("s17904_020_f862_pale_floor_three_unsure.webp")
    assert sorted(d.face for d in reading.dice) == [3, 4]
    assert min(d.confidence for d in reading.dice) < 0.7        # the three: unsure
    assert [d.pose for d in reading.dice] == ["flat", "flat"]   # was: the four stacked
