"""A spot taken in the pockets where the ball was found (not seen coming down) that is lost
there before the ball rests: the ball may show elsewhere in the pockets (seed 11001 007 r4,
1280x720 at 60 fps, camera 34 deg: a turret's knob, raised, taken in the pockets while the
ball was on the slope, shifting against the wheel as it turned; the ball landed elsewhere
and hopped to rest while the knob was followed out of sight: lost, abstained). Fed to the
settle state machine one frame at a time."""

from __future__ import annotations

import numpy as np

from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 60.0
BAND = (0.86, 1.31)
HEAD = 1.33
WHEEL = -0.8  # rad/s


def knob_then_ball(*, ball_from: int = 150) -> list[FrameObs]:
    """The ball runs on the bowl (frames 60-100), unseen 0.3 s, then a knob in the pockets
    (frames 120-180, drifting 2 pockets a second against the wheel), the ball in the
    pockets from ``ball_from`` far from it: riding, hopping 3 pockets (frames 182-200),
    resting until frame 300."""
    obs = []
    for f in range(340):
        zero = (1.0 + WHEEL * f / FPS) % (2 * np.pi)
        spots = []
        if 60 <= f <= 100:
            spots.append(BallObs(2.4, (3.5 - 12.0 * (f - 60) / FPS) % (2 * np.pi)))
        if 120 <= f <= 180:
            spots.append(BallObs(0.94, (zero - 2.2 + 0.34 * (f - 120) / FPS) % (2 * np.pi)))
        if ball_from <= f <= 300:
            rel = 0.3 - 3 * POCKET_RAD * float(np.clip((f - 182) / 18, 0.0, 1.0))
            spots.append(BallObs(1.0, (zero + rel) % (2 * np.pi)))
        obs.append(FrameObs(f, zero, tuple(spots)))
    return obs


def test_the_ball_hopping_elsewhere_is_read_when_the_found_spot_is_lost() -> None:
    events = track(knob_then_ball(), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    rest = pocket_at(0.3 - 3 * POCKET_RAD, 0.0, 1).number
    assert rest in WHEEL_SEQUENCE_CW
    assert len(said) == 1 and said[0].result.number == rest
    assert not of(events, "abstain")


def test_a_spot_found_elsewhere_that_never_hops_is_not_read() -> None:
    # the other spot rides with the wheel from the start (a glint on a fret, a chrome
    # part): no outcome (it must hop on before it rests)
    obs = [FrameObs(o.frame, o.zero, tuple(b for b in o.balls if o.frame < 182 or b.rho != 1.0)
                    + ((BallObs(1.0, (o.zero + 0.3) % (2 * np.pi)),) if 182 <= o.frame <= 300
                       else ())) for o in knob_then_ball()]
    events = track(obs, fps=FPS, band=BAND, head=HEAD)
    assert not of(events, "outcome")
