"""A lone pip in a blob joined to the rim, the CNN reading another face, is left to the
rescue (``dice._joined_lone_pip``): the pip finder's contrast threshold followed the
rim's dark and lost the top face's pips, taking a side-face pip for a one.

The frame is the dome at rest of seed 10604 clip 007 r2 (frame 832, the reader's dome
crop of the 1280x960 clip; the project's own synthetic footage; the round's dice 1-4-4):
the four against the rim at the top left was read pip 1 / CNN 4 at 0.34 (confidence
0.17): the round abstained."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sicbo import read_dice
from vision.sicbo.face import load_classifier

FRAME = Path(__file__).resolve().parents[1] / "data" / "sicbo" / \
    "s10604_007_f832_rim_lone_pip.png"


@pytest.mark.skipif(load_classifier() is None, reason="face model not built")
def test_four_at_the_rim_read_by_the_rescue() -> None:
    reading = read_dice(cv2.imread(str(FRAME)))
    assert sorted(d.face for d in reading.dice) == [1, 4, 4]
    four = min(reading.dice, key=lambda d: np.hypot(d.center_xy[0] - 302, d.center_xy[1] - 235))
    assert np.hypot(four.center_xy[0] - 302, four.center_xy[1] - 235) < 10
    assert four.face == 4 and four.confidence >= 0.95 and four.pose == "flat"
    assert all(d.confidence >= 0.95 and d.pose == "flat" for d in reading.dice)
