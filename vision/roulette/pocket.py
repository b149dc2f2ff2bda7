"""Wheel-relative angle -> pocket number, with how far from the pocket's centre the ball sits."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.wheel import POCKET_RAD

__all__ = ["PocketRead", "pocket_at", "relative_angle"]


@dataclass(frozen=True, slots=True)
class PocketRead:
    """``number`` 0..36; ``offset`` in pockets from its centre, -0.5..0.5 (0 = dead centre)."""

    number: int
    offset: float

    def __post_init__(self) -> None:
        if not 0 <= self.number <= 36:
            raise ValueError(f"pocket number must be 0..36, got {self.number}")
        if not -0.5 <= self.offset <= 0.5:
            raise ValueError(f"offset must be within -0.5..0.5 pockets, got {self.offset}")


def relative_angle(theta_rad: float, zero_rad: float) -> float:
    """Angle from pocket 0's centre to ``theta``, wrapped to [-pi, pi)."""
    return float((theta_rad - zero_rad + np.pi) % (2 * np.pi) - np.pi)


def pocket_at(theta_rad: float, zero_rad: float, sense: int) -> PocketRead:
    """The pocket at wheel angle ``theta`` when pocket 0 is at ``zero`` and the sequence runs
    towards increasing angle (``sense`` +1) or decreasing (-1)."""
    steps = sense * relative_angle(theta_rad, zero_rad) / POCKET_RAD
    k = int(np.floor(steps + 0.5))
    offset = float(np.clip(steps - k, -0.5, 0.5))
    return PocketRead(WHEEL_SEQUENCE_CW[k % 37], offset)
