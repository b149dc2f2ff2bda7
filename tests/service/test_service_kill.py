"""SIGKILL of the whole table service (uvicorn, camera threads, forwarder) mid-delivery.

The service runs as its own process (``tests/service/service_proc.py``: the real
``serve`` command with a fake reader over a looping synthetic clip) and forwards to the
reference settlement receiver under uvicorn on loopback, wrapped so that it answers
slowly (a backlog builds up) and records every body it is sent. While a POST is in
flight and the outbox holds several undelivered decisions, the receiver SIGKILLs the
service. The service is restarted on the same data folder, and then:

- every decision stored before the kill reaches the ledger, exactly once, byte for byte;
- no round ever goes out with two different results (on the wire, in the ledger);
- round ids go on after the restart: no id of a round from before the kill is reused;
- the round log agrees with what settlement holds.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from tests.forwarding.builders import outcome, void
from tests.service.builders import free_port, wait_for
from tests.service.service_proc import segment_reader_factory, write_segment_clip
from vision.forwarding import Outbox, TableMessage
from vision.service.rounds import RoundBook
from vision.service.runtime import ServiceRuntime
from vision.service.settings import ServiceSettings, TableConfig
from vision.settlement.ledger import Ledger
from vision.settlement.receiver import create_app as create_receiver
from vision.settlement.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
SECRET = "kill-test-secret-0123456789"
# two tables, each clip a loop of segments with one roulette number each
TABLES = {"R1": (7, 23, 0, 36, 12, 5), "R2": (31, 2, 19)}
BACKLOG_AT_KILL = 4  # undelivered decisions (the one in flight included) when the kill comes
DELIVERED_AT_KILL = 2  # decisions delivered before the kill


@dataclass
class SlowRecorder:
    """ASGI wrapper around the receiver: records every POSTed body, answers after
    ``delay_s``, and SIGKILLs ``victim_pid`` while a POST is in flight once
    ``kill_when()`` holds (once); the receiver then stores that message anyway."""

    app: Any
    delay_s: float = 0.4
    victim_pid: int | None = None
    kill_when: Callable[[], bool] = lambda: False
    bodies: list[bytes] = field(default_factory=list)
    killed_on: bytes | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        body = await _read_body(receive)
        self.bodies.append(body)
        await asyncio.sleep(self.delay_s)
        if self.killed_on is None and self.victim_pid is not None and self.kill_when():
            self.killed_on = body
            os.kill(self.victim_pid, signal.SIGKILL)
            await asyncio.sleep(0.05)  # let it die before the answer goes out

        async def replay() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _read_body(receive: Any) -> bytes:
    chunks, more = [], True
    while more:
        event = await receive()
        chunks.append(event.get("body", b""))
        more = event.get("more_body", False)
    return b"".join(chunks)


class Service:
    """The service process; started and restarted with the same command line."""

    def __init__(self, tmp: Path, settlement_url: str) -> None:
        tables = [{"id": tid, "game": "roulette",
                   "source": str(write_segment_clip(tmp / f"{tid}.avi", numbers, seed=i))}
                  for i, (tid, numbers) in enumerate(TABLES.items())]
        config = tmp / "tables.json"
        config.write_text(json.dumps({
            "tables": tables, "evidence_seconds": 0.5, "forward_interval_s": 0.1,
            "reconnect_min_s": 0.2, "reconnect_max_s": 1.0}))
        self.data_dir = tmp / "data"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.argv = [sys.executable, "-m", "tests.service.service_proc", "--config",
                     str(config), "--port", str(self.port)]
        self.env = {**os.environ, "VISION_DATA_DIR": str(self.data_dir),
                    "VISION_SETTLEMENT_URL": settlement_url,
                    "VISION_SETTLEMENT_SECRET": SECRET, "OMP_NUM_THREADS": "1"}
        self.log = tmp / "service.log"
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as log:
            proc = subprocess.Popen(self.argv, cwd=ROOT, env=self.env, stdout=log,
                                    stderr=subprocess.STDOUT)
        self.procs.append(proc)
        wait_for(lambda: self._up(proc), timeout_s=20.0)
        return proc

    def _up(self, proc: subprocess.Popen[bytes]) -> bool:
        assert proc.poll() is None, f"service exited: {self.log.read_text()[-2000:]}"
        try:
            return httpx.get(f"{self.url}/health", timeout=1.0).status_code == 200
        except httpx.HTTPError:
            return False

    def kill_all(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait(10)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[tuple[Service, SlowRecorder, Path]]:
    ledger_path = tmp_path / "ledger.sqlite3"
    recorder = SlowRecorder(create_receiver(ledger_path, SECRET))
    with serve_in_thread(recorder) as receiver_url:
        svc = Service(tmp_path, f"{receiver_url}/messages")
        try:
            yield svc, recorder, ledger_path
        finally:
            svc.kill_all()


@dataclass(frozen=True, slots=True)
class Stored:
    """One outbox row as the test reads it."""

    status: str
    body: bytes

    @property
    def message(self) -> TableMessage:
        return TableMessage.from_body(self.body)


def _by_key(entries: list[Stored]) -> dict[str, bytes]:
    return {e.message.idempotency_key: e.body for e in entries}


def _all_entries(path: Path) -> list[Stored]:
    """Every outbox row in put order (read-only; the service may be writing)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT status, body FROM outbox ORDER BY seq").fetchall()
    db.close()
    return [Stored(status, body) for status, body in rows]


