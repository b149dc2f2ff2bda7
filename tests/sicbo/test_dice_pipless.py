"""A die-shaped thing with no pip on it is a table fitting, not a die (``tint.pipless``).

Fresh seed 17804 clips 025 and 020 (1024x576, dark floors), frames from the clip's start
with the lid on, before any lid model was learnt: the dome rim's marker, a plain olive
square in 025 (Lab chroma 34, under ``tint.MAX_CHROMA``) and an orange one in 020, was
read as a die (a leaning one at 0.52; a two at 0.25), its "pips" the marker's own colour.
A still scene with a die in it is no lid, so no lid was learnt: 025 r0 was voided
``dice_leaning`` at frame 8 and 020 r0 abstained ``dice_count`` at frame 10, the lid on
until frames 60 and 86. Read here as the reader reads a frame before it knows the dome
(the whole frame)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.reader import read_with_dice_reader
from vision.sicbo.tint import pipless

from .saved import DATA, needs_model


@needs_model
@pytest.mark.parametrize("name", ["s17804_025_f8_lid_on_olive_marker.webp",
                                  "s17804_020_f10_lid_on_orange_marker.webp"])
def test_a_rim_marker_on_the_lid_is_no_die(name: str) -> None:
    image = cv2.imread(str(DATA / name))
    assert image is not None
    assert read_with_dice_reader(image).count == 0


def test_a_pip_the_colour_of_its_face_is_none() -> None:
    face = np.full((60, 60, 3), (40, 160, 200), np.uint8)          # an orange square
    assert pipless(face, (30.0, 30.0), 40.0, [(30.0, 30.0)])
    die = np.full((60, 60, 3), 225, np.uint8)                       # a white one ...
    cv2.circle(die, (30, 30), 6, (40, 30, 170), -1)                 # ... with a red pip
    assert not pipless(die, (30.0, 30.0), 40.0, [(30.0, 30.0)])
    assert not pipless(die, (30.0, 30.0), 40.0, [])                 # no pip found: no say
