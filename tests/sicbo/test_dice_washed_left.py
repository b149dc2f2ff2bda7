"""A face read short of a washed pip (``faintpip.washed_pip_left``): a place where a
larger face holding its layout has a pip shows one, washed grey, so the face read may be
that larger face: not sure. Through a drawn top face (a white die on a brown floor, one
pip drawn ``wash`` of the way to the face's colour) and a saved dome crop."""

from __future__ import annotations

import numpy as np
import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved
from tests.sicbo.test_dice_washed_rows import drawn_face, top_face
from vision.sicbo.faintpip import washed_pip_left

CORNERS = [(64, 64), (96, 64), (64, 96), (96, 96)]
SPOTS = {  # the washed pip (if any) last
    "five, centre washed": [*CORNERS, (80, 80)],
    "six, middle washed": [(64, 62), (96, 62), (64, 98), (96, 98), (64, 80), (96, 80)],
    "three, corner washed": [(64, 64), (80, 80), (96, 96), (96, 64)],
    "four": CORNERS,
    "three": [(64, 64), (80, 80), (96, 96)],
    "two": [(64, 64), (96, 96)],
}


def _face_image(name: str, wash: float) -> np.ndarray:
    spots = SPOTS[name]
    washed = () if name in ("four", "three", "two") else (len(spots) - 1,)
    return drawn_face(spots, washed, wash)


@pytest.mark.parametrize(("name", "wash", "counted", "doubted"), [
    ("five, centre washed", 0.7, 4, True),    # a five read as a four: its centre shows
    ("five, centre washed", 0.75, 4, True),
    ("six, middle washed", 0.7, 5, False),    # five pips in no face's layout: not asked
    ("five, centre washed", 0.95, 4, False),  # next to nothing left: no evidence
    ("four", 0.0, 4, False),                  # clean faces: their blank places are blank
    ("three", 0.0, 3, False),
    ("two", 0.0, 2, False),
])
def test_a_washed_pip_left_off_the_face_is_doubted(name, wash, counted, doubted) -> None:
    image = _face_image(name, wash)
    top = top_face(image)
    assert top is not None and top.count == counted
    assert washed_pip_left(image, top) is doubted


@needs_model
def test_a_five_read_as_a_four_is_not_paid() -> None:
    """The reader's dome crop of seed 13104 (spent) clip 015 r1 at rest, frame 484
    (800x600, truth 5-5-6): a five's centre pip washed to 33 Lab units (its corners
    60-105): pips (a clean four) and CNN read a four at 0.962, over the 0.95 floor of a
    face of 3+ pips; a second read alike would have paid 4-5-6."""
    reading = read_saved("s13104_015_f484_washed_centre.png")
    four = die_at(reading, (274, 314))
    assert four.face == 4 and four.confidence <= 0.5          # before: 0.962
    assert die_at(reading, (322, 140)).confidence >= 0.95     # the six and five: kept
    assert die_at(reading, (337, 381)).confidence >= 0.95
