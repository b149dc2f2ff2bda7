"""A ball glimpsed once hopping, then seen at rest (seed 10601 002 r2: 640x480 at 25 fps,
camera 7 deg; the ball seen 1.7 pockets off, then 6 frames later at rest; no event at
all): too little to read, too much to pass over, so the round is abstained."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_found_idle import BAND, FPS, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD


def glimpsed(*, hop_pockets: float, gap: int = 5, start: int = 200,
             wheel_rad_s: float = -0.52) -> list[FrameObs]:
    """From ``start``: the spot seen once ``hop_pockets`` from pocket 14 (relative to
    the wheel), ``gap`` frames unseen, then at rest in pocket 14 for 3 s, then gone."""
    obs = []
    for f in range(start + 110):
        zero = (0.4 + wheel_rad_s * f / FPS) % (2 * np.pi)
        k = 14 + hop_pockets if f == start else 14.0
        seen = f == start or start + gap < f < start + 90
        balls = (BallObs(1.04, (zero + k * POCKET_RAD) % (2 * np.pi)),) if seen else ()
        obs.append(FrameObs(f, zero, balls))
    return obs


@pytest.mark.parametrize(("hop", "asked"), [
    (1.7, True),  # 002 r2: glimpsed 1.7 pockets off, then at rest
    (-1.0, True),  # the other way, a pocket
    (0.3, False),  # settling within its pocket: a look-alike as much as a ball
    (0.0, False),  # a spot riding with the wheel from the start: a look-alike
])
def test_a_ball_glimpsed_hopping_then_at_rest_is_abstained(hop: float, asked: bool) -> None:
    events = track(glimpsed(hop_pockets=hop), fps=FPS, band=BAND, head=HEAD)
    unseen = [e for e in of(events, "abstain") if e.reason == "ball_unseen"]
    assert len(unseen) == (1 if asked else 0)
    assert not of(events, "outcome")  # never read: a glint on a fret jumps so too


def test_a_glimpse_soon_after_the_clip_start_counts() -> None:
    # no ball removed yet: the time since the last removal does not hold it back
    events = track(glimpsed(hop_pockets=1.7, start=5), fps=FPS, band=BAND, head=HEAD)
    assert [e.reason for e in of(events, "abstain")] == ["ball_unseen"]


def test_spots_that_keep_their_place_in_the_image_are_not_asked_about() -> None:
    # the wheel turning slowly (0.1 rad/s): glints that stay put in the image barely move
    # relative to it either, and one glint then another 1.7 pockets on looks like a hop
    # then a rest (seed 10801 028 r0, 60 fps): a ball at rest is carried by the wheel
    events = track(glimpsed(hop_pockets=1.7, wheel_rad_s=0.1), fps=FPS, band=BAND, head=HEAD)
    assert not of(events, "abstain") and not of(events, "outcome")
