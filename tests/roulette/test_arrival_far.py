"""The ball seen running far out on the track (a tilted camera's side of the bowl), then
2 frames on a fret's glint in the pockets riding with the wheel: no ball drops that far
that fast, so no arrival and no outcome (seed 13401 010 r4, 50 fps, tilted 32 deg: the
ball on the track at rho 2.2-2.6 going round at ~11 rad/s, then a glint at rho 0.89, a
drop of 1.7 ring radii in one step: read 35 at 0.999 while the ball still ran)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

FPS = 50.0
WHEEL_RAD_S = 0.7
SWEEP_RAD_S = 11.0


def sweep_then_glint(far_rho: float) -> list[FrameObs]:
    """The glint (rho 0.9, fixed on the wheel) seen at frame 94; the ball running round at
    ``far_rho`` past the glint's angle, frames 98-104; the glint again from frame 106 on,
    riding, for 80 frames."""
    obs = []
    glint_rel = 1.0
    for f in range(260):
        zero = (0.4 + WHEEL_RAD_S * f / FPS) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if f == 94 or 106 <= f < 186:
            balls = (BallObs(0.9, (zero + glint_rel) % (2 * np.pi)),)
        elif 98 <= f <= 104:
            rel = glint_rel + (SWEEP_RAD_S - WHEEL_RAD_S) * (f - 101.5) / FPS
            balls = (BallObs(far_rho, (zero + rel) % (2 * np.pi)),)
        obs.append(FrameObs(f, zero, balls, object_seen=False))
    return obs


@pytest.mark.parametrize(("far_rho", "arrives"), [
    (HEAD + 1.1, False),  # far out, then the glint: no arrival (before:
    # arrival and an outcome at 0.999)
    (HEAD + 0.3, True),  # near the head, then in the pockets: it arrived
])
def test_a_ball_far_out_on_the_track_then_a_glint_is_no_arrival(far_rho: float,
                                                               arrives: bool) -> None:
    events = track(sweep_then_glint(far_rho), fps=FPS, band=BAND, head=HEAD, finish=False)
    launched = [e.extra.get("how") for e in of(events, "ball_launched")]
    assert ("arrival" in launched) == arrives
    if not arrives:
        assert not of(events, "outcome")
