"""Draw the table's state over a frame (phase, camera state, recent decisions, and on a
decision's evidence frame what the reader saw) and encode it."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.footage.evidence import Evidence, draw_evidence, legend_text

__all__ = ["annotate", "encode_jpeg", "placeholder"]

_FONT = cv2.FONT_HERSHEY_SIMPLEX


def annotate(frame_bgr: np.ndarray, lines: Sequence[str], seen: Evidence | None = None
             ) -> np.ndarray:
    """A copy of the frame with ``lines`` written top-left on a dark band; (H, W, 3) uint8.
    With ``seen`` (a decision's evidence, ``vision.footage.evidence``), what the reader saw
    is drawn too (dice boxes, the blamed die in red, the ball or the object) and a legend
    line says which is which."""
    out = draw_evidence(frame_bgr, seen)
    legend = legend_text(seen)
    lines = [*lines, legend] if legend else lines
    h, w = out.shape[:2]
    scale = max(0.4, min(1.2, w / 1280))
    step = int(30 * scale) + 4
    band_h = min(h, step * len(lines) + 8)
    out[:band_h] = (out[:band_h] * 0.35).astype(np.uint8)
    for i, text in enumerate(lines):
        y = step * (i + 1)
        cv2.putText(out, text, (8, y), _FONT, scale, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def placeholder(lines: Sequence[str], width: int = 640, height: int = 360) -> np.ndarray:
    """A grey frame carrying the state text, shown while a camera has no picture."""
    return annotate(np.full((height, width, 3), 64, np.uint8), lines)


def encode_jpeg(frame_bgr: np.ndarray, quality: int = 80) -> bytes:
    ok, buf = cv2.imencode(".jpg", frame_bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError(f"cannot encode a frame of shape {frame_bgr.shape} as JPEG")
    return buf.tobytes()
