"""A thing thrown into the bowl while the ball runs on a track mostly out of view, taken
for the ball coming down: it fell straight in (seed 11801 006 r4, 1280x960 at 50 fps: a
white chip thrown in over the frame's top edge where the ball was last seen 0.22 s
before, 2.47 to 1.22 ring radii in 16 frames sweeping 0.13 rad, then riding on the number
ring's edge, 'at rest' 15 frames later: a wrong outcome in a void round). A ball rolls
down the bowl going round and hops on before it rests. Fed to the settle state machine one
frame at a time, and the pure test (``fell_in``) table-driven."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.roulette.found import fell_in
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.settle_params import SettleParams
from vision.roulette.track import Seen
from vision.roulette.wheel import POCKET_RAD

FPS = 50.0
BAND = (0.86, 1.28)
HEAD = 1.6
WHEEL = -0.5  # rad/s
RUN = -6.5  # rad/s, the ball on the track


def zero_at(f: int) -> float:
    return (1.0 + WHEEL * f / FPS) % (2 * np.pi)


def ball_on_track(f: int) -> BallObs | None:
    """Launched at frame 20, in view a few frames a lap (its track mostly out of view)."""
    theta = (3.6 + RUN * (f - 20) / FPS) % (2 * np.pi)
    in_view = 20 <= f <= 40 or (f >= 40 and 2.2 <= theta <= 3.7)
    return BallObs(2.4, theta) if in_view else None


def thrown(f: int, at: int = 100, theta: float = 2.46) -> BallObs | None:
    """A chip thrown in at frame ``at``: in 16 frames from 2.47 to 1.22 ring radii,
    drifting 0.13 rad, then riding with the wheel on the number ring's edge."""
    if f < at:
        return None
    u = min(1.0, (f - at) / 16)
    landed = min(f, at + 16)
    return BallObs(2.47 - 1.25 * u, (theta + 0.13 * u + WHEEL * (f - landed) / FPS)
                   % (2 * np.pi))


def rolled(f: int, at: int = 100, theta: float = 2.46) -> BallObs | None:
    """The ball rolling down instead: round at 4.5 rad/s while it comes in over 16
    frames, then hopping 2 pockets against the wheel over 0.6 s, then at rest."""
    if f < at:
        return None
    t = (f - at) / FPS
    u = min(1.0, t / 0.32)
    down = theta - 4.5 * min(t, 0.32)
    hop = -2 * POCKET_RAD * min(1.0, max(0.0, t - 0.32) / 0.6)
    return BallObs(2.47 - 1.25 * u, (down + WHEEL * max(0.0, t - 0.32) + hop) % (2 * np.pi))


def frames(second, end: int = 200) -> list[FrameObs]:
    obs = []
    for f in range(end):
        spots = tuple(b for b in (ball_on_track(f) if f < 90 else None, second(f))
                      if b is not None)
        obs.append(FrameObs(f, zero_at(f), spots))
    return obs


def test_a_thing_thrown_in_while_the_ball_is_out_of_view_is_not_read() -> None:
    events = track(frames(thrown), fps=FPS, band=BAND, head=HEAD)
    assert of(events, "ball_launched")
    assert not of(events, "outcome"), "the chip thrown in was read as the ball at rest"


def test_a_ball_rolling_down_the_same_way_is_read() -> None:
    events = track(frames(rolled), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    end = rolled(199)
    assert end is not None
    assert len(said) == 1
    assert said[0].result.number == pocket_at(end.theta - zero_at(199), 0.0, 1).number


def seen(path: list[tuple[float, float]], start: int = 0, held: bool = False) -> list[Seen]:
    return [Seen(start + k, rho, theta, theta, held) for k, (rho, theta) in enumerate(path)]


STRAIGHT = [(2.47 - 0.25 * k, 2.46 + 0.02 * k) for k in range(6)]  # 1.25 in, 0.1 rad
ROUND = [(2.47 - 0.25 * k, 2.46 - 0.09 * k) for k in range(6)]  # 1.25 in, 0.45 rad


@pytest.mark.parametrize(("history", "fell"), [
    # the chip: straight in, from frame 10 on (the ball's last sighting 11 frames before)
    (seen([(2.4, 3.0)]) + seen(STRAIGHT, start=11), 11),
    # the ball rolling down, going round at 4.5 rad/s (at 50 fps): no
    (seen([(2.4, 3.0)]) + seen(ROUND, start=11), None),
    # straight in, but only 3 sightings before the pockets: too few to tell
    (seen(STRAIGHT[2:], start=13), None),
    # straight in from the head's rim, not the bowl: a ball bouncing in over the numbers
    (seen([(1.62 - 0.1 * k, 2.46) for k in range(5)]), None),
    # carried straight in, in fingers (a ball put back): not thrown
    (seen(STRAIGHT, held=True), None),
    # not yet in the pockets
    (seen(STRAIGHT[:-1]), None),
])
def test_fell_in(history: list[Seen], fell: int | None) -> None:
    assert fell_in(history, head=HEAD, band_out=BAND[1], p=SettleParams()) == fell
