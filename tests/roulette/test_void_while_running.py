"""An idle void while the ball runs on a track mostly out of view (its launch unseen) and a
look-alike rides in the pockets: the look-alike is no ball at rest (seed 10601 018 r0)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import track
from vision.footage import Event
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 30.0


def glint_and_a_running_ball(*, ball_rad_s: float, held: bool = False,
                             inward: float = 0.0) -> list[FrameObs]:
    """A spot rides in a pocket with the wheel (a glint on a fret) all along; a ball going
    round at ``ball_rad_s`` on the bowl (rho 2.0) is seen 2 frames in every 15 (the rest
    of its track out of view), the second ``inward`` nearer the middle; from frame 125 an
    object is seen."""
    obs = []
    theta = 1.0
    for f in range(180):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        theta += ball_rad_s / FPS
        balls = [BallObs(0.95, (zero + 5 * POCKET_RAD) % (2 * np.pi))]
        if f % 15 < 2:
            balls.append(BallObs(2.0 - inward * (f % 15), theta % (2 * np.pi), held=held))
        obs.append(FrameObs(f, zero, tuple(balls), object_seen=f >= 125))
    return obs


def run(obs: list[FrameObs]) -> list[Event]:
    return track(obs, fps=FPS, band=(0.8, 1.15), head=1.3, finish=False)


@pytest.mark.parametrize(("ball_rad_s", "held", "inward", "voided"), [
    (10.0, False, 0.0, True),  # a ball on the track: a roll goes on, the glint no ball at rest
    (10.0, False, 0.1, True),  # ... drifting down the bowl as it goes round
    (3.0, False, 0.0, False),  # slow on the bowl: no roll seen (the spot may be the ball at rest)
    (10.0, True, 0.0, False),  # fingers at it: a hand carrying a ball, not a roll
    # jumping a third of the way in as it goes round: a hand reaching in (fresh seed 16701
    # clip 001 r4: a fingertip at rho 1.66 then 1.32, the ball resting in a pocket)
    (10.0, False, 0.35, False),
])
def test_an_object_while_the_ball_runs_unseen_launched_is_a_void(ball_rad_s: float,
                                                                 held: bool, inward: float,
                                                                 voided: bool) -> None:
    events = run(glint_and_a_running_ball(ball_rad_s=ball_rad_s, held=held, inward=inward))
    voids = [e.frame for e in events if e.type == "void"]
    assert not [e for e in events if e.type in ("outcome", "ball_launched")]
    if voided:
        assert voids and voids[0] <= 125 + FPS  # within a second
    else:
        assert not voids
