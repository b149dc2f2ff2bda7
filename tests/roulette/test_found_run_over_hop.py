"""A spot taken in the pockets while the ball ran out of view high on the bowl, which
'hops' (a turret's knob, raised, drifting against the wheel as it turns), gives way to the
ball seen running on the bowl for ``run_over_hop`` sightings (fresh seed 16201 018 r2,
1024x576 at 30 fps, camera 30 deg: the knob, found 0.4 s after the ball was last seen,
drifted a pocket in 0.7 s; the ball then ran in view 12 sightings in 0.4 s and came to
rest unseen by the track: missed). Fed to the settle state machine one frame at a time."""

from __future__ import annotations

import numpy as np

from tests.roulette.tracked import of, track
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 30.0
BAND = (0.86, 1.31)
HEAD = 1.33
WHEEL = -0.8  # rad/s
REST_REL = 6 * POCKET_RAD  # where the ball comes to rest, relative to the wheel
FOUND_REL = -2.2 + 0.5 * POCKET_RAD  # where the spot is found in the pockets (rel.)
KNOB_DRIFT = 0.4  # rad/s against the wheel: 2.4 pockets a second
HOP = 1.5 * POCKET_RAD  # the found ball's hop before it rests (``found_rests``)
START = 2.0 - 4.0 * 12 / FPS   # the ball's angle as the run in view ends (frame 122)
# ... and its way round from there to its rest in frame 137 (the wheel's zero there: 1.0
# + WHEEL * 137 / FPS), running on the way it ran (-4 rad/s)
SWEEP = (1.0 + WHEEL * 137 / FPS + REST_REL - START + np.pi) % (2 * np.pi) - np.pi


def knob_then_run(*, run: range, found_rests: bool = False) -> list[FrameObs]:
    """The ball launched on the bowl (frames 30-70), out of view; a knob in the pockets
    from frame 85, drifting against the wheel; the ball in view on the bowl in ``run``,
    coming down into the pockets (frames 123-136) and riding at ``REST_REL`` to frame 260.
    ``found_rests``: the spot found in the pockets is the ball, which hops a pocket and a
    half (frames 85-95) and rests there; what runs on the bowl then is a look-alike."""
    obs = []
    for f in range(300):
        zero = (1.0 + WHEEL * f / FPS) % (2 * np.pi)
        spots = []
        if 30 <= f <= 70:
            spots.append(BallObs(2.4, (3.5 - 12.0 * (f - 30) / FPS) % (2 * np.pi)))
        if 85 <= f <= 280:
            drift = min(f - 85, 10) * HOP / 10 if found_rests else KNOB_DRIFT * (f - 85) / FPS
            spots.append(BallObs(0.94, (zero + FOUND_REL + drift) % (2 * np.pi)))
        if f in run:
            k = f - run.start
            spots.append(BallObs(1.9 - 0.02 * k, (2.0 - 4.0 * k / FPS) % (2 * np.pi)))
        if 123 <= f <= 136 and not found_rests:   # on down the slope into the pockets, going round
            k = (f - 122) / 15
            spots.append(BallObs(1.66 - 0.66 * k, (START + SWEEP * k) % (2 * np.pi)))
        elif 137 <= f <= 260 and not found_rests:
            spots.append(BallObs(1.0, (zero + REST_REL) % (2 * np.pi)))
        obs.append(FrameObs(f, zero, tuple(spots)))
    return obs


def test_a_ball_running_on_the_bowl_outweighs_a_knob_that_hopped() -> None:
    events = track(knob_then_run(run=range(110, 123)), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    assert [e.result.number for e in said] == [pocket_at(REST_REL, 0.0, 1).number]
    assert not of(events, "abstain")


def test_a_glimpse_on_the_bowl_does_not_outweigh_a_ball_that_hopped() -> None:
    # the spot found is the ball, hopped and not yet at rest: three sightings on the bowl
    # at a launch's speed (a look-alike) are too few to outweigh its hop
    events = track(knob_then_run(run=range(97, 100), found_rests=True), fps=FPS, band=BAND,
                   head=HEAD)
    said = of(events, "outcome")
    assert [e.result.number for e in said] == [pocket_at(FOUND_REL + HOP, 0.0, 1).number]
