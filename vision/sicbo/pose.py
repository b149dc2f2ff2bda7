"""Stage 5: is each die flat, leaning, or stacked on another die?

Heuristics, from the top view alone (documented because they are guesses, not
measurements):

- stacked: two dice whose top faces are closer than ~0.9 of a die edge cannot both
  lie on the floor; the one that looks larger (nearer the camera) is on top and is
  marked "stacked" (its neighbour below keeps its own pose).
- leaning: a leaning die's top face is tipped, so its pips are foreshortened. A die
  is "leaning" when its top pips' median roundness is below ``lean_roundness`` x the
  roundest top face among the other dice in the image (below ``lean_roundness_abs``
  when it is alone). Weak: a die leaning towards the camera's tilt looks flat from
  one view, and a side face turned up is not yet used (it fired on flat dice seen
  from beyond 30 degrees in the real photo set).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.pips import TopFace

if TYPE_CHECKING:
    from vision.sicbo.dice import DieRead

__all__ = ["PoseParams", "assign_poses"]


@dataclass(frozen=True, slots=True)
class PoseParams:
    stack_distance_rel: float = 0.9   # top-face centres closer than this x edge: stacked
    stack_size_ratio: float = 1.12    # the upper die looks at least this much larger
    lean_roundness: float = 0.7
    lean_roundness_abs: float = 0.62
    lean_blob_rel: float = 1.3        # blob edge / median of the other dice' blob edges
    lean_top_rel: float = 1.1         # top-face edge / median of the others' top edges


def _roundness(top: TopFace) -> float:
    return float(np.median([p.roundness for p in top.pips]))


def assign_poses(reads: list[DieRead], blobs: list[Blob], tops: list[TopFace],
                 params: PoseParams = PoseParams()) -> list[DieRead]:
    """New reads with ``pose`` set; inputs are parallel lists, one entry per die."""
    poses = ["flat"] * len(reads)
    rounds = [_roundness(t) for t in tops]
    for i in range(len(tops)):
        if _leaning(i, rounds, params) or _side_showing(i, blobs, reads, tops, params):
            poses[i] = "leaning"
    for i, a in enumerate(reads):
        for j, b in enumerate(reads):
            d = np.hypot(a.center_xy[0] - b.center_xy[0], a.center_xy[1] - b.center_xy[1])
            near = d < params.stack_distance_rel * max(a.edge_px, b.edge_px)
            if i != j and near and a.edge_px >= params.stack_size_ratio * b.edge_px:
                poses[i] = "stacked"
    return [dataclasses.replace(r, pose=p) for r, p in zip(reads, poses, strict=True)]


def _leaning(i: int, rounds: list[float], params: PoseParams) -> bool:
    others = [r for j, r in enumerate(rounds) if j != i]
    ref = params.lean_roundness * max(others) if others else params.lean_roundness_abs
    return rounds[i] < ref


def _side_showing(i: int, blobs: list[Blob], reads: list[DieRead], tops: list[TopFace],
                  params: PoseParams) -> bool:
    """Blob and top face both much larger than the other dice': a side face shows."""
    if len(reads) < 3 or tops[i].count < 2:      # one pip: its face edge is a guess
        return False
    blob_ref = float(np.median([b.edge_px for j, b in enumerate(blobs) if j != i]))
    top_ref = float(np.median([r.edge_px for j, r in enumerate(reads) if j != i]))
    return (blobs[i].edge_px >= params.lean_blob_rel * blob_ref
            and reads[i].edge_px >= params.lean_top_rel * top_ref)
