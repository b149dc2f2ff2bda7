"""A die on another, two dice seen: the lower die's lit top corners (``vision.sicbo.stack``).

Scenes are rendered with the synthetic footage renderer (a known stack, a known flat
die) and the stage is given the top faces where the camera model puts them, so each case
tests the light cue alone; the last test runs the whole per-image reader.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pytest

from tests.sicbo.scenes import EDGE_M, camera_frame, dome_scene
from vision.sicbo import DiceParams, read_dice
from vision.sicbo.pips import TopFace
from vision.sicbo.pose import PoseParams
from vision.sicbo.stack import lit_top, stacked_die
from vision.synth.dice3d import DiePose, flat_pose, stacked_pose
from vision.synth.sicbo_render import DiceFrameRenderer, DomeScene


def _top_face(scene: DomeScene, die: DiePose) -> TopFace:
    """Where the camera sees the die's top face: centre and edge (sqrt of its area)."""
    quad = die.face_quad_xyz(die.top_value)
    uv, _ = scene.camera.project(quad)
    x, y = uv[:, 0], uv[:, 1]
    area = 0.5 * abs(float(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))))
    centre = uv.mean(axis=0)
    return TopFace(pips=(), center_xy=(float(centre[0]), float(centre[1])),
                   edge_px=float(np.sqrt(area)), side_pips=())


def _stack(turn_rad: float, shift_m: tuple[float, float]) -> tuple[DiePose, DiePose]:
    below = flat_pose(3, (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    return below, stacked_pose(5, below, shift_m, 0.2 + turn_rad)


@functools.cache
def _renderer(tilt_deg: float) -> DiceFrameRenderer:
    return DiceFrameRenderer(dome_scene(tilt_deg=tilt_deg))


def _frame(tilt_deg: float, dice: tuple[DiePose, ...], seed: int) -> np.ndarray:
    return camera_frame(_renderer(tilt_deg).render(dice), np.random.default_rng(seed))


FLAT = flat_pose(2, (0.04, 0.035), 1.1, edge_m=EDGE_M)

CASES = [
    # the upper die shifted 0.22 edge (towards the light) and turned on the lower: the
    # lower die's lit top sticks out beyond the upper's half diagonal -> stacked
    (10.0, _stack(0.35, (0.003, -0.002)), 1),
    # two flat dice apart (a die merely missed): nothing sticks out -> None
    (10.0, (flat_pose(3, (-0.03, -0.02), 0.2, edge_m=EDGE_M), None), None),
    # a stack lined up (no turn, no shift): the lower die's top is hidden. Not seen
    # (the documented weakness: the round abstains dice_count)
    (10.0, _stack(0.0, (0.0, 0.0)), None),
    # shifted away from the light, camera 20 degrees off vertical: what sticks out lies
    # in the upper die's shadow, not lit. Not seen either (weakness)
    (20.0, _stack(-0.3, (0.003, -0.003)), None),
]


@pytest.mark.parametrize(("tilt_deg", "pair", "expected"), CASES)
def test_stacked_die_from_light(tilt_deg: float, pair: tuple, expected: int | None) -> None:
    scene = dome_scene(tilt_deg=tilt_deg)
    below, upper = pair
    shown = tuple(d for d in (below, upper, FLAT) if d is not None)
    image = _frame(tilt_deg, shown, seed=5)
    seen = [upper if upper is not None else below, FLAT]      # the lower die is hidden
    tops = [_top_face(scene, d) for d in seen]
    edge = float(np.median([t.edge_px for t in tops]))
    got = stacked_die(image, tops, edge)
    assert got == (0 if expected == 1 else None)


def test_flat_die_lit_region_is_its_top_face() -> None:
    # a flat die's lit region reaches about half a diagonal (0.71 edge), not beyond
    scene = dome_scene(tilt_deg=15.0)
    image = _frame(15.0, (FLAT,), seed=2)
    top = _top_face(scene, FLAT)
    lit = lit_top(image, top.center_xy, top.edge_px)
    assert lit is not None and not lit.cut
    assert 0.6 < lit.reach_rel < 0.74


def test_no_stack_when_a_lit_region_is_cut() -> None:
    # a "face" on bare floor: its lit region (the floor) runs out of the search window,
    # so it gives no reference and nothing is called stacked, though it reaches far
    scene = dome_scene(tilt_deg=10.0)
    image = _frame(10.0, (FLAT,), seed=3)
    floor = TopFace(pips=(), center_xy=(160.0, 240.0), edge_px=30.0, side_pips=())
    lit = lit_top(image, floor.center_xy, floor.edge_px)
    assert lit is not None and lit.cut
    assert stacked_die(image, [floor, _top_face(scene, FLAT)], 30.0) is None


def test_reader_calls_a_shifted_stack_stacked_without_the_blob_rule() -> None:
    # the whole reader, with the blob-size pair rule switched off (pair_area huge): the
    # light cue alone makes the upper die stacked, and no die leaning
    below, upper = _stack(0.35, (0.003, -0.002))
    image = _frame(10.0, (below, upper, FLAT), seed=7)
    base = DiceParams(pose=PoseParams(pair_area=99.0))
    poses = sorted(d.pose for d in read_dice(image, params=base).dice)
    assert poses == ["flat", "stacked"]
    off = dataclasses.replace(base, max_dice=None)      # photos: the stage is off
    assert "stacked" not in [d.pose for d in read_dice(image, params=off).dice]
