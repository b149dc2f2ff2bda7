"""A flat die against the dome's rim (``vision.sicbo.body``): its blob joins the rim's
ring, dark band and shadow, but its body is one die's, so the blob-size pose cues do
not call it leaning; a die leaning on the wall still is (tests/sicbo/test_reader_dice.py
runs those through the whole reader).

Scenes are rendered with the synthetic footage renderer; the blobs and top faces come
from the reader's own stages.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from tests.sicbo.scenes import (
    EDGE_M,
    SPOTS,
    camera_frame,
    dome_scene,
    flat_dice,
    wall_leaning_dice,
)
from tests.sicbo.test_dice_stack import FLAT, _top_face
from vision.sicbo import DiceParams, read_dice
from vision.sicbo.body import BodyParams, die_bodies, floor_region
from vision.sicbo.detect import find_die_blobs
from vision.sicbo.dice import _drop_nested, _tops
from vision.sicbo.pips import Pip
from vision.sicbo.stack import stacked_die
from vision.synth.dice3d import DiceStyle, flat_pose, lean_against_die, stacked_pose
from vision.synth.sicbo_render import DiceFrameRenderer

BLUE = (120.0, 60.0, 20.0)
GREEN = (50.0, 105.0, 35.0)


def _at_rim(face: int, azimuth_rad: float, radius_m: float) -> tuple:
    """Dice 0 and 2 flat in the middle, die 1 flat at ``radius_m`` (the wall is at 0.1 m)."""
    xy = (radius_m * np.cos(azimuth_rad), radius_m * np.sin(azimuth_rad))
    return (flat_pose(3, SPOTS[0], 0.3, edge_m=EDGE_M),
            flat_pose(face, xy, azimuth_rad + 0.2, edge_m=EDGE_M),
            flat_pose(5, SPOTS[2], 1.2, edge_m=EDGE_M))


def _image(dice: tuple, tilt_deg: float, floor: tuple, size_wh: tuple[int, int]) -> np.ndarray:
    scene = dome_scene(*size_wh, tilt_deg=tilt_deg, floor_bgr=floor)
    clean = DiceFrameRenderer(scene, DiceStyle()).render(dice)
    return camera_frame(clean, np.random.default_rng(3))


AT_RIM = [
    # a six lying flat against the near rim, camera 25 degrees off vertical, blue floor,
    # 1280 x 720: its blob runs along the rim (2.9 edge^2); by blob size it "leaned"
    pytest.param(_at_rim(6, 0.7, 0.0915), 25.0, BLUE, (1280, 720), id="six-near-rim-25deg"),
    # a six at the far rim, green floor, camera 10 degrees off vertical, 640 x 480
    pytest.param(_at_rim(6, 2.5, 0.088), 10.0, GREEN, (640, 480), id="six-far-rim-10deg"),
]


@pytest.mark.parametrize(("dice", "tilt", "floor", "size"), AT_RIM)
def test_flat_die_at_the_rim_reads_flat(dice: tuple, tilt: float, floor: tuple,
                                        size: tuple[int, int]) -> None:
    reading = read_dice(_image(dice, tilt, floor, size))
    assert sorted(d.face for d in reading.dice) == [3, 5, 6]
    assert [d.pose for d in reading.dice] == ["flat"] * 3


WALL = [
    # (dice, camera tilt): the two rendered 20-degree wall leans of test_reader_dice
    (wall_leaning_dice([5, 6, 6], 2 * np.pi / 3, yaw=2.2), 10.0),
    (wall_leaning_dice([4, 4, 5], np.pi / 3, yaw=1.2), 25.0),
]


@pytest.mark.parametrize(("dice", "tilt"), WALL)
def test_body_cuts_the_rim_but_keeps_a_leaning_die(dice: tuple, tilt: float) -> None:
    image = _image(dice, tilt, GREEN, (640, 480))
    params = DiceParams()
    found = _drop_nested(_tops(image, find_die_blobs(image, params.detect), params))
    blobs, tops = [b for b, _ in found], [t for _, t in found]
    bodies = die_bodies(image, blobs, tops)
    lean = int(np.argmax([b.area_px for b in blobs]))     # the leaning die joins the rim
    others = max(b.edge_px for j, b in enumerate(bodies) if j != lean)
    # the rim and shadow go: the body is well under the blob ...
    assert bodies[lean].area_px < 0.85 * blobs[lean].area_px
    # ... but the side face stays: still clearly larger than the flat dice' bodies
    assert bodies[lean].edge_px >= 1.25 * others
    for b, body in zip(blobs, bodies, strict=True):
        assert body.box_xyxy == b.box_xyxy and not (body.mask & ~b.mask).any()


def test_floor_region_is_the_floor_inside_the_rim() -> None:
    image = _image(_at_rim(6, 0.7, 0.085), 10.0, GREEN, (640, 480))
    floor, colour = floor_region(cv2.cvtColor(image, cv2.COLOR_BGR2LAB))
    assert floor is not None
    h, w = floor.shape
    assert floor[h // 2, w // 2]                  # the dome's middle is floor
    assert not floor[2, 2] and not floor[h - 3, w - 3]   # the rim and table are not
    assert 0.2 < floor.mean() < 0.8
    # a picture all of one colour has no floor edge: not found
    flat = np.full((120, 160, 3), (90, 140, 150), np.uint8)
    assert floor_region(flat)[0] is None


def test_body_params_are_checked() -> None:
    with pytest.raises(ValueError, match="floor_darker"):
        BodyParams(floor_darker=1.5)


PIP = Pip(center_xy=(0.0, 0.0), area_px=40.0, axes_px=(6.0, 6.0), angle_deg=0.0,
          inside=1.0, redness=0.0, ring_lum=200.0)


@pytest.mark.parametrize(("short", "tilt"), [
    # the first die's face measured 0.85 of its size (its lit region then reaches 0.74
    # of that "edge", beyond a stack's min_reach, 0.1 past the other's): no stack
    (0.85, 10.0),
    (0.8, 15.0),
])
def test_face_measured_short_is_no_stack(short: float, tilt: float) -> None:
    # two flat dice apart; the scene's edge (the median of the two) sizes the short face
    scene = dome_scene(tilt_deg=tilt)
    below = flat_pose(3, (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    image = camera_frame(DiceFrameRenderer(scene).render((below, FLAT)),
                         np.random.default_rng(5))
    tops = [dataclasses.replace(_top_face(scene, d), pips=(PIP, PIP)) for d in (below, FLAT)]
    tops[0] = dataclasses.replace(tops[0], edge_px=short * tops[0].edge_px)
    edge = float(np.median([t.edge_px for t in tops]))
    assert stacked_die(image, tops, edge) is None


# A pale grey floor seen through a camera whose white balance tints the whole picture
# green (fresh seed-10504 clip 029: floor Lab a, b about -15, +6, the ivory dice' top
# faces as green as it): by colour the floor is not told from the dice.
PALE = (176.0, 188.0, 180.0)
GREEN_CAST = np.array([1.03, 1.09, 0.89])
IVORY = DiceStyle(body_bgr=(197.0, 220.0, 234.0))


def _cast_image(dice: tuple, tilt_deg: float) -> np.ndarray:
    light = (0.5 * np.cos(-0.8), 0.5 * np.sin(-0.8), np.sqrt(0.75))    # 60 deg up
    scene = dataclasses.replace(dome_scene(1024, 576, tilt_deg=tilt_deg, floor_bgr=PALE),
                                light_xyz=light, ambient=0.4)
    clean = DiceFrameRenderer(scene, IVORY).render(dice) * 0.8 * GREEN_CAST
    return camera_frame(clean, np.random.default_rng(3))


@pytest.mark.parametrize(("turn", "shift_m"), [
    (0.3, (0.002, -0.001)), (0.1, (0.0, 0.002)), (0.6, (-0.002, 0.0))])
def test_stack_on_a_floor_as_tinted_as_the_dice_keeps_its_lower_die(
        turn: float, shift_m: tuple[float, float]) -> None:
    # a six on a five, a three apart, camera 13 degrees off vertical: two dice seen, the
    # six's blob holds the lower die's shaded sides (the pair rule: stacked). The body
    # cut took every pixel of both dice for floor-tinted shadow but the disk round the top
    # face, so the pair rule was refused by body and the round abstained dice_count
    below = flat_pose(5, (-0.02, 0.01), 0.2, edge_m=EDGE_M)
    dice = (below, stacked_pose(6, below, shift_m, 0.2 + turn),
            flat_pose(3, (0.04, -0.03), 1.1, edge_m=EDGE_M))
    reading = read_dice(_cast_image(dice, 13.0))
    assert sorted((d.face, d.pose) for d in reading.dice) == [(3, "flat"), (6, "stacked")]


@pytest.mark.parametrize("tilt", [5.0, 13.0, 25.0])
def test_flat_dice_on_a_floor_as_tinted_as_the_dice_stay_flat(tilt: float) -> None:
    # the same floor and cast: three flat dice, or two of them (the third merely not
    # there), are all flat: the kept shaded sides are no second die
    dice = flat_dice([2, 5, 6])
    for shown in (dice, dice[:2], dice[1:]):
        reading = read_dice(_cast_image(shown, tilt))
        assert [d.pose for d in reading.dice] == ["flat"] * len(shown)


# A black floor (neutral: no colour of its own) seen through a camera whose white
# balance tints the dice green-yellow (fresh seed-11204 clip 005, floor Lab a, b within
# 6 of neutral, the dice' top faces about -12, +16): every neutral pixel of a die, its
# side faces' pips among them, points from the dice' colour the floor's way, as a
# floor-coloured shadow would, though a shadow on a neutral floor carries no colour.
BLACK = (20.0, 22.0, 20.0)
TINTED = DiceStyle(body_bgr=(192.0, 243.0, 219.0), pip_style="chinese")


def _black_floor_image(dice: tuple, tilt_deg: float) -> np.ndarray:
    scene = dome_scene(800, 600, tilt_deg=tilt_deg, floor_bgr=BLACK)
    return camera_frame(DiceFrameRenderer(scene, TINTED).render(dice), np.random.default_rng(3))


@pytest.mark.parametrize(("tilt", "lean_deg"), [(5.0, 30.0), (5.0, 50.0), (10.0, 40.0)])
def test_body_on_a_neutral_floor_keeps_a_leaning_pair(tilt: float, lean_deg: float) -> None:
    # a one leaning on a two, its four's red pips turned up between them, a five apart:
    # two dice seen, the pair in one blob. The body cut took the four's pips for shadow
    # and kept 0.56-0.69 of the blob (on clip 005 r3 the opening then cut the pair at
    # its neck to the one's die alone: read flat, abstained dice_count)
    support = flat_pose(2, (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    dice = (support, lean_against_die(1, support, 1, np.radians(lean_deg), spin=2),
            flat_pose(5, SPOTS[2], 1.1, edge_m=EDGE_M))
    image = _black_floor_image(dice, tilt)
    params = DiceParams()
    found = _drop_nested(_tops(image, find_die_blobs(image, params.detect), params))
    blobs, tops = [b for b, _ in found], [t for _, t in found]
    pair = int(np.argmax([b.area_px for b in blobs]))
    assert die_bodies(image, blobs, tops)[pair].area_px >= 0.9 * blobs[pair].area_px
    assert "leaning" in [d.pose for d in read_dice(image).dice]


def test_flat_dice_on_a_neutral_floor_stay_flat() -> None:
    # the same floor and dice, camera 25 degrees off vertical (side faces and their
    # pips show most): three flat dice, or two of them, are all flat
    dice = flat_dice([2, 4, 6])
    for shown in (dice, dice[:2], dice[1:]):
        reading = read_dice(_black_floor_image(shown, 25.0))
        assert [d.pose for d in reading.dice] == ["flat"] * len(shown)
