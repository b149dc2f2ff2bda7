"""A flat die far across the image from the other two is seen from another direction by
perspective alone: its pips are squashed along its own line of sight, turned from theirs
as much as a lean's (``lean_view.pip_turned``). Where one camera looking at the image's
centre sees all three faces flat (``lean_view.flat_views_fit``), it is not a lean.

The scene is fresh seed 13804 clip 010 r4 (spent), rendered: 1280x960, camera 26.6
degrees off vertical, focal 1244 px, dark floor, three flat threes, one at the lower left
near the rim 480-615 px from the others. Its pips' view (0.35, 0.28) against (0.03, 0.55)
and (0.08, -0.46): 0.43 and 0.46 turned, so it was read leaning and the round voided
dice_leaning (truth: 3-3-3)."""

from __future__ import annotations

import numpy as np

from vision.sicbo.dice import read_dice
from vision.synth.camera import PinholeCamera
from vision.synth.dice3d import DiceStyle, flat_pose
from vision.synth.sicbo_render import DiceFrameRenderer, DomeScene

from .scenes import camera_frame

EDGE_M = 0.0196
RADIUS_M = 0.107
STYLE = DiceStyle(body_bgr=(216.0, 228.0, 235.0), pip_style="chinese",
                  pip_bgr=(30.0, 34.0, 33.0), red_bgr=(57.0, 34.0, 206.0))


def _scene() -> DomeScene:
    # the clip's camera (its roll included): 0.32 m from the dome's centre
    cam = PinholeCamera(K=np.array([[1244.0, 0.0, 640.0], [0.0, 1244.0, 480.0], [0, 0, 1.0]]),
                        R=np.array([[0.68109, -0.71926, -0.13701],
                                    [-0.69592, -0.57775, -0.42649],
                                    [0.22760, 0.38583, -0.89405]]),
                        t=np.array([0.000693, 0.0, 0.320431]), width=1280, height=960)
    return DomeScene(camera=cam, dome_radius_m=RADIUS_M, floor_bgr=(30.0, 33.0, 32.0),
                     table_bgr=(46.0, 103.0, 34.0))


def _read(dice: tuple) -> list[tuple[int, str, tuple[int, int]]]:   # noqa: ANN001
    frame = camera_frame(DiceFrameRenderer(_scene(), STYLE).render(dice),
                         np.random.default_rng(0))
    reading = read_dice(frame)
    return sorted((d.face, d.pose, (round(d.center_xy[0]), round(d.center_xy[1])))
                  for d in reading.dice)


def _others() -> tuple:   # noqa: ANN202
    return (flat_pose(3, (0.0665, -0.0090), np.radians(-176.6), edge_m=EDGE_M),
            flat_pose(3, (0.0208, -0.0605), np.radians(51.4), edge_m=EDGE_M))


def test_a_flat_three_far_across_the_image_is_flat() -> None:
    far = flat_pose(3, (-0.0835, -0.0154), np.radians(-127.8), edge_m=EDGE_M)
    read = _read((*_others(), far))
    assert [(face, pose) for face, pose, _ in read] == [(3, "flat")] * 3   # before: one leaning

