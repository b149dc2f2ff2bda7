"""Frame sources: the only place that opens video files or cameras.

Every source yields ``(frame_index, frame_bgr)`` with ``frame_bgr`` an
``(H, W, 3) uint8`` array, so a reader cannot tell a file from a camera or
from frames a test synthesised.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from vision.errors import UserError


@dataclass(frozen=True, slots=True)
class StreamInfo:
    fps: float
    width: int
    height: int
    frame_count: int | None  # None for live streams


class FrameSource(Protocol):
    info: StreamInfo

    def __iter__(self) -> Iterator[tuple[int, np.ndarray]]: ...


class VideoFileSource:
    """Decodes a clip with OpenCV/FFmpeg. Refuses unreadable files with a clear message."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise UserError(f"video not found: {self.path}")
        cap = cv2.VideoCapture(str(self.path))
        ok, first = cap.read() if cap.isOpened() else (False, None)
        if not ok or first is None:
            cap.release()
            raise UserError(
                f"cannot decode video {self.path}: expected a constant-frame-rate file "
                "that OpenCV/FFmpeg reads (H.264 MP4, MJPEG AVI, ...)"
            )
        fps = cap.get(cv2.CAP_PROP_FPS)
        count = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
        cap.release()
        if not fps or fps <= 0 or not np.isfinite(fps):
            raise UserError(f"video {self.path} does not declare a frame rate")
        h, w = first.shape[:2]
        self.info = StreamInfo(fps=float(fps), width=w, height=h,
                               frame_count=count if count > 0 else None)

    def __iter__(self) -> Iterator[tuple[int, np.ndarray]]:
        cap = cv2.VideoCapture(str(self.path))
        try:
            index = 0
            while True:
                ok, frame = cap.read()
                if not ok:
                    return
                yield index, frame
                index += 1
        finally:
            cap.release()


class ArraySource:
    """Frames already in memory (tests, benchmarks)."""

    def __init__(self, frames: Iterable[np.ndarray], fps: float) -> None:
        self._frames = list(frames)
        if not self._frames:
            raise ValueError("ArraySource needs at least one frame")
        h, w = self._frames[0].shape[:2]
        self.info = StreamInfo(fps=fps, width=w, height=h, frame_count=len(self._frames))

    def __iter__(self) -> Iterator[tuple[int, np.ndarray]]:
        yield from enumerate(self._frames)
