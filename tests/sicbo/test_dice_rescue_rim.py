"""The rescue through the forward model at the dome wall: a die lying flat against the
wall, whose blob the first look lost to the rim, is read by the rescue, and the rescue's
acceptance (``rescue.rescued_ok``) per face."""

from __future__ import annotations

import numpy as np
import pytest

from tests.sicbo.scenes import EDGE_M, SPOTS, camera_frame, dome_scene
from vision.sicbo import read_dice
from vision.sicbo.rescue import rescued_ok
from vision.synth.dice3d import DiceStyle, flat_pose
from vision.synth.sicbo_render import DiceFrameRenderer

CHINESE = DiceStyle(body_bgr=(208, 225, 235), pip_style="chinese", pip_bgr=(28, 21, 20),
                    red_bgr=(36, 44, 163))


@pytest.mark.parametrize("azimuth_rad", [
    # a Chinese one flat against the dome wall (seed-10004 clip 020 r3, r4): its blob
    # joins the rim's pale ring line and the first look loses it; the rescue cuts it out
    # still holding a piece of the rim, so its one-pip face was sized 1.3-1.4 x the other
    # dice and the CNN, shown the die small among the rim, was unsure of it (0.86-0.90)
    0.5,
    3.5,
])
def test_one_at_the_rim_is_read(azimuth_rad) -> None:
    scene = dome_scene(800, 600, tilt_deg=4.0, floor_bgr=(105.0, 48.0, 113.0))
    rim = 0.1 - 0.5 * EDGE_M * np.sqrt(2)          # the die's corner at the wall
    dice = (flat_pose(6, SPOTS[0], 0.3, edge_m=EDGE_M), flat_pose(3, SPOTS[1], 1.0, edge_m=EDGE_M),
            flat_pose(1, (rim * np.cos(azimuth_rad), rim * np.sin(azimuth_rad)), 0.2,
                      edge_m=EDGE_M))
    image = camera_frame(DiceFrameRenderer(scene, CHINESE).render(dice), np.random.default_rng(3))
    reading = read_dice(image)
    assert sorted(d.face for d in reading.dice) == [1, 3, 6]
    assert min(d.confidence for d in reading.dice) >= 0.97      # the outcome floor of a one


@pytest.mark.parametrize(("pips", "cnn_face", "p_face", "not_die", "dome", "ok"), [
    # the rescued face's pip count, the CNN's face, its probability, its "not a die";
    # dome: three dice expected (the sic bo reader), else a photo of any number
    (1, 1, 0.95, 0.01, True, True),    # a one at the rim (clip 020 r4, the found dice' edge)
    (1, 1, 0.95, 0.01, False, False),  # ... in a photo a lone pip needs the CNN surer
    (1, 1, 0.90, 0.01, True, False),   # a one the CNN doubts more: not on a lone pip
    (6, 6, 0.76, 0.01, True, True),    # a six against the rim (clip 020 r1)
    (6, 6, 0.76, 0.01, False, False),  # ... not in a photo
    (6, 6, 0.65, 0.01, True, False),
    (3, 3, 0.76, 0.01, True, False),   # three pips are less evidence: the CNN must be surer
    (3, 3, 0.85, 0.01, True, True),
    (6, 4, 0.80, 0.01, True, False),   # the CNN reads another face
    (6, 6, 0.90, 0.30, True, False),   # the CNN doubts it is a die
])
def test_rescued_ok(pips, cnn_face, p_face, not_die, dome, ok) -> None:
    from vision.sicbo.pips import Pip, TopFace

    pip = Pip(center_xy=(0.0, 0.0), area_px=30.0, axes_px=(6.0, 6.0), angle_deg=0.0,
              inside=1.0, redness=0.0)
    top = TopFace(pips=(pip,) * pips, center_xy=(0.0, 0.0), edge_px=40.0, side_pips=())
    probs = np.full(7, (1.0 - p_face - not_die) / 5, np.float32)
    probs[cnn_face - 1], probs[6] = p_face, not_die
    assert rescued_ok(top, probs, dome=dome) == ok
