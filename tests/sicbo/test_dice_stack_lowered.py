"""A die on another seen from a tilted camera, two dice seen: the lower die's top shows
past the upper die's side faces (``stack.lowered_top``).

Rendered with the synthetic footage renderer (a known stack, a known flat die, dark
floor, camera 20 degrees off vertical) and read by the whole per-image reader with the
blob-size pair rule switched off (``pair_area`` huge), as in 13504 clip 010 r0 where the
stack's blob was no larger than the flat die's: the upper die is stacked by the lower
die's lit top alone; with that cue off the pair reads as two flat dice (the round would
abstain ``dice_count``). Two flat dice stay flat, and a die leaning on another reads as
it did without the cue.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved
from tests.sicbo.scenes import EDGE_M, camera_frame, dome_scene
from vision.sicbo import DiceParams, read_dice
from vision.sicbo import stack as stack_stage
from vision.sicbo.pose import PoseParams
from vision.synth.dice3d import DiePose, flat_pose, lean_against_die, stacked_pose
from vision.synth.sicbo_render import DiceFrameRenderer

TILT = 20.0
NO_PAIR = DiceParams(pose=PoseParams(pair_area=99.0))   # the blob-size pair rule off
FLAT = flat_pose(2, (0.04, 0.035), 1.1, edge_m=EDGE_M)


@functools.cache
def _renderer() -> DiceFrameRenderer:
    return DiceFrameRenderer(dome_scene(tilt_deg=TILT))


def _frame(dice: tuple[DiePose, ...], seed: int = 5) -> np.ndarray:
    return camera_frame(_renderer().render(dice), np.random.default_rng(seed))


def _stack(turn_rad: float) -> tuple[DiePose, DiePose]:
    below = flat_pose(3, (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    return below, stacked_pose(5, below, (-0.003, 0.0), 0.2 + turn_rad)


def _top_xy(die: DiePose) -> np.ndarray:
    uv, _ = _renderer().scene.camera.project(die.face_quad_xyz(die.top_value))
    return uv.mean(axis=0)


@pytest.mark.parametrize("turn", [0.0, 0.3])
def test_lower_top_past_the_side_faces_is_a_stack(turn: float,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    below, upper = _stack(turn)
    image = _frame((below, upper, FLAT))
    dice = read_dice(image, params=NO_PAIR).dice
    assert sorted(d.pose for d in dice) == ["flat", "stacked"]
    stacked = next(d for d in dice if d.pose == "stacked")
    assert stacked.face == 5
    assert np.hypot(*(np.asarray(stacked.center_xy) - _top_xy(upper))) < 0.3 * stacked.edge_px
    # without the lowered top the light cue and the pair rule see two flat dice
    monkeypatch.setattr(stack_stage, "lowered_top", lambda *a, **k: None)
    assert [d.pose for d in read_dice(image, params=NO_PAIR).dice] == ["flat", "flat"]


@pytest.mark.parametrize("seed", [1, 2])
def test_two_flat_dice_are_not_a_stack(seed: int) -> None:
    # a third die missed: two flat dice, one of them near the dome's middle
    near = flat_pose(3, (-0.03, -0.02), 0.2 + 0.3 * seed, edge_m=EDGE_M)
    dice = read_dice(_frame((near, FLAT), seed=seed), params=NO_PAIR).dice
    assert [d.pose for d in dice] == ["flat", "flat"]


@pytest.mark.parametrize("side", [0, 1, 2, 3])
def test_a_lean_is_not_made_a_stack(side: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # a die leaning on a flat one, tipped 30 degrees towards each side in turn: its
    # tipped face reaches beyond a lower die's top, so the cue adds nothing. (Side 0 is
    # read stacked by the light cue already, and side 1 by the pair rule: a known weakness
    # of those, left as it was.) Side 1 with the pair rule off reads two flat dice.
    support = flat_pose(3, (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    lean = lean_against_die(4, support, side, np.radians(30.0))
    image = _frame((support, lean, FLAT))
    with_cue = [(d.face, d.pose) for d in read_dice(image, params=NO_PAIR).dice]
    monkeypatch.setattr(stack_stage, "lowered_top", lambda *a, **k: None)
    assert with_cue == [(d.face, d.pose) for d in read_dice(image, params=NO_PAIR).dice]
    if side == 1:
        assert [p for _, p in with_cue] == ["flat", "flat"]


@needs_model
def test_a_pair_blob_called_leaning_with_the_lower_top_past_its_sides_is_a_stack() -> None:
    # fresh seed 14704 clip 005 r0 frame 91 (640x480, camera tilted, purple floor): a six
    # on a die, one blob 2.9 edge^2 running 0.72 edge off the six's face straight down,
    # the flat three's 0.12 off its own 31 degrees aside (under ``nadir_cos``): the pair
    # rule called it leaning and the round was voided dice_leaning (truth dice_stacked);
    # the lower die's lit top shows between the six's side faces and its own (0.14 edge^2)
    reading = read_saved("s14704_005_f91_stack_lower_top_below.webp")
    assert die_at(reading, (256, 119)).pose == "stacked"
    assert die_at(reading, (102, 213)).pose == "flat"
