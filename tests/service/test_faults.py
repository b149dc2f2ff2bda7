"""Frame fault classification and the monitor that turns a bad run into a fault."""

from __future__ import annotations

import numpy as np
import pytest

from vision.service.faults import FaultConfig, FaultMonitor, inspect_frame, thumbnail

CONFIG = FaultConfig(frozen_after_s=2.0, black_after_s=1.0, garbage_after_s=0.5)


def _noisy(seed: int, mean: float = 100.0, shape: tuple[int, ...] = (120, 160, 3)) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.normal(mean, 6, shape).clip(0, 255).astype(np.uint8)


PREVIOUS = _noisy(1)


@pytest.mark.parametrize(("frame", "expected_shape", "check"), [
    # a live picture: sensor noise makes consecutive frames differ
    (_noisy(2), (120, 160, 3), "ok"),
    # the very same frame again: a stalled encoder
    (PREVIOUS.copy(), (120, 160, 3), "frozen"),
    # lens covered / camera dark
    (_noisy(3, mean=2.0), (120, 160, 3), "black"),
    # a flat grey frame: a decoder that lost the stream
    (np.full((120, 160, 3), 128, np.uint8), (120, 160, 3), "garbage"),
    # the size changed mid-stream
    (_noisy(4, shape=(240, 320, 3)), (120, 160, 3), "garbage"),
    # not an image at all
    (None, (120, 160, 3), "garbage"),
    # single-channel frame
    (_noisy(5, shape=(120, 160)), (120, 160, 3), "garbage"),
    # float frame
    (np.zeros((120, 160, 3), np.float32), (120, 160, 3), "garbage"),
])  # fmt: skip
def test_inspect_frame(frame: object, expected_shape: tuple[int, ...], check: str) -> None:
    got, _ = inspect_frame(frame, thumbnail(PREVIOUS), expected_shape, CONFIG)
    assert got == check


@pytest.mark.parametrize(("bad", "seconds", "fault"), [
    # a repeated frame for longer than frozen_after_s
    ("frozen", 2.5, "frozen"),
    # repeated, but shorter than the limit: not yet a fault
    ("frozen", 1.5, None),
    # black for longer than black_after_s
    ("black", 1.2, "black"),
    # garbage for longer than garbage_after_s
    ("garbage", 0.6, "garbage"),
])  # fmt: skip
def test_monitor_reports_a_fault_once_the_run_lasts(bad: str, seconds: float,
                                                    fault: str | None) -> None:
    monitor = FaultMonitor(CONFIG)
    fps, t = 10, 0.0
    for i in range(5):  # a healthy start
        assert monitor.update(_noisy(10 + i), t).fault is None
        t += 1 / fps
    frozen = _noisy(99)
    frames = {"frozen": lambda i: frozen, "black": lambda i: _noisy(50 + i, mean=1.0),
              "garbage": lambda i: np.full((120, 160, 3), 90, np.uint8)}[bad]
    last = None
    for i in range(int(seconds * fps) + 1):
        last = monitor.update(frames(i), t)
        t += 1 / fps
    assert last is not None and last.fault == fault


def test_monitor_recovers_after_a_short_glitch() -> None:
    monitor = FaultMonitor(CONFIG)
    monitor.update(_noisy(1), 0.0)
    monitor.update(_noisy(2, mean=1.0), 0.1)  # one black frame
    assert monitor.update(_noisy(3), 0.2).check == "ok"
    assert monitor.update(_noisy(4, mean=1.0), 1.5).fault is None  # a new run starts at 1.5
