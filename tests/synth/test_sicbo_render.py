"""Forward-model tests of the sic bo renderer: render known dice, read the pixels back."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import pytest

from vision.synth.camera import PinholeCamera, tilted_view
from vision.synth.dice3d import (
    DiceStyle,
    DiePose,
    flat_pose,
    lean_against_die,
    lean_against_wall,
    pip_layout,
    stacked_pose,
)
from vision.synth.sicbo_render import (
    DiceFrameRenderer,
    DomeScene,
    draw_sprite,
    lid_sprite,
    render_dice_frame,
)

WESTERN = DiceStyle(pip_style="western")
CHINESE = DiceStyle(pip_style="chinese", body_bgr=(205.0, 230.0, 242.0))  # ivory


def _scene(tilt_deg: float, azimuth_deg: float = 40.0) -> DomeScene:
    cam = tilted_view(np.zeros(3), distance_m=0.32, tilt_rad=np.radians(tilt_deg),
                      azimuth_rad=np.radians(azimuth_deg), focal_px=900.0, width=640, height=480)
    return DomeScene(camera=cam, floor_bgr=(40.0, 100.0, 30.0))


@lru_cache(maxsize=8)
def _renderer(tilt_deg: float, style: DiceStyle, azimuth_deg: float = 40.0) -> DiceFrameRenderer:
    return DiceFrameRenderer(_scene(tilt_deg, azimuth_deg), style)


def _face_mask(cam: PinholeCamera, die: DiePose, value: int, shrink: float = 0.88) -> np.ndarray:
    quad = die.face_quad_xyz(value)
    centre = quad.mean(0)
    px = cam.project(centre + (quad - centre) * shrink)[0]
    mask = np.zeros((cam.height, cam.width), np.uint8)
    cv2.fillConvexPoly(mask, np.round(px).astype(np.int32), 255)
    return mask > 0


def count_pips(frame: np.ndarray, mask: np.ndarray) -> int:
    """Blobs inside ``mask`` clearly darker or redder than the die body."""
    img = np.clip(frame, 0, 255)
    value = img.max(axis=2)
    redness = img[..., 2] - img[..., :2].max(axis=2)
    body_v = float(np.percentile(value[mask], 90))
    pip = ((value < 0.6 * body_v) | (redness > 45)) & mask
    n, _, stats, _ = cv2.connectedComponentsWithStats(pip.astype(np.uint8), connectivity=8)
    return int(np.sum(stats[1:, cv2.CC_STAT_AREA] >= 3))


def _quad_side_ratio(cam: PinholeCamera, die: DiePose) -> float:
    px = cam.project(die.face_quad_xyz(die.top_value))[0]
    sides = np.linalg.norm(px - np.roll(px, -1, axis=0), axis=1)
    return float(sides.min() / sides.max())


@pytest.mark.parametrize("style", [WESTERN, CHINESE], ids=["western", "chinese"])
@pytest.mark.parametrize("tilt_deg", [0.0, 28.0])  # straight down; near the 30 degree limit
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_top_face_shows_its_pips(value: int, tilt_deg: float, style: DiceStyle) -> None:
    renderer = _renderer(tilt_deg, style)
    scene = renderer.scene
    die = flat_pose(value, (0.01, -0.005), yaw_rad=0.4, spin=value % 4)
    others = [flat_pose(7 - value, (-0.05, 0.03), 1.1), flat_pose(3, (0.04, 0.05), 2.0)]
    frame = renderer.render([die, *others])
    assert die.top_value == value
    assert count_pips(frame, _face_mask(scene.camera, die, value)) == value


@pytest.mark.parametrize("tilt_deg", [20.0, 30.0])
def test_visible_side_faces_show_their_pips(tilt_deg: float) -> None:
    # the camera is displaced towards +x: the die's +x and +y side faces face it
    scene = _scene(tilt_deg, azimuth_deg=45.0)
    die = flat_pose(1, (-0.01, -0.01), yaw_rad=0.0)
    frame = render_dice_frame(scene, [die], WESTERN)
    eye = scene.camera.center_xyz
    seen = [v for v in range(1, 7) if v != 1
            and die.face_normal(v) @ (eye - die.face_quad_xyz(v).mean(0)) > 0]
    assert sorted(seen) == [2, 3]  # +x carries 2, +y carries 3
    for value in seen:
        assert count_pips(frame, _face_mask(scene.camera, die, value, 0.8)) == value


def test_opposite_faces_sum_to_seven() -> None:
    die = flat_pose(2, (0.0, 0.0), 0.7, spin=1)
    for value in range(1, 7):
        assert np.allclose(die.face_normal(value), -die.face_normal(7 - value))
    assert [len(pip_layout(v)) for v in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_lid_on_hides_the_dice() -> None:
    renderer = _renderer(15.0, WESTERN)
    # dice everywhere the dome allows, including a die propped against the glass
    dice = [flat_pose(6, (0.0, 0.0), 0.2), flat_pose(5, (0.06, 0.0), 0.9),
            lean_against_wall(4, 2.5, renderer.scene.dome_radius_m, np.radians(40))]
    under_lid = renderer.render(dice)
    draw_sprite(under_lid, lid_sprite(renderer.scene))  # the lid drawn over visible dice
    empty = renderer.render([], lid_opacity=1.0)
    assert np.abs(np.clip(under_lid, 0, 255) - empty).max() < 1.0
    assert np.abs(renderer.render(dice) - empty).max() > 100  # they show once the lid is off


def test_leaning_die_top_face_is_tilted_and_not_square() -> None:
    scene = _scene(0.0)
    support = flat_pose(2, (0.0, 0.0), 0.3)
    leaner = lean_against_die(5, support, side=1, tilt_rad=np.radians(30))
    assert leaner.tilt_deg == pytest.approx(30.0, abs=0.01)
    assert _quad_side_ratio(scene.camera, support) > 0.98  # flat: a square from above
    assert _quad_side_ratio(scene.camera, leaner) < 0.92  # leaning: foreshortened
    frame = render_dice_frame(scene, [support, leaner], WESTERN)
    assert count_pips(frame, _face_mask(scene.camera, leaner, 5)) == 5


@pytest.mark.parametrize("side", [0, 1, 2, 3])
@pytest.mark.parametrize("tilt_deg", [20.0, 40.0])
def test_leaning_die_touches_but_does_not_enter_its_support(side: int, tilt_deg: float) -> None:
    support = flat_pose(4, (0.01, 0.02), 1.0)
    leaner = lean_against_die(3, support, side, np.radians(tilt_deg), slide=0.2)
    local = (leaner.corners_xyz() - support.center_xyz) @ support.rotation  # support's frame
    half = support.edge_m / 2
    assert (np.abs(local).max(axis=1) >= half - 1e-6).all()  # no corner inside the support
    assert np.abs(local).max(axis=1).min() < half + 1e-3  # but one touches it
    assert leaner.corners_xyz()[:, 2].min() == pytest.approx(0.0, abs=1e-9)  # on the floor


def test_wall_leaner_stays_inside_the_dome() -> None:
    die = lean_against_wall(6, azimuth_rad=2.0, wall_radius_m=0.1, tilt_rad=np.radians(25))
    radii = np.linalg.norm(die.corners_xyz(), axis=1)
    assert radii.max() == pytest.approx(0.1, abs=2e-4)
    assert die.tilt_deg == pytest.approx(25.0, abs=0.01)


def test_stacked_die_rests_flat_on_the_lower_die() -> None:
    below = flat_pose(3, (0.0, 0.0), 0.0)
    top = stacked_pose(6, below, (0.003, -0.002), 0.8)
    assert top.corners_xyz()[:, 2].min() == pytest.approx(below.edge_m, abs=1e-9)
    assert top.tilt_deg == pytest.approx(0.0, abs=1e-6)
    scene = _scene(10.0)
    frame = render_dice_frame(scene, [below, top], CHINESE)
    assert count_pips(frame, _face_mask(scene.camera, top, 6)) == 6
