"""Opening a table camera through OpenCV: the only module here that touches sources.

``open_capture`` returns a ``Capture`` for an rtsp/http URL, a device index or a video
file. A file is replayed at its real frame rate: ``read`` reports ``"eof"`` at its end and
the runner closes the round like a stream that ended, then opens the file again (so
the replay loops). A live source that stops delivering returns ``"lost"``.

A live source is normally read by a background grabber (``LatestFrameCapture``): when
the reader is slower than the camera, ``read`` returns the newest frame and skips the
ones it had no time for, instead of letting them queue up (an ever-growing delay).
``Capture.index`` is the source's own frame number, so a skip shows as a gap.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import cv2
import numpy as np

from vision.footage import StreamInfo

__all__ = ["Capture", "CaptureError", "LatestFrameCapture", "open_capture"]

ReadStatus = Literal["frame", "eof", "lost"]
DEFAULT_FPS = 25.0


class CaptureError(Exception):
    """The source could not be opened (missing file, unreachable camera, no decodable frame)."""


@dataclass(frozen=True, slots=True)
class SourceSpec:
    value: str | int
    kind: Literal["device", "stream", "file"]


class Capture:
    """One open source. ``read()`` -> (status, frame_bgr or None); files are paced."""

    def __init__(self, spec: SourceSpec, cap: cv2.VideoCapture, first: np.ndarray) -> None:
        self.spec = spec
        self._cap = cap
        self._pending: np.ndarray | None = first
        fps = cap.get(cv2.CAP_PROP_FPS)
        fps = float(fps) if fps and np.isfinite(fps) and 1 <= fps <= 240 else DEFAULT_FPS
        h, w = first.shape[:2]
        count = int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) if spec.kind == "file" else 0
        self.info = StreamInfo(fps=fps, width=w, height=h,
                               frame_count=count if count > 0 else None)
        self._next_due = time.monotonic()
        self.index = -1  # source frame number of the frame read() last returned

    @property
    def is_file(self) -> bool:
        return self.spec.kind == "file"

    def read(self) -> tuple[ReadStatus, np.ndarray | None]:
        if self.is_file:
            self._pace()
        if self._pending is not None:
            frame, self._pending = self._pending, None
            self.index += 1
            return "frame", frame
        ok, frame = self._cap.read()
        if ok and frame is not None:
            self.index += 1
            return "frame", frame
        return ("eof" if self.is_file else "lost"), None

    def close(self) -> None:
        self._cap.release()

    def _pace(self) -> None:
        delay = self._next_due - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        else:  # running late: do not try to catch up with a burst
            self._next_due = time.monotonic()
        self._next_due += 1.0 / self.info.fps


class LatestFrameCapture(Capture):
    """A live source drained by a grabber thread; ``read`` hands out the newest frame."""

    def __init__(self, spec: SourceSpec, cap: cv2.VideoCapture, first: np.ndarray,
                 timeout_s: float) -> None:
        super().__init__(spec, cap, first)
        self._timeout_s = timeout_s
        self._cond = threading.Condition()
        self._latest: tuple[int, np.ndarray] | None = None
        self._lost = False
        self._closing = False
        self._thread = threading.Thread(target=self._grab, daemon=True,
                                        name=f"grab-{spec.value}")
        self._thread.start()

    def _grab(self) -> None:
        grabbed = 0  # the first frame (index 0) was read when the source was opened
        while not self._closing:
            ok, frame = self._cap.read()
            with self._cond:
                if not ok or frame is None:
                    self._lost = True
                    self._cond.notify_all()
                    return
                grabbed += 1
                self._latest = (grabbed, frame)
                self._cond.notify_all()

    def read(self) -> tuple[ReadStatus, np.ndarray | None]:
        if self._pending is not None:
            frame, self._pending = self._pending, None
            self.index = 0
            return "frame", frame
        with self._cond:
            self._cond.wait_for(lambda: self._latest is not None or self._lost, self._timeout_s)
            if self._latest is None:
                return "lost", None
            (self.index, frame), self._latest = self._latest, None
            return "frame", frame

    def close(self) -> None:
        self._closing = True
        self._thread.join(self._timeout_s + 1.0)
        if not self._thread.is_alive():  # never release under a read still in progress
            self._cap.release()


def open_capture(value: str | int, kind: Literal["device", "stream", "file"],
                 timeout_s: float = 5.0, *, latest_only: bool = True) -> Capture:
    """Open the source and read its first frame; CaptureError says what failed.

    ``latest_only``: read a live source in the background and skip late frames."""
    spec = SourceSpec(value, kind)
    if kind == "file" and not Path(str(value)).is_file():
        raise CaptureError(f"video file not found: {value}")
    cap = _video_capture(spec, timeout_s)
    if not cap.isOpened():
        cap.release()
        raise CaptureError(f"cannot open {kind} source {value!r}")
    ok, first = cap.read()
    if not ok or first is None:
        cap.release()
        raise CaptureError(f"{kind} source {value!r} opened but delivered no frame")
    if latest_only and kind != "file":
        return LatestFrameCapture(spec, cap, first, timeout_s)
    return Capture(spec, cap, first)


def _video_capture(spec: SourceSpec, timeout_s: float) -> cv2.VideoCapture:
    if spec.kind == "device":
        return cv2.VideoCapture(int(spec.value))
    if spec.kind == "stream":
        ms = int(timeout_s * 1000)
        params = [cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, ms, cv2.CAP_PROP_READ_TIMEOUT_MSEC, ms]
        return cv2.VideoCapture(str(spec.value), cv2.CAP_FFMPEG, params)
    return cv2.VideoCapture(str(spec.value))
