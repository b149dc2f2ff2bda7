"""A lone pip no larger than the other faces' pips, on a face seen much smaller than
theirs, is no sure one: it may be one pip of a face the blob covers only in part
(``vision.sicbo.dice._plain_one``, ``_partial``).

Frame: the reader's dome crop of fresh seed 14804 clip 001 r2 frame 1003 (640x480, white
dice on a white floor; truth 2-5-6). The two's blob holds only its right pip and a patch
of shadow: a face of 18 px against the others' 29-32, its pip 21 px^2 like the five's
21-22. It was read a one 0.99 sure; the six beside it was capped and the round
abstained, but read right the round would have paid 1-5-6.

Nor, whatever its face's size, is one read short of 0.99 (``dice.PLAIN_ONE``). Frame: fresh
seed 16004 clip 009 r1 frame 324 (1280x720, a floor paler than the dice, a lamp's glare
between two of them; truth 1-2-2): the middle two's blob held its upper pip and the glare,
its lower pip in a blob of its own; the CNN, shown a crop centred on that pip, read a one
at 0.70, fused to 0.970, a one's outcome floor. The third die, the one, was unseen and the
round abstained; seen, it would have paid 1-1-2."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.settle import SettleParams

FLOOR_ONE = SettleParams().min_face_conf_one      # a one pays from this confidence


@needs_model
def test_a_lone_plain_pip_on_a_small_face_is_not_a_sure_one() -> None:
    reading = read_saved("s14804_001_f1003_pale_two_part_one.webp")
    piece = die_at(reading, (386, 164))
    assert piece.face != 1 or piece.confidence < FLOOR_ONE      # before: a one at 0.99
    assert die_at(reading, (88, 274)).face == 5                  # the five still read


@needs_model
def test_a_one_with_a_large_pip_stays_sure() -> None:
    # the pale one read again at the found dice' size (test_dice_pale_one_resized): its
    # red pip is far larger than the two's and six's, so the rule leaves it be
    reading = read_saved("s13404_003_f587_pale_one_resized.png")
    one = die_at(reading, (188, 294))
    assert one.face == 1 and one.confidence >= FLOOR_ONE


@needs_model
def test_a_twos_lone_pip_is_not_trusted_as_a_one_whatever_its_size() -> None:
    reading = read_saved("s16004_009_f324_two_read_as_one.webp")
    die = die_at(reading, (283, 247))          # the two's upper pip; its lower at (273, 279)
    assert not (die.face == 1 and die.confidence >= FLOOR_ONE)      # before: a one at 0.970
    two = die_at(reading, (232, 151))          # the sure two beside it still read
    assert two.face == 2 and two.confidence >= SettleParams().min_face_conf
