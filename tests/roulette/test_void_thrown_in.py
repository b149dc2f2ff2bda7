"""A white chip thrown into the bowl while the ball runs on a track out of view falls
straight into the pockets and rides there: the ball finder cannot tell it from the ball,
and the track took it for the ball coming down and read it at rest (seed 11801 006 r4: a
wrong outcome in a void round). A ball rolls down going round; this came straight in, so
it must hop before it rests, and once the ball shows running on the bowl again the chip
is an object lying in the bowl: a void, no outcome.

Frames come from the drawn wheel (``drawn.py``): the chip and the ball are the same white
disc, told apart by how they move only.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.roulette import drawn
from vision.footage import Event, StreamInfo
from vision.roulette.reader import RouletteReader

FPS = 30.0
WHEEL_RAD_S = 1.0  # clockwise, as ``drawn.texture`` takes angles
BALL_RAD_S = -10.0  # the ball on the track, against the wheel
STEP = 2 * np.pi / 37
LAND = 81  # the frame the chip lands in the pockets
FRAMES = 150


def ball(f: int) -> tuple[float, float] | None:
    """Launched at frame 50 on the track, out of view from frame 63 (the track leaves the
    picture), seen running again from frame 120."""
    if 50 <= f <= 62 or 120 <= f:
        return 0.9, 1.0 + BALL_RAD_S * (f - 50) / FPS
    return None


def chip(f: int) -> tuple[float, float] | None:
    """Thrown in at frame 75 over the bowl's rim, straight in (at one angle) to a pocket's
    centre by ``LAND``, then riding with the wheel."""
    if f < 75:
        return None
    at = WHEEL_RAD_S * LAND / FPS + 2 * STEP  # pocket 2 places from 0 when it lands
    u = min(1.0, (f - 75) / (LAND - 75))
    return 0.98 + (0.56 - 0.98) * u, at + WHEEL_RAD_S * max(0, f - LAND) / FPS


def frame(cam, f: int) -> np.ndarray:
    tex = drawn.texture(drawn.DrawnWheel(), WHEEL_RAD_S * f / FPS, ball=chip(f))
    if (b := ball(f)) is not None:  # a second white disc, drawn as ``texture`` draws one
        c, rb = drawn.TEX // 2, drawn.TEX * 0.45
        x, y = c + rb * b[0] * np.cos(b[1]), c + rb * b[0] * np.sin(b[1])
        cv2.circle(tex, (int(x), int(y)), int(rb * 0.028), (235, 240, 240), -1, cv2.LINE_AA)
    return drawn.render(cam, tex)


def test_a_chip_thrown_in_while_the_ball_is_out_of_view_is_a_void() -> None:
    cam = drawn.camera()
    info = StreamInfo(fps=FPS, width=cam.width, height=cam.height, frame_count=FRAMES)
    reader = RouletteReader(info)
    events: list[Event] = []
    for f in range(FRAMES):
        events += reader.update(frame(cam, f), f)
    events += reader.finish(FRAMES - 1)
    assert [e for e in events if e.type == "ball_launched"], "the launch was not seen"
    assert not [e for e in events if e.type == "outcome"], "the chip was read at rest"
    voids = [e for e in events if e.type == "void"]
    assert voids and voids[0].frame >= LAND, "the chip lying in the pockets was not voided"
