"""A void's ball glimpsed a few frames a turn, each pass's first sighting cut short, still
tells its way. Seed 13201 020 r0 (1024x576 at 25 fps, truth: object_in_bowl void, ball and
wheel both cw): the ball ran on the bowl at 15-18 rad/s, in view two or three frames a
turn; the step from each pass's first sighting, cut by the frame's edge, read 3.5-5 rad/s
(a third of the ball's speed), so the steps after it were taken for a still spot and the
ball (``_two_spots``'s "under half as fast"), every real step was dropped and the
``same_direction_spin`` violation missed. A spot that goes from still to a roll's speed in
a frame is still two spots (the still step under ``bowl_direction_rad_s``). Fed to the
settle state machine one frame at a time, as the reader feeds it."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

FPS = 25.0
WHEEL = 0.33  # rad/s (image)
OBJECT_AT = 150
VIEW = 1.7  # rad of the track in view each turn (the rest beyond the frame's edge)


def scene(ball_rad_s: float, first_step: float) -> list[FrameObs]:
    """From frame 60 a ball running on the bowl at ``ball_rad_s`` (image, signed), seen
    while its angle is within ``VIEW`` of 0; each pass's first sighting read ahead of the
    ball, so the step from it to the next is ``first_step`` of a full one. The object seen
    from ``OBJECT_AT`` for two seconds."""
    obs = []
    step = ball_rad_s / FPS
    for f in range(OBJECT_AT + 50):
        zero = (0.4 + WHEEL * f / FPS) % (2 * np.pi)
        theta = (1.0 + step * f) % (2 * np.pi)
        into = theta if step > 0 else (2 * np.pi - theta) % (2 * np.pi)  # into the view
        ball = None
        if f >= 60 and into < VIEW:
            first = into < abs(step)  # (the pass's first frame in view)
            shown = theta + (1.0 - first_step) * step if first else theta
            ball = BallObs(HEAD + 0.4, shown % (2 * np.pi))
        obs.append(FrameObs(f, zero, () if ball is None else (ball,),
                            object_seen=OBJECT_AT <= f < OBJECT_AT + 50))
    return obs


@pytest.mark.parametrize(("ball_rad_s", "first_step", "flagged"), [
    (16.0, 0.3, True),  # 020 r0: the wheel's way, each pass's first step cut short
    (-16.0, 0.3, False),  # ... against the wheel, as the rules want
    (16.0, 0.05, False),  # a still spot (0.8 rad/s), then the ball: two spots, no way told
])
def test_a_pass_cut_short_by_the_frame_edge_still_tells_the_way(
        ball_rad_s: float, first_step: float, flagged: bool) -> None:
    events = track(scene(ball_rad_s, first_step), fps=FPS, band=BAND, head=HEAD)
    assert [e.frame for e in of(events, "void")] == [OBJECT_AT]
    assert len(of(events, "violation")) == (1 if flagged else 0)
