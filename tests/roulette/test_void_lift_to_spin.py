"""The dealer's hand carries the ball out of its pocket up the bowl to the track and spins
it: pieces of that hand (its shadow, fingertips cut off from an arm that matches the rim)
are no object before the spin (seed 10901 013 r0: a false void at the launch); an object
still there once the ball runs is one."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, FPS, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

LIFT = range(100, 120)  # carried from the pockets (rho 1.0) to the track (rho 2.4)
RELEASE = 130  # held still at the track until then, then running at 10 rad/s


def lifted_then_spun(*, lifted: bool, object_frames: range) -> list[FrameObs]:
    """Idle, no round before (the stream's start); the ball carried up at one angle over
    ``LIFT`` (unseen when not ``lifted``), held at the track (the fingers unseen), spun at
    ``RELEASE``; an object seen over ``object_frames``."""
    obs = []
    theta = 2.2
    for f in range(260):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if f in LIFT and lifted:
            balls = (BallObs(1.0 + 1.4 * (f - LIFT.start) / len(LIFT), theta),)
        elif LIFT.stop <= f < RELEASE and lifted:
            balls = (BallObs(2.4, theta),)
        elif RELEASE <= f < 200:
            theta -= 10.0 / FPS  # against the wheel
            balls = (BallObs(2.4, theta % (2 * np.pi)),)
        obs.append(FrameObs(f, zero, balls, object_seen=f in object_frames))
    return obs


def run(obs: list[FrameObs]) -> list:
    return track(obs, fps=FPS, band=BAND, head=HEAD, finish=False)


@pytest.mark.parametrize(("lifted", "object_frames", "void_at"), [
    (True, range(118, 132), None),  # the hand's pieces as it spins the ball: no void
    (True, range(125, 180), 133),  # still there once the ball runs: a void (at its launch)
    (False, range(118, 132), 118),  # no ball seen carried: a roll may run out of view
])
def test_pieces_of_the_hand_spinning_the_ball_are_no_object(lifted: bool,
                                                            object_frames: range,
                                                            void_at: int | None) -> None:
    events = run(lifted_then_spun(lifted=lifted, object_frames=object_frames))
    voids = [e.frame for e in of(events, "void")]
    if void_at is None:
        assert not voids
        assert of(events, "ball_launched")
    else:
        assert voids and abs(voids[0] - void_at) <= 3
