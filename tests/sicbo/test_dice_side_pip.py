"""A lone pip read unsurely within an edge of another die's face is that die's side-face
pip, not a die leaning on it: no leaning pose from the contact of their blobs (the die is
still untrusted: the round abstains, it neither voids nor pays).

The frames are the reader's dome crops of seed 10804 (spent) clips 015 r4 (at rest, dice
3-6-6) and 028 r1 (dice 1-2-6): 1024x576, cameras 20 and 26 deg, pale cream dice with
Chinese pips on a pale mint floor. In each the blob finder kept a six's shaded side face
and shadow as a blob of its own, one side pip its "top face" (read a three at 0.23, a six
at 0.41), 0.84 and 0.64 of the six's edge from the six's face; their blobs met along a
long contact and the pip's die was called leaning: both rounds voided dice_leaning.
Only on such a pale floor: on a dark one a blob is a die's body, and such a pip may be
a lean's own. In 028 that blob held the one too, unseen; since the one is cut out of it
(``detect._with_raised``) all three dice are read there."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.touch import side_pip_pairs


@needs_model
def test_side_pip_of_a_six_is_no_lean() -> None:
    reading = read_saved("s10804_015_f1889_side_pip.png")
    assert "leaning" not in reading.flags            # before: leaning (a false void)
    assert all(d.pose == "flat" for d in reading.dice)
    assert die_at(reading, (416, 289)).confidence <= 0.5   # untrusted: the round abstains


@needs_model
def test_the_die_a_side_pip_stood_for_is_read() -> None:
    # 028 r1: the blob of the six's side face and shadow held the one as well (the floor's
    # blob there, cut at its own level, ``detect._with_raised``); the one's blob is cut out
    # now, and the side pip is no die: all three read surely and flat (before: the one
    # unseen, the side pip a six at 0.40; abstained).
    reading = read_saved("s10804_028_f549_side_pip.png")
    assert sorted(d.face for d in reading.dice) == [1, 2, 6] and not reading.flags
    for xy, face in (((230, 141), 6), ((236, 248), 1), ((194, 326), 2)):
        die = die_at(reading, xy)
        assert die.face == face and die.pose == "flat" and die.confidence >= 0.98


@needs_model
def test_lean_pip_on_a_dark_floor_still_leans() -> None:
    """Seed 10704 (spent) clip 016 r0 at rest, the reader's dome crop (red floor): a die
    leaning on a three, one pip of its upturned face its "top face" (read a five at 0.26,
    0.9 edge from the three's face). On a dark floor a blob is a die's body: the contact
    still makes it a lean (the round voids dice_leaning, its truth)."""
    reading = read_saved("s10704_016_f198_lean_pip.png")
    assert die_at(reading, (370, 283)).pose == "leaning"


def _face(xy: tuple[float, float], edge: float, n: int) -> TopFace:
    pips = tuple(Pip((xy[0] + 0.2 * edge * k, xy[1]), 20.0, (5.0, 5.0), 0.0, 0.9, 1.0)
                 for k in range(n))
    return TopFace(pips=pips, center_xy=xy, edge_px=edge, side_pips=())


def test_side_pip_pairs_needs_a_close_unsure_lone_pip() -> None:
    six, pip = _face((100.0, 100.0), 40.0, 6), _face((130.0, 110.0), 48.0, 1)
    assert side_pip_pairs([six, pip], [0.99, 0.3], [(0, 1)]) == {(0, 1)}
    assert side_pip_pairs([six, pip], [0.99, 0.9], [(0, 1)]) == set()    # a sure one
    far = _face((100.0 + 1.3 * 40, 100.0), 48.0, 1)                      # a lean's reach
    assert side_pip_pairs([six, far], [0.99, 0.3], [(0, 1)]) == set()

