"""A lone pip is a one only when no pip like it lies beside it (``pips.twin_pips``): a
one's layout fits any single pip, so the pips round it decide (the near-wrong risk of
issue 4: a one paid from a single blob)."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved

ONE_FLOOR = 0.97     # settle.SettleParams.min_face_conf_one: a one this sure is paid


@needs_model
def test_two_whose_blob_lost_a_pip_is_not_paid_as_a_one() -> None:
    """Seed 10904 (spent) clip 002 r0 frame 181 (truth 1-2-5): the two's blob lost the
    corner holding its second pip (found, round, as large and as lit, 0.78 edge away, but
    outside the blob); the lone pip was read a one at 0.972, over the one's floor (on
    two reads alike the round would have paid 1-1-5). The real one in the frame is
    still paid."""
    reading = read_saved("s10904_002_f181_two_lost_pip.png")
    two = die_at(reading, (177, 347))
    assert not (two.face == 1 and two.confidence >= ONE_FLOOR), two
    one = die_at(reading, (309, 129))
    assert one.face == 1 and one.confidence >= ONE_FLOOR, one


@needs_model
def test_floor_wedge_at_a_contact_is_no_twin() -> None:
    """Seed 13604 (spent) clip 029 r4 frame 772 (truth 1-1-6): a one touching a six; the
    dark floor wedge where the two dice meet (0.67 edge from the one's pip, as large, as
    round as a pip, die on two sides) was taken for the one's twin pip and the one was
    capped at 0.9 on every read: the round abstained. The wedge has floor round it, a
    pip has die all round (``fuse._inside_die``): the one is paid, and so is the six."""
    reading = read_saved("s13604_029_f772_one_gap_wedge.png")
    one = die_at(reading, (543, 375))
    assert one.face == 1 and one.confidence >= ONE_FLOOR, one
    six = die_at(reading, (494, 312))
    assert six.face == 6 and six.confidence >= 0.95, six
