"""A network camera (MJPEG over HTTP) read through OpenCV; it drops, the table goes
unavailable, the service stays up."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path

import cv2
import httpx
import numpy as np
from fastapi import FastAPI
from fastapi.responses import StreamingResponse
from pydantic import SecretStr

from tests.service.builders import (
    PATCH,
    PatchReader,
    free_port,
    patch_level,
    serve,
    wait_for,
)
from vision.footage import Event, StreamInfo
from vision.service.app import create_app
from vision.service.settings import ServiceSettings, TableConfig


def camera_app(number: int, stop: threading.Event) -> FastAPI:
    """An IP camera: noisy frames with the patch encoding ``number``, 20 fps, MJPEG."""
    app = FastAPI()
    rng = np.random.default_rng(5)

    @app.get("/cam.mjpg")
    async def cam() -> StreamingResponse:
        async def parts() -> AsyncIterator[bytes]:
            while not stop.is_set():
                frame = rng.normal(30, 8, (120, 160, 3)).clip(0, 255).astype(np.uint8)
                frame[PATCH] = patch_level(number)
                jpeg = cv2.imencode(".jpg", frame)[1].tobytes()
                yield b"--f\r\nContent-Type: image/jpeg\r\n\r\n" + jpeg + b"\r\n"
                await asyncio.sleep(0.05)

        return StreamingResponse(parts(), media_type="multipart/x-mixed-replace; boundary=f")

    return app


class SlowPatchReader(PatchReader):
    """Slower than the camera (0.15 s per frame against 20 fps)."""

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
        self.indices.append(frame_index)
        time.sleep(0.15)
        return super().update(frame_bgr, frame_index)


def slow_factory(game: str, info: StreamInfo, profile: Path | None) -> SlowPatchReader:
    reader = SlowPatchReader(info)
    reader.indices = []
    READERS.append(reader)
    return reader


READERS: list[SlowPatchReader] = []


def test_network_camera_outcome_then_drop(tmp_path: Path) -> None:
    stop = threading.Event()
    cam_port, port = free_port(), free_port()
    settings = ServiceSettings(
        data_dir=tmp_path / "data", settlement_secret=SecretStr("stream-secret-01234"),
        tables=[TableConfig(id="ip1", game="roulette",
                            source=f"http://127.0.0.1:{cam_port}/cam.mjpg")],
        reconnect_min_s=0.2, reconnect_max_s=0.5, read_timeout_s=2.0)
    app = create_app(settings, reader_factory=slow_factory,
                     base_url=f"http://127.0.0.1:{port}")
    with serve(app, port) as url:
        with serve(camera_app(11, stop), cam_port):
            def outcome() -> dict | None:
                rounds = httpx.get(f"{url}/tables/ip1/rounds").json()["rounds"]
                return next((r for r in rounds if r["status"] == "outcome"), None)

            assert wait_for(outcome)["result"] == {"number": 11}
            # the slow reader got the newest frames, not a growing queue of old ones
            skipped = _metric(httpx.get(f"{url}/metrics").text,
                              'vision_frames_skipped_total{table="ip1"}')
            assert skipped > 0
            indices = READERS[0].indices
            assert indices == sorted(set(indices)) and indices[-1] > len(indices) - 1
            stop.set()  # the camera goes away
        table = wait_for(lambda: (t := httpx.get(f"{url}/tables").json()["tables"][0])
                         ["camera_state"] == "unavailable" and t)
        assert httpx.get(f"{url}/health").json()["alive"] is True
        rounds = httpx.get(f"{url}/tables/ip1/rounds").json()["rounds"]
    assert table["camera_detail"]  # says why, e.g. "camera stopped delivering frames"
    # the round that was running when the camera dropped abstained
    assert rounds[0]["status"] == "abstain" and rounds[0]["reason"] == "camera_unavailable"


def _metric(text: str, name: str) -> float:
    line = next((x for x in text.splitlines() if x.startswith(name + " ")), f"{name} 0")
    return float(line.rsplit(" ", 1)[1])
