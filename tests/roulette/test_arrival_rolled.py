"""A ball whose track is out of view, seen only as it rolls down the bowl into the
pockets (an arrival, too slow against the wheel for a launch), then hopping less than a
pocket to rest: read, not dropped as a look-alike that never hopped (fresh seed 16201 003
r3, 640x480 at 50 fps: seen 0.42 s beyond the head's edge, 1.67 to 1.31 ring radii, 1.0
rad round; it hopped 0.65 pocket and rested: abstained ``ball_lost``). Seen on the bowl
only briefly, it must still hop a pocket first. Fed to the settle state machine one frame
at a time."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 50.0
BAND = (0.86, 1.10)
HEAD = 1.26
WHEEL = -0.4      # rad/s
REL_SPEED = -1.8  # the ball against the wheel as it comes down (image: -2.2 rad/s)
REST_REL = 6 * POCKET_RAD              # where it rests, relative to the wheel
LANDED_REL = REST_REL + 0.65 * POCKET_RAD   # ... after a hop of 0.65 pocket from here


def rolled_in(*, seen_from: int) -> list[FrameObs]:
    """The ball rolls down the bowl (rho 1.75 at frame 100 to 1.36 at 135, seen from
    ``seen_from``) and over the head's rim (136-146) into the pockets, hops 0.65 pocket
    there (147-157) and rests to frame 400."""
    obs = []
    for f in range(450):
        zero = (1.0 + WHEEL * f / FPS) % (2 * np.pi)
        if f <= 135:
            rho = 1.75 - 0.39 * (f - 100) / 35
        elif f <= 146:
            rho = 1.25 - 0.13 * (f - 136) / 10
        else:
            rho = 1.05
        rel = LANDED_REL + (REST_REL - LANDED_REL) * min(f - 147, 10) / 10 if f >= 147 \
            else LANDED_REL - REL_SPEED * (147 - f) / FPS
        seen = seen_from <= f <= 400
        obs.append(FrameObs(f, zero, (BallObs(rho, (zero + rel) % (2 * np.pi)),) if seen
                            else ()))
    return obs


@pytest.mark.parametrize(("seen_from", "read"), [
    (100, True),    # rolling down 0.7 s: a roll, read (before: abstained ball_lost)
    (128, False),   # 0.14 s on the bowl: it must hop a pocket first, and never does
])
def test_a_ball_seen_rolling_in_is_read_without_a_hop(seen_from: int, read: bool) -> None:
    events = track(rolled_in(seen_from=seen_from), fps=FPS, band=BAND, head=HEAD)
    said = [e.result.number for e in of(events, "outcome")]
    assert said == ([pocket_at(REST_REL, 0.0, 1).number] if read else [])
