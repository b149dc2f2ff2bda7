"""``python -m vision settle``: the receiver as its own process, and its config errors."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.forwarding.builders import outcome
from vision.cli import main
from vision.forwarding.forwarder import Forwarder
from vision.forwarding.outbox import Outbox
from vision.settlement.ledger import Ledger

ROOT = Path(__file__).resolve().parents[2]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_settle_process_receives_signed_messages(tmp_path: Path) -> None:
    port, ledger = _port(), tmp_path / "ledger.db"
    env = {**os.environ, "VISION_SETTLEMENT_SECRET": "cli-secret", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "vision", "settle", "--ledger", str(ledger), "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        with Outbox(tmp_path / "o.db") as box:
            box.put(outcome("1", 17))
            url = f"http://127.0.0.1:{port}/messages"
            fwd = Forwarder(box, url, "cli-secret", base_s=0.0, cap_s=0.0)  # retry at once
            deadline = time.monotonic() + 30
            while fwd.deliver_once().backlog and time.monotonic() < deadline:
                time.sleep(0.1)  # the process is still starting
            fwd.close()
            assert box.counts() == {"delivered": 1}
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    with Ledger(ledger) as led:
        assert led.message("T1", "1").result.number == 17


@pytest.mark.parametrize(
    ("extra", "env_secret", "needle"),
    [
        ([], "", "no signing secret: set VISION_SETTLEMENT_SECRET"),  # nothing configured
        (["--secret-file", "missing.txt"], "", "cannot read --secret-file"),
        (["--secret-file", "empty.txt"], "", "is empty"),
        ([], "s", "folder"),  # the ledger's folder does not exist
    ],
)
def test_settle_config_errors_are_one_clear_line(
    tmp_path, monkeypatch, capsys, extra, env_secret, needle
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.txt").write_text("\n")
    monkeypatch.setenv("VISION_SETTLEMENT_SECRET", env_secret)
    ledger = "no/such/dir/l.db" if env_secret else "l.db"
    assert main(["settle", "--ledger", ledger, *extra]) == 2
    assert needle in capsys.readouterr().err
