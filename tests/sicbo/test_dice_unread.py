"""A die in view that the reader could not read keeps two dice from meaning a stack.

Saved dome crop of fresh seed 17604 clip 022 r4 frame 762 (1280x960, a black floor, truth
2-2-3): a two turned with its diagonal down the image was read as its upper corner pip (a
one); the CNN, shown a crop centred on that pip, half the die in it, said "not a die" and
the die was dropped. Two dice read, both flat and sure: ``settle.two_means_stacked`` voided
the round ``dice_stacked`` with all three dice on the floor (a false void). The reading now
says a die-sized blob lies unread apart from the dice read (flag ``unread``); the tracker
abstains ``dice_count`` on it (``tests/sicbo/test_settle.py``, "two dice, one unread").
"""

from __future__ import annotations

from vision.sicbo.evidence import refine_poses
from vision.sicbo.reader import dice_obs

from .saved import needs_model, read_saved


@needs_model
def test_a_die_dropped_as_not_a_die_is_reported_unread() -> None:
    reading = read_saved("s17604_022_f762_two_read_as_a_corner_pip.webp")
    assert sorted(d.face for d in reading.dice) == [2, 3]
    assert all(d.pose == "flat" for d in reading.dice)
    assert "unread" in reading.flags
    obs = refine_poses(dice_obs(reading))       # as the reader hands it to the tracker
    assert obs.unread


@needs_model
def test_three_dice_read_leave_nothing_unread() -> None:
    reading = read_saved("s17404_000_f1802_rim_corner_gap.webp")
    assert len(reading.dice) == 3
    assert "unread" not in reading.flags
    assert not dice_obs(reading).unread


@needs_model
def test_a_stack_is_not_unread() -> None:
    # a one stacked on a three (spent seed 10604 clip 023): the lower die's pieces are no
    # die apart from the dice read
    reading = read_saved("s10604_023_f673_stack_one_on_three.png")
    assert "unread" not in reading.flags
    assert any(d.pose == "stacked" for d in reading.dice)
