"""A die leaning on another from beyond it (away from the camera) is no stack.

Fresh seed 14204 clip 000 r3 (1920x1080): a five leaning on a three from the far side; the
two made one blob and the five's tipped face was refused, so two dice were seen. Cut to
the die's body, the three's blob lay near enough its top face to be called centred, as a
stack's upper die lies: the round was voided ``dice_stacked`` (truth ``dice_leaning``).
A stack's upper die shows its side faces on the nadir side and the die under it further
that way, so its body lies off its top face towards the nadir at least as far as a lone
die's does; the leaning die from beyond puts its body on the far side
(``stack._off_beyond``).

Rendered (the forward model): a three lying flat, a five leaning on its far side, a six
flat elsewhere, at cameras 20 and 28 degrees off vertical (1280x960). Before, both read
the three stacked. Rendered stacks (the upper die shifted and turned on the lower) still
read stacked.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.sicbo.scenes import EDGE_M, SPOTS, camera_frame, dome_scene
from vision.sicbo import read_dice
from vision.synth.dice3d import DiceStyle, flat_pose, lean_against_die, stacked_pose
from vision.synth.sicbo_render import DiceFrameRenderer


def _frame(tilt_deg: float, dice: tuple, seed: int = 3) -> np.ndarray:
    scene = dome_scene(1280, 960, tilt_deg=tilt_deg)
    return camera_frame(DiceFrameRenderer(scene, DiceStyle()).render(dice),
                        np.random.default_rng(seed))


@pytest.mark.parametrize(("tilt_deg", "lean_deg"), [(20.0, 35.0), (28.0, 25.0)])
def test_a_die_leaning_from_beyond_voids_leaning(tilt_deg: float, lean_deg: float) -> None:
    support = flat_pose(3, (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    lean = lean_against_die(5, support, 0, np.radians(lean_deg))  # (side 0: the far one)
    reading = read_dice(_frame(tilt_deg, (support, lean,
                                          flat_pose(6, SPOTS[2], 1.1, edge_m=EDGE_M))))
    assert "leaning" in reading.flags and "stacked" not in reading.flags, reading.dice


@pytest.mark.parametrize(("tilt_deg", "shift"), [
    (20.0, (0.002, -0.002)), (28.0, (-0.002, 0.002)), (28.0, (0.0, 0.0))])
def test_a_stack_seen_as_two_dice_stays_stacked(tilt_deg: float,
                                                 shift: tuple[float, float]) -> None:
    below = flat_pose(4, (-0.03, -0.02), 0.2, edge_m=EDGE_M)
    upper = stacked_pose(2, below, shift, 0.9)
    reading = read_dice(_frame(tilt_deg, (below, upper,
                                          flat_pose(6, SPOTS[2], 1.1, edge_m=EDGE_M))))
    assert reading.flags == ("stacked",), reading.dice
