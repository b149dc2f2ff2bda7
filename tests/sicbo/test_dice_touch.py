"""A die leaning on another lies close to it with no floor between: never paid.

``touch.touching_dice`` distrusts two dice whose top faces lie within ``reach_rel``
edges with no floor between them. Leans beyond ``merged.close_dice`` (1.6 edges) read
three flat dice surely before ``reach_rel``: a 3 leaning 40 degrees on a 6, camera 25
degrees, its face 1.61 edges off, would have paid.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from vision.sicbo import read_dice
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.touch import TouchParams, touch_pairs
from vision.synth.camera import tilted_view
from vision.synth.dice3d import DiceStyle, flat_pose, lean_against_die
from vision.synth.sicbo_render import DiceFrameRenderer

from .scenes import EDGE_M, SPOTS, camera_frame, dome_scene

PALE = (200.0, 205.0, 215.0)


def _face_area(quad: np.ndarray) -> float:
    x, y = quad[:, 0], quad[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))))


def _lean_reach(cam_tilt: float, cam_az: float, yaw: float, side: int, tilt: float,
                slide: float) -> float:
    """Image distance between a lean's top face and its support's, in the support's
    projected edge (the square root of its top face's image area)."""
    cam = tilted_view(np.zeros(3), distance_m=0.35, tilt_rad=np.radians(cam_tilt),
                      azimuth_rad=np.radians(cam_az), focal_px=800.0, width=1280, height=720)
    support = flat_pose(6, (-0.03, -0.02), yaw, edge_m=EDGE_M)
    lean = lean_against_die(3, support, side, np.radians(tilt), slide=slide)
    qs = cam.project(support.face_quad_xyz(support.top_value))[0]
    ql = cam.project(lean.face_quad_xyz(lean.top_value))[0]
    return float(np.linalg.norm(qs.mean(0) - ql.mean(0)) / np.sqrt(_face_area(qs)))


def test_reach_covers_every_lean_the_synthetic_tables_make() -> None:
    """The sweep of where the risk ends, by projection: every lean the generator makes
    (tilts 20-40 degrees, slides up to 0.3 edge, cameras up to 30 degrees off vertical)
    has its top face within ``reach_rel`` (1.75) of its support's edges; the close-dice
    limit alone (1.6) misses some."""
    reach = [_lean_reach(*g) for g in itertools.product(
        (0.0, 30.0), range(0, 360, 60), (0.2, 0.8), range(4), (20.0, 40.0), (-0.3, 0.3))]
    assert max(reach) < TouchParams().reach_rel
    assert max(reach) > 1.6


def _lean_frame(cam_tilt: float, yaw: float, side: int, tilt: float, slide: float,
                seed: int) -> np.ndarray:
    scene = dome_scene(tilt_deg=cam_tilt, floor_bgr=PALE)
    support = flat_pose(6, (-0.03, -0.02), yaw, edge_m=EDGE_M)
    dice = (support, lean_against_die(3, support, side, np.radians(tilt), slide=slide),
            flat_pose(2, SPOTS[2], 1.1, edge_m=EDGE_M))
    clean = DiceFrameRenderer(scene, DiceStyle(pip_style="western")).render(dice)
    return camera_frame(clean, np.random.default_rng(seed))


def _pays(frame: np.ndarray) -> bool:
    """Three flat dice read at least 0.95 surely (``settle``'s floor for 3+ pips)."""
    dice = read_dice(frame).dice
    return len(dice) == 3 and all(d.pose == "flat" and d.confidence >= 0.95 for d in dice)


@pytest.mark.parametrize(("cam_tilt", "yaw", "side", "tilt", "slide"), [
    (25.0, 1.8, 3, 40.0, 0.0),    # the 3's face 1.61 edges off: paid before (0.99+)
    (30.0, 0.8, 1, 40.0, 0.0),    # 1.72 edges off (the farthest the projection finds)
    (28.0, 1.8, 3, 44.0, 0.0),    # tipped further than the tables do
    (20.0, 2.4, 1, 40.0, -0.3),   # slid along the support, 1.66 edges off
    (15.0, 1.0, 2, 40.0, 0.0),    # a nearer-vertical camera, 1.47 edges off
    (0.0, 1.8, 3, 30.0, 0.0),     # straight down, 1.44 edges off
    # slid 0.3 along the support, 1.69 edges off: the lean's shaded side face on the pale
    # floor scores as floor (0.33 edge), but its face is 0.79 x the six's, pips 0.71 x as
    # round (touch._tipped); paid at 0.99 before
    (25.0, 2.0, 3, 40.0, 0.3),
    # tipped towards the camera and slid 0.3 along the support: the lean's shaded side
    # face between the faces scores 0.26-0.39 edge of "floor" on the centre line, but
    # 0.17-0.24 over the band across it; paid at 0.995+ before
    (25.0, 1.8, 2, 40.0, -0.3),
    (20.0, 1.8, 2, 35.0, -0.3),
    (20.0, 0.7, 2, 35.0, 0.3),
    (25.0, 0.7, 2, 40.0, 0.3),
])
def test_lean_is_never_paid(cam_tilt: float, yaw: float, side: int, tilt: float,
                            slide: float) -> None:
    assert not _pays(_lean_frame(cam_tilt, yaw, side, tilt, slide, seed=5))


def _flat_pair_frame(gap: float, angle: float, cam_tilt: float, seed: int) -> np.ndarray:
    """A 4 and a 6 lying flat ``gap`` edges apart (centres) along ``angle``, a 2 apart."""
    d = np.array([np.cos(angle), np.sin(angle)]) * gap * EDGE_M / 2
    dice = (flat_pose(4, tuple(np.array((-0.02, -0.01)) - d), 0.3, edge_m=EDGE_M),
            flat_pose(6, tuple(np.array((-0.02, -0.01)) + d), 1.1, edge_m=EDGE_M),
            flat_pose(2, SPOTS[2], 1.1, edge_m=EDGE_M))
    clean = DiceFrameRenderer(dome_scene(tilt_deg=cam_tilt, floor_bgr=PALE),
                              DiceStyle(pip_style="western")).render(dice)
    return camera_frame(clean, np.random.default_rng(seed))


@pytest.mark.parametrize(("gap", "angle", "cam_tilt"), [
    (1.8, 0.0, 10.0),    # floor between, 1.7 edges apart in the image
    (1.8, 1.2, 25.0),    # across a tilted view
    (2.1, 0.6, 25.0),    # farther
])
def test_flat_dice_near_each_other_stay_sure(gap: float, angle: float,
                                              cam_tilt: float) -> None:
    dice = read_dice(_flat_pair_frame(gap, angle, cam_tilt, seed=3)).dice
    assert sorted(d.face for d in dice) == [2, 4, 6]
    assert all(d.pose == "flat" and d.confidence > 0.9 for d in dice)


def _face_at(x: float) -> TopFace:
    pip = Pip(center_xy=(x, 0.0), area_px=30.0, axes_px=(6.0, 6.0), angle_deg=0.0,
              inside=1.0, redness=0.0, ring_lum=200.0)
    return TopFace(pips=(pip, pip), center_xy=(x, 0.0), edge_px=40.0, side_pips=())


def test_pairs_too_close_to_measure_are_not_apart() -> None:
    # faces 0.9 edge apart (a stack, or a lean seen over its support: seed 10504 clip
    # 018 r1, 0.94) are neither touching nor apart; 2.5 and 3.4 edges: beyond a lean's
    # reach, apart (no floor measured: the picture is never looked at)
    tops = [_face_at(0.0), _face_at(36.0), _face_at(136.0)]
    blank = np.zeros((8, 8, 3), np.uint8)
    assert touch_pairs(blank, tops, 40.0) == (set(), {(0, 2), (1, 2)})


def test_tipped_touching_lean_is_voided() -> None:
    # a 3 leaning 40 degrees on a 6, slid -0.3 edge, camera 20 degrees, 1.66 edges off:
    # its face 0.77 x the six's edge, pips 0.75 x as round, no floor between (0.06
    # edge): a lean (touch.tipped_leans), not only a pair to distrust (abstained before)
    dice = read_dice(_lean_frame(20.0, 2.4, 1, 40.0, -0.3, seed=5)).dice
    assert [d.face for d in dice if d.pose == "leaning"] == [3]


IVORY = (197.0, 221.0, 235.0)        # fresh seed 14604 clip 009's dice and floor
PALE_GREEN = (184.0, 208.0, 200.0)


def _pale_lean_frame(cam_tilt: float, yaw: float, faces: tuple[int, int], side: int,
                     tilt: float, slide: float, body: tuple[float, float, float],
                     floor: tuple[float, float, float], seed: int) -> np.ndarray:
    """Die ``faces[1]`` leaning on ``faces[0]``, Chinese pips on dice about as pale as the
    floor, a 2 apart."""
    support = flat_pose(faces[0], (-0.03, -0.02), yaw, edge_m=EDGE_M)
    dice = (support, lean_against_die(faces[1], support, side, np.radians(tilt), slide=slide),
            flat_pose(2, SPOTS[2], 1.1, edge_m=EDGE_M))
    clean = DiceFrameRenderer(dome_scene(tilt_deg=cam_tilt, floor_bgr=floor),
                              DiceStyle(body_bgr=body, pip_style="chinese")).render(dice)
    return camera_frame(clean, np.random.default_rng(seed))


@pytest.mark.parametrize(("cam_tilt", "yaw", "faces", "side", "tilt", "slide", "body",
                          "floor", "seed"), [
    # the die's top face scores as floor: the run on the centre line began inside it
    # (touch.FACE_REL; fresh seed 14604 clip 009 r4, a five on a two, paid 2-2-5)
    (10.0, 0.3, (2, 5), 3, 30.0, 0.0, IVORY, PALE_GREEN, 5),
    # the lean's side face scores as floor and its pips, 37-40 L under their rim, were
    # no pips to the 45 of the blob finder (TouchParams.pip_dark): 0.52 edge of "floor"
    (6.35, 2.61, (4, 2), 3, 21.3, 0.2, IVORY, PALE_GREEN, 15),
    # white dice on a pale floor, the lean tipped towards the camera (faces seen alike)
    (24.8, 1.28, (6, 5), 1, 31.0, -0.28, (238.0, 244.0, 246.0), PALE, 1),
    # the lean's shaded side face scores as floor, a little over apart_floor_rel (0.28
    # and 0.31 edge over the band), but the faces are seen 0.58 apart (view_gap), where
    # flat dice side by side are seen alike: touching (paid before)
    (9.06, 5.18, (5, 5), 1, 21.04, 0.18, IVORY, PALE_GREEN, 56),
    (21.23, 3.77, (5, 1), 1, 23.13, 0.27, IVORY, PALE_GREEN, 96),
])
def test_lean_on_a_floor_as_pale_as_the_dice_is_never_paid(
        cam_tilt: float, yaw: float, faces: tuple[int, int], side: int, tilt: float,
        slide: float, body: tuple[float, float, float], floor: tuple[float, float, float],
        seed: int) -> None:
    assert not _pays(_pale_lean_frame(cam_tilt, yaw, faces, side, tilt, slide, body, floor,
                                      seed))


def test_a_tipped_face_that_sized_the_picture_still_reaches_its_support() -> None:
    # Saved dome crop of fresh seed 15204 clip 020 r4 (1024x576, camera 13 degrees, green
    # floor; truth dice_leaning): a five tipped 38 degrees against a one, its upturned side
    # between them. The five's face (43 px, pips 0.70 round against the one's 0.98) gave
    # the picture's edge, so the one lay 1.90 "edges" off, beyond the reach: apart, and the
    # round was paid 1-1-5. Its edge stretched back by the squash, 1.36: touching, leaning.
    from .saved import die_at, read_saved

    reading = read_saved("s15204_020_f1482_tipped_five.webp")
    five, one = die_at(reading, (301, 296)), die_at(reading, (377, 326))
    assert (five.face, one.face) == (5, 1)
    assert five.pose == "leaning"
    assert "leaning" in reading.flags


def test_a_lean_just_beyond_the_reach_with_no_floor_between_touches() -> None:
    # Saved dome crop of fresh seed 15304 clip 014 r2 frame 1003 (1920x1080, red floor;
    # truth dice_leaning): a one tipped against a six, its upturned side between them, 1.76
    # of the picture's edges off (a lone pip gives no face to stretch the reach by), no
    # floor on any of the band's lines: apart, and the round was paid 1-6-6.
    from .saved import die_at, read_saved

    reading = read_saved("s15304_014_f1003_lean_beyond_reach.webp")
    six, one = die_at(reading, (430, 563)), die_at(reading, (530, 612))
    assert (six.face, one.face) == (6, 1)
    assert "leaning" in reading.flags
    assert one.pose == "leaning" or six.pose == "leaning"


@pytest.mark.parametrize(("gap", "angle", "cam_tilt"), [
    (1.85, 0.0, 15.0),   # 1.78 of the picture's edges apart
    (1.95, 0.8, 15.0),   # 1.84
    (1.95, 0.0, 28.0),   # 1.82, a tilted view
    (1.85, 1.6, 28.0),   # 1.87, across it
])
def test_flat_dice_just_beyond_the_reach_stay_sure(gap: float, angle: float,
                                                   cam_tilt: float) -> None:
    # floor shows on a line of the band between flat dice that far apart
    dice = read_dice(_flat_pair_frame(gap, angle, cam_tilt, seed=3)).dice
    assert sorted(d.face for d in dice) == [2, 4, 6]
    assert all(d.pose == "flat" and d.confidence > 0.9 for d in dice)
