"""A two or a four the learnt glare cannot speak for (none learnt yet, or the die lies in a
box it left out), lying in a lamp's bloom, is unsure: a three's or a five's centre pip may be
washed out (``glare.bloom_beside``, ``reader.unsure_in_bloom``).

Frame: part of the reader's dome crop of fresh seed 15104 clip 013 r0 frame 91 (1920x1080,
every die's face clipped white, truth 1-3-4): the three lies under the lamp, its centre pip
washed out; one read took it for a two 0.99 sure, uncapped (the glare learnt from that read
left the dice' boxes out). The round abstained only because the three was missed in three
of five reads."""

from __future__ import annotations

import cv2
import numpy as np

from tests.sicbo.saved import DATA
from vision.sicbo.glare import bloom_beside, white_level
from vision.sicbo.reader import unsure_in_bloom
from vision.sicbo.settle import DiceObs, DieObs

THREE, FOUR, ONE = (147.0, 254.0, 62.0), (171.0, 94.0, 63.0), (390.0, 259.0, 63.0)


def frame() -> np.ndarray:
    image = cv2.imread(str(DATA / "s15104_013_f91_bloom.webp"))
    assert image is not None
    return image


def box(die: tuple[float, float, float]) -> tuple[float, float, float, float]:
    x, y, e = die
    return x - e, y - e, x + e, y + e


def read() -> DiceObs:
    return DiceObs(tuple(DieObs((x, y), e, face, 0.99) for (x, y, e), face in
                         ((THREE, 2), (FOUR, 4), (ONE, 1))))


def test_the_die_in_the_bloom_is_found_and_the_others_are_not() -> None:
    image, dice = frame(), [THREE, FOUR, ONE]
    white = white_level(image)
    assert [bloom_beside(image, dice, k, white) for k in range(3)] == [True, False, False]


def test_a_two_in_the_bloom_is_capped_where_no_glare_was_learnt() -> None:
    got = unsure_in_bloom(read(), frame())
    assert [d.confidence for d in got.dice] == [0.5, 0.99, 0.99]   # before: 0.99 each


def test_a_two_in_the_bloom_is_capped_in_a_box_the_learnt_glare_left_out() -> None:
    learnt_round_it = unsure_in_bloom(read(), frame(), [box(THREE), box(FOUR), box(ONE)])
    assert [d.confidence for d in learnt_round_it.dice] == [0.5, 0.99, 0.99]
    # where the learnt glare saw the floor, it speaks (``glare_hides_pips``), not the bloom
    learnt_elsewhere = unsure_in_bloom(read(), frame(), [box(FOUR), box(ONE)])
    assert [d.confidence for d in learnt_elsewhere.dice] == [0.99, 0.99, 0.99]
