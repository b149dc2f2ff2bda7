"""A table's decisions: outbox first, abstain on camera loss, nothing unforwardable sent."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from vision.footage import Event, RouletteResult, StreamInfo, outcome, void
from vision.forwarding import Outbox, round_key
from vision.service.evidence import EvidenceStore
from vision.service.hub import EventHub
from vision.service.metrics import Metrics
from vision.service.rounds import RoundBook
from vision.service.settings import TableConfig
from vision.service.table import TableRuntime, TableServices


class CheckingHub(EventHub):
    """Records, at publish time, whether the round's message was already in the outbox."""

    def __init__(self, outbox: Outbox) -> None:
        super().__init__()
        self.outbox = outbox
        self.seen: list[tuple[str, bool]] = []

    def publish(self, message: dict[str, Any]) -> dict[str, Any]:
        if "round" in message:
            stored = self.outbox.for_round(round_key(message["table_id"], str(message["round"])))
            self.seen.append((message["type"], stored is not None))
        return super().publish(message)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TableRuntime, Outbox, CheckingHub]]:
    outbox = Outbox(tmp_path / "outbox.sqlite3")
    hub = CheckingHub(outbox)
    writer = ThreadPoolExecutor(1)
    services = TableServices(outbox=outbox, evidence=EvidenceStore(
        tmp_path / "ev", max_count=10, max_bytes=10**8), hub=hub, metrics=Metrics(),
        writer=writer, evidence_url=lambda e: f"http://x/evidence/{e}/frame.jpg",
        notify=lambda: None, evidence_seconds=1.0)
    runtime = TableRuntime(TableConfig(id="t1", game="roulette", source="a.mp4"),
                           RoundBook(tmp_path / "rounds.jsonl"), services)
    runtime.on_connected(StreamInfo(10.0, 64, 48, None), object())
    yield runtime, outbox, hub
    writer.shutdown(wait=True)
    outbox.close()


FRAME = np.random.default_rng(0).integers(0, 255, (48, 64, 3), np.uint8)


@pytest.mark.parametrize(("event", "status", "kind"), [
    # a read outcome: outbox, then the round log and the live stream
    (outcome(5, RouletteResult(17), 0.99), "outcome", "outcome"),
    # a void with a reason the rules know
    (void(5, "object_in_bowl"), "void", "void"),
    # a void the rules do not know cannot be settled: the round abstains, nothing is sent
    (void(5, "dealer_sneezed"), "abstain", None),
])  # fmt: skip
def test_decisions_go_to_the_outbox_before_anything_else(table, event: Event, status: str,
                                                         kind: str | None) -> None:
    runtime, outbox, hub = table
    runtime.on_frame(FRAME, 5, 0.001, time.time())
    runtime.on_events([event], FRAME)
    record = runtime.rounds.get(1)
    assert record is not None and record.status == status
    entry = outbox.for_round("t1:1")
    assert (entry.message.kind if entry else None) == kind
    assert hub.seen == [(status, kind is not None)]  # published only after the outbox put


def test_a_lost_camera_abstains_the_round_in_progress(table) -> None:
    runtime, outbox, hub = table
    runtime.on_frame(FRAME, 0, 0.001, time.time())
    runtime.on_interrupted("camera black for 2.0 s")
    record = runtime.rounds.get(1)
    assert record.status == "abstain" and record.reason == "camera_unavailable"
    assert outbox.for_round("t1:1") is None  # nothing guessed, nothing sent
    runtime.on_interrupted("still down")  # no round in progress: nothing more to abstain
    assert runtime.rounds.get(2) is None and runtime.rounds.current.number == 2
