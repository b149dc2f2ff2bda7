"""Two close dice with floor between them do not touch, so neither leans on the other.

``merged.close_dice`` distrusts dice whose top faces lie closer than 1.6 edges: a die
leaning on another lies that close. A lean needs contact, so when the line between the
two top faces crosses floor (``floor.floor_run``) they are read as sure as any other
(seed 10204 clip 004 r0: a two and a four 1.6 edges apart, floor between, abstained).
A leaning die's shaded side face on a pale floor scores as floor but shows pips
(``floor.pip_spots``): near a pip it is a face, not floor (seed 10404 clip 012 r4, paid).
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo import read_dice
from vision.sicbo.detect import floor_mask, floor_run, pip_spots
from vision.synth.dice3d import DiceStyle, flat_pose, lean_against_die
from vision.synth.sicbo_render import DiceFrameRenderer

from .scenes import EDGE_M, SPOTS, camera_frame, dome_scene


def _squares(gap_px: int, bridge: str) -> np.ndarray:
    """Two 24 px white squares on a green floor, ``gap_px`` apart; ``bridge`` fills
    the gap with a shadow (the floor at 0.7 x), grey (a shaded die face) or nothing."""
    img = np.full((320, 480, 3), (40, 120, 50), np.uint8)
    img[148:172, 200:224] = 235
    img[148:172, 224 + gap_px:248 + gap_px] = 235
    fill = {"shadow": (28, 84, 35), "grey": (120, 120, 120)}.get(bridge)
    if fill is not None:
        img[148:172, 224:224 + gap_px] = fill
    return img


@pytest.mark.parametrize(("gap_px", "bridge", "lo", "hi"), [
    (10, "none", 5.0, 12.0),     # floor between: about the gap (less the blur)
    (10, "shadow", 5.0, 12.0),   # a shadow is floor too (darker, same chroma)
    (10, "grey", 0.0, 2.0),      # a grey face between: no floor
    (0, "none", 0.0, 2.0),       # touching: no floor
])
def test_floor_run(gap_px: int, bridge: str, lo: float, hi: float) -> None:
    run = floor_run(floor_mask(_squares(gap_px, bridge)), (212.0, 160.0),
                    (236.0 + gap_px, 160.0))
    assert lo <= run <= hi


def _read(gap: float, seed: int) -> list:
    four = flat_pose(4, (-0.02, -0.01), 0.0, edge_m=EDGE_M)
    six = flat_pose(6, (-0.02 + gap * EDGE_M, -0.01), 0.0, edge_m=EDGE_M)
    two = flat_pose(2, SPOTS[2], 1.1, edge_m=EDGE_M)
    frame = camera_frame(DiceFrameRenderer(dome_scene(), None).render((four, six, two)),
                         np.random.default_rng(seed))
    return sorted(read_dice(frame).dice, key=lambda d: d.face)


@pytest.mark.parametrize(("gap", "sure"), [
    (1.6, True),    # 1.55 edges apart in the image, ~0.3 edge of floor between: apart
    (1.3, False),   # face to face, no floor between: pressed, not trusted
])
def test_close_flat_pair_with_floor_between(gap: float, sure: bool) -> None:
    dice = _read(gap, seed=5)
    assert [d.face for d in dice] == [2, 4, 6]
    assert [d.pose for d in dice] == ["flat"] * 3
    assert [d.confidence > 0.9 for d in dice] == [True, sure, sure]


@pytest.mark.parametrize(("fill", "size", "found"), [
    ((20, 20, 20), 8, True),       # a black pip on the floor
    ((250, 250, 250), 8, False),   # a glare dot: bright, not a pip
    ((115, 125, 135), 8, False),   # a faint grey dot: not as dark as a pip
    ((20, 20, 20), 40, False),     # a dark patch far larger than a pip
])
def test_pip_spots(fill: tuple[int, int, int], size: int, found: bool) -> None:
    img = np.full((200, 200, 3), (150, 160, 170), np.uint8)
    img[100:100 + size, 100:100 + size] = fill
    spots = pip_spots(img, np.ones((200, 200), bool) if size > 30 else floor_mask(img), 50.0)
    assert bool(spots[100:100 + size, 100:100 + size].any()) == found


@pytest.mark.parametrize("yaw", [
    0.2,    # the lean's side face (a five) shows between the faces, 0.28 edge of "floor"
    1.6,    # the same turned: 0.28 edge
])
def test_lean_side_face_on_pale_floor_is_not_floor(yaw: float) -> None:
    """A four leaning 26 degrees on a one (seed 10404 clip 012 r4's dice), pale floor,
    camera 14 degrees: 1.5 edges apart, the side face scores as floor. Before the pip
    test both were read surely flat (a wrong outcome); now neither is trusted."""
    scene = dome_scene(1280, 720, tilt_deg=14.0, floor_bgr=(185.0, 194.0, 203.0))
    one = flat_pose(1, (-0.03, -0.02), yaw, edge_m=EDGE_M)
    dice = (one, lean_against_die(4, one, 1, np.radians(25.7)),
            flat_pose(4, SPOTS[2], 1.1, edge_m=EDGE_M))
    style = DiceStyle(body_bgr=(214.0, 233.0, 244.0), pip_bgr=(28.0, 30.0, 29.0))
    frame = camera_frame(DiceFrameRenderer(scene, style).render(dice), np.random.default_rng(5))
    reads = read_dice(frame).dice
    assert sorted(d.face for d in reads) == [1, 4, 4]
    assert sorted(d.confidence > 0.9 for d in reads) == [False, False, True]
