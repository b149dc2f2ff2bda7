"""A landing's way from the ball coming down onto the wheel (``direction.approach_rates``).
A close camera sees neither the track nor the slope (seed 11001 003 r3, 640x480 at 25 fps:
the ball first seen on the head's rim): the descent into the pockets is all there is of
its roll, and a ball that then hops back against its way travels to rest the other way.
Fed to the settle state machine one frame at a time."""

from __future__ import annotations

import numpy as np

from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 25.0
BAND = (0.89, 1.09)
HEAD = 1.20

# 003 r3's sightings: (frame from the first, rho, pockets relative to the wheel from where it
# rests); the wheel turned at -1.09 rad/s, the ball came down at -1.9 (both ccw), hopped
# back two pockets and rested (its travel from the pockets to rest: +2, cw)
R3 = [(0, 1.24, 0.1), (1, 1.25, -0.1), (2, 1.24, -0.3), (3, 1.23, -0.5), (5, 1.17, -1.0),
      (6, 1.14, -1.1), (7, 1.12, -1.3), (9, 1.06, -1.7), (10, 1.04, -1.9), (11, 1.03, -1.9),
      (12, 1.04, -1.8), (13, 1.05, -1.7), (14, 1.05, -1.6), (15, 1.05, -1.4), (16, 1.05, -1.2),
      (17, 1.04, -1.1), (18, 1.03, -1.0), (19, 1.04, -0.8), (20, 1.04, -0.7), (21, 1.04, -0.4),
      (22, 1.03, -0.2), (23, 1.03, 0.0), (24, 1.03, 0.2), (25, 1.04, 0.6), (26, 1.03, 0.9),
      (27, 1.03, 0.9), (28, 1.03, 0.5), (29, 1.03, 0.2)]


def landing(path: list[tuple[int, float, float]], wheel: float) -> list[FrameObs]:
    """Idle 60 frames, the ball at ``path`` from frame 60 (the wheel turning at ``wheel``
    rad/s), then resting in pocket 11 (rho 1.03) seen every frame until frame 160."""
    seen = {60 + f: (rho, k) for f, rho, k in path}
    obs = []
    for f in range(180):
        zero = (0.4 + wheel * f / FPS) % (2 * np.pi)
        rho, k = seen.get(f, (1.03, 0.0) if max(seen) < f < 160 else (None, 0.0))
        if rho is None:
            obs.append(FrameObs(f, zero, ()))
            continue
        theta = (zero + (11 + k) * POCKET_RAD) % (2 * np.pi)
        obs.append(FrameObs(f, zero, (BallObs(rho, theta),)))
    return obs


def test_a_ball_coming_down_the_wheels_way_is_flagged() -> None:
    events = track(landing(R3, wheel=-1.09), fps=FPS, band=BAND, head=HEAD)
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["landing"]
    flagged = of(events, "violation")
    assert len(flagged) == 1 and flagged[0].extra["ball_direction"] == "ccw"
    assert len(of(events, "outcome")) == 1


def test_a_ball_coming_down_against_the_wheel_is_not_flagged() -> None:
    # the same descent in the image, the wheel turning the other way (cw): relative to it
    # the ball runs faster still, ccw; it then rests where it came into the pockets
    wheel, back = 1.09, 2 * 1.09 / FPS / POCKET_RAD  # pockets a frame, from -1.09 to +1.09
    path = [(f, rho, k - back * f) for f, rho, k in R3 if f <= 10]
    path += [(f, 1.03, path[-1][2]) for f in range(11, 30)]
    events = track(landing(path, wheel=wheel), fps=FPS, band=BAND, head=HEAD)
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["landing"]
    assert not of(events, "violation")
