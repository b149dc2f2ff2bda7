"""A die in view that the reader could not read keeps two dice from meaning a stack.

Saved dome crop of fresh seed 17604 clip 022 r4 frame 762 (1280x960, a black floor, truth
2-2-3): a two turned with its diagonal down the image was read as its upper corner pip (a
one); the CNN, shown a crop centred on that pip, half the die in it, said "not a die" and
the die was dropped. Two dice read, both flat and sure: ``settle.two_means_stacked`` voided
the round ``dice_stacked`` with all three dice on the floor (a false void). The reading then
said a die-sized blob lies unread apart from the dice read (flag ``unread``); the tracker
abstains ``dice_count`` on it (``tests/sicbo/test_settle.py``, "two dice, one unread").
Since session 79 that two is read: a lone pip the CNN calls "not a die" is grown to the two
whose other pip shows a diagonal away before it is dropped (``dice._washed_corners``).

Clip 021 r3 frame 1317 (same camera, a green floor, truth 2-4-5): a two whose lower pip the
glare washed grey, read as its other pip and dropped the same way. Beside it a four seen
with its large side face was read stacked by the two-dice rule (``pair.pair_pose``: with
two dice seen, a blob hides the third): the round voided ``dice_stacked``. A third die in
view, unread, hides under no blob: that rule stands aside too.

Only a die's colour makes an unread die: a rendered stack (the pose sweep's seed 681 scene
179) lay below the dome rim's yellow marker, whose dark notch was read as a lone pip on a
die-sized blob; taken for a die in view, it kept the stack from being called.
"""

from __future__ import annotations

from vision.sicbo.evidence import refine_poses
from vision.sicbo.reader import dice_obs

from .saved import needs_model, read_saved


@needs_model
def test_a_two_read_as_a_corner_pip_is_grown_not_dropped() -> None:
    reading = read_saved("s17604_022_f762_two_read_as_a_corner_pip.webp")
    assert sorted(d.face for d in reading.dice) == [2, 2, 3]
    assert all(d.pose == "flat" and d.confidence >= 0.95 for d in reading.dice)
    assert "unread" not in reading.flags


@needs_model
def test_beside_an_unread_die_no_blob_hides_a_third() -> None:
    reading = read_saved("s17604_021_f1317_two_glare_washed_pip.webp")
    assert sorted(d.face for d in reading.dice) == [4, 5]
    assert "unread" in reading.flags
    assert [d.pose for d in reading.dice] == ["flat", "flat"]
    obs = refine_poses(dice_obs(reading))       # as the reader hands it to the tracker
    assert obs.unread and not any(d.pose == "stacked" for d in obs.dice)


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


@needs_model
def test_a_coloured_fitting_is_no_unread_die() -> None:
    reading = read_saved("sweep681_179_stack_beside_rim_marker.webp")
    assert "unread" not in reading.flags
    assert [d.pose for d in sorted(reading.dice, key=lambda d: d.face)] == ["flat", "stacked"]
