"""Pose heuristics (flat / leaning / stacked) on constructed dice."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo.detect import Blob
from vision.sicbo.dice import DieRead
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.pose import assign_poses


def _die(x: float, y: float, edge: float, roundness: float,
         blob_edge: float | None = None) -> tuple[DieRead, Blob, TopFace]:
    pip = Pip(center_xy=(x, y), area_px=0.03 * edge ** 2, axes_px=(6 * roundness, 6.0),
              angle_deg=0.0, inside=1.0, redness=0.0, ring_lum=200.0)
    b = edge if blob_edge is None else blob_edge
    box = (int(x - b / 2), int(y - b / 2), int(x + b / 2), int(y + b / 2))
    blob = Blob(box, np.ones((box[3] - box[1], box[2] - box[0]), bool), b ** 2, 1.0)
    read = DieRead(box_xyxy=box, center_xy=(x, y), face=3, confidence=0.9, pose="flat",
                   top_quad=((0, 0), (1, 0), (1, 1), (0, 1)), edge_px=edge)
    return read, blob, TopFace(pips=(pip, pip), center_xy=(x, y), edge_px=edge, side_pips=())


CASES = [
    # (dice as (x, y, edge, top-pip roundness), expected poses)
    ([(100, 100, 40, 0.95), (300, 100, 40, 0.9), (200, 300, 40, 0.92)],
     ["flat", "flat", "flat"]),                               # three dice apart, all round
    ([(100, 100, 40, 0.95), (300, 100, 40, 0.5), (200, 300, 40, 0.92)],
     ["flat", "leaning", "flat"]),                            # one squashed top face
    ([(100, 100, 40, 0.95), (110, 105, 50, 0.95), (300, 300, 40, 0.9)],
     ["flat", "stacked", "flat"]),                            # a larger die on another
    ([(100, 100, 40, 0.9)], ["flat"]),                       # alone and round
    ([(100, 100, 40, 0.5)], ["leaning"]),                    # alone and squashed
    ([(100, 100, 34, 0.9, 40), (300, 100, 34, 0.9, 40), (200, 300, 44, 0.9, 70)],
     ["flat", "flat", "leaning"]),                            # round pips, side face shows
    ([(100, 100, 34, 0.9, 40), (300, 100, 34, 0.9, 40), (200, 300, 35, 0.9, 70)],
     ["flat", "flat", "flat"]),                               # large blob, normal top: joined
    ([(100, 100, 34, 0.9, 40), (300, 100, 40, 0.9, 48)],
     ["flat", "flat"]),                                       # two dice: no reference
]


@pytest.mark.parametrize(("dice", "expected"), CASES)
def test_poses(dice, expected) -> None:
    reads, blobs, tops = zip(*(_die(*d) for d in dice), strict=True)
    out = assign_poses(list(reads), list(blobs), list(tops))
    assert [r.pose for r in out] == expected
