"""The real Forwarder against the real receiver under uvicorn, and against scripted answers."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from vision.forwarding.forwarder import Forwarder, classify
from vision.forwarding.message import TableMessage
from vision.forwarding.outbox import Outbox
from vision.settlement.bets import Bet
from vision.settlement.ledger import Ledger
from vision.settlement.receiver import create_app
from vision.settlement.serve import serve_in_thread

from .builders import dice, manual, outcome, void

SECRET = "forwarder-test-secret"


class Clock:
    """A settable clock so retry times are tested without sleeping."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("status", "payload", "verdict"),
    [
        (201, {"status": "accepted"}, "delivered"),
        (200, {"status": "duplicate"}, "delivered"),
        (204, None, "delivered"),  # any 2xx
        (409, {"status": "duplicate"}, "delivered"),  # a receiver that says 409 for a re-send
        (409, {"status": "conflict"}, "rejected"),  # it holds another result: a person must look
        (409, None, "rejected"),
        (400, None, "rejected"),
        (422, {"status": "invalid"}, "rejected"),
        (404, None, "rejected"),
        (401, None, "retry"),  # secret misconfigured: the message is fine, keep it
        (403, None, "retry"),
        (429, None, "retry"),  # rate limited
        (500, None, "retry"),
        (503, None, "retry"),
        (302, None, "retry"),  # a redirect is a URL misconfiguration, not a bad message
    ],
)
def test_classify(status: int, payload: Any, verdict: str) -> None:
    assert classify(status, payload) == verdict


def _scripted(answers: list[int]) -> Callable[[], httpx.Client]:
    replies = iter(answers)

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(next(replies), json={"status": "x", "detail": "scripted"})

    return lambda: httpx.Client(transport=httpx.MockTransport(handler))


def test_rejected_message_is_kept_and_does_not_block_the_next(tmp_path: Path) -> None:
    with Outbox(tmp_path / "o.db") as box:
        a, b, c = outcome("1", 1), outcome("2", 2), outcome("3", 3)
        for m in (a, b, c):
            box.put(m)
        fwd = Forwarder(box, "http://settle/messages", SECRET,
                        client_factory=_scripted([201, 422, 503]), clock=Clock())  # fmt: skip
        report = fwd.deliver_once()
        assert (report.delivered, report.rejected, report.failed) == (
            (a.message_id,), (b.message_id,), (c.message_id,))  # fmt: skip
        assert box.counts() == {"delivered": 1, "rejected": 1, "pending": 1}
        assert "HTTP 422" in box.rejected()[0].last_error
        assert "HTTP 503" in box.pending()[0].last_error


def test_signed_messages_are_delivered_and_settled(tmp_path: Path) -> None:
    ledger_path = tmp_path / "ledger.db"
    with Ledger(ledger_path) as ledger:
        ledger.place_bet("T1", "1", Bet("split", (0, 3)), 10)
        ledger.place_bet("S1", "1", Bet("any_triple"), 10)
    messages = [outcome("1", 0), void("2"), manual("3", 12), dice("1", (6, 6, 6))]
    with Outbox(tmp_path / "o.db") as box, serve_in_thread(create_app(ledger_path, SECRET)) as url:
        for m in messages:
            box.put(m)
        fwd = Forwarder(box, f"{url}/messages", SECRET)
        report = fwd.deliver_once()
        fwd.close()
        assert report.delivered == tuple(m.message_id for m in messages)
        assert report.backlog == 0 and box.counts() == {"delivered": 4}
    with Ledger(ledger_path) as ledger:
        assert ledger.messages() == messages  # byte for byte what was put, in order
        assert [b.payout for b in ledger.bets()] == [180, 250]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_receiver_down_keeps_messages_pending_until_it_is_up(tmp_path: Path) -> None:
    port, clock = _port(), Clock()
    with Outbox(tmp_path / "o.db") as box:
        messages = [outcome(str(n), n) for n in range(1, 4)]
        for m in messages:
            box.put(m)
        fwd = Forwarder(box, f"http://127.0.0.1:{port}/messages", SECRET, clock=clock)
        report = fwd.deliver_once()  # nobody listens on the port
        assert report.failed == (messages[0].message_id,) and report.backlog == 3
        assert "ConnectError" in (report.last_error or "")
        head = box.pending()[0]
        assert head.attempts == 1 and 0.5 <= head.next_attempt_at - clock.now <= 0.5
        assert fwd.deliver_once().waiting  # not due yet: nothing is tried, order kept
        assert box.pending()[1].attempts == 0
        with serve_in_thread(create_app(tmp_path / "ledger.db", SECRET), port=port):
            clock.now += 1.0
            report = fwd.deliver_once()
            fwd.close()
        assert report.delivered == tuple(m.message_id for m in messages) and report.backlog == 0


def test_wrong_secret_is_retried_not_dropped(tmp_path: Path) -> None:
    with (
        Outbox(tmp_path / "o.db") as box,
        serve_in_thread(create_app(tmp_path / "ledger.db", SECRET)) as url,
    ):
        box.put(outcome("1", 1))
        fwd = Forwarder(box, f"{url}/messages", "not-the-secret", clock=Clock())
        report = fwd.deliver_once()
        fwd.close()
        assert report.failed and box.backlog() == 1
        assert "HTTP 401" in box.pending()[0].last_error
        assert "does not match the body" in box.pending()[0].last_error


