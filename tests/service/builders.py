"""Builders for the service tests: a synthetic clip whose picture encodes a known result,
a fake reader that reads it back, a uvicorn server thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import cv2
import httpx
import numpy as np
import uvicorn

from vision.footage import Event, RouletteResult, StreamInfo, abstain, outcome

PATCH = (slice(40, 80), slice(60, 100))  # rows, cols of the result patch
FPS = 20.0
T = TypeVar("T")


def patch_level(number: int) -> int:
    """Grey level that encodes ``number`` (0..36 readable; >36 reads as unreadable)."""
    return 100 + 4 * number


def write_clip(path: Path, number: int, *, frames: int = 30, show_from: int = 12,
               black_from: int | None = None, seed: int = 0) -> Path:
    """A 160x120 MJPEG clip: noisy dark frames, then the patch encoding ``number``
    (from frame ``show_from``); all black from ``black_from`` if given (a dead camera)."""
    rng = np.random.default_rng(seed)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), FPS, (160, 120))
    for i in range(frames):
        frame = rng.normal(30, 8, (120, 160, 3)).clip(0, 255).astype(np.uint8)
        if i >= show_from:
            frame[PATCH] = min(255, patch_level(number))
        if black_from is not None and i >= black_from:
            frame[:] = 0
        writer.write(frame)
    writer.release()
    return path


class PatchReader:
    """Fake TableReader: phase event on the first frame, then an outcome once the patch
    has been seen on 3 consecutive frames (abstain if its level encodes no number)."""

    game = "roulette"
    model_version = "patch-reader/1"

    def __init__(self, info: StreamInfo) -> None:
        self.info = info
        self.seen = 0
        self.decided = False

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
        events: list[Event] = []
        if frame_index == 0:
            events.append(Event("ball_launched", frame_index))
        level = float(frame_bgr[PATCH].mean())
        self.seen = self.seen + 1 if level > 80 else 0
        if self.seen >= 3 and not self.decided:
            self.decided = True
            number = round((level - 100) / 4)
            if 0 <= number <= 36:
                events.append(outcome(frame_index, RouletteResult(number), 0.99))
            else:
                events.append(abstain(frame_index, "low_confidence"))
        return events

    def finish(self, last_frame_index: int) -> list[Event]:
        return [] if self.decided else [abstain(last_frame_index, "stream_ended")]


def patch_reader_factory(game: str, info: StreamInfo, profile: Path | None) -> PatchReader:
    reader = PatchReader(info)
    reader.game = game
    return reader


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serve(app: Any, port: int) -> Iterator[str]:
    """Run ``app`` under uvicorn on 127.0.0.1:port in a thread; yield its base URL."""
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            ws="websockets-sansio", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError(f"uvicorn did not start on port {port}")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


def wait_for(predicate: Callable[[], T], timeout_s: float = 10.0, step_s: float = 0.05) -> T:
    """Poll ``predicate`` until it returns something truthy; fail with a clear message."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step_s)
    raise AssertionError(f"condition not met within {timeout_s} s")


def mjpeg_head(url: str, parts: int = 2) -> bytes:
    """The first bytes of a multipart MJPEG stream, up to its ``parts``-th boundary;
    asserts the stream says it is one."""
    with httpx.stream("GET", url, timeout=10) as response:
        assert response.headers["content-type"].startswith("multipart/x-mixed-replace")
        head = b""
        for chunk in response.iter_bytes():
            head += chunk
            if head.count(b"--frame") >= parts:
                break
    return head
