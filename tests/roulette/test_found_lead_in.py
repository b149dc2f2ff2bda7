"""The ball lost on the head's rim, then seen in the pockets hopping to rest before the track
takes it there as found (it waits ``regain_s`` for the ball to show near where it was lost):
the hop it was seen making meanwhile counts (``BallTrack.lead_in``). Seed 11801 010 r0
(1280x720 at 50 fps): lost on the rim, seen in the pockets 11 frames later 3.5 pockets from
there, hopping 1.2 pockets to rest within 12 frames; taken only at rest, it 'never hopped',
was dropped as a look-alike and the round abstained (``ball_lost``). Fed to the settle state
machine one frame at a time."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 50.0
BAND = (0.89, 1.09)
HEAD = 1.28
WHEEL = 0.64  # rad/s
RIM_REL = 2.14  # where the ball was last seen on the rim, relative to pocket 0
REST = 8  # the pocket index (from 0, clockwise) it comes to rest in
SEEN = (141, 142, *range(148, 153))  # in the pockets before the track takes it (at 153)


def lost_on_the_rim(hop_pockets: float, *, rider_from: int | None = None) -> list[FrameObs]:
    """The ball runs on the bowl (frames 60-100), is seen once on the head's rim (130),
    then in the pockets on ``SEEN`` frames going ``hop_pockets`` against the wheel to
    pocket ``REST``'s centre, where it rides until frame 300. With ``rider_from``, a
    look-alike riding with the wheel far from there from that frame on as well."""
    obs = []
    rest = REST * POCKET_RAD
    for f in range(320):
        zero = (1.0 + WHEEL * f / FPS) % (2 * np.pi)
        spots = []
        if 60 <= f <= 100:
            spots.append(BallObs(2.4, (3.5 - 12.0 * (f - 60) / FPS) % (2 * np.pi)))
        if f == 130:
            spots.append(BallObs(1.246, (zero + RIM_REL) % (2 * np.pi)))
        if f in SEEN or 153 <= f <= 300:
            share = float(np.clip((f - SEEN[0]) / (SEEN[-1] - SEEN[0]), 0.0, 1.0))
            rel = rest + hop_pockets * POCKET_RAD * (1.0 - share)
            spots.append(BallObs(1.04, (zero + rel) % (2 * np.pi)))
        obs.append(FrameObs(f, zero, tuple(spots)))
    return obs


@pytest.mark.parametrize("hop_pockets", [
    1.25,  # 11801 010 r0's hop (1.2 pockets), all of it before the track took the ball
    2.0,   # a longer hop
])
def test_the_hop_seen_before_the_ball_was_taken_in_the_pockets_counts(
        hop_pockets: float) -> None:
    events = track(lost_on_the_rim(hop_pockets), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    assert len(said) == 1, events
    assert said[0].result.number == pocket_at(REST * POCKET_RAD, 0.0, 1).number
    assert said[0].frame >= SEEN[-1]
    assert not of(events, "abstain")


@pytest.mark.parametrize("hop_pockets", [
    0.0,  # a look-alike riding with the wheel from the start: it must hop on before it rests
    0.6,  # a spot shifting less than a pocket (a glint on a fret) is no hop either
])
def test_a_spot_found_in_the_pockets_that_hardly_moved_is_not_read(hop_pockets: float) -> None:
    events = track(lost_on_the_rim(hop_pockets), fps=FPS, band=BAND, head=HEAD)
    assert not of(events, "outcome")
