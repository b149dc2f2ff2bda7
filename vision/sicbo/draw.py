"""Draw a ``DiceReading`` on an image for a technician to check (pure: new image out)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.dice import DiceReading

__all__ = ["draw_reading"]

_POSE_BGR = {"flat": (0, 200, 0), "leaning": (0, 165, 255), "stacked": (255, 0, 255)}


def draw_reading(image_bgr: np.ndarray, reading: DiceReading) -> np.ndarray:
    """A copy of ``image_bgr`` with each die's box, top face and ``face conf`` drawn.

    Box colour: green flat, orange leaning, magenta stacked; red when unread.
    """
    out = image_bgr.copy()
    for die in reading.dice:
        colour = _POSE_BGR[die.pose] if die.face else (0, 0, 255)
        x0, y0, x1, y1 = (int(round(v)) for v in die.box_xyxy)
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, 2)
        quad = np.array(die.top_quad, np.float32).round().astype(np.int32)
        cv2.polylines(out, [quad], True, (255, 200, 0), 1)
        cx, cy = (int(round(v)) for v in die.center_xy)
        cv2.drawMarker(out, (cx, cy), (255, 200, 0), cv2.MARKER_CROSS, 8, 1)
        text = f"{die.face or '?'} {die.confidence:.2f}"
        if die.pose != "flat":
            text += f" {die.pose}"
        cv2.putText(out, text, (x0, max(12, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(out, text, (x0, max(12, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    colour, 1, cv2.LINE_AA)
    return out
