"""Builders for the console tests: a textured table clip whose camera can be bumped
mid-way, a reader that reads a number from a patch once per round, a valid profile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.calib import Profile
from vision.calib.drift import make_reference
from vision.footage import Event, RouletteResult, StreamInfo, abstain, outcome

W, H, FPS = 320, 240, 40.0
ROUND = 40  # frames per round; the result patch shows from frame 25 of each round
SHOW_FROM = 25
SAMPLE = (slice(100, 140), slice(140, 180))  # where the reader looks for the result
NEIGHBOUR = (slice(100, 140), slice(180, 220))  # a patch that encodes another number
READ = (slice(108, 132), slice(148, 172))  # the inner part of SAMPLE the reader averages
RING = {"center_xy": [160.0, 120.0], "axes_px": [60.0, 58.0], "angle_deg": 0.0}


def level(number: int) -> int:
    return 100 + 4 * number


def table_frame(index: int, *, truth: int = 17, seed: int = 3) -> np.ndarray:
    """The unmoved camera's frame ``index``: fixed shapes, a turning disc, and from
    ``SHOW_FROM`` in each round the patch that encodes ``truth`` (and its neighbour 5)."""
    rng = np.random.default_rng(seed)
    frame = np.full((H, W, 3), (40, 70, 90), np.uint8)
    for _ in range(30):
        x, y = (int(v) for v in rng.integers(0, (W, H)))
        colour = tuple(int(c) for c in rng.integers(0, 255, 3))
        cv2.rectangle(frame, (x, y), (x + int(rng.integers(6, 40)), y + int(rng.integers(6, 40))),
                      colour, -1)
    cv2.circle(frame, (160, 120), 62, (30, 30, 30), -1)
    for k in range(8):
        a = np.radians(k * 45 + 9 * index)
        cv2.line(frame, (160, 120), (int(160 + 58 * np.cos(a)), int(120 + 58 * np.sin(a))),
                 (210, 210, 210), 4)
    if index % ROUND >= SHOW_FROM:
        frame[SAMPLE] = level(truth)
        frame[NEIGHBOUR] = level(5)
    return frame


def bumped(frame: np.ndarray, dx: float = -40.0, rot_deg: float = 1.0) -> np.ndarray:
    """The same view after the camera was knocked: shifted and turned a little."""
    m = cv2.getRotationMatrix2D((W / 2, H / 2), rot_deg, 1.0)
    m[0, 2] += dx
    return cv2.warpAffine(frame, m, (W, H), borderMode=cv2.BORDER_REFLECT)


def write_table_clip(path: Path, frames: int, *, bump_at: int | None = None) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), FPS, (W, H))
    for i in range(frames):
        frame = table_frame(i)
        writer.write(bumped(frame) if bump_at is not None and i >= bump_at else frame)
    writer.release()
    return path


class RoundPatchReader:
    """Fake TableReader: each time the patch has been seen on 3 consecutive frames, the
    number its grey level encodes (whatever lies at ``SAMPLE``: a bumped camera reads
    the neighbour, a wrong number)."""

    game = "roulette"

    def __init__(self, info: StreamInfo, profile: Path | None) -> None:
        self.info, self.profile = info, profile
        self.seen = 0

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
        value = float(frame_bgr[READ].mean())
        uniform = float(frame_bgr[READ].std()) < 6
        self.seen = self.seen + 1 if uniform and value > 98 else 0
        if self.seen != 3:
            return []
        number = round((value - 100) / 4)
        return [outcome(frame_index, RouletteResult(number), 0.99)] if 0 <= number <= 36 \
            else [abstain(frame_index, "low_confidence")]

    def finish(self, last_frame_index: int) -> list[Event]:
        return []


def roulette_data() -> dict[str, Any]:
    """Calibration data the roulette parser accepts, for the 320x240 table above."""
    return {"ring": {k: list(v) if isinstance(v, list) else v for k, v in RING.items()},
            "band_rho": [0.8, 1.1], "sense": 1, "head_rho": 1.15, "zero_psi_deg": 0.0,
            "warp": [0.0, 0.0]}


def calibrated_profile() -> Profile:
    """A profile with a drift reference taken from the unmoved camera's first round."""
    from vision.service.console_overlay import exclusion_ellipse

    data = roulette_data()
    exclude = np.zeros((H, W), np.uint8)
    (cx, cy), (a, b), ang = exclusion_ellipse("roulette", data)
    cv2.ellipse(exclude, (int(cx), int(cy)), (int(a), int(b)), ang, 0, 360, 1, -1)
    ref = make_reference([table_frame(i) for i in range(0, ROUND, 3)], exclude > 0)
    return Profile(game="roulette", width=W, height=H, data={**data, "drift": ref.to_data()})
