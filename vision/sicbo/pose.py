"""Stage 5: is each die flat, leaning, or stacked on another die?

Heuristics, from the top view alone (documented because they are guesses, not
measurements):

- stacked: two dice whose top faces are closer than ~0.9 of a die edge cannot both
  lie on the floor; the one that looks larger (nearer the camera) is on top and is
  marked "stacked" (its neighbour below keeps its own pose).
- leaning: the top face of a leaning die is tilted towards the camera's side, so it
  is foreshortened: its outline is a long thin rectangle and its pips are ellipses.
  A die is "leaning" when its top face's aspect (long/short side) exceeds
  ``lean_aspect`` x the median aspect of the dice in the image (or an absolute
  ``lean_aspect_abs`` when it is alone), and its top pips are less round than
  ``lean_roundness`` x the median pip roundness (or ``lean_roundness_abs``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.pips import TopFace

if TYPE_CHECKING:
    from vision.sicbo.dice import DieRead

__all__ = ["PoseParams", "assign_poses", "face_aspect"]


@dataclass(frozen=True, slots=True)
class PoseParams:
    stack_distance_rel: float = 0.9   # top-face centres closer than this x edge: stacked
    stack_size_ratio: float = 1.12    # the upper die looks at least this much larger
    lean_aspect: float = 1.45
    lean_aspect_abs: float = 1.8
    lean_roundness: float = 0.7
    lean_roundness_abs: float = 0.5


def face_aspect(blob: Blob) -> float:
    """Long / short side of the blob's minimum-area rectangle (1 = square)."""
    ys, xs = np.nonzero(blob.mask)
    (_, _), (w, h), _ = cv2.minAreaRect(np.stack([xs, ys], 1).astype(np.float32))
    return float(max(w, h) / max(1e-6, min(w, h)))


def _roundness(top: TopFace) -> float:
    return float(np.median([p.roundness for p in top.pips]))


def assign_poses(reads: list[DieRead], blobs: list[Blob], tops: list[TopFace],
                 params: PoseParams = PoseParams()) -> list[DieRead]:
    """New reads with ``pose`` set; inputs are parallel lists, one entry per die."""
    poses = ["flat"] * len(reads)
    aspects = [face_aspect(b) for b in blobs]
    rounds = [_roundness(t) for t in tops]
    for i in range(len(reads)):
        if _leaning(i, aspects, rounds, params):
            poses[i] = "leaning"
    for i, a in enumerate(reads):
        for j, b in enumerate(reads):
            d = np.hypot(a.center_xy[0] - b.center_xy[0], a.center_xy[1] - b.center_xy[1])
            near = d < params.stack_distance_rel * max(a.edge_px, b.edge_px)
            if i != j and near and a.edge_px >= params.stack_size_ratio * b.edge_px:
                poses[i] = "stacked"
    return [dataclasses.replace(r, pose=p) for r, p in zip(reads, poses, strict=True)]


def _leaning(i: int, aspects: list[float], rounds: list[float], params: PoseParams) -> bool:
    others_a = [a for j, a in enumerate(aspects) if j != i]
    others_r = [r for j, r in enumerate(rounds) if j != i]
    if others_a:
        tilted = aspects[i] > params.lean_aspect * float(np.median(others_a))
        squashed = rounds[i] < params.lean_roundness * float(np.median(others_r))
    else:
        tilted = aspects[i] > params.lean_aspect_abs
        squashed = rounds[i] < params.lean_roundness_abs
    return tilted and squashed
