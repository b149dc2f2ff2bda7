"""The dice behind a sic bo decision, added to its event as ``evidence``
(``vision.footage.evidence``): each die's box, face, confidence and pose in the read the
tracker decided on, and for a void the die (or dice) whose pose voided it. Pure, and
cheap: it only copies what the read already holds, no image work."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from vision.footage import Event
from vision.footage.evidence import DieSeen, Evidence, evidence_json
from vision.sicbo.settle import DiceObs, DieObs

__all__ = ["BOX_HALF_REL", "dice_evidence", "with_dice_evidence"]

DECISIONS = ("outcome", "void", "abstain")
BOX_HALF_REL = 0.75  # a die read without its blob's box: its top face's centre +- this x edge
# (a top face turned 45 degrees spans 0.71 edge each way; its sides show a little beyond)
VOID_POSE = {"dice_stacked": "stacked", "dice_leaning": "leaning"}


def dice_evidence(read: DiceObs, reason: str | None = None) -> Evidence:
    """The read's dice; ``blamed``: for a void ``reason``, the dice in its pose (or, when
    none is, every die not flat: a hidden-die void seen by another pose in this read)."""
    dice = tuple(DieSeen(_box(d), d.face, d.confidence, d.pose) for d in read.dice)
    blamed: tuple[int, ...] = ()
    if reason in VOID_POSE:
        blamed = tuple(i for i, d in enumerate(read.dice) if d.pose == VOID_POSE[reason]) or \
            tuple(i for i, d in enumerate(read.dice) if d.pose != "flat")
    return Evidence(dice=dice, blamed=blamed)


def with_dice_evidence(events: Sequence[Event], read: DiceObs | None) -> list[Event]:
    """``events`` with ``evidence`` on each outcome, void and abstain (from ``read``, the
    last dice read of the round; unchanged without one)."""
    if read is None:
        return list(events)
    return [replace(e, extra={**e.extra, "evidence": evidence_json(dice_evidence(read, e.reason))})
            if e.type in DECISIONS else e for e in events]


def _box(d: DieObs) -> tuple[int, int, int, int]:
    if d.box_xyxy is not None:
        x0, y0, x1, y1 = d.box_xyxy
    else:
        half = BOX_HALF_REL * d.edge_px
        (cx, cy) = d.center_xy
        x0, y0, x1, y1 = cx - half, cy - half, cx + half, cy + half
    return round(x0), round(y0), round(x1), round(y1)
