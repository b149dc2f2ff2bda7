"""A lone pip on a piece of a larger face is no one (``dice._cut_ones``).

The saved frame is a dome crop of the project's own synthetic footage (fresh seed 14304
clip 007 r0 frame 157, 1280x960): white dice on a near-white floor under the lamp. The
two's top face matched the floor over its upper half; its blob held the lower pip and
the six of its side face, a face 43 px against 71 px for the dice at its row, and the
face CNN, shown 43 px, called it a one 0.99 sure: the round was paid 1-3-4 (truth 2-3-4),
a wrong outcome. Shown the size the other dice have at its row, the CNN calls it a one
0.25 sure: the die is not trusted and the round abstains.

Rendered (the forward model): a one with two other dice, Western and Chinese, at cameras
up to 28 degrees, reads a one as surely as before.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.sicbo.scenes import EDGE_M, SPOTS, camera_frame, dome_scene
from vision.sicbo import read_dice
from vision.synth.dice3d import DiceStyle, flat_pose
from vision.synth.sicbo_render import DiceFrameRenderer

from .saved import die_at, needs_model, read_saved


@needs_model
def test_a_lone_pip_on_a_piece_of_a_two_is_not_paid_as_a_one() -> None:
    reading = read_saved("s14304_007_f157_cut_two.webp")
    # the lone pip's disk (``regrow``'s ``one_disk_rel``) now holds the two's upper pip:
    # the piece is read whole, a two at 0.999, its face centred 27 px from the pip
    piece = die_at(reading, (372, 647), within=30.0)
    assert piece.face != 1 or piece.confidence <= 0.5, piece
    for xy, face in (((619, 236), 4), ((711, 527), 3)):
        die = die_at(reading, xy)
        assert die.face == face and die.confidence >= 0.99


@pytest.mark.parametrize(("size", "tilt_deg", "style", "floor"), [
    ((1280, 960), 28.0, "western", (200.0, 205.0, 210.0)),
    ((1024, 576), 20.0, "western", (40.0, 40.0, 45.0)),
    ((640, 480), 28.0, "chinese", (120.0, 40.0, 110.0)),
])
def test_a_rendered_one_reads_surely(size: tuple[int, int], tilt_deg: float, style: str,
                                     floor: tuple[float, float, float]) -> None:
    scene = dome_scene(*size, tilt_deg=tilt_deg, floor_bgr=floor)
    dice = tuple(flat_pose(f, xy, 0.4 + 1.3 * i, edge_m=EDGE_M)
                 for i, (f, xy) in enumerate(zip((1, 2, 5), SPOTS, strict=True)))
    frame = camera_frame(DiceFrameRenderer(scene, DiceStyle(pip_style=style)).render(dice),
                         np.random.default_rng(7))
    ones = [d for d in read_dice(frame).dice if d.face == 1]
    assert len(ones) == 1 and ones[0].confidence >= 0.98, read_dice(frame).dice
