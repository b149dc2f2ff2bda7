"""A two's pips lie at opposite corners: two pips at adjacent corners are a washed-out face."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo import read_dice
from vision.sicbo.detect import DetectParams, find_die_blobs
from vision.sicbo.pips import Pip, PipParams, TopFace, find_pips, select_top_face, two_is_diagonal

from .scenes import camera_frame, dome_scene, flat_dice


def _top(*centres: tuple[float, float], edge: float = 40.0) -> TopFace:
    pips = tuple(Pip(c, 50.0, (8.0, 8.0), 0.0, 1.0, 0.0) for c in centres)
    return TopFace(pips, (100.0, 100.0), edge, ())


@pytest.mark.parametrize(
    ("top", "diagonal"),
    [
        (_top((86.0, 86.0), (114.0, 114.0)), True),  # opposite corners, 0.71 edge apart
        (_top((90.0, 90.0), (110.0, 90.0)), False),  # adjacent corners, 0.5 edge apart
        (_top((88.0, 92.0), (110.0, 86.0)), False),  # adjacent, a little stretched (0.57)
        (_top((90.0, 90.0), (110.0, 90.0), (90.0, 110.0)), True),  # not a two: no opinion
    ],
)
def test_two_is_diagonal(top: TopFace, diagonal: bool) -> None:
    assert two_is_diagonal(top) is diagonal


def test_a_four_with_two_adjacent_pips_washed_out_is_not_a_sure_two() -> None:
    clean = np.clip(camera_frame(
        __import__("vision.synth.sicbo_render", fromlist=["x"]).DiceFrameRenderer(
            dome_scene(tilt_deg=15.0)).render(flat_dice([2, 4, 5])),
        np.random.default_rng(4), noise=1.0), 0, 255).astype(np.uint8)
    before = read_dice(clean)
    assert sorted(before.faces) == [2, 4, 5]
    four = next(d for d in before.dice if d.face == 4)
    tops = [select_top_face(find_pips(clean, b, PipParams()), b, PipParams())
            for b in find_die_blobs(clean, DetectParams())]
    top = next(t for t in tops if t is not None and t.count == 4
               and np.hypot(t.center_xy[0] - four.center_xy[0],
                            t.center_xy[1] - four.center_xy[1]) < 0.3 * t.edge_px)
    first, *others = [p.center_xy for p in top.pips]
    nearest = min(others, key=lambda c: np.hypot(c[0] - first[0], c[1] - first[1]))
    washed = clean.copy()
    for x, y in (first, nearest):  # a highlight over two neighbouring pips
        cv2.circle(washed, (round(x), round(y)), round(0.14 * top.edge_px), (255, 255, 255), -1)
    after = read_dice(washed)
    die = min(after.dice, key=lambda d: np.hypot(d.center_xy[0] - four.center_xy[0],
                                                 d.center_xy[1] - four.center_xy[1]))
    assert not (die.face == 2 and die.confidence > 0.5), (die.face, die.confidence)
    others_sure = [d.confidence for d in after.dice if d is not die]
    assert len(others_sure) == 2 and min(others_sure) >= 0.9  # the true two still sure
