"""A void round whose ball is caught beside the spot followed: a ball-like object lying
on the bowl is followed while the dealer's fingers catch the ball on the track, then the
ball is carried to its pocket (no fingers seen at it) and spun from there. The catch is
a catch all the same: the launch starts the next round (seed 13501 025 r1: a white
object at rho 1.72 followed, the ball caught at 2.33; the void never ended while the ball
stayed in view, and the next two rounds went unread)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, FPS, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

OBJECT = (1.7, 4.0)  # rho, image angle: the ball-like object lying on the bowl
POCKET = 0.95  # the pocket's rho


def void_then_spun(*, fingers_on_bowl: bool) -> list[FrameObs]:
    """Launched at 10; an object falls in at 40 (seen as an object 40-100 and as a still
    ball-like spot); the ball runs on the track until 60, then is out of view; 80-95 it is
    caught on the track (``fingers_on_bowl``) or lifted out of the pockets (rho 1.0: no
    catch on the bowl); 110-130 carried from the object's place into a pocket; rides there
    until 220, is carried up to the track 220-240 and spun at 250 (no fingers seen at the
    ball followed, as in 13501 025)."""
    obs = []
    theta = 1.0
    for f in range(330):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        balls: list[BallObs] = []
        if 10 <= f < 60:
            theta -= 12.0 / FPS
            balls.append(BallObs(2.0, theta % (2 * np.pi)))
        if 40 <= f < 110:
            balls.append(BallObs(*OBJECT))
        if 80 <= f < 95:
            balls.append(BallObs(2.3 if fingers_on_bowl else 1.0, 2.0, held=True))
        pocket = (zero + 0.3) % (2 * np.pi)
        if 110 <= f < 130:
            k = (f - 110) / 20
            balls.append(BallObs(OBJECT[0] + (POCKET - OBJECT[0]) * k,
                                 OBJECT[1] + relative(pocket, OBJECT[1]) * k))
        elif 130 <= f < 220:
            balls.append(BallObs(POCKET, pocket))
        elif 220 <= f < 240:
            theta = pocket
            balls.append(BallObs(POCKET + (2.4 - POCKET) * (f - 220) / 20, pocket))
        elif 240 <= f < 250:
            balls.append(BallObs(2.4, theta))
        elif f >= 250:
            theta -= 10.0 / FPS
            balls.append(BallObs(2.4, theta % (2 * np.pi)))
        obs.append(FrameObs(f, zero, tuple(balls), object_seen=40 <= f < 100))
    return obs


def relative(a: float, b: float) -> float:
    return (a - b + np.pi) % (2 * np.pi) - np.pi


@pytest.mark.parametrize(("fingers_on_bowl", "launched"), [
    (True, True),  # caught on the track beside the spot followed: the spin is a new round
    (False, False),  # fingers only down in the pockets: no catch seen, no new round
])
def test_a_catch_beside_the_spot_followed_ends_the_void(fingers_on_bowl: bool,
                                                        launched: bool) -> None:
    events = track(void_then_spun(fingers_on_bowl=fingers_on_bowl), fps=FPS, band=BAND,
                   head=HEAD, finish=False)
    assert [e.frame for e in of(events, "void")][:1] == [40]
    later = [e.frame for e in of(events, "ball_launched") if e.frame > 100]
    assert bool(later) == launched
    if launched:
        assert 250 <= later[0] <= 265
