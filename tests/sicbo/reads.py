"""A die read built by hand (the tests' shared helpers): a square, axis-aligned die at a
place, with its face, confidence and, where they disagree, what pips and CNN said; a one
with its blob and top face, for the pose rules; a round's reads fed to the settle tracker."""

from __future__ import annotations

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.reading import DieRead
from vision.sicbo.settle import DiceObs, FrameObs, RoundTracker


def square_die(x: float, y: float, face: int, conf: float, edge: float,
               pip_face: int | None = None, cnn_face: int | None = None) -> DieRead:
    """A flat die of ``edge`` px centred at (``x``, ``y``), read ``face`` at ``conf``."""
    h = 0.5 * edge
    return DieRead(box_xyxy=(x - h, y - h, x + h, y + h), center_xy=(x, y), face=face,
                   confidence=conf, pose="flat",
                   top_quad=((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)),
                   edge_px=edge, pip_face=pip_face or face, cnn_face=cnn_face or face)


def one_with_blob(x: float, y: float, side: int, dx: float = 0.0,
                  dy: float = 0.0) -> tuple[DieRead, Blob, TopFace]:
    """A one at (``x``, ``y``) read 0.99 (face edge 40 px) whose square blob of ``side`` px
    is centred (``dx``, ``dy``) off it."""
    cx, cy = x + dx, y + dy
    box = (int(cx - side / 2), int(cy - side / 2), int(cx - side / 2) + side,
           int(cy - side / 2) + side)
    blob = Blob(box, np.ones((side, side), bool), float(side * side), 1.0)
    pip = Pip(center_xy=(x, y), area_px=120.0, axes_px=(12.0, 12.0), angle_deg=0.0,
              inside=1.0, redness=0.0, ring_lum=200.0)
    read = DieRead(box_xyxy=box, center_xy=(x, y), face=1, confidence=0.99, pose="flat",
                   top_quad=((0, 0), (1, 0), (1, 1), (0, 1)), edge_px=40.0)
    return read, blob, TopFace(pips=(pip,), center_xy=(x, y), edge_px=40.0, side_pips=())


def decisions(reads: list[DiceObs]) -> list[tuple[str, int, str | None]]:
    """The decisions (type, frame, reason) of a round whose reads come one per frame, the
    lid off and the dice still from frame 0."""
    tracker = RoundTracker()
    out = []
    for frame, read in enumerate(reads):
        for ev in tracker.update(FrameObs(frame, False, False, read)):
            if ev.type in ("outcome", "void", "abstain"):
                out.append((ev.type, ev.frame, ev.reason))
    return out
