"""Stage 4 (time), its pure part: what a run of dice reads agrees on.

``settle.RoundTracker`` keeps the round's state and decides; these functions only
compare reads (``settle.DiceObs``): the sorted confident faces of one read, the one die
not flat, whether two reads see the same dice at the same places, and an outcome's
confidence from the reads behind it.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from vision.sicbo.points import centre_gap_px

if TYPE_CHECKING:
    from vision.sicbo.settle import DiceObs, DieObs

__all__ = ["at_place", "posed", "reads_confidence", "same_dice", "sorted_faces", "split_pose"]


def sorted_faces(read: DiceObs, floors: tuple[float, ...]) -> tuple[int, int, int] | None:
    """Three flat confident faces, sorted; face v needs ``floors[v - 1]``. A face of 3+
    pips needs less: its confidence already carries the pip layout's fit, informative
    from three pips on (one or two pips fit any layout). A two keeps the strictest floor
    (a 3 with a missed pip reads as 2: once a wrong outcome at 0.972). On the seed-9002
    tuning set's reads (count 3, flat), 0.95 for 3+ pips and 0.97 for a one admitted
    35 more reads right and none wrong."""
    if read.count != 3 or any(d.pose != "flat" for d in read.dice):
        return None
    if any(d.face is None or d.confidence < floors[d.face - 1] for d in read.dice):
        return None
    a, b, c = sorted(d.face for d in read.dice)  # type: ignore[type-var]
    return a, b, c


def posed(read: DiceObs) -> bool:
    """Some die of the read is not flat."""
    return any(d.pose != "flat" for d in read.dice)


def split_pose(read: DiceObs) -> tuple[DiceObs, DiceObs] | None:
    """(the flat dice, the one die not flat), or None unless exactly one is not flat."""
    off = [d for d in read.dice if d.pose != "flat"]
    if len(off) != 1:
        return None
    return (replace(read, dice=tuple(d for d in read.dice if d.pose == "flat")),
            replace(read, dice=tuple(off)))


def same_dice(a: DiceObs, b: DiceObs, rel: float, *, faces: bool = True) -> bool:
    """Same count, and each die of ``b`` at a die of ``a`` (showing the same face)."""
    if a.count != b.count:
        return False
    unused = list(a.dice)
    for die in b.dice:
        match = next((d for d in unused
                      if (d.face == die.face or not faces) and at_place(d, die, rel)), None)
        if match is None:
            return False
        unused.remove(match)
    return True


def at_place(a: DieObs, b: DieObs, rel: float) -> bool:
    """The two dice's centres closer than ``rel`` x the larger edge: one place."""
    return centre_gap_px(a, b) < rel * max(a.edge_px, b.edge_px)


def reads_confidence(reads: list[DiceObs]) -> float:
    """Product of the dice's confidences in the weakest read, raised by agreement."""
    weakest = min(math.prod(d.confidence for d in r.dice) for r in reads)
    doubt = (1.0 - weakest) ** len(reads)
    return float(min(0.9999, 1.0 - doubt))
