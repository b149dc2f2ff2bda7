"""A ball landing seen across gaps: at a low frame rate the ball coming down and hopping
smears out of sight while it moves (seed 10601 002 r4, 640x480 at 25 fps, a close camera:
seen on the head's rim, then every 3-4 frames while it went 5 pockets relative to the
wheel, then at rest). Fed to the settle state machine one frame at a time."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 25.0
BAND = (0.88, 1.26)
HEAD = 1.28
WHEEL = -0.6  # rad/s

# 002 r4's sightings: (frame from the first, rho, pockets from where it rests, relative)
R4 = [(0, 1.31, -6.0), (1, 1.30, -5.5), (5, 1.10, -3.1), (8, 1.05, -1.9), (12, 1.04, -1.2),
      (13, 1.02, -1.1), (14, 1.03, -0.9), (15, 1.04, -0.8), (16, 1.04, -0.6), (20, 1.02, -0.2)]


def landing(path: list[tuple[int, float, float]], *, rest_k: int = 11) -> list[FrameObs]:
    """Idle 20 frames, the ball at ``path`` from frame 20, then resting in pocket
    ``rest_k`` (rho 1.02) seen every frame until frame 120."""
    seen = {20 + f: (rho, k) for f, rho, k in path}
    rest_from = max(seen) + 1
    obs = []
    for f in range(140):
        zero = (0.4 + WHEEL * f / FPS) % (2 * np.pi)
        if f in seen:
            rho, k = seen[f]
        elif rest_from <= f < 120:
            rho, k = 1.02, 0.0
        else:
            obs.append(FrameObs(f, zero, ()))
            continue
        theta = (zero + (rest_k + k) * POCKET_RAD) % (2 * np.pi)
        obs.append(FrameObs(f, zero, (BallObs(rho, theta),)))
    return obs


def test_a_landing_seen_across_gaps_is_read() -> None:
    events = track(landing(R4), fps=FPS, band=BAND, head=HEAD)
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["landing"]
    said = of(events, "outcome")
    assert len(said) == 1 and said[0].result.number == WHEEL_SEQUENCE_CW[11]


@pytest.mark.parametrize("path", [
    # a spot by the cone joined across a gap to spots in the pockets: no ball lands so
    [(0, 0.80, -6.0), (4, 1.10, -3.1), (8, 1.05, -1.9), (12, 1.04, -1.2), (13, 1.02, -1.1),
     (14, 1.03, -0.9), (15, 1.04, -0.8), (16, 1.04, -0.6), (20, 1.02, -0.2)],
    # sightings 7 frames apart (over found_gap_s): glimpses, not one landing
    [(0, 1.31, -6.0), (7, 1.10, -3.1), (14, 1.05, -1.9), (21, 1.04, -1.2), (28, 1.02, -0.6)],
])
def test_spots_joined_across_gaps_are_no_landing(path: list[tuple[int, float, float]]) -> None:
    events = track(landing(path), fps=FPS, band=BAND, head=HEAD)
    assert not [e for e in of(events, "ball_launched") if e.extra["how"] == "landing"]
