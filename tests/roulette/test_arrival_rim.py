"""A thing lying on the turning rim of the wheel head, raised, is seen just beyond the
head's edge estimate, going round with the wheel; then a spot of it in the pockets: no
ball arrived from the bowl, and no same-direction spin is flagged (seed 10801 013 r0: a
lighter across the rim at rho 1.35, the head's edge 1.29, wheel and 'ball' both cw)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, FPS, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

WHEEL_RAD_S = 1.6  # the image speed of anything riding with the wheel (>= 1.5: 'running')


def riding_then_in_the_pockets(rho: float) -> list[FrameObs]:
    """From frame 100 a spot at ``rho`` turns with the wheel for 10 frames, then one in the
    pockets at the same wheel angle rides on for 40 frames."""
    obs = []
    for f in range(200):
        zero = (0.4 + WHEEL_RAD_S * f / FPS) % (2 * np.pi)
        theta = (zero + 2.0) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if 100 <= f < 110:
            balls = (BallObs(rho, theta),)
        elif 110 <= f < 150:
            balls = (BallObs(1.0, theta),)
        obs.append(FrameObs(f, zero, balls, object_seen=False))
    return obs


@pytest.mark.parametrize(("rho", "arrives"), [
    (HEAD + 0.06, False),  # on the turning rim: no arrival (before: arrival + violation)
    (HEAD + 0.3, True),  # well out on the bowl: a ball running there, then in the pockets
])
def test_a_thing_riding_on_the_heads_rim_does_not_arrive(rho: float, arrives: bool) -> None:
    events = track(riding_then_in_the_pockets(rho), fps=FPS, band=BAND, head=HEAD,
                   finish=False)
    launched = [e.extra.get("how") for e in of(events, "ball_launched")]
    assert ("arrival" in launched) == arrives
    if not arrives:
        assert not of(events, "violation")
