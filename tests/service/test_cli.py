"""`python -m vision serve` as a real subprocess: banner, API up, clean stop on Ctrl+C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from tests.service.builders import free_port, wait_for


def test_serve_prints_where_to_look_and_stops_on_interrupt(tmp_path: Path) -> None:
    config = tmp_path / "tables.json"
    config.write_text(json.dumps({"tables": [
        {"id": "T9", "game": "roulette", "source": str(tmp_path / "no-such-camera.mp4")}]}))
    port = free_port()
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    env = {k: v for k, v in env.items() if not k.startswith("VISION_")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "vision", "serve", "--config", str(config), "--port", str(port),
         "--dev", "--data-dir", str(tmp_path / "data")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        url = f"http://127.0.0.1:{port}"
        health = wait_for(lambda: _get(f"{url}/health"), timeout_s=20)
        assert health["alive"] is True and health["cameras"][0]["table_id"] == "T9"
        proc.send_signal(signal.SIGINT)
        output, _ = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert f"{url}/tables/T9/live.mjpg" in output
    assert f"{url}/events/stream" in output
    assert str((tmp_path / "data" / "ledger.sqlite3").resolve()) in output
    assert "operator token (dev-operator):" in output
    assert "Traceback" not in output
    assert proc.returncode in (0, 130)


def _get(url: str) -> dict | None:
    try:
        return httpx.get(url, timeout=1).json()
    except httpx.HTTPError:
        return None
