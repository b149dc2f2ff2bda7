"""Evidence for every outcome, void and abstain: the annotated decision frame and the
few seconds of video before it, kept under ``DATA_DIR/evidence/<id>/`` with a
retention limit (oldest removed first once the count or the byte total is exceeded).

``FrameRing`` is fed every frame by the camera runner (downscaled copies, so a few
seconds of 1080p stay small); ``EvidenceStore`` writes ``frame.jpg`` and ``clip.avi``
(MJPEG in AVI, which every OpenCV build writes and every player reads).
"""

from __future__ import annotations

import re
import shutil
import threading
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

__all__ = ["EvidenceFiles", "EvidenceStore", "FrameRing", "evidence_id"]

_ID = re.compile(r"^[A-Za-z0-9_-]{1,120}$")
FILE_NAMES = ("frame.jpg", "clip.avi")


@dataclass(frozen=True, slots=True)
class EvidenceFiles:
    evidence_id: str
    frame_path: Path
    clip_path: Path | None  # None when no frames preceded the decision


def evidence_id(table_id: str, round_no: int, kind: str, stamp_ms: int) -> str:
    """A unique, URL-safe name, e.g. ``roulette-1_r000012_outcome_1764420000123``."""
    return f"{table_id}_r{round_no:06d}_{kind}_{stamp_ms}"


class FrameRing:
    """The last ``seconds`` of frames, downscaled to at most ``max_width`` pixels wide."""

    def __init__(self, seconds: float, fps: float, max_width: int) -> None:
        self.fps = fps
        self.max_width = max_width
        self._frames: deque[np.ndarray] = deque(maxlen=max(1, round(seconds * fps)))
        self._lock = threading.Lock()

    def push(self, frame_bgr: np.ndarray) -> None:
        small = shrink(frame_bgr, self.max_width)
        with self._lock:
            self._frames.append(small)

    def snapshot(self) -> list[np.ndarray]:
        with self._lock:
            return list(self._frames)

    def clear(self) -> None:
        with self._lock:
            self._frames.clear()


def shrink(frame_bgr: np.ndarray, max_width: int) -> np.ndarray:
    h, w = frame_bgr.shape[:2]
    if w <= max_width:
        return frame_bgr.copy()
    return cv2.resize(frame_bgr, (max_width, round(h * max_width / w)),
                      interpolation=cv2.INTER_AREA)


class EvidenceStore:
    def __init__(self, root: Path, *, max_count: int, max_bytes: int) -> None:
        self.root = root
        self.max_count = max_count
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        root.mkdir(parents=True, exist_ok=True)

    def save(self, ev_id: str, frame_jpeg: bytes, clip: list[np.ndarray],
             fps: float) -> EvidenceFiles:
        """Write the decision frame and the clip before it, then enforce retention."""
        folder = self.root / _checked(ev_id)
        folder.mkdir(parents=True, exist_ok=True)
        frame_path = folder / "frame.jpg"
        frame_path.write_bytes(frame_jpeg)
        clip_path = write_clip(folder / "clip.avi", clip, fps) if clip else None
        self.prune()
        return EvidenceFiles(ev_id, frame_path, clip_path)

    def file(self, ev_id: str, name: str) -> Path | None:
        """The stored file, or None (unknown id, unknown name, or removed by retention)."""
        if name not in FILE_NAMES or not _ID.match(ev_id):
            return None
        path = self.root / ev_id / name
        return path if path.is_file() else None

    def prune(self) -> list[str]:
        """Remove the oldest folders beyond the count and byte limits; return their ids."""
        with self._lock:
            folders = sorted((p for p in self.root.iterdir() if p.is_dir()),
                             key=lambda p: p.stat().st_mtime)
            sizes = [sum(f.stat().st_size for f in p.iterdir()) for p in folders]
            removed = []
            total = sum(sizes)
            while folders and (len(folders) > self.max_count or total > self.max_bytes):
                oldest = folders.pop(0)
                total -= sizes.pop(0)
                shutil.rmtree(oldest, ignore_errors=True)
                removed.append(oldest.name)
            return removed


def write_clip(path: Path, frames: list[np.ndarray], fps: float) -> Path:
    h, w = frames[-1].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (w, h))
    try:
        for frame in frames:
            if frame.shape[:2] != (h, w):
                frame = cv2.resize(frame, (w, h))
            writer.write(frame)
    finally:
        writer.release()
    return path


def _checked(ev_id: str) -> str:
    if not _ID.match(ev_id):
        raise ValueError(f"evidence id must match {_ID.pattern}, got {ev_id!r}")
    return ev_id
