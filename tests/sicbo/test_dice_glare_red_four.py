"""A four of red pips in the lamp's spot is not doubted as a washed five or six
(``glare.red_four``): glare takes pips away, it does not paint them red, and a five's or
six's pips are black in both pip styles. Seed 13204 (spent) clip 027 r4: a red four
under the spot's core, pips and CNN 0.994, capped at 0.5 on every read (abstained)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.glare import red_four

BODY = (196, 227, 245)          # the clip's cream dice
RED = (35, 24, 204)             # ... its red pips
BLACK = (34, 33, 23)            # ... its black pips
PIPS = ((30.0, 30.0), (50.0, 30.0), (30.0, 50.0), (50.0, 50.0))
BOX = (20.0, 20.0, 60.0, 60.0)


def _die(colours: list[tuple[int, int, int]], pips=PIPS, glare: bool = True) -> np.ndarray:
    img = np.full((80, 80, 3), (221, 233, 251), np.uint8)
    img[20:60, 20:60] = BODY
    if glare:                    # the lamp's spot on the face's centre
        cv2.circle(img, (40, 40), 7, (255, 255, 255), -1)
    for (x, y), c in zip(pips, colours, strict=True):
        cv2.circle(img, (int(x), int(y)), 4, c, -1)
    return img


def test_red_four_is_spared() -> None:
    assert red_four(_die([RED] * 4), 4, PIPS, BOX)


def test_black_four_stays_doubted() -> None:
    # a western four, or a five's corners with its centre washed: black pips
    assert not red_four(_die([BLACK] * 4), 4, PIPS, BOX)


def test_one_black_pip_is_no_red_four() -> None:
    assert not red_four(_die([RED, RED, RED, BLACK]), 4, PIPS, BOX)


def test_only_fours() -> None:
    two = PIPS[:2]
    assert not red_four(_die([RED] * 2, pips=two), 2, two, BOX)
    assert not red_four(_die([RED] * 4), 5, PIPS, BOX)
    assert not red_four(_die([RED] * 4), 4, PIPS, None)


PALE = (148, 166, 233)          # a red pip washed pink by glare: a* ~150 (min_red is 25 over 128)
WASHED = (182, 208, 241)        # ... washed nearly to the body: barely over the face


def test_red_four_with_one_pip_washed_pale_is_spared() -> None:
    # seed 13604 (spent) clip 009 r2: three red pips and one washed pink by the glare,
    # still redder than the face: three red pips are a four's already
    assert red_four(_die([RED, RED, RED, PALE]), 4, PIPS, BOX)


def test_two_pale_pips_or_one_at_the_face_stay_doubted() -> None:
    assert not red_four(_die([RED, RED, PALE, PALE]), 4, PIPS, BOX)
    assert not red_four(_die([RED, RED, RED, WASHED]), 4, PIPS, BOX)
    assert not red_four(_die([RED, RED, PALE, BLACK]), 4, PIPS, BOX)
