"""One table at run time: what its camera runner reports becomes rounds, messages,
evidence, live events and metrics — in that order of durability.

For a closing event (outcome or void) the message goes into the outbox FIRST; only
then are the round log, the evidence files, the live stream and the metrics updated.
An abstain has no settlement message (``table-outcome/1`` carries settled rounds
only): it waits in the round log for a supervisor's confirmation, which then goes to
the outbox as ``manual_confirmation`` (or ``void``) under the same round key.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import numpy as np

import vision
from vision.footage import Event, StreamInfo
from vision.footage.evidence import Evidence, parse_evidence
from vision.forwarding import (
    MessageError,
    Outbox,
    TableMessage,
    make_message,
    round_key,
    utc_iso,
)
from vision.service.annotate import annotate, encode_jpeg, placeholder
from vision.service.evidence import EvidenceStore, FrameRing, evidence_id
from vision.service.hub import EventHub
from vision.service.metrics import Metrics
from vision.service.rounds import Confirmation, RoundBook, RoundRecord
from vision.service.settings import TableConfig

__all__ = ["TableRuntime", "TableServices"]

log = logging.getLogger(__name__)
CLOSING = ("outcome", "void", "abstain")


@dataclass(frozen=True, slots=True)
class TableServices:
    """The shared pieces every table writes to."""

    outbox: Outbox
    evidence: EvidenceStore
    hub: EventHub
    metrics: Metrics
    writer: Executor  # evidence files are written off the camera thread
    evidence_url: Callable[[str], str]
    notify: Callable[[], None]  # wake the forwarder
    evidence_seconds: float = 3.0
    evidence_max_width: int = 640


class TableRuntime:
    """Implements the camera runner's sink for one table; read by the API."""

    def __init__(self, table: TableConfig, rounds: RoundBook, services: TableServices) -> None:
        self.table = table
        self.rounds = rounds
        self.s = services
        self.camera_state = "starting"
        self.camera_detail = ""
        self.phase = "waiting"
        self.info: StreamInfo | None = None
        self.versions = ("uncalibrated", f"vision-{vision.__version__}")
        self.ring = FrameRing(0, 25.0, services.evidence_max_width)
        self.recent: deque[str] = deque(maxlen=3)
        self._frame: tuple[np.ndarray, int, float] | None = None  # frame, index, captured at
        self._jpeg: tuple[tuple[int, str, str], bytes] | None = None
        self._lock = threading.Lock()
        self._last_index = -1
        self._recover_interrupted()

    def _recover_interrupted(self) -> None:
        """The outbox is written before the round log: a round the service died in
        between holds a stored decision, so it is closed as that says, not abstained."""
        for record in self.rounds.interrupted():
            entry = self.s.outbox.for_round(round_key(self.table.id, str(record.number)))
            if entry is None or entry.message.kind not in ("outcome", "void"):
                continue
            m = entry.message
            self.rounds.close_interrupted(
                record.number, m.kind, closed_at=m.created_at, frame=m.frame_index,
                result=m.result.to_json() if m.result else None, confidence=m.confidence,
                reason=m.void_reason)
            log.warning("table %s round %d: closed as %s from the outbox (the service had "
                        "stopped before writing it to the round log)",
                        self.table.id, record.number, m.kind)

    # -- camera sink -------------------------------------------------------------
    def on_state(self, state: str, detail: str = "") -> None:
        self.camera_state, self.camera_detail = state, detail
        for name in ("starting", "live", "unavailable", "stopped"):
            self.s.metrics.set("vision_camera_state", float(name == state),
                               table=self.table.id, state=name)
        self.s.hub.publish({"type": "camera", "table_id": self.table.id, "state": state,
                            "detail": detail, "time": utc_iso()})

    def on_connected(self, info: StreamInfo, reader: object) -> None:
        self.info = info
        self._last_index = -1
        self.ring = FrameRing(self.s.evidence_seconds, info.fps, self.s.evidence_max_width)
        self.versions = (str(getattr(reader, "calibration_version", None) or "self-calibrated"),
                         str(getattr(reader, "model_version", None)
                             or f"{type(reader).__name__}/vision-{vision.__version__}"))

    def on_frame(self, frame_bgr: np.ndarray, frame_index: int, process_s: float,
                 captured_at: float) -> None:
        with self._lock:
            self._frame = (frame_bgr, frame_index, captured_at)
        self.ring.push(frame_bgr)
        self.rounds.touch(utc_iso())
        if frame_index > self._last_index + 1:
            self.s.metrics.inc("vision_frames_skipped_total", frame_index - self._last_index - 1,
                               table=self.table.id)
        self._last_index = frame_index
        self.s.metrics.inc("vision_frames_total", table=self.table.id)
        self.s.metrics.observe("vision_frame_seconds", process_s, table=self.table.id)

    def on_events(self, events: list[Event], frame_bgr: np.ndarray | None) -> None:
        for event in events:
            self.s.metrics.inc("vision_events_total", table=self.table.id, type=event.type)
            if event.type in CLOSING:
                self._close(event, frame_bgr)
            elif event.type == "violation":
                self.rounds.add_violation(str(event.reason))
                self._publish(event.type, self.rounds.current.number, event.to_json())
            else:
                self.phase = event.type
                self._publish("phase", self.rounds.current.number, event.to_json())

    def on_interrupted(self, reason: str) -> None:
        """The camera failed or stopped: abstain the round in progress, never guess."""
        if self.rounds.in_progress():
            frame = self._frame[0] if self._frame else None
            index = self._frame[1] if self._frame else 0
            self.s.metrics.inc("vision_events_total", table=self.table.id, type="abstain")
            self._close(Event("abstain", index, reason="camera_unavailable",
                              extra={"detail": reason}), frame)
        self.ring.clear()
        with self._lock:
            self._frame = None

    # -- decisions ---------------------------------------------------------------
    def _close(self, event: Event, frame_bgr: np.ndarray | None) -> None:
        number = self.rounds.current.number
        ev_id = evidence_id(self.table.id, number, event.type, int(time.time() * 1000))
        if event.type != "abstain":
            stored = self._store(self._message(event, number, ev_id))
            if stored and self._frame is not None:
                self.s.metrics.observe("vision_decision_seconds", time.time() - self._frame[2],
                                       table=self.table.id)
            if not stored:
                event = Event("abstain", event.frame, reason="not_forwardable",
                              extra={"refused": event.to_json()})
        record = self.rounds.close(
            event.type, utc_iso(), frame=event.frame, evidence_id=ev_id, reason=event.reason,
            result=event.result.to_json() if event.result else None,
            confidence=event.confidence)
        self.phase = event.type
        self.recent.append(_describe(record))
        self._save_evidence(ev_id, frame_bgr, parse_evidence(event.extra))
        self._publish(event.type, number, {**event.to_json(), "evidence_url":
                                           self.s.evidence_url(ev_id)})

    def _message(self, event: Event, number: int, ev_id: str) -> TableMessage | None:
        frame_time = utc_iso(_utc(self._frame[2])) if self._frame else utc_iso()
        try:
            return make_message(
                kind=event.type, table_id=self.table.id, round_id=str(number),
                game=self.table.game, calibration_version=self.versions[0],
                model_version=self.versions[1], result=event.result,
                void_reason=event.reason if event.type == "void" else None,
                confidence=event.confidence, frame_index=event.frame, frame_time=frame_time,
                evidence_url=self.s.evidence_url(ev_id))
        except MessageError as exc:  # e.g. a void reason the rules do not know
            log.error("table %s round %d: %s event cannot be forwarded: %s",
                      self.table.id, number, event.type, exc)
            return None

    def _store(self, message: TableMessage | None) -> bool:
        """Put into the outbox; False when refused (a conflicting message for the round)."""
        if message is None:
            return False
        put = self.s.outbox.put(message)
        if not put.ok:
            log.error("outbox refused %s: round already holds %s", message.idempotency_key,
                      put.existing.to_json() if put.existing else None)
            return False
        self.s.notify()
        return True

    def confirm(self, number: int, confirmation: Confirmation) -> tuple[RoundRecord, bool]:
        """A supervisor's decision on an abstained round -> outbox, then the round log.

        Returns the round and whether the outbox stored it (False: the round already
        holds a different settled message). KeyError/ValueError as RoundBook.confirm."""
        record = self.rounds.get(number)
        if record is None:
            raise KeyError(number)
        if record.status != "abstain":
            raise ValueError(f"round {number} is {record.status}; only an abstained round "
                             "can be confirmed")
        if not self._store(self._confirmation_message(record, confirmation)):
            return record, False
        confirmed = self.rounds.confirm(number, confirmation)
        self.s.metrics.inc("vision_confirmations_total", table=self.table.id)
        self._publish("manual_confirmation", number, confirmed.to_json())
        return confirmed, True

    def _confirmation_message(self, record: RoundRecord, c: Confirmation) -> TableMessage:
        from vision.footage.results import result_from_json

        void = c.void_reason is not None
        return make_message(
            kind="void" if void else "manual_confirmation", table_id=self.table.id,
            round_id=str(record.number), game=self.table.game,
            calibration_version=self.versions[0], model_version=self.versions[1],
            result=None if void else result_from_json(c.result, self.table.game),
            void_reason=c.void_reason, operator=c.by,
            frame_index=record.frame or 0 if void else record.frame,
            frame_time=record.closed_at if void else None,
            evidence_url=self.s.evidence_url(record.evidence_id) if record.evidence_id else None,
            created_at=c.at)

    # -- views ---------------------------------------------------------------------
    def overlay_lines(self) -> list[str]:
        head = f"{self.table.id} ({self.table.game})  camera: {self.camera_state}"
        return [head, f"round {self.rounds.current.number}  phase: {self.phase}",
                *self.recent]

    def frame_jpeg(self) -> bytes:
        """The latest frame with the state drawn over it (a grey card without a picture)."""
        with self._lock:
            latest = self._frame
        lines = self.overlay_lines()
        key = (latest[1] if latest else -1, "|".join(lines), self.camera_state)
        cached = self._jpeg
        if cached is not None and cached[0] == key:
            return cached[1]
        image = annotate(latest[0], lines) if latest else placeholder(lines)
        jpeg = encode_jpeg(image)
        self._jpeg = (key, jpeg)
        return jpeg

    def _save_evidence(self, ev_id: str, frame_bgr: np.ndarray | None,
                       seen: Evidence | None = None) -> None:
        lines = self.overlay_lines()
        clip, fps = self.ring.snapshot(), self.ring.fps
        image = annotate(frame_bgr, lines, seen) if frame_bgr is not None else placeholder(lines)

        def write() -> None:
            try:
                self.s.evidence.save(ev_id, encode_jpeg(image), clip, fps)
            except Exception:
                log.exception("evidence %s could not be written", ev_id)

        self.s.writer.submit(write)

    def _publish(self, kind: str, number: int, data: dict[str, Any]) -> None:
        self.s.hub.publish({"type": kind, "table_id": self.table.id, "game": self.table.game,
                            "round": number, "time": utc_iso(), "event": data})


def _utc(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


def _describe(record: RoundRecord) -> str:
    if record.status == "outcome" and record.result:
        value = record.result.get("number", record.result.get("dice"))
        return f"round {record.number}: {value} ({record.confidence or 0:.2f})"
    return f"round {record.number}: {record.status} {record.reason or ''}".rstrip()
