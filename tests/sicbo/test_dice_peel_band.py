"""The rescue peels a die off a rim band nearly as wide as the die (``detect.PEEL_RELS``).

The frame is the dome at rest of seed 10504 clip 028 r4 (frame 736 of the 1280x960 clip,
cut to 900x860 about the dome; the project's own synthetic footage; the round's dice
5-6-6): a six lies against the rim's ring band, the two make one blob; peeled at 0.6 x
the largest inscribed radius only pieces of the band are left (the six in one piece
with it), so the six was never a candidate: two dice seen, the round abstained.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sicbo import read_dice
from vision.sicbo.face import load_classifier

FRAME = Path(__file__).resolve().parents[1] / "data" / "sicbo" / "s10504_028_f736_band.png"


@pytest.mark.skipif(load_classifier() is None, reason="face model not built")
def test_die_against_a_wide_band_is_read() -> None:
    reading = read_dice(cv2.imread(str(FRAME)))
    # before: 6 and 5 read, the six against the band lost
    assert sorted(d.face for d in reading.dice) == [5, 6, 6]
    six = min(reading.dice, key=lambda d: np.hypot(d.center_xy[0] - 272, d.center_xy[1] - 201))
    assert np.hypot(six.center_xy[0] - 272, six.center_xy[1] - 201) < 10
    assert six.confidence >= 0.98 and six.pose == "flat"
