"""The running service: tables, camera threads, outbox, forwarder, evidence, metrics.

``ServiceRuntime.start()`` launches one camera runner per table and the forwarder;
``stop()`` stops the cameras first (their open rounds abstain into the round log),
then the evidence writer, then the forwarder. The API only reads from it and calls
``TableRuntime.confirm``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx

from vision.forwarding import Forwarder, Outbox
from vision.readers import make_reader
from vision.service.audit import AuditLog
from vision.service.camera import Backoff, CameraRunner, ReaderFactory
from vision.service.evidence import EvidenceStore
from vision.service.faults import FaultConfig
from vision.service.hub import EventHub
from vision.service.metrics import Metrics
from vision.service.rounds import RoundBook
from vision.service.settings import ServiceSettings
from vision.service.table import TableRuntime, TableServices

__all__ = ["ServiceRuntime", "declare_metrics"]

log = logging.getLogger(__name__)


def declare_metrics(metrics: Metrics) -> None:
    for name, kind, text in (
        ("vision_frames_total", "counter", "frames fed to a table's reader"),
        ("vision_frames_skipped_total", "counter", "source frames the reader did not see "
                                                   "(late on a live source, or unhealthy)"),
        ("vision_frame_seconds", "histogram", "reader time per frame (processing latency)"),
        ("vision_decision_seconds", "histogram", "from capturing the deciding frame to the "
                                                 "message stored in the outbox"),
        ("vision_events_total", "counter", "reader decisions by type (outcome, void, abstain, "
                                           "violation, phase events)"),
        ("vision_confirmations_total", "counter", "abstained rounds confirmed by a supervisor"),
        ("vision_camera_state", "gauge", "1 for the camera's current state"),
        ("vision_forwarding_backlog", "gauge", "outbox messages not yet delivered"),
        ("vision_outbox_messages", "gauge", "outbox messages by delivery status"),
        ("vision_sse_clients", "gauge", "connected live event clients"),
    ):
        metrics.declare(name, kind, text)


class ServiceRuntime:
    def __init__(self, settings: ServiceSettings, settlement_url: str,
                 reader_factory: ReaderFactory = make_reader, *,
                 client_factory: Callable[[], httpx.Client] | None = None) -> None:
        self.settings = s = settings
        self.settlement_url = settlement_url
        self.reader_factory = reader_factory
        s.data_dir.mkdir(parents=True, exist_ok=True)
        self.audit = AuditLog(s.audit_path)
        self.metrics = Metrics()
        declare_metrics(self.metrics)
        self.hub = EventHub()
        self.outbox = Outbox(s.outbox_path)
        secret = s.settlement_secret.get_secret_value() if s.settlement_secret else ""
        self.forwarder = Forwarder(self.outbox, self.settlement_url, secret,
                                   client_factory=client_factory,
                                   base_s=s.reconnect_min_s, cap_s=60.0)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="evidence")
        services = TableServices(
            outbox=self.outbox,
            evidence=EvidenceStore(s.evidence_dir, max_count=s.evidence_max_count,
                                   max_bytes=s.evidence_max_bytes),
            hub=self.hub, metrics=self.metrics, writer=self.writer,
            evidence_url=self.evidence_url, notify=self.forwarder.notify,
            evidence_seconds=s.evidence_seconds, evidence_max_width=s.evidence_max_width)
        self.evidence = services.evidence
        self.tables = {t.id: TableRuntime(t, RoundBook(s.rounds_dir / f"{t.id}.jsonl"), services)
                       for t in s.tables}
        faults = FaultConfig(frozen_after_s=s.frozen_after_s, black_after_s=s.black_after_s,
                             garbage_after_s=s.garbage_after_s)
        backoff = Backoff(s.reconnect_min_s, max(s.reconnect_min_s, s.reconnect_max_s))
        self.runners = {tid: CameraRunner(rt.table, rt, self.reader_factory, faults=faults,
                                          backoff=backoff, read_timeout_s=s.read_timeout_s,
                                          latest_only=s.latest_frame_only)
                        for tid, rt in self.tables.items()}
        self.metrics.on_render(self._collect)

    def evidence_url(self, ev_id: str) -> str:
        base = (self.settings.public_url or "").rstrip("/")
        return f"{base}/evidence/{ev_id}/frame.jpg"

    def start(self) -> None:
        self.forwarder.start(idle_s=self.settings.forward_interval_s)
        for runner in self.runners.values():
            runner.start()

    def stop(self) -> None:
        for runner in self.runners.values():
            runner.stop()
        for runner in self.runners.values():
            runner.join(10.0)
        self.writer.shutdown(wait=True)
        self.forwarder.stop()
        self.outbox.close()

    def _collect(self) -> None:
        counts = self.outbox.counts()
        self.metrics.set("vision_forwarding_backlog", counts.get("pending", 0))
        for status in ("pending", "delivered", "rejected"):
            self.metrics.set("vision_outbox_messages", counts.get(status, 0), status=status)
        self.metrics.set("vision_sse_clients", self.hub.subscribers)
