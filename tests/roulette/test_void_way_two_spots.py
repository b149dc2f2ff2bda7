"""A void's object seen as two spots is no ball running on: steps between them tell no way.
Seed 13201 008 r4 (640x480 at 50 fps): an object fell onto the head while idle and rode
the wheel (-0.56 rad/s), seen as two spots side by side a few pixels apart, the tracker's
sightings hopping between them frame by frame. A hop one way right after one the other
way read -7..-8 rad/s on the bowl (a roll's speed), and the samples gave a
``same_direction_spin`` violation for a round whose ball ran against the wheel (a false
alarm). No ball turns back within a frame: such a step joins two spots. Fed to the settle
state machine one frame at a time, as the reader feeds it."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

FPS = 50.0
WHEEL = -0.56  # rad/s
OBJECT_AT = 150
REL = 1.0  # where the thing lies on the wheel (from pocket 0's angle)


def zigzag(f: int, zero: float) -> BallObs | None:
    """The thing riding the wheel, seen as two spots: each cycle of 6 frames its spot, one
    frame later 0.08 rad on (+4 rad/s), the frame after that 0.07 rad back of its spot
    (-7.5 rad/s), then nothing for three frames."""
    k = f % 6
    if k > 2:
        return None
    step = (0.0, 0.08, -0.07)[k]
    return BallObs(HEAD + 0.12 + 0.03 * (k == 1), (zero + REL + step) % (2 * np.pi))


def scene(ball_rad_s: float | None) -> list[FrameObs]:
    """From frame 60 the thing on the head as ``zigzag`` (``ball_rad_s`` None) or a ball
    running on the bowl at ``ball_rad_s`` (image, signed), seen every frame of the same
    cycles; the object seen from ``OBJECT_AT`` for a second."""
    obs = []
    for f in range(OBJECT_AT + 50):
        zero = (0.4 + WHEEL * f / FPS) % (2 * np.pi)
        if f < 60:
            ball = None
        elif ball_rad_s is None:
            ball = zigzag(f, zero)
        else:
            ball = (BallObs(HEAD + 0.4, (1.0 + ball_rad_s * f / FPS) % (2 * np.pi))
                    if f % 6 <= 2 else None)
        obs.append(FrameObs(f, zero, () if ball is None else (ball,),
                            object_seen=OBJECT_AT <= f < OBJECT_AT + 50))
    return obs


@pytest.mark.parametrize(("ball_rad_s", "flagged"), [
    (None, False),  # 008 r4: two spots of a thing riding the wheel: no way told
    (-8.0, True),  # a ball running the wheel's way, seen three frames of every six
    (8.0, False),  # ... against it, as the rules want
])
def test_steps_between_two_spots_of_a_thing_on_the_head_tell_no_way(
        ball_rad_s: float | None, flagged: bool) -> None:
    events = track(scene(ball_rad_s), fps=FPS, band=BAND, head=HEAD)
    assert [e.frame for e in of(events, "void")] == [OBJECT_AT]
    assert len(of(events, "violation")) == (1 if flagged else 0)
