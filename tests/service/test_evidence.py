"""Evidence files and their retention limits."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.service.evidence import EvidenceStore, FrameRing, evidence_id


def _frames(n: int, w: int = 320, h: int = 240, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.integers(0, 255, (h, w, 3), np.uint8) for _ in range(n)]


def test_saved_clip_holds_the_frames_before_the_decision(tmp_path: Path) -> None:
    ring = FrameRing(seconds=1.0, fps=10.0, max_width=160)
    for frame in _frames(25):
        ring.push(frame)
    clip = ring.snapshot()
    assert len(clip) == 10 and clip[0].shape == (120, 160, 3)  # last second, downscaled
    store = EvidenceStore(tmp_path, max_count=10, max_bytes=10**9)
    files = store.save(evidence_id("t1", 4, "outcome", 1), b"\xff\xd8jpeg", clip, ring.fps)
    cap = cv2.VideoCapture(str(files.clip_path))
    assert int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) == 10
    cap.release()
    assert store.file("t1_r000004_outcome_1", "frame.jpg") == files.frame_path


@pytest.mark.parametrize(("max_count", "max_bytes", "kept"), [
    # the count limit removes the oldest
    (3, 10**9, ["e3", "e4", "e5"]),
    # the byte limit removes the oldest until the rest fits (each item is 1000 bytes)
    (100, 2500, ["e4", "e5"]),
])  # fmt: skip
def test_retention_removes_the_oldest(tmp_path: Path, max_count: int, max_bytes: int,
                                      kept: list[str]) -> None:
    store = EvidenceStore(tmp_path, max_count=max_count, max_bytes=max_bytes)
    for i in range(1, 6):
        store.save(f"e{i}", b"x" * 1000, [], 10.0)
        os.utime(tmp_path / f"e{i}", (i, i))  # distinct ages regardless of clock resolution
    store.prune()
    assert sorted(p.name for p in tmp_path.iterdir()) == kept


@pytest.mark.parametrize(("ev_id", "name"), [
    # path traversal in the id
    ("../etc", "frame.jpg"),
    # a file name that is not evidence
    ("e1", "passwd"),
    # an id that was never written
    ("e9", "frame.jpg"),
])  # fmt: skip
def test_unknown_evidence_is_none(tmp_path: Path, ev_id: str, name: str) -> None:
    store = EvidenceStore(tmp_path, max_count=5, max_bytes=10**6)
    store.save("e1", b"x", [], 10.0)
    assert store.file(ev_id, name) is None