def _new_per_table(before: list[Stored], now: list[Stored]) -> int:
    """The fewest decisions any table stored since ``before`` was read."""
    old = {e.body for e in before}
    return min(sum(e.message.table_id == t for e in now if e.body not in old) for t in TABLES)


def _round_log(data_dir: Path, table_id: str) -> dict[int, list[dict[str, Any]]]:
    """Every record of the table's round log, by round number, in the order written."""
    records: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for line in (data_dir / "rounds" / f"{table_id}.jsonl").read_text().splitlines():
        record = json.loads(line)
        records[record["number"]].append(record)
    return records


def test_sigkill_of_the_service_mid_delivery_loses_nothing(
        service: tuple[Service, SlowRecorder, Path]) -> None:
    svc, recorder, ledger_path = service
    first = svc.start()
    with Outbox(svc.data_dir / "outbox.sqlite3") as watch:
        def backlog_built_up() -> bool:
            counts = watch.counts()
            return (counts.get("pending", 0) >= BACKLOG_AT_KILL
                    and counts.get("delivered", 0) >= DELIVERED_AT_KILL)

        recorder.kill_when = backlog_built_up
        recorder.victim_pid = first.pid
        assert first.wait(timeout=30) == -signal.SIGKILL
        # what the dead service had stored: its outbox and its round log
        before = _all_entries(watch.path)
        before_rounds = {t: _round_log(svc.data_dir, t) for t in TABLES}
        in_flight = TableMessage.from_body(recorder.killed_on or b"")
        pending_before = [e for e in before if e.status == "pending"]
        assert len(pending_before) >= BACKLOG_AT_KILL
        assert in_flight.idempotency_key in {e.message.idempotency_key for e in pending_before}

        recorder.delay_s = 0.02  # settlement keeps up from now on
        restarted = svc.start()
        wait_for(lambda: all(watch.get(e.message.message_id).status == "delivered"
                             for e in before), timeout_s=30.0)
        wait_for(lambda: _new_per_table(before, _all_entries(watch.path)) >= 2, timeout_s=20.0)
        restarted.send_signal(signal.SIGTERM)
        # a clean stop (uvicorn >= 0.29 re-raises the signal after its graceful shutdown)
        assert restarted.wait(timeout=20) in (0, -signal.SIGTERM)
        after = _all_entries(watch.path)

    assert not [e for e in after if e.status == "rejected"]  # no clash reached settlement
    stored = _by_key(after)
    assert {k: stored[k] for k in _by_key(before)} == _by_key(before)  # nothing rewritten
    with Ledger(ledger_path) as ledger:
        settled = [m.body() for m in ledger.messages()]
    settled_by_key = {TableMessage.from_body(b).idempotency_key: b for b in settled}
    assert len(settled_by_key) == len(settled)  # one message per round in the ledger
    # every decision stored before the kill is in the ledger exactly once, byte for byte
    assert {k: settled_by_key.get(k) for k in _by_key(before)} == _by_key(before)
    # everything delivered is exactly what the service stored, nothing else arrived
    delivered = {e.message.idempotency_key: e.body for e in after if e.status == "delivered"}
    assert settled_by_key == delivered

    wire: dict[str, set[bytes]] = defaultdict(set)
    for body in recorder.bodies:
        wire[TableMessage.from_body(body).idempotency_key].add(body)
    assert all(len(bodies) == 1 for bodies in wire.values())  # a re-send is the same bytes
    sends = [TableMessage.from_body(b).idempotency_key for b in recorder.bodies]
    assert sends.count(in_flight.idempotency_key) == 2  # re-sent after the restart, once

    for table_id, numbers in TABLES.items():
        _check_table(table_id, numbers, before, after, before_rounds[table_id],
                     _round_log(svc.data_dir, table_id))


