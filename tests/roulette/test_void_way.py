"""A void cuts the roll short: the way the ball was seen launched still counts (Art. 2's
same-direction check), and only that way."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.footage import Event
from vision.roulette.settle import BallObs, FrameObs

FPS = 30.0
BAND = (0.89, 1.09)
HEAD = 1.11


def cut_short(*, ball_rad_s: float, wheel_rad_s: float, seen: range,
              object_at: int) -> list[FrameObs]:
    """The ball runs on the bowl at ``ball_rad_s``, seen in the frames ``seen`` only (a
    track mostly out of view, a ball smeared by its speed); an object falls into the bowl
    at ``object_at`` and stays: the dealer stops the round, the ball is not seen again."""
    obs = []
    for f in range(60):
        zero = 0.4 + wheel_rad_s * f / FPS
        balls = (BallObs(2.4, (1.0 + ball_rad_s * f / FPS) % (2 * np.pi)),) if f in seen else ()
        obs.append(FrameObs(f, zero % (2 * np.pi), balls, f >= object_at))
    return obs


def flags_the_way(events: list[Event], ball: float, flagged: bool) -> None:
    """One ``same_direction_spin`` naming the ball's way if ``flagged``, else none."""
    violations = of(events, "violation")
    assert len(violations) == (1 if flagged else 0)
    if flagged:
        assert violations[0].extra["ball_direction"] == ("cw" if ball > 0 else "ccw")


@pytest.mark.parametrize(("ball", "wheel", "flagged"), [
    (12.5, 0.9, True),  # the same way (seed 10601 018 r2)
    (-12.5, -0.9, True),  # the same way, the other way round
    (12.5, -0.9, False),  # opposite ways: no false alarm
    (-12.5, 0.9, False),
])
def test_a_roll_cut_short_by_a_void_keeps_the_way_it_was_launched(ball: float, wheel: float,
                                                                  flagged: bool) -> None:
    # seen launched in three frames (10-12), then twice more: four speeds, one way; the
    # object two frames later (seed 10601 018 r2: 15 frames after the launch)
    events = track(cut_short(ball_rad_s=ball, wheel_rad_s=wheel, seen=range(10, 15),
                             object_at=16), fps=FPS, band=BAND, head=HEAD)
    assert of(events, "ball_launched") and of(events, "void") and not of(events, "outcome")
    flags_the_way(events, ball, flagged)


def test_a_ball_seen_only_launching_before_the_void_tells_no_way() -> None:
    # three sightings: the launch alone (two speeds) is too little to call the way
    events = track(cut_short(ball_rad_s=12.5, wheel_rad_s=0.9, seen=range(10, 13),
                             object_at=14), fps=FPS, band=BAND, head=HEAD)
    assert of(events, "ball_launched") and of(events, "void")
    assert not of(events, "violation")


@pytest.mark.parametrize(("ball", "wheel", "flagged"), [
    (-15.0, -0.45, True),  # the same way (seed 10701 001 r2)
    (15.0, 0.45, True),
    (-15.0, 0.45, False),  # opposite ways: no false alarm
    (15.0, -0.45, False),
])
def test_a_ball_seen_now_and_then_before_the_void_keeps_its_way(ball: float, wheel: float,
                                                                  flagged: bool) -> None:
    # a 50 fps camera sees the ball smeared: launched in frames 10, 11, 13 (two speeds),
    # then every 3-8 frames (no speed between neighbouring frames) for 0.6 s; the object
    # 0.8 s after the launch (seed 10701 001 r2's sightings): the runs tell the way
    seen = [10, 11, 13, 21, 24, 32, 35, 42]
    obs = [FrameObs(o.frame, o.zero, o.balls if o.frame in seen else (), o.object_seen)
           for o in cut_short(ball_rad_s=ball * 30.0 / 50.0, wheel_rad_s=wheel * 30.0 / 50.0,
                              seen=range(60), object_at=53)]
    events = track(obs, fps=50.0, band=BAND, head=HEAD)
    assert of(events, "ball_launched") and of(events, "void") and not of(events, "outcome")
    flags_the_way(events, ball, flagged)


