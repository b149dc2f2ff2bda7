"""Scene-level pose evidence on top of the per-image dice reader's own poses.

The dice reader judges each die from its own pixels. Across the dice of one frame
there is more to see, from the top view alone:

- two top faces closer than ``stack_rel`` x the die edge cannot both lie on the floor:
  the larger-looking one (nearer the camera) is on top -> ``stacked``; only when both
  faces are read with some confidence (``stack_conf``): one die found twice, as two
  weak half-faces, is not a stack; nor where the smaller-looking die was seen leaning by
  the reader (tipped, its face smaller for its tilt, it lies against the other, its
  upturned face over the other's edge: fresh seed 14504 (spent) clip 022 r4, 800x600, a
  die tipped against a one, its six 0.65 edge from the one's face and 0.8 x its size,
  read leaning at 0.98: the one was called stacked and the round voided dice_stacked,
  truth dice_leaning);
- a die whose apparent edge is below ``lean_size`` x the median of the others is seen
  at a slant (its top face tilted away from the camera) -> ``leaning`` (off by default:
  the per-image edge estimates vary too much for it yet).

- a small piece read unsurely and posed not flat (a pressed pair: ``merged``) whose face
  lies within ``piece_rel`` x edge of a surely read flat die's face is the lower die of a
  stack showing under the upper one (its side faces and the upper die's, one pip read
  among them) -> the sure die is ``stacked`` (fresh seed-10304 clip 018 r3: a four read
  at 1.0, a "five" at 0.17 with a 0.64-edge face 0.79 edge from it, voided leaning). A
  die leaning on another has its face 1.2-1.5 edges from the support's (``merged.
  close_dice``). It only renames a pose the reader already gave (no new void).

Apparent size alone does not tell a stacked die: one die edge nearer a camera ~0.5 m
away makes it look only ~3% larger. The strongest stacked cue, exactly two dice visible
on several still frames (the third hidden under one of them), needs time and lives in
the round tracker (``settle``).

Returns new observations; the input is not changed.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from vision.sicbo.settle import DiceObs, DieObs

__all__ = ["EvidenceParams", "refine_poses"]


@dataclass(frozen=True, slots=True)
class EvidenceParams:
    stack_rel: float = 0.7
    stack_conf: float = 0.5         # both faces of a stacked pair read at least this surely
    lean_size: float = 0.0          # 0 disables the size test for leaning
    piece_rel: float = 0.9          # a posed piece this near a sure die's face (x its edge),
    piece_edge: float = 0.75        # ... its face below this x the sure die's edge,
    piece_conf: float = 0.5         # ... read below this, the sure die read at least
    sure_conf: float = 0.9          # ... this surely: the sure die is stacked on it

    def __post_init__(self) -> None:
        if self.stack_rel <= 0 or not 0 <= self.lean_size < 1:
            raise ValueError(f"need stack_rel > 0 and 0 <= lean_size < 1, got {self}")


def refine_poses(obs: DiceObs, params: EvidenceParams = EvidenceParams()) -> DiceObs:
    poses = [d.pose for d in obs.dice]
    for i in _stacked(obs.dice, params) | _on_piece(obs.dice, params):
        poses[i] = "stacked"
    for i in _leaning(obs.dice, params):
        if poses[i] == "flat":
            poses[i] = "leaning"
    if poses == [d.pose for d in obs.dice]:
        return obs
    return dataclasses.replace(obs, dice=tuple(dataclasses.replace(d, pose=p)
                                               for d, p in zip(obs.dice, poses, strict=True)))


def _stacked(dice: tuple[DieObs, ...], params: EvidenceParams) -> set[int]:
    out: set[int] = set()
    for i, a in enumerate(dice):
        for j, b in enumerate(dice):
            d = math.hypot(a.center_xy[0] - b.center_xy[0], a.center_xy[1] - b.center_xy[1])
            sure = min(a.confidence, b.confidence) >= params.stack_conf
            upper, lower = (a, b) if a.edge_px >= b.edge_px else (b, a)
            if i < j and sure and d < params.stack_rel * upper.edge_px \
                    and lower.pose != "leaning":
                out.add(i if upper is a else j)
    return out


def _on_piece(dice: tuple[DieObs, ...], params: EvidenceParams) -> set[int]:
    """Surely read flat dice with a small, unsure, posed piece by their face: stacked."""
    out: set[int] = set()
    for i, a in enumerate(dice):
        if a.pose != "flat" or a.confidence < params.sure_conf:
            continue
        for b in dice:
            d = math.hypot(a.center_xy[0] - b.center_xy[0], a.center_xy[1] - b.center_xy[1])
            if (b.pose != "flat" and b.confidence < params.piece_conf
                    and b.edge_px < params.piece_edge * a.edge_px
                    and d < params.piece_rel * a.edge_px):
                out.add(i)
    return out


def _leaning(dice: tuple[DieObs, ...], params: EvidenceParams) -> set[int]:
    if params.lean_size <= 0 or len(dice) < 3:
        return set()
    out = set()
    for i, d in enumerate(dice):
        others = float(np.median([o.edge_px for j, o in enumerate(dice) if j != i]))
        if d.edge_px < params.lean_size * others:
            out.add(i)
    return out
