"""A void that comes while idle, the launch unseen, yet the ball seen running on the bowl
before it (seed 10801 017 r4: 1920x1080 at 25 fps, camera 32 deg: the track lies off the
pocket plane, so the ball climbs and falls in the strip as it goes round and is never
seen 'launched'; 12-14 rad/s one way for 2 s, then the object; the ball and the wheel
turned the same way and no violation was sent)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, FPS, HEAD
from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs

OBJECT_AT = 100


def glimpses_then_object(*, ball_rad_s: float, wheel_rad_s: float = 0.8) -> list[FrameObs]:
    """From frame 10 the ball (or a slower thing) on the bowl at ``ball_rad_s`` (image,
    signed), seen two frames running every 9 (too seldom to be seen launched); an object
    from ``OBJECT_AT`` for a second."""
    obs = []
    for f in range(OBJECT_AT + 60):
        zero = (0.4 + wheel_rad_s * f / FPS) % (2 * np.pi)
        seen = 10 <= f < OBJECT_AT and f % 9 in (0, 1)
        balls = (BallObs(1.9, (1.0 + ball_rad_s * f / FPS) % (2 * np.pi)),) if seen else ()
        obs.append(FrameObs(f, zero, balls, object_seen=OBJECT_AT <= f < OBJECT_AT + 30))
    return obs


@pytest.mark.parametrize(("ball_rad_s", "wheel_rad_s", "flagged"), [
    (13.0, 0.8, True),  # 017 r4: the ball and the wheel the same way
    (-13.0, -0.8, True),  # mirrored
    (-13.0, 0.8, False),  # against the wheel, as the rules want
    (2.0, 0.8, False),  # a chip sliding in, slower than a rolling ball: no way told
])
def test_a_void_while_idle_keeps_the_way_of_the_ball_seen_running(
        ball_rad_s: float, wheel_rad_s: float, flagged: bool) -> None:
    events = track(glimpses_then_object(ball_rad_s=ball_rad_s, wheel_rad_s=wheel_rad_s),
                   fps=FPS, band=BAND, head=HEAD)
    assert [e.frame for e in of(events, "void")] == [OBJECT_AT]
    assert not of(events, "ball_launched")  # its launch never seen
    flags = of(events, "violation")
    assert len(flags) == (1 if flagged else 0)
    assert all(e.frame >= OBJECT_AT for e in flags)
