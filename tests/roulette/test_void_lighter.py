"""A lighter dropped into the bowl comes down onto the turning head the way a ball does
and lies there: the ball finder takes it for the ball, and the ball's mask hides it from
the object stage. It is far bigger than a ball, so it settles as an object: void, no
outcome (seed 13101 012 r1: a light green lighter across the number ring of a close
camera that shows little of the bowl, the ball in play running out of view; read 35 at
0.95, a wrong outcome). The same way down with a ball is an outcome.

Frames come from the drawn wheel (``drawn.py``); the paths are ``test_void_coin_fell``'s
ball that comes down and hops on before it rests.
"""

from __future__ import annotations

from tests.roulette import drawn
from tests.roulette.test_void_coin_fell import FPS, FRAMES, WHEEL_RAD_S, ball
from vision.footage import Event, StreamInfo
from vision.roulette.reader import RouletteReader

LIES_AT = 0.56  # fraction of the bowl's radius: in the pockets


def run(shape: str) -> list[Event]:
    cam = drawn.camera()
    info = StreamInfo(fps=FPS, width=cam.width, height=cam.height, frame_count=FRAMES)
    reader = RouletteReader(info)
    events: list[Event] = []
    for f in range(FRAMES):
        at = ball(f, 8, LIES_AT)
        kw = {"ball": at} if shape == "ball" or at is None else {
            "bar": (at[0], at[1], 0.18, 0.07)}  # 3.2 by 1.25 ball diameters
        tex = drawn.texture(drawn.DrawnWheel(), WHEEL_RAD_S * f / FPS, **kw)
        events += reader.update(drawn.render(cam, tex), f)
    return events + reader.finish(FRAMES - 1)


def test_a_lighter_come_down_like_a_ball_is_a_void_not_an_outcome() -> None:
    events = run("lighter")
    assert not [e for e in events if e.type == "outcome"], "the lighter was read as the ball"
    assert [e for e in events if e.type == "void"]


def test_the_ball_come_down_the_same_way_is_an_outcome() -> None:
    events = run("ball")
    assert [e for e in events if e.type == "outcome"]
    assert not [e for e in events if e.type == "void"]
