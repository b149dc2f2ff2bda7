"""A die with red pips whose top face no look found is looked at again in green, where red
pips are as dark as black ones (``dice._red_as_dark``).

The pip finder thresholds its black-hat response at a share of its strongest answer on
and around the die. A Chinese four's red pips (L 151-171 on a face of ~235) answer about
half as strongly as the black pips of its own side face in shade, which the threshold
follows. Saved dome crop of fresh seed 17704 clip 020 r3 frame 723 (1280x720, an orange
floor, truth 4-5-6): the red four, its blob joined to the lamp's glare beside it, showed a
few pixels of each pip above the threshold and no top face: two dice read, both flat and
sure, and the tracker voided the round ``dice_stacked`` (a false void). Its pips found in
green, the four is read (CNN 0.94).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.dice import _red_as_dark

from .saved import die_at, needs_model, read_saved


def test_red_pips_are_dark_and_white_stays_white_in_the_green_look() -> None:
    img = np.full((20, 20, 3), 235, np.uint8)
    img[5:9, 5:9] = (110, 100, 220)                     # a red pip (BGR)
    img[12:16, 12:16] = (30, 30, 30)                    # a black one
    lum = cv2.cvtColor(_red_as_dark(img), cv2.COLOR_BGR2LAB)[..., 0].astype(int)
    plain = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)[..., 0].astype(int)
    assert lum[0, 0] == plain[0, 0]                     # the face as it was
    assert lum[6, 6] < plain[6, 6] - 30                 # the red pip much darker
    assert lum[13, 13] == plain[13, 13]                 # a black pip as it was


@needs_model
def test_a_red_four_beside_the_glare_is_read() -> None:
    reading = read_saved("s17704_020_f723_red_four_beside_glare.webp")
    assert sorted(d.face for d in reading.dice) == [4, 5, 6]
    four = die_at(reading, (246, 230))
    assert four.face == 4 and four.pose == "flat" and four.confidence > 0.9
    assert "unread" not in reading.flags
