"""What the reader saw when it decided: the ``evidence`` field of decision events.

Readers add it to ``outcome``, ``void`` and ``abstain`` events (the scorer ignores it;
the contract's required fields are unchanged), so a supervisor can see which die the
reader blamed for a void or where it saw the ball (docs/evaluation.md, "Evidence"):

    sic bo:   {"dice": [{"box_xyxy": [x0, y0, x1, y1], "face": 5, "confidence": 0.99,
                         "pose": "flat"}, ...], "blamed": [1]}
    roulette: {"ball_xy": [x, y], "pocket": 17}      (an outcome, or a ball_put_back abstain)
              {"object_box_xyxy": [x0, y0, x1, y1]}  (an object_in_bowl void)
              {"ball_xy": [x, y], "ball_frame": 2540}  (an abstain for a ball lost, unseen
                                                     or handled: where it was last seen)

Image pixels of the full frame, ints; ``blamed`` (void only) indexes ``dice``;
``ball_frame`` (absent: the decision frame) is the frame ``ball_xy`` was seen on.
``parse_evidence`` is lenient: an event without evidence (older event files) or with a
malformed one yields None, and the picture is drawn without marks. ``draw_evidence``
draws it over a (possibly scaled) frame: the blamed die red with its pose, the others
green with face and confidence (orange where the reader was not sure enough of it to pay:
the die that made a round abstain), the ball a yellow ring, an object a red box.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

__all__ = ["BLAMED_BGR", "DieSeen", "Evidence", "draw_evidence", "evidence_json",
           "legend_text", "parse_evidence", "tag_place"]

BLAMED_BGR = (0, 0, 255)
SEEN_BGR = (0, 220, 0)
BALL_BGR = (0, 230, 255)
UNSURE_BGR = (0, 140, 255)     # orange: a die read below UNSURE_BELOW
UNSURE_BELOW = 0.95            # the least sure a die of a paid sic bo outcome is read
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
    ball_frame: int | None = None  # the frame ball_xy is from (None: the decision's)


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
    if ev.ball_frame is not None:
        out["ball_frame"] = ev.ball_frame
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
        frame = raw.get("ball_frame")
        return Evidence(dice, blamed,
                        None if ball is None else (int(ball[0]), int(ball[1])),
                        None if pocket is None else int(pocket),
                        None if obj is None else _box(obj),
                        None if frame is None or ball is None else int(frame))
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
    seen = [d for i, d in enumerate(ev.dice) if i not in ev.blamed]
    if any(d.confidence >= UNSURE_BELOW for d in seen):
        parts.append("green: die seen (face conf pose)")
    if any(d.confidence < UNSURE_BELOW for d in seen):
        parts.append("orange: die not sure enough to pay")
    if ev.ball_xy is not None and ev.ball_frame is not None:
        parts.append(f"yellow ring: ball last seen @{ev.ball_frame}")
    elif ev.ball_xy is not None:
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

    boxes = [tuple(px(v) for v in d.box_xyxy) for d in ev.dice]
    taken: list[Box] = list(boxes)                 # tags keep off every die and each other
    for i, (d, box) in enumerate(zip(ev.dice, boxes, strict=True)):
        blamed = i in ev.blamed
        colour = BLAMED_BGR if blamed else SEEN_BGR if d.confidence >= UNSURE_BELOW \
            else UNSURE_BGR
        x0, y0, x1, y1 = box
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, thick + blamed, cv2.LINE_AA)
        face = "?" if d.face is None else str(d.face)
        text = f"{face} {d.confidence:.2f}"
        text = f"{d.pose} {text}" if blamed else text + ("" if d.pose == "flat" else f" {d.pose}")
        taken.append(_tag(out, text, box, colour, font, below=blamed, taken=taken))
    if ev.ball_xy is not None:
        r = max(5, round(w / 50))
        centre = (px(ev.ball_xy[0]), px(ev.ball_xy[1]))
        cv2.circle(out, centre, r, (0, 0, 0), thick + 2, cv2.LINE_AA)
        cv2.circle(out, centre, r, BALL_BGR, thick, cv2.LINE_AA)
        tag = str(ev.pocket) if ev.pocket is not None else (
            None if ev.ball_frame is None else f"@{ev.ball_frame}")
        if tag is not None:
            ring = (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)
            _tag(out, tag, ring, BALL_BGR, font)
    if ev.object_box_xyxy is not None:
        box = tuple(px(v) for v in ev.object_box_xyxy)
        cv2.rectangle(out, box[:2], box[2:], BLAMED_BGR, thick + 1, cv2.LINE_AA)
        _tag(out, "object", box, BLAMED_BGR, font, below=True)
    return out


def _tag(img: np.ndarray, text: str, box: Box, colour: tuple[int, int, int], font: float,
         below: bool = False, taken: Sequence[Box] = ()) -> Box:
    """``text`` on a dark tag at ``box``'s left corner, above it (``below``: under it), kept
    inside the picture and, where there is room, off every rectangle in ``taken`` (other
    dice and their tags: close dice in a small thumbnail would otherwise hide each other's
    labels). Returns the tag's rectangle."""
    ink = max(1, round(img.shape[1] / 640))   # a stroke a full-size frame shows
    (tw, th), base = cv2.getTextSize(text, _FONT, font, ink)
    x, y = tag_place((tw + 4, th + base + 2), box, img.shape[:2], below, taken)
    cv2.rectangle(img, (x, y), (x + tw + 4, y + th + base + 2), (20, 20, 20), -1)
    cv2.putText(img, text, (x + 2, y + th + 2), _FONT, font, colour, ink, cv2.LINE_AA)
    return (x, y, x + tw + 4, y + th + base + 2)


def tag_place(size_wh: tuple[int, int], box: Box, image_hw: tuple[int, int], below: bool,
              taken: Sequence[Box] = ()) -> tuple[int, int]:
    """Top-left corner for a ``size_wh`` label of ``box`` in an ``image_hw`` picture (pure).

    Tries, in order: the preferred side (above the box, or below it when ``below``), the
    other side, then further out on either side and to the box's right; the first spot
    inside the picture that overlaps nothing in ``taken`` wins, else the preferred spot."""
    tw, th = size_wh
    h, w = image_hw
    x0, y0, x1, y1 = box
    above, under = y0 - 1 - th, y1 + 1
    sides = [under, above] if below else [above, under]
    spots = [(x0, y) for y in sides]
    out = 1 if below else -1                        # away from the box, on the preferred side
    for k in range(1, 4):
        spots += [(x0, sides[0] + out * k * th), (x0, sides[1] - out * k * th)]
    spots += [(x1 + 2, y0), (x1 + 2, y1 - th), (x0 - tw - 2, y0)]

    def fit(x: int, y: int) -> tuple[int, int]:
        return int(np.clip(x, 0, max(0, w - tw))), int(np.clip(y, 0, max(0, h - th)))

    def clear(x: int, y: int) -> bool:
        return all(x + tw <= a or x >= c or y + th <= b or y >= d for a, b, c, d in taken)

    for x, y in spots:
        if 0 <= y <= h - th and clear(*fit(x, y)):
            return fit(x, y)
    return fit(*spots[0])
