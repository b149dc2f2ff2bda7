"""A die whose blob holds more than a die (``DieRead.joined``: over 2.25 x its face's area,
boxed by its face, or wide across the view, ``fuse._wide``) may have a second die in it,
unread: two dice seen are then no stack (``SettleParams.two_means_stacked`` abstains).

Frame: the reader's dome crop of fresh seed 15204 clip 018 frame 93 (1280x720, camera 22
degrees, green floor; truth 1-2-6, flat): the one and the two lie corner to corner, one
blob of 3.2 edge^2; the two's face is never found, two sure flat dice are read. With the
two-dice rule alone the round voided ``dice_stacked``: a false void."""

from __future__ import annotations

from vision.sicbo.reader import dice_obs

from .saved import die_at, read_saved


def test_the_one_joined_to_an_unread_two_is_marked_joined() -> None:
    reading = read_saved("s15204_018_f93_two_joined.webp")
    assert sorted(d.face for d in reading.dice) == [1, 6]       # the two unread
    one, six = die_at(reading, (431, 257)), die_at(reading, (411, 322))
    assert one.joined and not six.joined
    assert [d.joined for d in dice_obs(reading).dice] == [d.joined for d in reading.dice]


def test_a_six_side_by_side_with_a_one_in_the_wall_band_is_read() -> None:
    # spent seed 14604 clip 003 frame 1231 (800x600, camera 29 degrees; truth 1-5-6, flat):
    # the one and the six in one blob 2.0 x 1.1 of the one's edges, under 2.25 faces. Until
    # session 56 the six was never read (the one marked joined, so the two dice were no
    # stack; before that, voided dice_stacked, a false void); the band by the wall is now cut
    # at its own level after the peel found the one (``detect._with_raised``): all three
    reading = read_saved("s14604_003_f1231_two_wide.webp")
    assert sorted(d.face for d in reading.dice) == [1, 5, 6]
    for xy, face in (((394, 168), 1), ((358, 336), 5), ((450, 107), 6)):
        die = die_at(reading, xy)
        assert die.face == face and die.pose == "flat" and die.confidence >= 0.98
