"""A ball first seen hopping in the pockets at a low frame rate, out of sight in the
frames where it moves (seed 10601 002 r0: 640x480 at 25 fps, a close camera; the hop of
2.2 pockets made in gaps of 4 and 3 frames), fed to the settle state machine."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 25.0
BAND = (0.88, 1.26)
HEAD = 1.3
REST_K = 14

# 002 r0's sightings from the first in the pockets: frame offset -> pockets from its rest
HOP = {0: 2.24, 1: 2.12, 2: 2.12, 3: 2.30, 8: 2.18, 9: 1.77, 13: 0.12, 14: -0.06,
       15: -0.12, 16: 0.0, 17: 0.0, 18: 0.0, 19: 0.0, 20: 0.0, 21: 0.0}


def sightings(path: dict[int, float]) -> list[FrameObs]:
    """Idle 20 frames, then the spot at ``path`` (pockets from pocket ``REST_K``, relative
    to the wheel; unseen in the frames left out), then resting in ``REST_K`` (seen every
    frame) until frame 100, then gone."""
    obs = []
    last = max(path)
    for f in range(130):
        zero = (0.4 - 0.6 * f / FPS) % (2 * np.pi)
        i = f - 20
        balls: tuple[BallObs, ...] = ()
        if 0 <= i <= last and i in path or last < i < 80:
            k = REST_K + path.get(i, 0.0)
            balls = (BallObs(1.03, (zero + k * POCKET_RAD) % (2 * np.pi)),)
        obs.append(FrameObs(f, zero, balls))
    return obs


def events_of(obs: list[FrameObs]) -> list:
    return track(obs, fps=FPS, band=BAND, head=HEAD)


def test_a_hop_made_out_of_sight_between_sightings_is_read() -> None:
    events = events_of(sightings(HOP))
    outs = [e for e in events if e.type == "outcome"]
    assert [o.result.number for o in outs] == [WHEEL_SEQUENCE_CW[REST_K]]  # type: ignore[union-attr]
    assert [e.extra["how"] for e in events if e.type == "ball_launched"] == ["found"]


@pytest.mark.parametrize("path", [
    {k: 0.0 for k in HOP},  # a look-alike riding with the wheel, seen as often
    {k: (2.2 if k < 9 else 0.0) for k in HOP},  # two spots, each riding: no steps between
    {k: (2.2 if k < 5 else 0.0) for k in range(0, 30, 7)},  # glimpses 7 frames apart
])
def test_spots_riding_with_gaps_are_no_round(path: dict[int, float]) -> None:
    events = events_of(sightings(path))
    assert not [e for e in events if e.type in ("outcome", "ball_launched")]
