"""The last winning number again: a roll, or the ball put back by hand (Art. 2)?

Where the camera does not see the track, every launch is told late and the turns counted
cannot tell a roll from a ball put back after a void whose object went unseen; the reader
held back every repeated number (fresh seeds 14301-14701: 8 rounds abstained, right
numbers all). A ball put back comes in the dealer's fingers, a hand over the pockets; a
roll comes down the bowl and hops in with no hand near. Frames from the drawn wheel
(``drawn.py``): the same ball comes down and hops into the same pocket twice, the second
time alone or with an arm reaching in over the rim, its fingers over the ball as it goes
in. The hand is measured over the pocket band (``FrameObs.hand_px``) against the
threshold the put-back guard uses; the guard itself, a hand seen or not as a ball comes
into the last winning pocket, is tested frame by frame in ``test_settle``,
``test_found_idle`` and ``test_put_back_carried``.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.roulette import drawn
from tests.roulette.test_void_coin_fell import FALL, FPS, WHEEL_RAD_S, ball
from vision.footage import Event, StreamInfo
from vision.roulette.reader import RouletteReader
from vision.roulette.settle_params import SettleParams
from vision.synth.camera import PinholeCamera

DOWN = 8  # frames down to the pockets
REST_AT = 0.56  # the pockets' radius (fraction of the bowl's)
GONE = 250  # the first ball is lifted out (unseen) here
AGAIN = 400  # the second round's frames run from here as the first's from 0
FRAMES = AGAIN + 220
SKIN = (120, 150, 205)  # BGR


def rolled(f: int) -> tuple[float, float] | None:
    """Comes down the slope from ``FALL``, hops on across the pockets and rests in one
    (``test_void_coin_fell.ball``: the same drawn wheel, frame rate and wheel speed)."""
    return ball(f, DOWN, REST_AT)


def again(f: int) -> tuple[float, float] | None:
    """The second ball: the first's path a whole number of frames later, turned with the
    wheel meanwhile: into the same pocket."""
    second = rolled(f - AGAIN)
    return None if second is None else (second[0], second[1] + WHEEL_RAD_S * AGAIN / FPS)


def fingers(f: int) -> tuple[float, float] | None:
    """The arm's tip: in over the rim in 15 frames to the ball as it leaves the slope,
    over it as it goes in (fingers letting it go into its pocket) until 20 frames after,
    then out over the rim in 15 frames."""
    g = f - AGAIN - FALL
    if g < -15 or g >= 35:
        return None
    ball = again(AGAIN + FALL + min(max(g, 0), 20))
    assert ball is not None
    out = (0.06 + (1.3 - ball[0]) * (-g / 15 if g < 0 else (g - 20) / 15 if g >= 20 else 0))
    return ball[0] + out, ball[1]


def draw_arm(cam: PinholeCamera, img: np.ndarray, tip: tuple[float, float]) -> None:
    """A forearm and fingers from the frame's top border (the dealer's side) to ``tip``
    (radius, angle on the texture), drawn on the image."""
    c, rb = drawn.TEX / 2, drawn.TEX * 0.45
    at = np.array([[[c + rb * tip[0] * np.cos(tip[1]), c + rb * tip[0] * np.sin(tip[1])]]])
    h = cam.plane_homography(0.0) @ drawn.tex_to_world()
    x, y = cv2.perspectiveTransform(at, h)[0, 0]
    cv2.line(img, (int(x), int(y)), (int(x) + 60, -10), SKIN, 28, cv2.LINE_AA)


def read(by_hand: bool) -> tuple[list[Event], list[int]]:
    """The events, and the second round's hand over the pockets (``FrameObs.hand_px``)
    frame by frame."""
    cam = drawn.camera()
    reader = RouletteReader(StreamInfo(fps=FPS, width=cam.width, height=cam.height,
                                       frame_count=FRAMES))
    events: list[Event] = []
    hand_px = []
    for f in range(FRAMES):
        ball, tip = None, None
        if f < GONE:
            ball = rolled(f)
        elif f >= AGAIN:
            ball, tip = again(f), fingers(f) if by_hand else None
        img = drawn.render(cam, drawn.texture(drawn.DrawnWheel(), WHEEL_RAD_S * f / FPS,
                                              ball=ball))
        if tip is not None:
            draw_arm(cam, img, tip)
        events += reader.update(img, f)
        if f >= AGAIN:
            assert reader.pipeline is not None and reader.pipeline.obs is not None
            hand_px.append(reader.pipeline.obs.hand_px)
    return events + reader.finish(FRAMES - 1), hand_px


def test_the_same_number_rolled_again_is_paid() -> None:
    events, hand_px = read(by_hand=False)
    numbers = [e.result.number for e in events if e.type == "outcome"]  # type: ignore[union-attr]
    assert len(numbers) == 2 and len(set(numbers)) == 1
    assert max(hand_px) < SettleParams().put_back_hand_px  # the hopping ball is no hand


def test_a_ball_set_in_the_same_pocket_by_a_hand_is_not_paid_again() -> None:
    events, hand_px = read(by_hand=True)
    assert len([e for e in events if e.type == "outcome"]) == 1
    assert max(hand_px) >= SettleParams().put_back_hand_px  # the fingers over the pockets
