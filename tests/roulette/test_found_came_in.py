"""A spot found in the pockets and followed as the ball (it may be a look-alike), then lost;
meanwhile the ball came in at the pockets' outer edge and hopped to rest. Taken there in
its place, it has hopped already: the sightings that show it coming in count
(``BallTrack._came_in``). Fresh seed 16501 (spent) clip 026 r3 (1920x1080 at 25 fps, a
turret with four long arms): the track followed look-alikes drifting against the wheel at
0.45 rad/s in the pockets while the ball ran on the track unseen; the ball came in at
1420, rested at 1441, and was taken at 1458 when the look-alike was lost: it 'never
hopped', was dropped as a look-alike, and the round abstained (``ball_lost``). Fed to the
settle state machine one frame at a time."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 25.0
BAND = (0.85, 1.26)
HEAD = 1.28
WHEEL = -0.95  # rad/s
REST = 20  # the pocket index (from 0, clockwise) the ball comes to rest in
DRIFT = 0.45  # rad/s against the wheel: the look-alike's drift (it 'hops')


def scene(ball_from_rho: float | None, *, rider: bool = False) -> list[FrameObs]:
    """The ball launched on the bowl (frames 10-40), then unseen on the track; a
    look-alike in the pockets (rho 0.92) drifting against the wheel from frame 45 to 170.
    With ``ball_from_rho``, the ball comes in at that radius at frame 120 and goes in 20
    frames to pocket ``REST`` (rho 1.0, 1.4 rad against the wheel), where it rides until
    frame 300. With ``rider``, a spot riding with the wheel at that pocket from frame 140
    (a knob, never coming in)."""
    obs = []
    rest = REST * POCKET_RAD
    for f in range(320):
        zero = (1.0 + WHEEL * f / FPS) % (2 * np.pi)
        spots = []
        if 10 <= f <= 40:
            spots.append(BallObs(2.37, (2.0 + 9.0 * (f - 10) / FPS) % (2 * np.pi)))
        if 45 <= f <= 170:
            spots.append(BallObs(0.92, (zero - 2.2 + DRIFT * (f - 45) / FPS) % (2 * np.pi)))
        if ball_from_rho is not None and 120 <= f <= 300:
            share = min((f - 120) / 20, 1.0)
            rho = ball_from_rho + (1.0 - ball_from_rho) * share
            rel = rest + 1.4 * (1.0 - share) ** 2
            spots.append(BallObs(rho, (zero + rel) % (2 * np.pi)))
        if rider and 140 <= f <= 300:
            spots.append(BallObs(1.0, (zero + rest) % (2 * np.pi)))
        obs.append(FrameObs(f, zero, tuple(spots)))
    return obs


def test_the_ball_seen_coming_in_while_a_look_alike_was_followed_is_read() -> None:
    events = track(scene(1.245), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    assert len(said) == 1, events
    assert said[0].result.number == pocket_at(REST * POCKET_RAD, 0.0, 1).number
    assert not of(events, "abstain")


@pytest.mark.parametrize(("from_rho", "rider"), [
    (None, True),    # a knob riding with the wheel where the ball would rest: never came in
    (1.05, False),   # first seen 0.05 ring radii out, hopping: no coming in seen, so held to
                     # hop on from where it is taken, as before
])
def test_a_spot_taken_in_the_pockets_that_did_not_come_in_is_not_read(
        from_rho: float | None, rider: bool) -> None:
    events = track(scene(from_rho, rider=rider), fps=FPS, band=BAND, head=HEAD)
    assert not of(events, "outcome")
