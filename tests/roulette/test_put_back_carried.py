"""A ball carried fast along the bowl and set in the last winning number's pocket is no
roll (Art. 2: after a void the dealer puts the ball back there by hand).

Fresh seed 14301 clip 024 r3 (800x600, 60 fps): the object that voided the round went
unseen; the dealer's hand carried the ball along the bowl, which the tracker took for a
launch, and it was in the pockets 5 frames later after 0.1 revolutions, resting in 9, the
last outcome's number: paid 9, a wrong outcome. A launch that goes down into the pockets
within ``put_back_rev`` of a turn, a hand over the pockets as it came in, rolled no round.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, FPS, HAND_PX, HEAD, story
from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD


def carried_in(rest_k: int, run_frames: int, hand: bool = True) -> list[FrameObs]:
    """A round read as pocket 9, the ball taken; then the ball runs along the bowl at 9
    rad/s for ``run_frames``, comes down into the pockets in 4 frames and rests in pocket
    ``rest_k``; the hand that carried it over the pockets for a second (unless not
    ``hand``)."""
    obs, _ = story(pocket_k=9)
    theta = 1.0
    for f in range(260, 600):
        zero = (0.4 + 0.8 * f / FPS) % (2 * np.pi)
        ball: BallObs | None = None
        t = f - 400
        if 0 <= t < run_frames:
            theta += 9.0 / FPS
            ball = BallObs(1.7, theta % (2 * np.pi))
        elif run_frames <= t < run_frames + 4:
            theta += 9.0 / FPS
            ball = BallObs(1.7 - 0.19 * (t - run_frames + 1), theta % (2 * np.pi))
        elif t >= run_frames + 4:
            ball = BallObs(0.95, (zero + rest_k * POCKET_RAD) % (2 * np.pi))
        over = hand and run_frames <= t < run_frames + FPS
        obs.append(FrameObs(f, zero, () if ball is None else (ball,),
                            hand_px=HAND_PX if over else 0))
    return obs


@pytest.mark.parametrize(("rest_k", "run_frames", "hand", "paid"), [
    (9, 6, True, False),   # a fifth of a turn, into the last number: put back, abstained
    (12, 6, True, False),  # ... into another number, the hand over it: handled, abstained
    (9, 6, False, True),   # no hand over the pockets: a roll seen late, the number again
    (12, 6, False, True),  # ... or another number
])
def test_a_ball_carried_into_the_last_number_is_no_outcome(rest_k: int, run_frames: int,
                                                           hand: bool, paid: bool) -> None:
    events = track(carried_in(rest_k, run_frames, hand), fps=FPS, band=BAND, head=HEAD)
    numbers = [o.result.number for o in of(events, "outcome")]  # type: ignore[union-attr]
    assert numbers == [WHEEL_SEQUENCE_CW[9]] + ([WHEEL_SEQUENCE_CW[rest_k]] if paid else [])
    why = [e.reason for e in of(events, "abstain")]
    assert why == ([] if paid else ["ball_put_back" if rest_k == 9 else "ball_handled"])
