"""A coin dropped into the bowl behind the running ball, its fall in view all along: the
track takes no spot behind the ball, or further in than it could have come down, until
the ball has been unseen ``reach_s``; it took the coin then, two frames before the
pockets, too few for ``fell_in`` on its own sightings, and read it 'at rest' on the number
ring (seed 13901 018 r0, 1280x720 at 25 fps, camera 15 deg, the track mostly out of view:
the coin seen from 2.15 to 1.19 ring radii in 8 frames at one angle, taken at 1.59; read 5
at 0.96, a wrong outcome in a void round). Its sightings before the track took it lead its
run in (``fall_lead_in``): it fell straight in, so it must hop before it rests. Fed to the
settle state machine one frame at a time (the numbers are the clip's), and the pure lead-in
table-driven."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.roulette.found import fall_lead_in
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.track import Seen
from vision.roulette.wheel import POCKET_RAD

FPS = 25.0
BAND = (0.87, 1.31)  # the clip's calibration
HEAD = 1.33
WHEEL = 0.0443  # rad per frame, the image angle of pocket 0
START, END = 160, 250
# the ball on the track (mostly out of view), as the clip's reader saw it from the spin on;
# the render scored also missed it at frame 197, 2.28 ring radii, 2.49 rad
TRACK = {166: (2.25, 0.53), 167: (2.28, 6.28), 168: (2.31, 5.69), 178: (2.27, 0.07),
         179: (2.3, 5.87), 185: (2.29, 2.47), 189: (2.25, 0.49), 190: (2.28, 6.23),
         191: (2.31, 5.73), 202: (2.27, 0.17), 203: (2.3, 5.97), 210: (2.28, 2.46),
         215: (2.27, 0.19), 216: (2.29, 6.02), 217: (2.32, 5.63), 224: (2.27, 2.43)}
# the coin, 0.94 rad behind the ball's last sighting: falling at one angle, then riding
# with the wheel on the number ring's edge (1.2 ring radii)
FALL = {193: (2.15, 0.39), 194: (2.08, 0.37), 195: (1.97, 0.35), 196: (1.85, 0.33),
        197: (1.72, 0.32), 198: (1.59, 0.31), 199: (1.43, 0.3), 200: (1.3, 0.29),
        201: (1.19, 0.27)}


def zero_at(f: int) -> float:
    return (1.536 + WHEEL * (f - START)) % (2 * np.pi)


def coin(f: int) -> BallObs | None:
    if f in FALL:
        return BallObs(*FALL[f])
    return BallObs(1.2, (0.27 + WHEEL * (f - 201)) % (2 * np.pi)) if f > 201 else None


def rolled(f: int) -> BallObs | None:
    """The ball itself coming down instead, from where its speed had taken it unseen:
    round at 0.2 rad a frame (5 rad/s) while it comes in from 1.59 ring radii to the
    pockets (frame 202), then hopping 2 pockets against the wheel in 0.6 s to a pocket's
    centre, where it rests."""
    if f < 198:
        return None
    if f <= 202:
        return BallObs(1.59 - 0.1 * (f - 198), (2.23 - 0.2 * (f - 198)) % (2 * np.pi))
    came = 1.43 - zero_at(202)  # relative to pocket 0 there
    rest = (round(came / POCKET_RAD) - 2) * POCKET_RAD
    rel = came + (rest - came) * min(1.0, (f - 202) / 15)
    return BallObs(1.19, (zero_at(f) + rel) % (2 * np.pi))


def frames(second, *, track_until: int = END) -> list[FrameObs]:
    obs = []
    for f in range(START, END):
        spots = [second(f)]
        if f in TRACK and f <= track_until:
            spots.append(BallObs(*TRACK[f]))
        obs.append(FrameObs(f, zero_at(f), tuple(b for b in spots if b is not None)))
    return obs


def test_a_coin_seen_falling_behind_the_ball_is_not_read() -> None:
    events = track(frames(coin), fps=FPS, band=BAND, head=HEAD)
    assert of(events, "ball_launched")
    assert not of(events, "outcome"), "the coin fallen in was read as the ball at rest"


def test_the_ball_rolling_down_from_there_is_read() -> None:
    events = track(frames(rolled, track_until=191), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    end = rolled(END - 1)
    assert end is not None
    assert len(said) == 1, events
    assert said[0].result.number == pocket_at(end.theta - zero_at(END - 1), 0.0, 1).number


def seen(path: list[tuple[float, float]], start: int) -> list[Seen]:
    return [Seen(start + k, rho, theta, theta) for k, (rho, theta) in enumerate(path)]


def others(path: list[tuple[float, float, bool]], start: int
           ) -> list[tuple[int, float, tuple[BallObs, ...]]]:
    return [(start + k, 0.0, (BallObs(rho, theta, held),))
            for k, (rho, theta, held) in enumerate(path)]


LEAD = [(2.15, 0.39, False), (2.03, 0.375, False), (1.91, 0.36, False), (1.79, 0.345, False),
        (1.67, 0.33, False)]  # 5 frames before the track took it at 1.55
TAKEN = [(1.55, 0.315), (1.43, 0.3), (1.31, 0.285)]


@pytest.mark.parametrize(("lead", "first"), [
    # the coin's fall, each frame: all of it leads in
    (others(LEAD, start=10), 10),
    # a frame missed: a gap of 2 is bridged
    (others(LEAD[:3], start=10) + others(LEAD[4:], start=14), 10),
    # a gap of 3 is not: the lead-in starts after it
    (others(LEAD[:1], start=10) + others(LEAD[2:], start=13), 13),
    # fingers at it: no lead-in
    (others([(r, t, True) for r, t, _ in LEAD], start=10), 15),
    # a spot further in than the one after it (glints in the pockets): not the fall
    (others([(1.2, 0.39, False)] * 5, start=10), 15),
    # a spot far from it (the ball on the track): not the fall
    (others([(2.3, 2.5, False)] * 5, start=10), 15),
])
def test_fall_lead_in(lead: list[tuple[int, float, tuple[BallObs, ...]]], first: int) -> None:
    history = seen([(2.3, 5.7)], start=2) + seen(TAKEN, start=15)
    out = fall_lead_in(history, lead)
    assert out[0].frame == first
    assert out[-len(TAKEN):] == history[-len(TAKEN):]
