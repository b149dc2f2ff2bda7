"""What the reader saw when it decided: the ``evidence`` field of decision events.

Readers add it to ``outcome``, ``void`` and ``abstain`` events (the scorer ignores it;
the contract's required fields are unchanged), so a supervisor can see which die the
reader blamed for a void or where it saw the ball (docs/evaluation.md, "Evidence"):

    sic bo:   {"dice": [{"box_xyxy": [x0, y0, x1, y1], "face": 5, "confidence": 0.99,
                         "pose": "flat"}, ...], "blamed": [1]}
    roulette: {"ball_xy": [x, y], "pocket": 17}      (an outcome, or a ball_put_back abstain)
              {"object_box_xyxy": [x0, y0, x1, y1]}  (an object_in_bowl void)

Image pixels of the full frame, ints; ``blamed`` (void only) indexes ``dice``.
``parse_evidence`` is lenient: an event without evidence (older event files) or with a
malformed one yields None, and the picture is drawn without marks. ``draw_evidence``
draws it over a (possibly scaled) frame: the blamed die red with its pose, the others
green with face and confidence, the ball a yellow ring, an object a red box.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

__all__ = ["BLAMED_BGR", "DieSeen", "Evidence", "draw_evidence", "evidence_json",
           "legend_text", "parse_evidence"]

BLAMED_BGR = (0, 0, 255)
SEEN_BGR = (0, 220, 0)
BALL_BGR = (0, 230, 255)
_FONT = cv2.FONT_HERSHEY_SIMPLEX
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class DieSeen:
    """One die at the decision: its box (xyxy px), face (None: unread), confidence, pose."""

    box_xyxy: Box
    face: int | None
    confidence: float
    pose: str


@dataclass(frozen=True, slots=True)
class Evidence:
    """Parsed ``evidence``: dice (sic bo) or ball/object (roulette); absent parts empty."""

    dice: tuple[DieSeen, ...] = ()
    blamed: tuple[int, ...] = ()
    ball_xy: tuple[int, int] | None = None
    pocket: int | None = None
    object_box_xyxy: Box | None = None


def evidence_json(ev: Evidence) -> dict[str, Any]:
    """The small JSON form (ints for pixels, 3 decimals for confidences)."""
    out: dict[str, Any] = {}
    if ev.dice:
        out["dice"] = [{"box_xyxy": list(d.box_xyxy), "face": d.face,
                        "confidence": round(float(d.confidence), 3), "pose": d.pose}
                       for d in ev.dice]
    if ev.blamed:
        out["blamed"] = list(ev.blamed)
    if ev.ball_xy is not None:
        out["ball_xy"] = list(ev.ball_xy)
    if ev.pocket is not None:
        out["pocket"] = ev.pocket
    if ev.object_box_xyxy is not None:
        out["object_box_xyxy"] = list(ev.object_box_xyxy)
    return out


def parse_evidence(extra: Mapping[str, Any]) -> Evidence | None:
    """An event's ``extra`` -> its Evidence, None when absent or malformed."""
    raw = extra.get("evidence")
    if not isinstance(raw, dict):
        return None
    try:
        dice = tuple(DieSeen(_box(d["box_xyxy"]), d.get("face"), float(d["confidence"]),
                             str(d["pose"])) for d in raw.get("dice", ()))
        blamed = tuple(int(i) for i in raw.get("blamed", ()) if 0 <= int(i) < len(dice))
        ball = raw.get("ball_xy")
        obj = raw.get("object_box_xyxy")
        pocket = raw.get("pocket")
        return Evidence(dice, blamed,
                        None if ball is None else (int(ball[0]), int(ball[1])),
                        None if pocket is None else int(pocket),
                        None if obj is None else _box(obj))
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _box(values: Sequence[Any]) -> Box:
    x0, y0, x1, y1 = (int(round(float(v))) for v in values)
    return x0, y0, x1, y1


def legend_text(ev: Evidence | None) -> str:
    """One line saying what the marks mean ('' without evidence)."""
    if ev is None:
        return ""
    parts = []
    if ev.blamed:
        parts.append("red: die blamed (pose face conf)")
    if len(ev.blamed) < len(ev.dice):
        parts.append("green: die seen (face conf pose)")
    if ev.ball_xy is not None:
        parts.append("yellow ring: ball" + (f" in {ev.pocket}" if ev.pocket is not None else ""))
    if ev.object_box_xyxy is not None:
        parts.append("red box: object in the bowl")
    return "  ".join(parts)


def draw_evidence(frame_bgr: np.ndarray, ev: Evidence | None, scale: float = 1.0
                  ) -> np.ndarray:
    """A copy of ``frame_bgr`` (the decision frame resized by ``scale``) with the marks;
    line and text sizes follow the picture's width so they stay legible in a thumbnail."""
    out = frame_bgr.copy()
    if ev is None:
        return out
    w = out.shape[1]
    thick = max(1, round(w / 320))
    font = max(0.35, w / 900)

    def px(v: float) -> int:
        return int(round(v * scale))

    for i, d in enumerate(ev.dice):
        blamed = i in ev.blamed
        colour = BLAMED_BGR if blamed else SEEN_BGR
        x0, y0, x1, y1 = (px(v) for v in d.box_xyxy)
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, thick + blamed, cv2.LINE_AA)
        face = "?" if d.face is None else str(d.face)
        text = f"{face} {d.confidence:.2f}"
        text = f"{d.pose} {text}" if blamed else text + ("" if d.pose == "flat" else f" {d.pose}")
        _tag(out, text, (x0, y1) if blamed else (x0, y0), colour, font, below=blamed)
    if ev.ball_xy is not None:
        r = max(5, round(w / 50))
        centre = (px(ev.ball_xy[0]), px(ev.ball_xy[1]))
        cv2.circle(out, centre, r, (0, 0, 0), thick + 2, cv2.LINE_AA)
        cv2.circle(out, centre, r, BALL_BGR, thick, cv2.LINE_AA)
        if ev.pocket is not None:
            _tag(out, str(ev.pocket), (centre[0] - r, centre[1] - r), BALL_BGR, font)
    if ev.object_box_xyxy is not None:
        x0, y0, x1, y1 = (px(v) for v in ev.object_box_xyxy)
        cv2.rectangle(out, (x0, y0), (x1, y1), BLAMED_BGR, thick + 1, cv2.LINE_AA)
        _tag(out, "object", (x0, y1), BLAMED_BGR, font, below=True)
    return out


def _tag(img: np.ndarray, text: str, corner_xy: tuple[int, int],
         colour: tuple[int, int, int], font: float, below: bool = False) -> None:
    """``text`` on a dark tag just above ``corner_xy`` (or below it: ``below``, or at the
    top edge), kept inside the picture."""
    ink = max(1, round(img.shape[1] / 640))   # a stroke a full-size frame shows
    (tw, th), base = cv2.getTextSize(text, _FONT, font, ink)
    x = int(np.clip(corner_xy[0], 0, max(0, img.shape[1] - tw - 4)))
    above = corner_xy[1] - 3
    if below or above - th - base < 0:
        y = min(corner_xy[1] + th + 4, img.shape[0] - base - 1)
    else:
        y = above
    cv2.rectangle(img, (x, y - th - 2), (x + tw + 4, y + base), (20, 20, 20), -1)
    cv2.putText(img, text, (x + 2, y), _FONT, font, colour, ink, cv2.LINE_AA)
