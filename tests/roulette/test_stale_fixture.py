"""A look-alike's old place does not hide the ball: a fixture (``BallTrack``) unseen for a
while no longer claims spots while a ball is in play. A raised part (a turret arm's knob
seen from a tilted camera) shifts against the wheel as it turns, and goes out of sight;
where it was last seen, the ball may later hop. Seed 10701 clip 022 r3 (800x600, 60 fps,
tilt 31 deg): the knob learnt at a pocket's place, last seen 1.2 s before the ball hopped
there; the ball's spots matched it (and dragged it along) until the ball was lost:
abstained ``ball_lost``; truth 35, now read. Fed to the settle state machine one frame at
a time."""

from __future__ import annotations

import numpy as np

from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

FPS = 60.0
BAND = (0.9, 1.08)
HEAD = 1.26
WHEEL = -0.8  # rad/s
REST_K = 20  # the pocket the ball rests in (sense 1: WHEEL_SEQUENCE_CW[REST_K])
KNOB = (REST_K - 2) * POCKET_RAD  # the look-alike's place, relative to pocket 0


def ball_at(f: int) -> tuple[float, float] | None:
    """(rho, rel) of the ball: launched on the bowl at frame 100, in the pockets at 150
    (1.7 pockets before the knob's place), hopping across it to rest at 185."""
    if 100 <= f < 150:
        s = (f - 100) / 50
        return 1.7 - 0.65 * s, KNOB - 0.3 - 4.0 * (1 - s)
    if 150 <= f < 185:
        s = (f - 150) / 35
        return 1.05 - 0.03 * s, KNOB - 0.3 + (0.3 + 2 * POCKET_RAD) * (1 - (1 - s) ** 2)
    if 185 <= f < 300:
        return 1.02, REST_K * POCKET_RAD
    return None


def frames(knob_until: int) -> list[FrameObs]:
    """The knob seen riding at ``KNOB`` (rho 1.01) until ``knob_until``, the ball as
    ``ball_at``; 340 frames."""
    out = []
    for f in range(340):
        zero = (0.3 + WHEEL * f / FPS) % (2 * np.pi)
        spots = []
        if (b := ball_at(f)) is not None:
            spots.append(BallObs(b[0], (zero + b[1]) % (2 * np.pi)))
        if f < knob_until:
            spots.append(BallObs(1.01, (zero + KNOB) % (2 * np.pi)))
        out.append(FrameObs(f, zero, tuple(spots)))
    return out


def test_the_ball_hopping_where_a_look_alike_was_long_ago_is_read() -> None:
    # the knob last seen at frame 99: ~1 s before the ball hops across its place (not yet
    # forgotten: fixture_forget_s)
    events = track(frames(knob_until=100), fps=FPS, band=BAND, head=HEAD)
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["launch"]
    said = of(events, "outcome")
    assert len(said) == 1 and said[0].result.number == WHEEL_SEQUENCE_CW[REST_K]
    assert not of(events, "abstain") and not of(events, "violation")


def test_a_look_alike_seen_all_along_is_never_read() -> None:
    # the knob in view all along (a fixture kept fresh): spots at its place stay
    # look-alikes; the ball hopping across it is lost there, never read elsewhere
    events = track(frames(knob_until=340), fps=FPS, band=BAND, head=HEAD)
    assert {e.result.number for e in of(events, "outcome")} <= {WHEEL_SEQUENCE_CW[REST_K]}
    assert not [e for e in of(events, "ball_at_rest") if e.frame < 185]
