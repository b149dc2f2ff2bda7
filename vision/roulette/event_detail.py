"""Where the reader saw the ball or the object when it decided, added to the decision
event as ``evidence`` (``vision.footage.evidence``): an outcome (or an abstain naming a
number) gets the ball's image position and the pocket, an ``object_in_bowl`` void (or the
abstain an untrusted wheel gives instead) the object's image box, an abstain for a ball
lost, unseen or handled where and when the ball was last seen. Pure and cheap: strip
coordinates the reader already has, mapped to the image by the calibrated ring."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from vision.footage import Event
from vision.footage.evidence import Evidence, evidence_json
from vision.roulette.background import from_mixed_column
from vision.roulette.bowl import ObjectFix
from vision.roulette.track import Seen
from vision.roulette.wheel import COLUMNS, StripGrid, wheel_to_affine

__all__ = ["StripPoint", "ball_xy", "decision_evidence", "object_box_xyxy",
           "with_wheel_evidence"]

DECISIONS = ("outcome", "void", "abstain")
LOST = ("ball_lost", "ball_unseen", "ball_handled")  # abstains that show the last sighting

OBJECT_PAD = 1.3  # an object's box: its patch's square side times this (seed 10801 000 r3:
# a flat plaque's box 1.0 x its area's square cut off a third of it; approximate, for a person)
StripPoint = tuple[float, float]  # (row, column) in the unrolled strip (image columns)


def ball_xy(grid: StripGrid, warp: tuple[float, float], rho: float, theta: float
            ) -> tuple[int, int]:
    """Wheel-plane (rho in ring radii, theta rad) -> image (x, y) px."""
    x, y = grid.geometry.to_image(*wheel_to_affine(np.array(rho), np.array(theta), *warp))
    return round(float(x)), round(float(y))


def object_box_xyxy(grid: StripGrid, warp: tuple[float, float], centre: StripPoint,
                    area_px: float) -> tuple[int, int, int, int]:
    """The image box of a strip patch of ``area_px`` about ``centre``: a square of that
    area in the strip, widened by ``OBJECT_PAD`` (a patch is seldom square), its corners
    and edge midpoints mapped to the image."""
    half = 0.5 * OBJECT_PAD * max(1.0, float(np.sqrt(area_px)))
    row, col = centre
    rows = row + half * np.array([-1, -1, -1, 0, 0, 1, 1, 1])
    cols = col + half * np.array([-1, 0, 1, -1, 1, -1, 0, 1])
    rho = np.interp(rows, np.arange(len(grid.rho_rows)), grid.rho_rows)
    x, y = grid.geometry.to_image(*wheel_to_affine(rho, cols * 2 * np.pi / COLUMNS, *warp))
    return (int(np.floor(x.min())), int(np.floor(y.min())), int(np.ceil(x.max())),
            int(np.ceil(y.max())))


def with_wheel_evidence(events: Sequence[Event], *, ball: tuple[int, int] | None,
                        object_box: tuple[int, int, int, int] | None,
                        last_seen: tuple[int, tuple[int, int]] | None = None) -> list[Event]:
    """``events`` with ``evidence`` on the decisions it describes: the ball on an outcome
    (pocket = its number) or on an abstain naming a ``number``; the object on a void or
    an abstain decided with one in view; on an abstain for a ball lost, unseen or handled
    the ball's last sighting (``last_seen``: frame, image x y), with that frame."""
    out = []
    for e in events:
        ev = None
        number = e.result.number if e.type == "outcome" else e.extra.get("number")  # type: ignore[union-attr]
        if e.type in ("outcome", "abstain") and ball is not None and number is not None:
            ev = Evidence(ball_xy=ball, pocket=int(number))
        elif e.type in ("void", "abstain") and object_box is not None:
            ev = Evidence(object_box_xyxy=object_box)
        elif e.type == "abstain" and e.reason in LOST and last_seen is not None:
            ev = Evidence(ball_xy=last_seen[1], ball_frame=last_seen[0])
        out.append(e if ev is None else replace(e, extra={**e.extra,
                                                           "evidence": evidence_json(ev)}))
    return out


def decision_evidence(events: Sequence[Event], grid: StripGrid, warp: tuple[float, float],
                      ball: Seen | None, obj: ObjectFix | None, head_row: int,
                      zero_col: float, last_seen: Seen | None = None) -> list[Event]:
    """The reader's step: its decisions with the ball the tracker follows, the object
    found this frame (``obj``: mixed strip coordinates, head rows rolled by ``zero_col``)
    and the ball's latest sighting (``last_seen``, for a ball no longer seen)."""
    if not any(e.type in DECISIONS for e in events):
        return list(events)
    box = None
    if obj is not None:
        col = from_mixed_column(int(round(obj.row)), obj.col, head_row, zero_col, COLUMNS)
        box = object_box_xyxy(grid, warp, (obj.row, col), obj.area_px)
    last = None if last_seen is None else (
        last_seen.frame, ball_xy(grid, warp, last_seen.rho, last_seen.theta))
    return with_wheel_evidence(
        events, object_box=box, last_seen=last,
        ball=None if ball is None else ball_xy(grid, warp, ball.rho, ball.theta))