def test_receiver_holding_another_result_rejects_and_keeps_its_own(tmp_path: Path) -> None:
    ledger_path = tmp_path / "ledger.db"
    with Ledger(ledger_path) as ledger:
        ledger.receive(outcome("1", 7))  # settled earlier by another path
    with Outbox(tmp_path / "o.db") as box, serve_in_thread(create_app(ledger_path, SECRET)) as url:
        box.put(outcome("1", 8))
        box.put(outcome("2", 9))
        fwd = Forwarder(box, f"{url}/messages", SECRET)
        report = fwd.deliver_once()
        fwd.close()
        assert len(report.rejected) == 1 and len(report.delivered) == 1
        assert "already has outcome {'number': 7}" in box.rejected()[0].last_error
    with Ledger(ledger_path) as ledger:
        assert ledger.message("T1", "1").result.number == 7


class Recorder:
    """ASGI wrapper: remembers every POSTed body; when the ``kill_at``-th POST arrives it
    SIGKILLs ``victim_pid`` (the forwarder waiting for that answer), then serves it."""

    def __init__(self, app: Any, kill_at: int) -> None:
        self.app, self.kill_at, self.bodies = app, kill_at, []
        self.victim_pid: int | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        chunks, more = [], True
        while more:
            event = await receive()
            chunks.append(event.get("body", b""))
            more = event.get("more_body", False)
        body = b"".join(chunks)
        self.bodies.append(body)
        if len(self.bodies) == self.kill_at and self.victim_pid is not None:
            os.kill(self.victim_pid, signal.SIGKILL)
            await asyncio.sleep(0.05)  # let it die before the answer goes out

        async def replay() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


_FORWARDER = """
import sys, threading
sys.path.insert(0, {root!r})
from vision.forwarding import Forwarder, Outbox, TableMessage
from pathlib import Path
box = Outbox(sys.argv[1])
clash = TableMessage.from_body(Path(sys.argv[3]).read_bytes())
print(box.put(clash).status, flush=True)  # a different result for a round already put
Forwarder(box, sys.argv[2], {secret!r}).run(threading.Event(), idle_s=0.05)
"""


def _wait(predicate: Callable[[], bool], timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_sigkill_mid_delivery_loses_nothing_and_never_sends_two_results(tmp_path: Path) -> None:
    outbox_path, ledger_path, clash = tmp_path / "o.db", tmp_path / "ledger.db", tmp_path / "c"
    truth = {str(n): n % 37 for n in range(1, 41)}
    with Outbox(outbox_path) as box:
        for round_id, number in truth.items():
            box.put(outcome(round_id, number))
    clash.write_bytes(outcome("3", 30).body())  # round 3 is 3, not 30
    app = Recorder(create_app(ledger_path, SECRET), kill_at=10)
    code = _FORWARDER.format(root=str(Path(__file__).resolve().parents[2]), secret=SECRET)
    with serve_in_thread(app) as url, Ledger(ledger_path) as ledger:
        argv = [sys.executable, "-c", code, str(outbox_path), f"{url}/messages", str(clash)]
        first = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        app.victim_pid = first.pid
        out = first.communicate(timeout=60)[0]
        assert first.returncode == -signal.SIGKILL  # killed while its 10th POST was in flight
        assert out.strip() == "conflict"  # its clashing put was refused before delivery
        with Outbox(outbox_path) as watch:
            assert watch.backlog() == len(truth) - 9  # the 10th was never marked delivered
            second = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
            try:
                _wait(lambda: watch.backlog() == 0)
            finally:
                second.kill()
                second.communicate(timeout=10)
            assert watch.counts() == {"delivered": len(truth)}
        got = {m.round_id: m.result.number for m in ledger.messages()}
    assert got == truth  # nothing lost, nothing changed
    sent = [TableMessage.from_body(body) for body in app.bodies]
    assert [m.round_id for m in sent] == [*map(str, range(1, 11)), *map(str, range(10, 41))]
    # round 10 went out twice (at least once), both times with the same result
    assert {m.result.number for m in sent if m.round_id == "10"} == {10}
    results = {(m.round_id, m.result.number) for m in sent}
    assert len(results) == len(truth)  # one result per round on the wire


def test_background_thread_delivers_on_notify_and_stops(tmp_path: Path) -> None:
    with (
        Outbox(tmp_path / "o.db") as box,
        serve_in_thread(create_app(tmp_path / "ledger.db", SECRET)) as url,
    ):
        fwd = Forwarder(box, f"{url}/messages", SECRET)
        thread = fwd.start(idle_s=30.0)  # without notify() it would sleep 30 s
        box.put(outcome("1", 1))
        fwd.notify()
        _wait(lambda: box.backlog() == 0, timeout_s=10.0)
        fwd.stop()
        assert not thread.is_alive() and box.counts() == {"delivered": 1}