def both_ways(ball: float, wheel: float) -> list[tuple[float, float, bool]]:
    """(ball, wheel, flagged): the same way either way round, and opposite ways."""
    return [(ball, wheel, True), (-ball, -wheel, True), (ball, -wheel, False),
            (-ball, wheel, False)]


@pytest.mark.parametrize(("ball", "wheel", "flagged"), both_ways(-12.5, -0.6))  # 11501 010 r2
def test_a_roll_cut_short_by_the_dealers_catch_keeps_its_way(ball: float, wheel: float,
                                                            flagged: bool) -> None:
    # seen launched and running on (frames 10-14), then fingers at it on the bowl (15-20):
    # the dealer caught it, the object that called for it unseen. The round is abstained
    # (ball_handled) and the way it was seen going is still checked
    obs = cut_short(ball_rad_s=ball, wheel_rad_s=wheel, seen=range(10, 21), object_at=10**9)
    obs = [FrameObs(o.frame, o.zero, tuple(BallObs(b.rho, b.theta, held=o.frame >= 15)
                                           for b in o.balls)) for o in obs]
    events = track(obs, fps=FPS, band=BAND, head=HEAD)
    assert of(events, "ball_launched") and not of(events, "outcome")
    assert [e.reason for e in of(events, "abstain")] == ["ball_handled"]
    flags_the_way(events, ball, flagged)
    assert all(e.frame <= of(events, "abstain")[0].frame for e in of(events, "violation"))


def seen_now_and_then(*, ball_rad_s: float, wheel_rad_s: float, fps: float,
                      object_at: int, glint: float | None = None) -> list[FrameObs]:
    """The ball launched in frames 10, 12 and 14, then seen only where it passes two
    stretches of the track (0.2-0.6 and 2.5-2.9 rad: the rest under glare or out of
    view), at most every few frames at a low frame rate; with ``glint``, a still spot at
    that angle on the bowl every 4 frames instead. An object falls in at ``object_at``."""
    obs = []
    for f in range(object_at + 20):
        zero = (0.4 + wheel_rad_s * f / fps) % (2 * np.pi)
        theta = (1.0 + ball_rad_s * f / fps) % (2 * np.pi)
        at = theta if glint is None or f <= 14 else glint
        shown = f in (10, 12, 14) or (f > 14 and (
            (glint is None and (0.2 <= theta <= 0.6 or 2.5 <= theta <= 2.9))
            or (glint is not None and f % 4 == 0)))
        obs.append(FrameObs(f, zero, (BallObs(2.4, at),) if shown else (), f >= object_at))
    return obs


@pytest.mark.parametrize(("ball", "wheel", "flagged"), both_ways(13.0, 0.75))  # 11701 025 r0
def test_a_ball_launched_then_seen_a_turn_apart_before_the_void_keeps_its_way(
        ball: float, wheel: float, flagged: bool) -> None:
    # 25 fps: launched at 13 rad/s (two speeds), then seen every 5-14 frames at two places
    # on the track, half a turn and more apart (no speed between neighbours, no run); the
    # object 1.3 s after the launch (seed 11701 025 r0: a void round, the ball and the
    # wheel the same way, not flagged)
    events = track(seen_now_and_then(ball_rad_s=ball, wheel_rad_s=wheel, fps=25.0,
                                     object_at=46), fps=25.0, band=BAND, head=HEAD)
    assert of(events, "ball_launched") and of(events, "void") and not of(events, "outcome")
    flags_the_way(events, ball, flagged)


def test_a_still_glint_after_the_launch_is_not_the_ball_running_on() -> None:
    # launched the same way as the wheel, then only a still spot on the bowl: the launch's
    # two speeds alone tell no way
    events = track(seen_now_and_then(ball_rad_s=13.0, wheel_rad_s=0.75, fps=25.0,
                                     object_at=46, glint=2.7), fps=25.0, band=BAND, head=HEAD)
    assert of(events, "ball_launched") and of(events, "void")
    assert not of(events, "violation")
