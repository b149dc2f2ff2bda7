"""A lone top pip under half the other faces' pip area is no one's pip (``pose.small_one``):
not tilt evidence, and the face is not trusted. Fresh seed 13304 (spent) clip 011 r2
frame 447 (1024x576): a flat one read by a red side pip of 20 px^2, 0.51 round, against a
two's 55-56 px^2: called leaning, voided dice_leaning (truth 1-1-2, all flat)."""

from __future__ import annotations

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.dice import DieRead
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.pose import assign_poses, small_one


def _die(x: float, face: int, areas: list[float], roundness: float,
         conf: float) -> tuple[DieRead, Blob, TopFace]:
    pips = tuple(Pip(center_xy=(x + 8 * k, 100.0), area_px=a,
                     axes_px=(8 * roundness, 8.0), angle_deg=0.0, inside=1.0, redness=0.0,
                     ring_lum=200.0) for k, a in enumerate(areas))
    box = (int(x - 26), 74, int(x + 26), 126)
    blob = Blob(box, np.ones((52, 52), bool), 52.0 ** 2, 1.0)
    read = DieRead(box_xyxy=box, center_xy=(x, 100.0), face=face, confidence=conf,
                   pose="flat", top_quad=((0, 0), (1, 0), (1, 1), (0, 1)), edge_px=52.0)
    return read, blob, TopFace(pips=pips, center_xy=(x, 100.0), edge_px=52.0, side_pips=())


def _scene(one_area: float) -> tuple[list, list, list]:
    dice = [_die(100, 1, [324.0], 0.85, 0.997), _die(300, 2, [55.0, 56.0], 0.88, 0.998),
            _die(500, 1, [one_area], 0.51, 0.9)]
    reads, blobs, tops = zip(*dice, strict=True)
    return list(reads), list(blobs), list(tops)


def test_a_tiny_lone_pip_is_no_tilt_evidence() -> None:
    reads, blobs, tops = _scene(20.0)
    assert small_one(2, tops)
    assert [r.pose for r in assign_poses(reads, blobs, tops)] == ["flat"] * 3


def test_a_one_sized_squashed_pip_still_tilts() -> None:
    reads, blobs, tops = _scene(90.0)      # a one's pip seen squashed: tipped
    assert not small_one(2, tops)
    assert [r.pose for r in assign_poses(reads, blobs, tops)] == ["flat", "flat", "leaning"]
