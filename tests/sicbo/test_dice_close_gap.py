"""Two close dice with floor between them do not touch, so neither leans on the other.

``merged.close_dice`` distrusts dice whose top faces lie closer than 1.6 edges: a die
leaning on another lies that close. A lean needs contact, so when the line between the
two top faces crosses floor (``detect.floor_run``) they are read as sure as any other
(seed 10204 clip 004 r0: a two and a four 1.6 edges apart, floor between, abstained).
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo import read_dice
from vision.sicbo.detect import floor_mask, floor_run
from vision.synth.dice3d import flat_pose
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
