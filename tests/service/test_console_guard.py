"""The drift guard between a camera runner and its table, fed frame by frame (no server):
a passing hand is not an alarm, a decision on a moved picture abstains at once, a
camera that stays moved raises the alarm, a new calibration clears it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.service.console_scenes import FPS, H, W, bumped, calibrated_profile, table_frame
from vision.footage import Event, RouletteResult, StreamInfo, outcome
from vision.service.calibration_guard import CalibrationGuard, declare_metrics
from vision.service.hub import EventHub
from vision.service.metrics import Metrics


class Rounds:
    def in_progress(self) -> bool:
        return True


class Table:
    """Records what the guard passes on (the TableRuntime's side of the sink)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.rounds = Rounds()

    def on_state(self, state: str, detail: str = "") -> None: ...

    def on_connected(self, info: StreamInfo, reader: object) -> None:
        self.reader = reader

    def on_frame(self, frame_bgr, frame_index, process_s, captured_at) -> None: ...  # noqa: ANN001

    def on_events(self, events: list[Event], frame_bgr: np.ndarray | None) -> None:
        self.events += events

    def on_interrupted(self, reason: str) -> None: ...


@pytest.fixture
def guarded() -> tuple[CalibrationGuard, Table, list[dict]]:
    table, hub, metrics = Table(), EventHub(), Metrics()
    declare_metrics(metrics)
    published: list[dict] = []
    hub.publish = published.append  # type: ignore[method-assign]
    guard = CalibrationGuard(table, "T1", "roulette", hub, metrics)
    guard.use_profile(calibrated_profile(), 4)
    guard.on_connected(StreamInfo(FPS, W, H, None), object())
    return guard, table, published


def feed(guard: CalibrationGuard, frames: range, view=lambda f: f) -> None:  # noqa: ANN001
    for i in frames:
        guard.on_frame(view(table_frame(i)), i, 0.0, 0.0)


def decide(guard: CalibrationGuard, index: int) -> None:
    guard.on_events([outcome(index, RouletteResult(17), 0.99)], None)


def passer_by(frame: np.ndarray) -> np.ndarray:
    """Someone walking past right in front of the lens: the whole view hidden."""
    out = frame.copy()
    cv2.rectangle(out, (0, 0), (W - 30, H), (60, 70, 80), -1)
    return out


def alarms(published: list[dict]) -> list[dict]:
    return [m for m in published if m["type"] == "calibration_alarm"]


def test_reader_is_stamped_with_the_version(guarded):
    _, table, _ = guarded
    assert table.reader.calibration_version == "v4"  # what forwarded messages carry


def test_a_moment_of_hidden_view_is_not_an_alarm(guarded):
    guard, table, published = guarded
    feed(guard, range(0, 40))
    feed(guard, range(40, 52), passer_by)  # one check misfits, the next one fits again
    feed(guard, range(52, 100))
    decide(guard, 100)
    assert not alarms(published) and not guard.needs_calibration
    assert table.events[-1].type == "outcome"


def test_a_decision_on_a_moved_picture_abstains_at_once(guarded):
    guard, table, published = guarded
    feed(guard, range(0, 40))
    feed(guard, range(40, 60), bumped)  # moved less than a check interval ago
    decide(guard, 60)
    assert table.events[-1].type == "abstain"
    assert table.events[-1].reason == "needs_calibration"
    assert table.events[-1].extra["replaced"]["result"] == {"number": 17}


def test_a_camera_that_stays_moved_raises_the_alarm_until_recalibrated(guarded):
    guard, table, published = guarded
    feed(guard, range(0, 40))
    feed(guard, range(40, 120), bumped)
    assert guard.needs_calibration and len(alarms(published)) == 1
    assert alarms(published)[0]["check"]["displacement_px"] > 20
    assert guard.metrics.value("vision_calibration_ok", table="T1") == 0
    decide(guard, 121)
    assert table.events[-1].reason == "needs_calibration"
    guard.use_profile(calibrated_profile(), 5)  # a technician saved or rolled back
    assert not guard.needs_calibration
    assert guard.metrics.value("vision_calibration_ok", table="T1") == 1


def test_a_dealer_over_half_the_table_does_not_block_the_decision(guarded):
    guard, table, published = guarded
    feed(guard, range(0, 40))

    def leaning(frame: np.ndarray) -> np.ndarray:
        out = frame.copy()
        cv2.rectangle(out, (0, 0), (W, 150), (120, 150, 190), -1)  # the top half hidden
        return out

    feed(guard, range(40, 70), leaning)
    decide(guard, 70)
    assert table.events[-1].type == "outcome" and not alarms(published)
