"""Camera fault detection: pure per-frame checks and one small stateful monitor.

``inspect_frame`` classifies a single frame against the previous one; ``FaultMonitor``
turns a run of bad frames into a fault once it lasted long enough (a single black
or repeated frame is normal; two seconds of them is a dead camera).

- garbage: not an (H, W, 3) uint8 image, a size that changed mid-stream, or a flat
  frame (no texture at all, e.g. the green or grey frames of a broken decoder);
- black: the mean brightness is below ``black_level``;
- frozen: identical to the previous frame (a stalled encoder repeating its last frame).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np

__all__ = ["FaultConfig", "FaultMonitor", "FrameCheck", "Health", "inspect_frame", "thumbnail"]

FrameCheck = Literal["ok", "garbage", "black", "frozen"]
_THUMB_WH = (96, 54)


@dataclass(frozen=True, slots=True)
class FaultConfig:
    frozen_after_s: float = 5.0
    black_after_s: float = 2.0
    garbage_after_s: float = 1.0
    black_level: float = 8.0  # mean of the 0..255 grey image
    flat_std: float = 1.0  # grey standard deviation below which a frame has no texture
    frozen_diff: float = 0.001  # mean abs thumbnail difference below which frames repeat

    def __post_init__(self) -> None:
        for name in ("frozen_after_s", "black_after_s", "garbage_after_s"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be > 0, got {getattr(self, name)}")


@dataclass(frozen=True, slots=True)
class Health:
    """The monitor's verdict after a frame: ``fault`` is None while the camera is usable."""

    check: FrameCheck
    fault: FrameCheck | None = None
    detail: str = ""


def thumbnail(frame_bgr: np.ndarray) -> np.ndarray:
    """A small float32 grey sample, (54, 96), for cheap comparisons.

    Nearest-neighbour sampling keeps the sensor noise that tells a live camera from a
    repeated frame (area averaging would smooth it away)."""
    grey = cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY)
    return cv2.resize(grey, _THUMB_WH, interpolation=cv2.INTER_NEAREST).astype(np.float32)


def inspect_frame(
    frame: object,
    previous_thumb: np.ndarray | None,
    expected_shape: tuple[int, ...] | None,
    config: FaultConfig,
) -> tuple[FrameCheck, np.ndarray | None]:
    """Classify one frame; return the check and its thumbnail (None for garbage)."""
    if not isinstance(frame, np.ndarray) or frame.dtype != np.uint8 or frame.ndim != 3 \
            or frame.shape[2] != 3 or min(frame.shape[:2]) < 8:
        return "garbage", None
    if expected_shape is not None and frame.shape != expected_shape:
        return "garbage", None
    thumb = thumbnail(frame)
    if float(thumb.mean()) < config.black_level:
        return "black", thumb
    if float(thumb.std()) < config.flat_std:
        return "garbage", thumb
    if previous_thumb is not None and \
            float(np.abs(thumb - previous_thumb).mean()) < config.frozen_diff:
        return "frozen", thumb
    return "ok", thumb


class FaultMonitor:
    """Feed every frame with its wall-clock time; reports a fault once a bad run lasts."""

    def __init__(self, config: FaultConfig) -> None:
        self.config = config
        self._thumb: np.ndarray | None = None
        self._shape: tuple[int, ...] | None = None
        self._run: FrameCheck = "ok"
        self._run_start = 0.0

    def update(self, frame: object, now_s: float) -> Health:
        check, thumb = inspect_frame(frame, self._thumb, self._shape, self.config)
        if check != "garbage":
            self._thumb = thumb
            if self._shape is None and isinstance(frame, np.ndarray):
                self._shape = frame.shape
        if check != self._run:
            self._run, self._run_start = check, now_s
        if check == "ok":
            return Health("ok")
        lasted = now_s - self._run_start
        if lasted >= self._limit(check):
            return Health(check, check, f"{check} for {lasted:.1f} s")
        return Health(check)

    def _limit(self, check: FrameCheck) -> float:
        return {
            "frozen": self.config.frozen_after_s,
            "black": self.config.black_after_s,
            "garbage": self.config.garbage_after_s,
        }[check]
