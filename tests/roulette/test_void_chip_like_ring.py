"""A chip whose colours are the number ring's (a black chip with white edge spots on a
black ring) lying on the turning head while the ball runs: the running background takes
it in within a second (most of it matches the ring; only its spots stood out), so it was
never an object (seed 16301 008 r2 and 025 r1, 012 r1 a red chip on a red and black
ring: the void missed, abstained ``ball_handled`` when the dealer's hand came). The head
as it looked at the same angle a turn ago (``HeadMemory``) still shows the ring without
it: void. The same run with no chip is no void; nor is it where the memory, not the
frame, shows something: a ball that rested in a pocket while the wheel first turned and
was then taken out (seed 16301 012 r0: the empty pocket stood out from the memory of it
with the ball; a false void).

Frames come from the drawn wheel (``drawn.py``), its ring's black for the chip's body.
"""

from __future__ import annotations

from tests.roulette import drawn
from vision.footage import WHEEL_SEQUENCE_CW, Event, StreamInfo, pocket_colour
from vision.roulette.reader import RouletteReader
from vision.roulette.wheel import POCKET_RAD

FPS = 30.0
WHEEL_RAD_S = 2.0  # clockwise, as ``drawn.texture`` takes angles
DROP = 120  # the frame the chip lies
FRAMES = 180
BLACK = next(k for k, n in enumerate(WHEEL_SEQUENCE_CW) if pocket_colour(n) == "black")


def run(chip: bool, rested: bool = False, frames: int = FRAMES) -> list[Event]:
    cam = drawn.camera()
    info = StreamInfo(fps=FPS, width=cam.width, height=cam.height, frame_count=frames)
    reader = RouletteReader(info)
    wheel = drawn.DrawnWheel()
    events: list[Event] = []
    for f in range(frames):
        turn = WHEEL_RAD_S * f / FPS
        ball = (0.86, 1.0 - 3.0 * f / FPS)  # running on the bowl against the wheel
        if rested:  # ... after resting in a pocket for more than a turn, taken out at DROP
            ball = (0.56, turn + BLACK * POCKET_RAD) if f < DROP else (
                (0.86, 1.0 - 3.0 * (f - DROP - 10) / FPS) if f >= DROP + 10 else None)
        on = (0.67, turn + BLACK * POCKET_RAD) if chip and f >= DROP else None
        tex = drawn.texture(wheel, turn, ball=ball, chip=on, chip_bgr=wheel.black_bgr,
                            chip_spots_bgr=(170, 170, 170))
        events += reader.update(drawn.render(cam, tex), f)
    return events + reader.finish(frames - 1)


def test_a_chip_the_ring_s_colour_lying_on_it_is_a_void() -> None:
    voids = [e for e in run(chip=True) if e.type == "void"]
    assert voids, "the chip on the number ring was taken into the background"
    assert DROP <= voids[0].frame <= DROP + round(0.5 * FPS)


def test_the_same_run_with_no_chip_is_no_void() -> None:
    assert not [e for e in run(chip=False) if e.type == "void"]


def test_a_ball_taken_out_of_its_pocket_is_no_void() -> None:
    events = run(chip=False, rested=True, frames=DROP + 150)  # the wheel turns 3 times
    assert not [e for e in events if e.type == "void"]
