"""Which spot is the ball: ``BallTrack`` fed per-frame spots, one frame at a time."""

from __future__ import annotations

import numpy as np
import pytest

from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import RoundTracker
from vision.roulette.track import BallObs, BallTrack, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 25.0
HEAD, BAND_OUT = 1.17, 1.15


@pytest.mark.parametrize(("later_deg", "taken"), [
    (24.0, True),  # ahead along its way, slower than it came: the ball dropping in
    (2.0, True),  # where it would ride with the wheel
    (-40.0, False),  # behind it, far: a look-alike
    (90.0, False),  # far beyond where its speed could take it
])
def test_a_ball_dropping_off_the_bowl_is_followed_into_the_pockets(later_deg: float,
                                                                   taken: bool) -> None:
    # a 25 fps camera sees the ball twice on the bowl, once at the head's edge 4 frames
    # later, then (4 frames on) in the pockets, well ahead of where the wheel carried it
    track = BallTrack(fps=FPS, head=HEAD, band_out=BAND_OUT)
    wheel = -0.9  # rad/s
    spots = {299: (1.30, 249.0), 300: (1.25, 258.0), 304: (1.12, 295.0),
             308: (1.02, 295.0 + later_deg)}
    seen = {}
    for f in range(296, 309):
        zero = wheel * f / FPS
        balls = () if f not in spots else (BallObs(spots[f][0], np.radians(spots[f][1])),)
        seen[f] = track.update(FrameObs(f, zero % (2 * np.pi), balls), in_play=f >= 304)
    assert seen[304] is not None
    assert (seen[308] is not None) == taken


@pytest.mark.parametrize(("every", "launched_by"), [
    (4, 50),  # a glint by the head's edge every fourth frame, listed before the ball
    (2, 50),  # ... every other frame
    (0, 50),  # no glint: the launch as usual
])
def test_a_glint_fixed_in_the_image_does_not_hide_a_launch(every: int, launched_by: int
                                                            ) -> None:
    # the glint keeps its image place, brighter than a ball smeared by its speed; the ball
    # is let go at frame 40 and runs at 10 rad/s on the bowl
    tracker = RoundTracker(fps=FPS, sense=1, band_rho=(0.9, BAND_OUT), head_rho=HEAD)
    launched = []
    for f in range(0, 70):
        balls = []
        if every and f % every == 0:
            balls.append(BallObs(1.21, 0.05))
        if f >= 40:
            balls.append(BallObs(2.2, (1.0 + 10.0 * (f - 40) / FPS) % (2 * np.pi)))
        zero = (-0.9 * f / FPS) % (2 * np.pi)
        events = tracker.update(FrameObs(f, zero, tuple(balls)))
        launched += [f for e in events if e.type == "ball_launched"]
    assert launched and launched[0] <= launched_by


@pytest.mark.parametrize(("behind_rad", "read"), [
    (0.6, False),  # a ball-like object falls in behind the running ball: never followed
    (None, True),  # no object: the ball itself comes down and rests, and is read
])
def test_an_object_falling_in_behind_the_ball_is_not_followed(behind_rad: float | None,
                                                              read: bool) -> None:
    # the ball runs clockwise (negative image angle) at 14 rad/s on the track; from frame
    # 30 a brighter ball-like object slides down from the bowl into a pocket and rides
    # there, while the ball runs on (seen every other frame, as a smeared ball is) until
    # a hand takes it at frame 60. Without the object the ball itself comes down.
    tracker = RoundTracker(fps=FPS, sense=1, band_rho=(0.9, BAND_OUT), head_rho=HEAD)
    wheel = -0.9  # rad/s
    types = []
    for f in range(0, 130):
        zero = (wheel * f / FPS) % (2 * np.pi)
        ball = (2.25, (3.0 - 14.0 * (f - 10) / FPS) % (2 * np.pi))
        balls = []
        if behind_rad is not None and f >= 30:
            rho = max(1.0, 1.9 - 0.07 * (f - 30))
            start = (3.0 - 14.0 * 20 / FPS + behind_rad) % (2 * np.pi)
            rel = start - wheel * 30 / FPS  # where it comes to rest, riding with the wheel
            balls.append(BallObs(rho, start if rho > 1.0 else (zero + rel) % (2 * np.pi)))
        if behind_rad is None and f >= 40:  # the ball comes down into pocket 5 and rests
            rho = max(1.0, 2.25 - 0.06 * (f - 40))
            ball = (rho, (3.0 - 14.0 * 30 / FPS - 6.0 * min(f - 40, 20) / FPS
                          + (wheel * max(f - 60, 0) / FPS)) % (2 * np.pi))
        if 10 <= f < 60 and (f % 2 == 0 or behind_rad is None) or behind_rad is None and f >= 10:
            balls.append(BallObs(*ball))
        types += [e.type for e in tracker.update(FrameObs(f, zero, tuple(balls)))]
    assert "ball_launched" in types
    assert ("outcome" in types) is read


