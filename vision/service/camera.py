"""One camera runner thread per table: source -> fault check -> reader -> table sink.

The runner owns the reconnect loop. Each connection gets a FRESH reader, so no
outcome is ever decided from frames older than the current connection. When a
camera drops, freezes, goes black or returns garbage, the round in progress is
abstained (a supervisor confirms it), the table is reported ``unavailable`` and the
runner reconnects with exponential backoff. Frames that are not ``ok`` (a repeated,
black or broken frame) are never shown to the reader, so a frozen picture of a
resting ball cannot become an outcome. A replayed file that wraps around ends its
stream normally: ``finish()`` closes the open round, then the replay starts again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from vision.footage import Event, StreamInfo
from vision.readers import TableReader
from vision.service.capture import Capture, CaptureError, open_capture
from vision.service.faults import FaultConfig, FaultMonitor
from vision.service.settings import TableConfig

__all__ = ["Backoff", "CameraRunner", "CameraSink", "ReaderFactory"]

log = logging.getLogger(__name__)
ReaderFactory = Callable[[str, StreamInfo, Path | None], TableReader]


class CameraSink(Protocol):
    """What the runner reports to (the table runtime)."""

    def on_state(self, state: str, detail: str = "") -> None: ...

    def on_connected(self, info: StreamInfo, reader: TableReader) -> None: ...

    def on_frame(self, frame_bgr: np.ndarray, frame_index: int, process_s: float,
                 captured_at: float) -> None: ...

    def on_events(self, events: list[Event], frame_bgr: np.ndarray | None) -> None: ...

    def on_interrupted(self, reason: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Backoff:
    min_s: float = 0.5
    max_s: float = 30.0

    def __post_init__(self) -> None:
        if not 0 < self.min_s <= self.max_s:
            raise ValueError(f"need 0 < min_s <= max_s, got {self.min_s}, {self.max_s}")

    def next(self, delay_s: float) -> float:
        return min(self.max_s, delay_s * 2)


class CameraRunner(threading.Thread):
    def __init__(self, table: TableConfig, sink: CameraSink, reader_factory: ReaderFactory, *,
                 faults: FaultConfig, backoff: Backoff, read_timeout_s: float = 5.0,
                 latest_only: bool = True) -> None:
        super().__init__(name=f"camera-{table.id}", daemon=True)
        self.table = table
        self.sink = sink
        self.reader_factory = reader_factory
        self.faults = faults
        self.backoff = backoff
        self.read_timeout_s = read_timeout_s
        self.latest_only = latest_only
        self.stop_event = threading.Event()
        self.reconnect_event = threading.Event()
        self.swap_event = threading.Event()  # set after changing table.profile: new reader
        self._fed = False  # the current connection delivered at least one healthy frame

    def stop(self) -> None:
        self.stop_event.set()

    def run(self) -> None:
        delay = self.backoff.min_s
        while not self.stop_event.is_set():
            self.reconnect_event.clear()
            self._fed = False
            outcome = self._guarded_connection()
            if outcome == "stopped":
                break
            if self._fed:  # it worked for a while: start the backoff over
                delay = self.backoff.min_s
            if outcome == "eof":
                continue
            self.sink.on_state("unavailable", outcome)
            log.warning("table %s camera unavailable: %s (retry in %.1f s)",
                        self.table.id, outcome, delay)
            self.stop_event.wait(delay)
            delay = self.backoff.next(delay)
        self.sink.on_state("stopped")

    def _guarded_connection(self) -> str:
        """A bug below (reader.finish, the sink) must not kill the table's thread."""
        try:
            return self._connection()
        except Exception as exc:
            log.exception("table %s: camera runner error", self.table.id)
            try:
                self.sink.on_interrupted(f"internal error: {exc}")
            except Exception:
                log.exception("table %s: could not abstain the open round", self.table.id)
            return f"internal error: {exc}"

    def _connection(self) -> str:
        """Open, read until the stream ends or fails; return 'eof', 'stopped' or the fault."""
        try:
            cap = open_capture(self.table.source, self.table.source_kind, self.read_timeout_s,
                               latest_only=self.latest_only)
        except CaptureError as exc:
            return str(exc)
        try:
            reader = self.reader_factory(self.table.game, cap.info, self.table.profile)
        except Exception as exc:  # a reader that cannot start is a table fault, not a crash
            cap.close()
            log.exception("table %s: reader failed to start", self.table.id)
            return f"reader failed to start: {exc}"
        try:
            self.sink.on_connected(cap.info, reader)
            return self._stream(cap, reader)
        finally:
            cap.close()

    def _stream(self, cap: Capture, reader: TableReader) -> str:
        monitor = FaultMonitor(self.faults)
        index = -1
        last: np.ndarray | None = None
        self.sink.on_state("live")
        while not self.stop_event.is_set():
            if self.reconnect_event.is_set():
                return self._interrupt("reconnect requested by a technician")
            if self.swap_event.is_set():
                reader = self._swap_reader(cap.info, reader)
            status, frame = cap.read()
            captured_at = time.time()
            if status == "eof":
                self.sink.on_events(reader.finish(max(index, 0)), last)
                return "eof"
            if status == "lost":
                return self._interrupt("camera stopped delivering frames")
            index = cap.index
            health = monitor.update(frame, time.monotonic())
            if health.fault:
                return self._interrupt(f"camera {health.detail}")
            if health.check != "ok":
                continue
            last = frame
            error = self._feed(reader, frame, index, captured_at)
            if error:
                return self._interrupt(error)
        self.sink.on_interrupted("service stopping")
        return "stopped"

    def _feed(self, reader: TableReader, frame: np.ndarray, index: int,
              captured_at: float) -> str | None:
        started = time.perf_counter()
        try:
            events = reader.update(frame, index)
        except Exception as exc:
            log.exception("table %s: reader failed at frame %d", self.table.id, index)
            return f"reader failed: {exc}"
        self._fed = True
        self.sink.on_frame(frame, index, time.perf_counter() - started, captured_at)
        if events:
            self.sink.on_events(events, frame)
        return None

    def _swap_reader(self, info: StreamInfo, reader: TableReader) -> TableReader:
        """A new calibration profile (``table.profile``) without dropping the camera: the
        open round abstains and a fresh reader starts; a reader that cannot start with it
        leaves the old one running."""
        self.swap_event.clear()
        try:
            fresh = self.reader_factory(self.table.game, info, self.table.profile)
        except Exception:
            log.exception("table %s: reader failed to start with %s", self.table.id,
                          self.table.profile)
            return reader
        self.sink.on_interrupted("calibration profile changed")
        self.sink.on_connected(info, fresh)
        return fresh

    def _interrupt(self, reason: str) -> str:
        self.sink.on_interrupted(reason)
        return reason
