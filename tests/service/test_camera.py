"""Camera runner fault paths on real (synthetic) files: abstain, unavailable, fresh reader."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.service.builders import FPS, PatchReader, wait_for
from vision.footage import Event, StreamInfo
from vision.service.camera import Backoff, CameraRunner, ReaderFactory
from vision.service.faults import FaultConfig
from vision.service.settings import TableConfig


class RecordingSink:
    def __init__(self) -> None:
        self.states: list[tuple[str, str]] = []
        self.interruptions: list[str] = []
        self.events: list[Event] = []
        self.frames = 0
        self.lock = threading.Lock()

    def on_state(self, state: str, detail: str = "") -> None:
        self.states.append((state, detail))

    def on_connected(self, info: StreamInfo, reader: object) -> None:
        pass

    def on_frame(self, frame_bgr: np.ndarray, frame_index: int, process_s: float,
                 captured_at: float) -> None:
        self.frames += 1

    def on_events(self, events: list[Event], frame_bgr: np.ndarray | None) -> None:
        self.events += events

    def on_interrupted(self, reason: str) -> None:
        self.interruptions.append(reason)


class CountingFactory:
    def __init__(self) -> None:
        self.readers: list[PatchReader] = []
        self.frames_seen: list[list[float]] = []

    def __call__(self, game: str, info: StreamInfo, profile: Path | None) -> PatchReader:
        reader = PatchReader(info)
        seen: list[float] = []
        original = reader.update

        def update(frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
            seen.append(float(frame_bgr.mean()))
            return original(frame_bgr, frame_index)

        reader.update = update  # type: ignore[method-assign]
        self.readers.append(reader)
        self.frames_seen.append(seen)
        return reader


def _clip(path: Path, kinds: list[str], seed: int = 0) -> Path:
    """One frame per entry: 'live' (noisy picture), 'black', 'same' (repeat of one frame)."""
    rng = np.random.default_rng(seed)
    still = rng.normal(40, 8, (120, 160, 3)).clip(0, 255).astype(np.uint8)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), FPS, (160, 120))
    for kind in kinds:
        if kind == "live":
            writer.write(rng.normal(40, 8, (120, 160, 3)).clip(0, 255).astype(np.uint8))
        elif kind == "black":
            writer.write(np.zeros((120, 160, 3), np.uint8))
        else:
            writer.write(still)
    writer.release()
    return path


def _run(source: str, factory: ReaderFactory, sink: RecordingSink,
         until: Callable[[], object]) -> None:
    table = TableConfig(id="t", game="roulette", source=source)
    runner = CameraRunner(table, sink, factory,
                          faults=FaultConfig(frozen_after_s=0.3, black_after_s=0.3,
                                             garbage_after_s=0.3),
                          backoff=Backoff(0.05, 0.2))
    runner.start()
    try:
        wait_for(until, timeout_s=10)
    finally:
        runner.stop()
        runner.join(5)
    assert not runner.is_alive()


@pytest.mark.parametrize(("bad", "fault"), [
    # the picture goes black mid-round
    ("black", "black"),
    # the picture freezes mid-round
    ("same", "frozen"),
])  # fmt: skip
def test_a_failing_camera_abstains_and_reconnects_with_a_fresh_reader(
        tmp_path: Path, bad: str, fault: str) -> None:
    clip = _clip(tmp_path / "c.avi", ["live"] * 8 + [bad] * 30)
    factory, sink = CountingFactory(), RecordingSink()
    _run(str(clip), factory, sink, lambda: len(factory.readers) >= 2)
    assert any(f"camera {fault}" in r for r in sink.interruptions)
    assert ("unavailable", next(r for r in sink.interruptions if fault in r)) in sink.states
    # the bad frames never reached a reader: every frame it saw had the live picture
    assert all(25 < mean < 55 for seen in factory.frames_seen for mean in seen)
    # a fresh reader per connection: the second one starts again at frame 0
    assert factory.readers[1] is not factory.readers[0]


@pytest.mark.parametrize(("name", "content", "detail"), [
    # no such file
    ("missing.mp4", None, "not found"),
    # a file that is not a video
    ("garbage.avi", b"not a video at all" * 100, "source"),
])  # fmt: skip
def test_an_unopenable_source_is_unavailable_and_retried(
        tmp_path: Path, name: str, content: bytes | None, detail: str) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    factory, sink = CountingFactory(), RecordingSink()
    _run(str(path), factory, sink,
         lambda: sum(s == "unavailable" for s, _ in sink.states) >= 2)
    assert factory.readers == []
    assert detail in sink.states[0][1]


def test_a_replayed_file_loops_and_finishes_each_pass(tmp_path: Path) -> None:
    clip = _clip(tmp_path / "c.avi", ["live"] * 6)  # the patch never shows: finish() abstains
    factory, sink = CountingFactory(), RecordingSink()
    _run(str(clip), factory, sink, lambda: len(factory.readers) >= 3)
    ended = [e for e in sink.events if e.type == "abstain" and e.reason == "stream_ended"]
    assert len(ended) >= 2
    assert sink.interruptions[:-1] == []  # only the final stop interrupts


def test_backoff_doubles_up_to_its_cap() -> None:
    backoff, delay, seen = Backoff(0.5, 3.0), 0.5, []
    for _ in range(5):
        delay = backoff.next(delay)
        seen.append(delay)
    assert seen == [1.0, 2.0, 3.0, 3.0, 3.0]
    with pytest.raises(ValueError, match="min_s <= max_s"):
        Backoff(2.0, 1.0)


class BrokenFinishReader(PatchReader):
    def finish(self, last_frame_index: int) -> list[Event]:
        raise RuntimeError("finish blew up")


def test_a_reader_bug_does_not_kill_the_runner(tmp_path: Path) -> None:
    clip = _clip(tmp_path / "c.avi", ["live"] * 4)
    sink = RecordingSink()
    made: list[BrokenFinishReader] = []

    def broken(game: str, info: StreamInfo, profile: Path | None) -> BrokenFinishReader:
        made.append(BrokenFinishReader(info))
        return made[-1]

    _run(str(clip), broken, sink, lambda: len(made) >= 2)
    assert any("finish blew up" in r for r in sink.interruptions)
    assert ("unavailable", "internal error: finish blew up") in sink.states
