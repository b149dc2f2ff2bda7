"""A camera the reader cannot calibrate from at first (here: the wheel covered for the
first seconds) is reported once when the reader gives up; the reader then tries again every
``RETRY_S`` and, once the wheel is in view, reads its rounds: the ball at rest is read, right.

Frames come from the drawn wheel (``drawn.py``) with the ball of ``test_void_coin_fell``
(it comes down the slope and hops on across the pockets to rest).
"""

from __future__ import annotations

import numpy as np

from tests.roulette import drawn
from tests.roulette.test_void_coin_fell import FPS, WHEEL_RAD_S, ball
from vision.footage import WHEEL_SEQUENCE_CW, StreamInfo
from vision.roulette.reader import CALIBRATION_TRIES, RETRY_S, RouletteReader
from vision.roulette.wheel import POCKET_RAD

WINDOW = round(1.5 * FPS)  # frames of one calibration try
GIVE_UP = CALIBRATION_TRIES * WINDOW  # the last early try fails here
UNCOVERED = GIVE_UP + 60  # the wheel comes into view
START = GIVE_UP + round(RETRY_S * FPS) - 75  # the ball's path starts (it falls 75 later)
FRAMES = START + 75 + 150


def test_a_wheel_uncovered_after_the_reader_gave_up_is_read() -> None:
    cam = drawn.camera()
    reader = RouletteReader(StreamInfo(fps=FPS, width=cam.width, height=cam.height,
                                       frame_count=FRAMES))
    rng = np.random.default_rng(0)
    events = []
    for f in range(FRAMES):
        if f < UNCOVERED:  # a cloth over the wheel: nothing turns
            frame = rng.integers(90, 110, (cam.height, cam.width, 3), dtype=np.uint8)
        else:
            tex = drawn.texture(drawn.DrawnWheel(), WHEEL_RAD_S * f / FPS,
                                ball=ball(f - START, 8, 0.56))
            frame = drawn.render(cam, tex)
        events += reader.update(frame, f)
    events += reader.finish(FRAMES - 1)
    abstains = [e for e in events if e.type == "abstain"]
    assert [e.reason for e in abstains] == ["calibration"], "said once"
    assert abstains[0].frame < UNCOVERED
    outcomes = [e for e in events if e.type == "outcome"]
    _, ball_angle = ball(FRAMES - 1 - START, 8, 0.56)
    wheel_angle = WHEEL_RAD_S * (FRAMES - 1) / FPS
    truth = WHEEL_SEQUENCE_CW[round((ball_angle - wheel_angle) / POCKET_RAD) % 37]
    assert [e.result.number for e in outcomes] == [truth]