def test_a_launch_seen_in_short_stretches_of_a_track_mostly_out_of_view() -> None:
    # 60 fps, the track in view over four short arcs: the ball (13.6 rad/s) is seen there
    # once or twice a pass (the frames of seed-10001 clip 002 round 3). A sighting on an
    # earlier arc, more than launch_gap_frames before the latest chain, must not hide it.
    fps = 60.0
    frames = [28, 33, 41, 42, 45, 46, 54, 60, 68, 69, 72, 73, 74]
    frames += [f + 27 for f in frames]  # the next revolution, the same arcs
    tracker = RoundTracker(fps=fps, sense=1, band_rho=(0.9, BAND_OUT), head_rho=HEAD)
    launched = []
    for f in range(0, 110):
        balls = () if f not in frames else (BallObs(2.3, (0.5 - 13.6 * f / fps) % (2 * np.pi)),)
        events = tracker.update(FrameObs(f, (-0.9 * f / fps) % (2 * np.pi), balls))
        launched += [f for e in events if e.type == "ball_launched"]
    assert launched and launched[0] <= 46


@pytest.mark.parametrize("wheel", [
    -0.9,  # the wheel turns against the ball's hops: the ball creeps ahead in the image
    -1.8,  # faster: the ball nearly keeps its image place as it hops
])
def test_a_ball_landing_on_the_heads_edge_is_not_taken_for_a_glint(wheel: float) -> None:
    # the track out of view (seed-10101 clip 013 round 0): the ball is first seen landing
    # on the head's edge beyond the pocket band, creeping on in the image while it hops
    # ahead of the wheel, then down into the pockets to rest in pocket 9. A glint keeps its
    # image place: this spot must not be learnt as one (the landing was never seen, the
    # resting ball became a fixture).
    tracker = RoundTracker(fps=FPS, sense=1, band_rho=(0.9, BAND_OUT), head_rho=1.35)
    # 0.3 pockets a frame on the edge, then a short, slow hop in the pockets (0.9 pockets)
    pockets = [5.4 + 0.3 * k for k in range(10)] + [8.1 + 0.1 * k for k in range(10)]
    types: list[str] = []
    numbers = []
    for f in range(0, 120):
        zero = (wheel * f / FPS) % (2 * np.pi)
        balls: tuple[BallObs, ...] = ()
        if 20 <= f:
            k = min(f - 20, len(pockets) - 1)
            rho = 1.30 - 0.01 * k if k < 10 else 1.0
            balls = (BallObs(rho, (zero + pockets[k] * POCKET_RAD) % (2 * np.pi)),)
        events = tracker.update(FrameObs(f, zero, balls))
        types += [e.type for e in events]
        numbers += [e.result.number for e in events if e.type == "outcome"]  # type: ignore[union-attr]
    assert "ball_launched" in types
    assert numbers == [WHEEL_SEQUENCE_CW[9]]
