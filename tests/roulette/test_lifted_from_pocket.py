"""The ball resting in a pocket between rounds (put back there after a void round), lifted
out by the dealer's fingers to be spun (seed 12001 001 r4: the ball rides in its pocket
from 1032 to 1116, then moves off with the hand, 0.1-0.13 rad a frame against the wheel
and up the pocket band, the fingers unseen, and is gone at 1123). Taken for a landing,
it was lost and abstained before the real spin: a live table closes the round with no
result and the spin's outcome lands in the next one."""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.test_settle import BAND, FPS, HEAD, story
from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

LIFT_AT = 100  # the ball rests in its pocket from frame 10; the fingers take it from here
NEXT = 160  # the spin's first frame (``story``'s round, shifted)
REST_REL = 20 * POCKET_RAD  # the pocket it rests in, relative to pocket 0
LOOK_REL = 9 * POCKET_RAD  # a look-alike's pocket: a pocket from where the spin lands


def zero_at(frame: int) -> float:
    return (0.4 + 0.8 * frame / FPS) % (2 * np.pi)  # ``story``'s wheel


def at_rel(frame: int, rel: float, rho: float = 0.95) -> BallObs:
    return BallObs(rho, (zero_at(frame) + rel) % (2 * np.pi))


def rests_then_spun(*, lifted: bool, look_alike: bool = False) -> list[FrameObs]:
    """Idle, the ball rests in pocket 20 (``lifted``: from ``LIFT_AT`` it moves off with
    the hand, 0.1 rad a frame against the wheel and 0.02 ring radii out, 8 frames, then
    is gone), then ``story``'s round lands in pocket 5. A ``look_alike``: in place of
    the ball, a spot riding all along a pocket from where the ball is first seen in the
    pockets (a close camera: its track is unseen; it hops 3 pockets away to rest)."""
    obs = []
    for f in range(NEXT):
        balls: tuple[BallObs, ...] = ()
        if look_alike:
            balls = (at_rel(f, LOOK_REL),)
        elif 10 <= f < LIFT_AT:
            balls = (at_rel(f, REST_REL),)
        elif lifted and LIFT_AT <= f < LIFT_AT + 8:
            i = f - LIFT_AT + 1
            balls = (at_rel(f, REST_REL + 0.1 * i, 0.95 + 0.02 * i),)
        obs.append(FrameObs(f, zero_at(f), balls))
    spin, _ = story(pocket_k=5, track_seen=not look_alike)
    for o in spin:
        f = o.frame + NEXT
        turn = zero_at(f) - o.zero  # the same place relative to the wheel
        balls = tuple(BallObs(b.rho, (b.theta + turn) % (2 * np.pi), b.held) for b in o.balls)
        if look_alike:
            balls += (at_rel(f, LOOK_REL),)
        obs.append(FrameObs(f, zero_at(f), balls))
    return obs


@pytest.mark.parametrize(("lifted", "look_alike", "launches"), [
    # 001 r4: the ball lifted out of its pocket is no landing: no round starts, nothing is
    # lost or abstained, and the spin that follows is read
    (True, False, ["launch"]),
    # the ball left in its pocket, taken away unseen: nothing to read until the spin
    (False, False, ["launch"]),
    # a close camera (the track unseen): a landing beside a look-alike riding in a pocket
    # still starts the round (the look-alike is seen on; no ball left its pocket)
    (False, True, ["landing"]),
])
def test_a_ball_lifted_out_of_its_pocket_between_rounds_is_no_spin(
        lifted: bool, look_alike: bool, launches: list[str]) -> None:
    events = track(rests_then_spun(lifted=lifted, look_alike=look_alike), fps=FPS, band=BAND,
                   head=HEAD)
    assert not of(events, "abstain")
    assert [e.extra["how"] for e in of(events, "ball_launched")] == launches
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[5]]
