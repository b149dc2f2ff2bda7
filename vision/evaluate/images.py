"""Pictures for the report: latency histograms, annotated thumbnails, frame decoding.

``histogram_bgr`` and ``annotate`` are pure (arrays in, new arrays out); ``read_frames``
is the one function here that opens a video.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import cv2
import numpy as np

__all__ = ["annotate", "histogram_bgr", "label", "read_frames"]

_FONT = cv2.FONT_HERSHEY_SIMPLEX
_INK = (40, 40, 40)
_GRID = (225, 225, 225)


def _bins(values: np.ndarray, count: int) -> np.ndarray:
    """Edges on a 'nice' step covering the values and 0."""
    lo, hi = min(0.0, float(values.min())), max(float(values.max()), 0.1)
    raw = (hi - lo) / count
    step = next(s for s in (0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 1e9)
                if s >= raw)
    start = np.floor(lo / step) * step
    n = int(np.ceil((hi - start) / step + 1e-9)) or 1
    if start + n * step <= hi:
        n += 1
    return start + step * np.arange(n + 1)


def histogram_bgr(values: Sequence[float], title: str, colour_bgr: tuple[int, int, int],
                  size_wh: tuple[int, int] = (640, 260), bins: int = 24) -> np.ndarray:
    """A bar chart of ``values`` (seconds) as an (H, W, 3) uint8 image, axes labelled."""
    w, h = size_wh
    img = np.full((h, w, 3), 255, np.uint8)
    left, right, top, bottom = 48, 16, 34, 40
    cv2.putText(img, title, (left, 22), _FONT, 0.5, _INK, 1, cv2.LINE_AA)
    if not values:
        cv2.putText(img, "no values", (w // 2 - 40, h // 2), _FONT, 0.5, _INK, 1, cv2.LINE_AA)
        return img
    data = np.asarray(values, dtype=np.float64)
    edges = _bins(data, bins)
    counts, _ = np.histogram(data, edges)
    peak = int(counts.max())
    x = np.linspace(left, w - right, len(edges)).round().astype(int)

    def y(c: float) -> int:
        return int(round(h - bottom - (h - top - bottom) * c / peak))

    for tick in _ticks(peak):
        cv2.line(img, (left, y(tick)), (w - right, y(tick)), _GRID, 1)
        cv2.putText(img, str(tick), (8, y(tick) + 4), _FONT, 0.4, _INK, 1, cv2.LINE_AA)
    for i, c in enumerate(counts):
        if c:
            cv2.rectangle(img, (x[i] + 1, y(c)), (x[i + 1] - 1, h - bottom), colour_bgr, -1)
    cv2.line(img, (left, h - bottom), (w - right, h - bottom), _INK, 1)
    label_every = max(1, len(edges) // 8)
    for i in range(0, len(edges), label_every):
        cv2.line(img, (x[i], h - bottom), (x[i], h - bottom + 4), _INK, 1)
        cv2.putText(img, f"{edges[i]:g}", (x[i] - 10, h - bottom + 18), _FONT, 0.4, _INK, 1,
                    cv2.LINE_AA)
    cv2.putText(img, "seconds", (w // 2 - 28, h - 6), _FONT, 0.45, _INK, 1, cv2.LINE_AA)
    return img


def _ticks(peak: int) -> list[int]:
    step = max(1, int(np.ceil(peak / 5)))
    return list(range(0, peak + 1, step))


def annotate(frame_bgr: np.ndarray, lines: Sequence[str], colour_bgr: tuple[int, int, int],
             width_px: int = 480) -> np.ndarray:
    """A copy of the frame scaled to ``width_px`` with ``lines`` on a band below it."""
    h, w = frame_bgr.shape[:2]
    scaled = cv2.resize(frame_bgr, (width_px, max(1, round(h * width_px / w))),
                        interpolation=cv2.INTER_AREA)
    band = np.full((18 * len(lines) + 10, width_px, 3), 30, np.uint8)
    cv2.rectangle(band, (0, 0), (6, band.shape[0]), colour_bgr, -1)
    for i, line in enumerate(lines):
        (text_w, _), _ = cv2.getTextSize(line, _FONT, 0.5, 1)
        scale = 0.5 * min(1.0, (width_px - 20) / max(text_w, 1))  # shrink a long line to fit
        cv2.putText(band, line, (14, 20 + 18 * i), _FONT, scale, (255, 255, 255), 1, cv2.LINE_AA)
    return np.vstack([scaled, band])


def label(frame_bgr: np.ndarray, text: str) -> np.ndarray:
    """A copy of the frame with ``text`` on a dark tag in its top-left corner."""
    out = frame_bgr.copy()
    (text_w, text_h), _ = cv2.getTextSize(text, _FONT, 0.45, 1)
    cv2.rectangle(out, (0, 0), (text_w + 10, text_h + 10), (30, 30, 30), -1)
    cv2.putText(out, text, (5, text_h + 4), _FONT, 0.45, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def read_frames(video: Path, wanted: Iterable[int]) -> dict[int, np.ndarray]:
    """Decode the ``wanted`` frame indices of ``video`` by reading it sequentially (exact for
    every codec, unlike seeking). Indices past the end are absent from the result."""
    todo = sorted(set(wanted))
    found: dict[int, np.ndarray] = {}
    if not todo:
        return found
    cap = cv2.VideoCapture(str(video))
    try:
        index = 0
        for target in todo:
            while index < target and cap.grab():
                index += 1
            if index != target:
                break
            ok, frame = cap.read()
            if not ok:
                break
            found[target] = frame
            index += 1
    finally:
        cap.release()
    return found
