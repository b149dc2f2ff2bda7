"""Rendered known dice through the whole reader (real per-image dice reader): every face
in both pip styles -> the outcome; a leaning die, a stacked die -> the void. A die
leaning on the dome wall is found with a confident top face: without the pose stage's
silhouette cue it gave a WRONG outcome; it must void.

A die leaning on another (western pips, 10 degrees) is voided: the merged blob shows
the leaning die's face beside the support's (``vision.sicbo.merged``). A stacked die,
and the leaning pair on the chinese-pip clip, are seen as two dice only: the larger
blob holds the hidden die (``vision.sicbo.pose.pair_pose``), a stack when its top face
reads cleanly, else a leaning pair."""

from __future__ import annotations

import numpy as np
import pytest

from vision.synth.dice3d import DiceStyle

from .scenes import (
    dome_scene,
    flat_dice,
    leaning_dice,
    round_decisions,
    stacked_dice,
    wall_leaning_dice,
)

CLIPS = [
    # every face, black pips on a green floor, camera 10 degrees off vertical
    pytest.param("western", (50.0, 105.0, 35.0), 10.0,
                 [flat_dice([1, 2, 3]), flat_dice([4, 5, 6], yaw=1.1)],
                 [(1, 2, 3), (4, 5, 6)], id="faces-western"),
    # every face, red 1 and 4 on a blue floor, camera 25 degrees off vertical
    pytest.param("chinese", (120.0, 60.0, 20.0), 25.0,
                 [flat_dice([1, 2, 3], yaw=0.8), flat_dice([4, 5, 6])],
                 [(1, 2, 3), (4, 5, 6)], id="faces-chinese"),
    # a die leaning 20 degrees on the dome wall, all three found: its top face reads as a
    # confident face, only its silhouette (a side face shows) tells it is not flat
    pytest.param("western", (50.0, 105.0, 35.0), 10.0,
                 [wall_leaning_dice([5, 6, 6], 2 * np.pi / 3, yaw=2.2)],
                 ["dice_leaning"], id="wall-lean-western"),
    pytest.param("chinese", (50.0, 105.0, 35.0), 25.0,
                 [wall_leaning_dice([4, 4, 5], np.pi / 3, yaw=1.2)],
                 ["dice_leaning"], id="wall-lean-chinese"),
    # a die leaning on another: the pair is one blob, the leaning die's upturned face is
    # found beside the support's top face (vision.sicbo.merged)
    pytest.param("western", (50.0, 105.0, 35.0), 10.0, [leaning_dice([3, 5, 2])],
                 ["dice_leaning"], id="lean-on-die-western"),
    # the same on a blue floor, 25 degrees: only two dice are seen, one blob holding the
    # pair with an unsure top face (vision.sicbo.pose.pair_pose)
    pytest.param("chinese", (120.0, 60.0, 20.0), 25.0, [leaning_dice([4, 6, 1])],
                 ["dice_leaning"], id="lean-on-die-chinese"),
    # one die lying on another: only two dice are seen, one blob carries the lower die
    pytest.param("western", (50.0, 105.0, 35.0), 10.0, [stacked_dice([6, 4, 1])],
                 ["dice_stacked"], id="stacked-western"),
    pytest.param("chinese", (120.0, 60.0, 20.0), 25.0, [stacked_dice([2, 1, 5])],
                 ["dice_stacked"], id="stacked-chinese"),
]


@pytest.mark.parametrize("pips,floor,tilt,rounds,expected", CLIPS)
def test_rendered_rounds(pips: str, floor: tuple, tilt: float, rounds: list,
                         expected: list) -> None:
    scene = dome_scene(tilt_deg=tilt, floor_bgr=floor)
    got = []
    for start, decided in round_decisions(scene, rounds, style=DiceStyle(pip_style=pips),
                                          seed=11):
        got.append([e.result.dice if e.type == "outcome" else e.reason for e in decided])
        assert all(e.frame >= start for e in decided if e.type == "outcome")  # never early
    assert got == [[x] for x in expected]
