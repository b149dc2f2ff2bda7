"""A blob left to the rescue as a lone pip joined to more than its die
(``dice._joined_lone_pip``) that the rescue finds no die in is put back, unsure
(``dice._unrescued_back``): it is the third die still, and a round cannot hide it.

The first frame is the dome at rest of seed 16904 clip 008 r1 (frame 581, the reader's dome
crop of the 800x600 clip; the project's own synthetic footage; truth dice_leaning): a
four tipped 34 degrees against a one, its tipped face's pips lost (a side pip taken for
a one, the CNN reading five). Dropped and not rescued, the one and a lone five were seen,
the five called stacked on a hidden die: voided dice_stacked.

Not put back where its face lies within a found die's edge of that die's face: there it
is that die's side or a stack's lower die. The second frame is a scene rendered by our
renderer (a sweep of seed 681, 640x480, pale floor): a two stacked on a die, the lower
die's side face with its red pip read as a one (CNN six 0.22) beside the two's face."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_leaning_four_with_lost_pips_is_kept_as_a_die() -> None:
    reading = read_saved("s16904_008_f581_lean_lone_pip.webp")
    assert len(reading.dice) == 3
    leaning = die_at(reading, (261, 157))
    assert leaning.pose == "leaning" and leaning.confidence <= 0.5
    # the lone five stands flat on the floor: nothing is stacked
    assert die_at(reading, (303, 292)).pose == "flat"
    assert all(d.pose != "stacked" for d in reading.dice)


@needs_model
def test_stacks_lower_die_side_is_not_put_back() -> None:
    reading = read_saved("render681_404_stack_side_pip.webp")
    assert len(reading.dice) == 2      # a third die, unsure, would make the stack no stack
    assert any(d.pose == "stacked" for d in reading.dice)
