"""A void round's ball put back into a pocket: the dealer's arm reaching in for it is no
second void (seed 10601 clip 018 r3)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

FPS = 30.0
BAND = (0.8, 1.15)
HEAD = 1.3
THETA_CAUGHT = (1.0 - 12.0 * 60 / FPS) % (2 * np.pi)  # where the hand catches the ball
POCKET = (THETA_CAUGHT - 0.4 - 0.8 * 70 / FPS) % (2 * np.pi)  # the pocket below it then


def void_then_arm(spun_unseen: bool) -> list[FrameObs]:
    """An object falls in while the ball runs on the track (a void at 40); a hand catches
    the ball and puts it into a pocket, where it rides with the wheel. 5 s after the
    object, an arm reaches in: it hides the ball for 10 frames and shows as an object
    (frames 200-209), then the ball is lifted out and gone. ``spun_unseen``: instead, the
    ball leaves the pocket at 190 with no hand seen and runs on the track when something
    shows (a new roll: seed 10301 025 r3)."""
    obs: list[FrameObs] = []
    theta = 1.0
    for f in range(300):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        ball: BallObs | None = None
        if 10 <= f < 70:  # launched: on the track at 12 rad/s
            theta -= 12.0 / FPS
            ball = BallObs(2.0, theta % (2 * np.pi))
        elif 70 <= f < 90:  # caught, carried down to the pocket
            ball = BallObs(2.0 - 1.05 * (f - 70) / 20, (zero + POCKET) % (2 * np.pi),
                           held=True)
        elif 90 <= f < 190:  # put back: it rides in its pocket
            ball = BallObs(0.95, (zero + POCKET) % (2 * np.pi))
        elif spun_unseen and 190 <= f < 240:  # up the bowl and running on the track
            theta = (theta if f > 190 else zero + POCKET) - 12.0 * min(1.0, (f - 189) / 10) / FPS
            ball = BallObs(min(2.0, 0.95 + 0.15 * (f - 189)), theta % (2 * np.pi))
        elif not spun_unseen and 190 <= f < 200:
            ball = BallObs(0.95, (zero + POCKET) % (2 * np.pi))
        elif not spun_unseen and 210 <= f < 225:  # lifted out by the hand
            ball = BallObs(0.95 + 1.05 * (f - 210) / 15, (zero + POCKET) % (2 * np.pi),
                           held=True)
        obs.append(FrameObs(f, zero, () if ball is None else (ball,),
                            object_seen=40 <= f < 50 or 200 <= f < 210))
    return obs


def voids(obs: list[FrameObs]) -> list[int]:
    return [e.frame for e in of(track(obs, fps=FPS, band=BAND, head=HEAD, finish=False), "void")]


@pytest.mark.parametrize(("spun_unseen", "expected"), [
    (False, [40]),  # the arm over the ball put back: the same void round, no new void
    (True, [40, 200]),  # the ball running on the track: a new roll, its object voids it
])
def test_an_arm_over_the_ball_put_back_is_no_second_void(spun_unseen: bool,
                                                         expected: list[int]) -> None:
    assert voids(void_then_arm(spun_unseen)) == expected
