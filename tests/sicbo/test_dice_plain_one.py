"""A lone pip no larger than the other faces' pips, read as a one short of 0.99
(``dice.PLAIN_ONE``): not trusted. Fresh seed 16004 clip 009 r1 frame 324 (1280x720, a
floor paler than the dice, a lamp's glare between two of them; truth 1-2-2): the middle
two's blob held its upper pip and the glare, its lower pip in a blob of its own; the CNN,
shown a crop centred on that pip, read a one at 0.70, fused to 0.970, a one's outcome
floor. The third die, the one, was unseen and the round abstained; seen, it would have
paid 1-1-2."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.settle import SettleParams

FRAME = "s16004_009_f324_two_read_as_one.webp"
TWO_PIP_XY = (283, 247)          # the two's upper pip, its lower one at (273, 279)


@needs_model
def test_a_twos_lone_pip_is_not_trusted_as_a_one() -> None:
    reading = read_saved(FRAME)
    die = die_at(reading, TWO_PIP_XY)
    assert not (die.face == 1 and die.confidence >= SettleParams().min_face_conf_one)


@needs_model
def test_the_sure_two_beside_it_is_still_read() -> None:
    two = die_at(read_saved(FRAME), (232, 151))
    assert two.face == 2 and two.confidence >= SettleParams().min_face_conf