def _check_table(table_id: str, numbers: tuple[int, ...], before: list[Stored], after: list[Stored],
                 rounds_before: dict[int, list[dict[str, Any]]],
                 rounds_after: dict[int, list[dict[str, Any]]]) -> None:
    def mine(entries: list[Stored]) -> dict[int, TableMessage]:
        return {int(e.message.round_id): e.message for e in entries
                if e.message.table_id == table_id}

    old, new = mine(before), mine(after)
    assert old, f"{table_id}: no decision before the kill"
    added = sorted(set(new) - set(old))
    assert added, f"{table_id}: no decision after the restart"
    # round ids go on: nothing from before the kill (decided or merely opened) is reused
    assert min(added) > max([*old, *rounds_before])
    for records in rounds_after.values():  # a round closes once (a restart abstains the
        closing = [r for r in records if r["status"] != "open"]  # open one without writing)
        assert len(closing) <= 1 and all(r["reason"] != "not_forwardable" for r in closing)
    for number, message in new.items():
        assert message.kind == "outcome" and message.result.number in numbers
        # (a kill between the outbox and the round log is closed on restart from the outbox)
        closed = [r for r in rounds_after[number] if r["status"] != "open"]
        assert [(r["status"], r["result"]) for r in closed] == [
            ("outcome", {"number": message.result.number})]


def test_a_round_killed_between_outbox_and_round_log_closes_as_stored(tmp_path: Path) -> None:
    """The deterministic version of a kill landing after ``Outbox.put`` and before the
    round log: on start the round is closed as its stored message says."""
    data = tmp_path / "data"
    now = "2026-11-29T12:00:00.000Z"
    r1 = RoundBook(data / "rounds" / "R1.jsonl")
    r1.touch(now)
    r1.close("outcome", now, result={"number": 7})  # round 1: closed normally
    r1.touch(now)  # round 2: open when the service died ...
    RoundBook(data / "rounds" / "R2.jsonl").touch(now)  # R2 round 1: died after a void
    RoundBook(data / "rounds" / "R3.jsonl").touch(now)  # R3 round 1: died, nothing decided
    with Outbox(data / "outbox.sqlite3") as box:
        box.put(outcome("1", 7, table="R1"))
        box.put(outcome("2", 23, table="R1"))  # ... after its decision was in the outbox
        box.put(void("1", table="R2", reason="object_in_bowl"))  # another table's round 1
    settings = ServiceSettings(
        data_dir=data, settlement_secret=SecretStr(SECRET),
        tables=[TableConfig(id=t, game="roulette", source="unused.avi")
                for t in ("R1", "R2", "R3")])
    for _ in range(2):  # the recovery is written: a second start reads the same
        runtime = ServiceRuntime(settings, "http://127.0.0.1:9/messages", segment_reader_factory)
        r1, r2, r3 = (runtime.tables[t].rounds for t in ("R1", "R2", "R3"))
        runtime.outbox.close()
        runtime.writer.shutdown()
        # the decided round: its stored outcome, not an abstain waiting for a supervisor
        assert (r1.get(2).status, r1.get(2).result, r1.get(2).reason) == (
            "outcome", {"number": 23}, None)
        assert r1.get(1).result == {"number": 7} and r1.current.number == 3
        # the other table's round 1 was decided too (a void): messages are per table
        assert (r2.get(1).status, r2.get(1).reason) == ("void", "object_in_bowl")
        # nothing stored for it: abstained, a supervisor confirms it
        assert (r3.get(1).status, r3.get(1).reason) == ("abstain", "service_restarted")
