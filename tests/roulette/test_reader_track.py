"""The ball running on a track far out: a wheel whose pockets are small against its bowl,
seen so close that the bowl overflows the frame. The reader must look for the ball out to
where the track is (beyond ``RHO_MAX``) and follow it where it is in view.

Frames come from the drawn wheel (``drawn.py``): a known ball path in, the reader's
``ball_launched`` event out.
"""

from __future__ import annotations

import pytest

from tests.roulette import drawn
from vision.footage import StreamInfo
from vision.roulette.reader import RouletteReader

FPS = 30.0
# pocket band 0.30-0.40 of the bowl radius: the track (at 0.94) lies at 2.35 times the
# band's outer radius, as a tilted camera sees the synth's elevated track
SMALL_POCKETS = drawn.DrawnWheel(pocket_in=0.30, pocket_out=0.40, number_out=0.46,
                                 head_out=0.50)


def run(cam, ball_rad_s: float, frames: int = 110, start: int = 60) -> list:
    """The wheel turns clockwise at 1 rad/s; from ``start`` the ball runs at ``ball_rad_s``
    (clockwise positive, as ``drawn.texture`` takes angles) on the track."""
    info = StreamInfo(fps=FPS, width=cam.width, height=cam.height, frame_count=frames)
    reader = RouletteReader(info)
    events = []
    for f in range(frames):
        ball = None if f < start else (0.94, 0.5 + ball_rad_s * (f - start) / FPS)
        tex = drawn.texture(SMALL_POCKETS, 1.0 * f / FPS, ball=ball)
        events += reader.update(drawn.render(cam, tex), f)
    return events + reader.finish(frames - 1)


@pytest.mark.parametrize(("width", "height", "ring_px", "ball_rad_s"), [
    (1280, 960, 1000.0, -10.0),  # the track in view all round
    (1280, 720, 1200.0, -10.0),  # the bowl overflows the frame: track in view over part
    (1280, 720, 1200.0, 12.0),  # ... the ball running the other way
])
def test_a_ball_on_a_far_track_is_seen_launched(width: int, height: int, ring_px: float,
                                               ball_rad_s: float) -> None:
    cam = drawn.camera(width=width, height=height, tilt_deg=10.0, roll_deg=0.0,
                       ring_px=ring_px)
    launched = [e for e in run(cam, ball_rad_s) if e.type == "ball_launched"]
    assert launched, "the ball running on the track was never seen"
    # seen from above, a clockwise angle on the texture is clockwise in the picture
    assert launched[0].extra["ball_direction"] == ("cw" if ball_rad_s > 0 else "ccw")
