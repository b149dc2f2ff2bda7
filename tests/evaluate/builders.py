"""Small builders for evaluator tests: sidecars, rounds, events, and a tiny on-disk dataset."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.footage import (
    DiceResult,
    Event,
    RouletteResult,
    Round,
    Sidecar,
    Void,
    abstain,
    outcome,
    save_sidecar,
    violation,
    void,
)

FPS = 10.0


def result_round(index: int, start: int, end: int, settled: int, number: int,
                 *, ball: str = "ccw", wheel: str = "cw") -> Round:
    return Round(index, start, end, settled, RouletteResult(number), None, ball, wheel)


def void_round(index: int, start: int, end: int, frame: int, reason: str = "object_in_bowl",
               *, ball: str = "ccw", wheel: str = "cw") -> Round:
    return Round(index, start, end, None, None, Void(reason, frame), ball, wheel)


def dice_round(index: int, start: int, end: int, settled: int, dice: tuple[int, int, int]) -> Round:
    return Round(index, start, end, settled, DiceResult(dice), None)


def dice_void_round(index: int, start: int, end: int, frame: int, reason: str) -> Round:
    return Round(index, start, end, None, None, Void(reason, frame))


def roulette(*rounds: Round, fps: float = FPS) -> Sidecar:
    return Sidecar("roulette", fps, 64, 48, tuple(rounds))


def sicbo(*rounds: Round, fps: float = FPS) -> Sidecar:
    return Sidecar("sicbo", fps, 64, 48, tuple(rounds))


def num(frame: int, number: int) -> Event:
    return outcome(frame, RouletteResult(number), 0.99)


def dice(frame: int, faces: tuple[int, int, int]) -> Event:
    return outcome(frame, DiceResult(faces), 0.99)


def voided(frame: int, reason: str = "object_in_bowl") -> Event:
    return void(frame, reason)


def abstained(frame: int) -> Event:
    return abstain(frame, "low_confidence")


def flagged(frame: int) -> Event:
    return violation(frame, "same_direction_spin")


def other(frame: int, type_: str = "ball_launched") -> Event:
    """An event type the scorer must ignore."""
    return Event(type_, frame, reason="phase")


def write_clip(folder: Path, name: str, sidecar: Sidecar, frames: int | None = None) -> Path:
    """A tiny MJPG AVI (one grey level per frame) plus its sidecar; returns the video path."""
    count = frames if frames is not None else sidecar.rounds[-1].end_frame + 1
    path = folder / f"{name}.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), sidecar.fps,
                             (sidecar.width, sidecar.height))
    assert writer.isOpened()
    for i in range(count):
        frame = np.full((sidecar.height, sidecar.width, 3), (i * 7) % 256, np.uint8)
        writer.write(frame)
    writer.release()
    save_sidecar(sidecar, folder / f"{name}.json")
    return path
