"""A die on another whose body is centred on its top face is stacked, where the camera
looks nearly straight down and the other die's body shows no side to compare with
(``vision.sicbo.stack.joined_stack``: ``centred_top``, as the pair rule's ``stacked_index``).

Frame: the reader's dome crop of fresh seed 14904 clip 026 r3 frame 1208
(800x600, camera 7 degrees, purple floor; truth dice_stacked, a six on a die, a five apart).
The six's blob joined its shadow (``sidebyside.joined_pair``: two dice' body, 1.9 edge^2
against the five's 1.17), so it was called leaning; its body lies 0.11 edge off its face,
the five's 0.07 off its own (too little for ``towards_nadir``): voided ``dice_leaning``.
A die leaning on another lies beside it, its pair's body well off the top face."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_a_stack_seen_from_above_is_stacked() -> None:
    reading = read_saved("s14904_026_f1208_centred_stack.webp")
    assert die_at(reading, (367, 138)).pose == "stacked"     # before: leaning
    five = die_at(reading, (486, 330))
    assert (five.face, five.pose) == (5, "flat")
