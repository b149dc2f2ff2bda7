"""The floor-brightness cue of the pair rule (``vision.sicbo.pose.pale_floor``): dice
rendered on a known floor, the top faces found by the per-image reader."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo import read_dice
from vision.sicbo.pips import TopFace
from vision.sicbo.pose import pale_floor
from vision.synth.sicbo_render import DiceFrameRenderer

from .scenes import camera_frame, dome_scene, flat_dice

FLOORS = [
    # (floor BGR, camera tilt, expected): white dice on ...
    ((218.0, 232.0, 230.0), 21.0, True),     # a pale pink floor (the seed-10004 false voids)
    ((240.0, 249.0, 230.0), 10.0, True),     # a pale mint floor
    ((50.0, 105.0, 35.0), 21.0, False),      # a green floor
    ((120.0, 60.0, 20.0), 10.0, False),      # a blue floor
]


@pytest.mark.parametrize(("floor", "tilt", "expected"), FLOORS)
def test_pale_floor(floor: tuple[float, float, float], tilt: float, expected: bool) -> None:
    scene = dome_scene(tilt_deg=tilt, floor_bgr=floor)
    image = camera_frame(DiceFrameRenderer(scene).render(flat_dice([2, 6, 1])[:2]),
                         np.random.default_rng(3))
    dice = read_dice(image).dice
    assert len(dice) == 2                     # the third die is not in the scene
    tops = [TopFace(pips=(), center_xy=d.center_xy, edge_px=d.edge_px, side_pips=())
            for d in dice]
    edge = float(np.median([d.edge_px for d in dice]))
    assert pale_floor(image, tops, edge) == expected
