"""A top face coloured as no white or ivory die is (``tint``): a table fitting, not a die.

Fresh seed 13304 (spent) clip 027 (800x600): an orange marker on the dome's rim was read
as a leaning one on the lid at the clip's start (no lid model yet), which opened a round
and voided it ``dice_leaning`` with the lid on. Rendered here as dice of the marker's
orange (Lab chroma ~60): none is a die; white, ivory and Chinese-style dice (red one and
four) all still are."""

from __future__ import annotations

import numpy as np
import pytest

from tests.sicbo.scenes import camera_frame, dome_scene, flat_dice
from vision.sicbo import read_dice
from vision.sicbo.tint import MAX_CHROMA, face_chroma
from vision.synth.dice3d import DiceStyle
from vision.synth.sicbo_render import DiceFrameRenderer

ORANGE = (60.0, 165.0, 230.0)      # BGR: the rim marker's colour (13304 027)
IVORY = (200.0, 232.0, 242.0)


def _frame(style: DiceStyle, faces: tuple[int, ...]) -> np.ndarray:
    scene = dome_scene(800, 600)
    clean = DiceFrameRenderer(scene, style).render(flat_dice(faces))
    return camera_frame(clean, np.random.default_rng(3))


def test_orange_die_shaped_fittings_are_no_dice() -> None:
    frame = _frame(DiceStyle(body_bgr=ORANGE), (1, 3, 5))
    assert read_dice(frame).dice == ()


@pytest.mark.parametrize("style", [DiceStyle(), DiceStyle(body_bgr=IVORY),
                                   DiceStyle(pip_style="chinese", body_bgr=IVORY)])
def test_white_and_ivory_dice_are_dice(style: DiceStyle) -> None:
    frame = _frame(style, (1, 4, 6))
    reading = read_dice(frame)
    assert sorted(d.face for d in reading.dice) == [1, 4, 6]
    assert all(face_chroma(frame, d.center_xy, d.edge_px) < MAX_CHROMA / 2
               for d in reading.dice)
