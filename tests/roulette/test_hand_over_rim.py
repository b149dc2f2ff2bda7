"""The dealer's hand reaching over the rim while the ball rolls (seed 12201: 9 rounds of
30 clips read right, each after an abstain ``ball_handled`` that closes the round live
with no result): the hand shows as a held spot on the bowl outward of the ball's run,
and must not be taken for the ball in play."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, FPS, HEAD, story
from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import BallObs, FrameObs

HAND = range(40, 52)  # frames the hand shows, while the ball runs on the track (rho 2.0)


def with_hand(out: float, *, offset_rad: float = 0.1) -> list[FrameObs]:
    """``story``'s round with a held spot ``out`` ring radii outward of the ball, near its
    angle (``offset_rad`` ahead), listed first, in ``HAND``."""
    obs, _ = story(pocket_k=5)
    for i in HAND:
        o = obs[i]
        ball = o.balls[0]
        hand = BallObs(ball.rho + out, (ball.theta + offset_rad) % (2 * np.pi), held=True)
        obs[i] = FrameObs(o.frame, o.zero, (hand, *o.balls), o.object_seen)
    return obs


@pytest.mark.parametrize("out", [
    0.5,  # 12201 019 r0, 022 r0: the hand 0.5-0.9 ring radii outward of the run
    0.9,
])
def test_a_hand_outward_of_the_balls_run_is_not_the_ball(out: float) -> None:
    events = track(with_hand(out), fps=FPS, band=BAND, head=HEAD)
    assert not of(events, "abstain")
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[5]]


def test_fingers_at_the_balls_own_radius_still_take_it() -> None:
    # held at the ball's run (within ``out_slack``): a dealer catching the ball in play
    events = track(with_hand(0.05, offset_rad=0.0), fps=FPS, band=BAND, head=HEAD)
    assert [e.reason for e in of(events, "abstain")] == ["ball_handled"]
