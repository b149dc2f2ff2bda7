"""Objects in the bowl, end to end through the forward model.

Clips come from the drawn wheel (``drawn.py``, not the synth): the wheel turns, a ball rolls
on the bowl from 1.6 s on, and then a chip drops onto the static bowl or onto the turning
number ring, or the dealer's hand reaches in over the rim and leaves. The reader must void
an object's round within half a second of the chip appearing, and must not void for a hand.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.roulette import drawn
from vision.footage import Event, StreamInfo
from vision.roulette.reader import RouletteReader

FPS = 25.0
SECONDS = 4.0
BALL_FROM_S = 1.6  # the ball is launched (calibration needs the first 1.5 s)
DROP_S = 2.6  # the chip (if any) appears
WHEEL_RAD_S = 0.9
HAND_SKIN = (120, 150, 205)


def _hand(frame: np.ndarray, cam, t_s: float, reach_s: tuple[float, float]) -> None:
    """A dealer's arm and hand from the bottom border towards the rim and back (a filled
    polygon, drawn over the frame)."""
    t0, t1 = reach_s
    if not t0 <= t_s <= t1:
        return
    u = np.sin(np.pi * (t_s - t0) / (t1 - t0))  # 0 -> 1 -> 0
    h, w = frame.shape[:2]
    tip_y = h - u * 0.3 * h
    x = 0.42 * w
    pts = np.array([[x - 40, h + 5], [x + 40, h + 5], [x + 30, tip_y], [x - 30, tip_y]], np.int32)
    cv2.fillPoly(frame, [pts], HAND_SKIN, cv2.LINE_AA)


def render_clip(*, chip: str | None, hand: bool, seed: int) -> list[np.ndarray]:
    """Frames of one round: ``chip`` None, "bowl" (r 0.84, lying still) or "head" (on the
    number ring, turning with the wheel), appearing at ``DROP_S``."""
    rng = np.random.default_rng(seed)
    cam = drawn.camera(width=640, height=480, tilt_deg=20.0, azimuth_deg=40.0, ring_px=440)
    noise = rng.normal(0.0, 3.0, (4, cam.height, cam.width, 3)).astype(np.float32)
    frames = []
    for i in range(int(SECONDS * FPS)):
        t = i / FPS
        wheel = 0.4 + WHEEL_RAD_S * t
        ball = (0.92, 1.0 - 9.0 * (t - BALL_FROM_S)) if t >= BALL_FROM_S else None
        spot = None
        if chip == "bowl" and t >= DROP_S:
            spot = (0.84, 2.2)
        elif chip == "head" and t >= DROP_S:
            spot = (0.67, 2.2 + wheel - (0.4 + WHEEL_RAD_S * DROP_S))
        frame = drawn.render(cam, drawn.texture(drawn.DrawnWheel(), wheel, ball=ball, chip=spot))
        if hand:
            _hand(frame, cam, t, (DROP_S - 0.4, DROP_S + 1.2))
        frames.append(np.clip(frame + noise[i % 4], 0, 255).astype(np.uint8))
    return frames


def read(frames: list[np.ndarray]) -> tuple[list[Event], list[int]]:
    """Reader events, and the frames in which the reader saw an object."""
    h, w = frames[0].shape[:2]
    reader = RouletteReader(StreamInfo(fps=FPS, width=w, height=h, frame_count=len(frames)))
    events, seen = [], []
    for i, f in enumerate(frames):
        events += reader.update(f, i)
        if reader.pipeline is not None and reader.pipeline.object is not None:
            seen.append(i)
    events += reader.finish(len(frames) - 1)
    return events, seen


@pytest.mark.parametrize(("chip", "hand"), [
    ("bowl", False),  # a chip lying still on the static bowl slope
    ("head", False),  # a chip on the number ring, turning with the wheel
    ("bowl", True),  # a chip while the dealer's hand reaches in elsewhere
])
def test_an_object_voids_the_round_within_half_a_second(chip: str, hand: bool) -> None:
    events, seen = read(render_clip(chip=chip, hand=hand, seed=11))
    drop = int(DROP_S * FPS)
    voids = [e for e in events if e.type == "void"]
    assert voids, f"no void; objects seen in frames {seen[:10]}"
    assert voids[0].reason == "object_in_bowl"
    assert drop <= voids[0].frame <= drop + 0.5 * FPS, (voids[0].frame, drop)
    assert not [e for e in events if e.type == "outcome"]


@pytest.mark.parametrize("hand", [
    False,  # nothing but the turning wheel and the rolling ball
    # the dealer's hand reaches in over the rim and leaves: KNOWN FAILURE, where the
    # picture's border cuts the wheel head the hand is not recognised as one (no hand edge
    # on the head rows) and its resting fingertips are taken for an object
    pytest.param(True, marks=pytest.mark.xfail(strict=True, reason="hand over the head")),
])
def test_no_object_no_void(hand: bool) -> None:
    events, seen = read(render_clip(chip=None, hand=hand, seed=12))
    assert not [e for e in events if e.type == "void"], f"objects seen in frames {seen[:10]}"
    assert not seen
