"""Between a table's camera runner and its ``TableRuntime``: the drift alarm.

``CalibrationGuard`` implements the runner's sink and passes everything on, and in
passing (on the camera thread):

- keeps a few recent full frames (for "auto" recalibration and the drift reference of a
  new version) and a longer history of small grey frames (what changes over a minute is
  never compared);
- with an active profile that holds a drift reference (``data["drift"]``), checks every
  few frames and at every closing decision that the saved calibration still fits
  (``vision.calib.drift``). A decision taken while it does not fit abstains; two
  misfitting checks in a row (not one passing hand) make the table "needs calibration": an
  alarm goes out on the live event stream (``type: calibration_alarm``) and to
  ``/metrics``, and every outcome or void is turned into an abstain
  (``reason: needs_calibration``) until a technician activates a calibration again;
- stamps the reader with the active ``calibration_version`` (``v<N>``), which every
  forwarded message carries.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

import cv2
import numpy as np

from vision.calib import Profile
from vision.calib.drift import (
    DriftCheck,
    DriftMonitor,
    SceneReference,
    make_reference,
    scene_small,
)
from vision.footage import Event, StreamInfo, abstain
from vision.forwarding import utc_iso
from vision.service.console_overlay import exclusion_ellipse
from vision.service.hub import EventHub
from vision.service.metrics import Metrics

__all__ = ["CalibrationGuard", "declare_metrics"]

KEEP_FRAMES = 12  # recent full frames, one every ~0.15 s (roulette calibrates from 10)
HISTORY = 60  # small grey frames, one a second
STRIKES = 2  # misfitting checks in a row that raise the alarm (a passing hand is one)


def declare_metrics(metrics: Metrics) -> None:
    metrics.declare("vision_calibration_ok", "gauge",
                    "1 while the active calibration fits the camera, 0 needs calibration")
    metrics.declare("vision_calibration_alarms_total", "counter",
                    "drift alarms: the saved calibration stopped fitting the camera")
    metrics.declare("vision_calibration_version", "gauge", "the active calibration version")
    metrics.declare("vision_calibration_drift_px", "gauge",
                    "camera displacement found by the last drift check (full-res px)")


class _Stamped:
    """The reader, answering ``calibration_version`` with the active version."""

    def __init__(self, reader: object, version: str) -> None:
        self._reader, self.calibration_version = reader, version

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)


class CalibrationGuard:
    def __init__(self, inner: Any, table_id: str, game: str, hub: EventHub,
                 metrics: Metrics) -> None:
        self.inner, self.table_id, self.game = inner, table_id, game
        self.hub, self.metrics = hub, metrics
        self.info: StreamInfo | None = None
        self.reader: object | None = None
        self.latest: np.ndarray | None = None  # the last frame the reader got
        self.version: int | None = None
        self.monitor: DriftMonitor | None = None
        self.needs_calibration = False
        self.alarm: DriftCheck | None = None
        self.recent: deque[np.ndarray] = deque(maxlen=KEEP_FRAMES)
        self.history: deque[np.ndarray] = deque(maxlen=HISTORY)
        self._count = 0
        self._index = 0  # the last frame index fed to the reader
        self._swapping = False
        self._strikes = 0
        self._lock = threading.Lock()
        metrics.set("vision_calibration_ok", 1.0, table=table_id)

    # -- state the console reads and sets ---------------------------------------------
    def use_profile(self, profile: Profile | None, version: int | None) -> None:
        """A calibration became active: new drift reference, the alarm is cleared."""
        drift = (profile.data.get("drift") if profile is not None else None) or None
        with self._lock:
            self.version = version
            self.monitor = None if drift is None else DriftMonitor(
                SceneReference.from_data(drift), sample_every=self.every(0.2))
            was, self.needs_calibration, self.alarm = self.needs_calibration, False, None
            self._strikes = 0
        self.metrics.set("vision_calibration_ok", 1.0, table=self.table_id)
        if version is not None:
            self.metrics.set("vision_calibration_version", float(version), table=self.table_id)
        self.hub.publish({"type": "calibration", "table_id": self.table_id, "time": utc_iso(),
                          "version": version, "state": "ok", "alarm_cleared": was})

    def frames(self) -> list[np.ndarray]:
        with self._lock:
            return list(self.recent)

    def reference_for(self, data: dict[str, Any]) -> dict[str, Any]:
        """The drift reference of the current scene, for a profile with ``data``."""
        frames = self.frames()
        if not frames:
            raise ValueError("no frames from this table's camera yet")
        with self._lock:
            history = list(self.history)
        exclude = np.zeros(frames[0].shape[:2], np.uint8)
        (cx, cy), (a, b), ang = exclusion_ellipse(self.game, data)
        cv2.ellipse(exclude, (int(cx), int(cy)), (int(a), int(b)), ang, 0, 360, 1, -1)
        ref = make_reference(frames, exclude > 0)
        if len(history) >= 3:  # pixels that changed over the last minute are not compared
            moving = np.stack(history).std(axis=0) >= 12.0
            ref = SceneReference(ref.image, ref.mask & ~moving, ref.frame_wh) \
                if (ref.mask & ~moving).mean() > 0.05 else ref
        return ref.to_data()

    def status(self) -> dict[str, Any]:
        last = self.monitor.last if self.monitor else None
        return {"version": self.version, "needs_calibration": self.needs_calibration,
                "drift_check": "on" if self.monitor else "off (no reference in the profile)",
                "alarm": self.alarm.to_json() | {"reason": self.alarm.reason}
                if self.alarm else None,
                "last_check": last.to_json() | {"reason": last.reason} if last else None}

    # -- camera sink ------------------------------------------------------------------
    def on_state(self, state: str, detail: str = "") -> None:
        self.inner.on_state(state, detail)

    def on_connected(self, info: StreamInfo, reader: object) -> None:
        self.info, self.reader = info, reader
        if self.monitor is not None:  # now the frame rate is known
            self.monitor.sample_every = self.every(0.2)
        version = f"v{self.version}" if self.version is not None else None
        self.inner.on_connected(info, _Stamped(reader, version) if version else reader)

    def on_frame(self, frame_bgr: np.ndarray, frame_index: int, process_s: float,
                 captured_at: float) -> None:
        self.inner.on_frame(frame_bgr, frame_index, process_s, captured_at)
        self.latest, self._index = frame_bgr, frame_index
        if self._count % self.every(0.15) == 0:
            with self._lock:
                self.recent.append(frame_bgr)
        if self._count % self.every(1.0) == 0:
            with self._lock:
                self.history.append(scene_small(frame_bgr))
        self._count += 1
        monitor = self.monitor
        if monitor is not None and not self.needs_calibration:
            check = monitor.update(frame_bgr, frame_index)
            if check is not None:
                self._judge(check)

    def on_events(self, events: list[Event], frame_bgr: np.ndarray | None) -> None:
        """A decision is checked first: if the calibration does not fit now, it abstains
        (even before a second check confirms the alarm)."""
        monitor = self.monitor
        closing = any(e.type in ("outcome", "void") for e in events)
        doubt: DriftCheck | None = None
        if closing and monitor is not None and not self.needs_calibration:
            check = monitor.check_now()
            if check is not None and not self._judge(check):
                doubt = check
        if self.needs_calibration or doubt is not None:
            events = [self._abstain(e, doubt or self.alarm) for e in events]
        self.inner.on_events(events, frame_bgr)

    def on_interrupted(self, reason: str) -> None:
        """A reader swap for a new calibration (``expect_swap``) abstains the open round
        as ``calibration_changed`` and keeps the picture; anything else is a camera fault."""
        if self._swapping:
            self._swapping = False
            if self.inner.rounds.in_progress():
                self.inner.on_events([abstain(self._index, "calibration_changed",
                                              detail=reason)], self.latest)
            return
        self.inner.on_interrupted(reason)

    def expect_swap(self) -> None:
        """The runner is about to start a fresh reader for a new calibration."""
        self._swapping = True

    # -- internals --------------------------------------------------------------------
    def every(self, seconds: float) -> int:
        """Frames in ``seconds`` at the camera's rate (25 fps until connected)."""
        fps = self.info.fps if self.info else 25.0
        return max(1, int(round(seconds * fps)))

    def _judge(self, check: DriftCheck) -> bool:
        """Count misfits; ``STRIKES`` in a row raise the alarm. Returns ``check.fits``."""
        self.metrics.set("vision_calibration_drift_px", check.alignment.displacement_px,
                         table=self.table_id)
        if check.fits:
            self._strikes = 0
            return True
        self._strikes += 1
        if self._strikes < STRIKES:
            return False
        with self._lock:
            self.needs_calibration, self.alarm = True, check
        self.metrics.set("vision_calibration_ok", 0.0, table=self.table_id)
        self.metrics.inc("vision_calibration_alarms_total", table=self.table_id)
        self.hub.publish({"type": "calibration_alarm", "table_id": self.table_id,
                          "time": utc_iso(), "version": self.version,
                          "state": "needs_calibration", "check": check.to_json(),
                          "detail": check.reason})
        return False

    def _abstain(self, event: Event, check: DriftCheck | None) -> Event:
        if event.type not in ("outcome", "void"):
            return event
        return Event("abstain", event.frame, reason="needs_calibration",
                     extra={"replaced": event.to_json(),
                            "detail": check.reason if check else ""})
