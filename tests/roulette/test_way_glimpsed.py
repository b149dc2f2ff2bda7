"""Same-direction spins whose roll is seen only in glimpses (seed 12801, the three rounds
the reader did not flag though the way could be told): the ball's sightings as the reader
took them, fed to the settle state machine one frame at a time.

- 025 r2 (640x480 at 30 fps, the wheel filling the frame): seen launched for 5 frames on
  the bowl, out of view coming down for 9, then in the pockets; the run above the pockets
  ends with that step in (``direction._run_step``).
- 022 r0 (1280x720 at 25 fps): the roll out of view, the ball first seen hopping in the
  pockets across gaps before the landing was told; that hopping counts toward its travel
  to rest (``RoundTracker._lead_travel``).
- 023 r3 (1280x720 at 30 fps): a void while idle, the ball glimpsed on the track among
  still spots; a step from a still spot to the ball is no direction sample
  (``SpinWay._samples_since``).
- 12401 006 r1 (1280x960 at 25 fps, camera 30 deg): a void while idle, the ball glimpsed
  on the track only at two places, 3 frames apart at times; those steps' way cannot be
  mistaken (``direction.glimpsed_way``).
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.roulette.tracked import of, track
from vision.roulette.settle import BallObs, FrameObs


def frames(fps: float, wheel: float, spots: dict[int, tuple[float, float]], end: int,
           objects: range = range(0), zero0: float = 0.0) -> list[FrameObs]:
    """Frames 0..end, the wheel turning at ``wheel`` rad/s, the spot at ``spots[f]``
    (rho, image angle) where given."""
    out = []
    for f in range(end + 1):
        zero = (zero0 + wheel * f / fps) % (2 * np.pi)
        balls = (BallObs(spots[f][0], spots[f][1] % (2 * np.pi)),) if f in spots else ()
        out.append(FrameObs(f, zero, balls, object_seen=f in objects))
    return out


# --- 025 r2 ----------------------------------------------------------------------------
# above the pockets (frame, rho, image angle); in the pockets (frame, rho, angle relative
# to the wheel); the wheel at +1.07 rad/s; then at rest
R2_ABOVE = [(98, 1.49, 3.80), (99, 1.44, 3.92), (100, 1.41, 4.03), (101, 1.38, 4.14),
            (102, 1.35, 4.24), (111, 1.13, 5.04)]
R2_IN = [(112, 1.08, 0.06), (113, 1.05, 0.10), (114, 1.01, 0.13), (115, 1.04, 0.11),
         (116, 1.04, 0.09), (117, 1.05, 0.06), (118, 1.04, 0.02), (119, 1.04, -0.01),
         (120, 1.01, -0.03), (121, 1.02, -0.01), (122, 1.03, 0.02), (123, 1.03, 0.07),
         (124, 1.03, 0.10), (125, 1.02, 0.13)]


def launched_then_down(wheel: float) -> list[FrameObs]:
    fps, zero0 = 30.0, 5.73 - 1.07 * 98 / 30.0  # (the wheel's angle as in the clip)
    zero = lambda f: zero0 + wheel * f / fps  # noqa: E731
    spots = {f: (rho, theta) for f, rho, theta in R2_ABOVE}
    entry = R2_ABOVE[-1][2] - zero(R2_ABOVE[-1][0])  # relative angle where it came in
    spots |= {f: (rho, zero(f) + entry + d) for f, rho, d in R2_IN}
    spots |= {f: (1.01, zero(f) + entry + 0.15) for f in range(126, 240)}
    return frames(fps, wheel, spots, 260, zero0=zero0)


@pytest.mark.parametrize(("wheel", "flagged"), [(1.07, True), (-1.07, False)])
def test_a_launch_seen_briefly_then_its_step_into_the_pockets(wheel: float,
                                                              flagged: bool) -> None:
    events = track(launched_then_down(wheel), fps=30.0, band=(0.88, 1.29), head=1.31)
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["launch"]
    flags = of(events, "violation")
    assert len(flags) == flagged
    assert all(e.extra["ball_direction"] == "cw" and 111 <= e.frame <= 130 for e in flags)


# --- 022 r0 ----------------------------------------------------------------------------
# (frame, rho, angle relative to the wheel): hopping in the pockets, seen across gaps of
# 4-6 frames, the landing told at 36 from 35-36; the wheel at -0.98 rad/s
R0 = [(17, 0.85, -1.86), (18, 0.84, -1.91), (25, 0.82, -2.17), (26, 0.82, -2.19),
      (27, 0.83, -2.20), (28, 0.83, -2.23), (29, 0.82, -2.26), (30, 0.82, -2.29),
      (35, 0.83, -2.49), (36, 0.83, -2.53), (37, 0.83, -2.56), (38, 0.83, -2.57),
      (39, 0.83, -2.56), (40, 0.83, -2.54), (41, 0.83, -2.54), (42, 0.83, -2.55),
      (43, 0.83, -2.56), (44, 0.83, -2.56)]


def hopping_then_landed(wheel: float) -> list[FrameObs]:
    fps = 25.0
    spots = {60 + f: (rho, wheel * (60 + f) / fps + rel) for f, rho, rel in R0}
    spots |= {f: (0.84, wheel * f / fps - 2.56) for f in range(105, 200)}
    return frames(fps, wheel, spots, 220)


@pytest.mark.parametrize(("wheel", "flagged"), [(-0.98, True), (0.98, False)])
def test_a_landing_counts_the_hops_seen_before_it(wheel: float, flagged: bool) -> None:
    events = track(hopping_then_landed(wheel), fps=25.0, band=(0.72, 1.1), head=1.12)
    assert [e.extra["how"] for e in of(events, "ball_launched")] == ["landing"]
    assert len(of(events, "outcome")) == 1
    flags = of(events, "violation")
    assert len(flags) == flagged
    assert all(e.extra["ball_direction"] == "ccw" for e in flags)


# --- 023 r3 ----------------------------------------------------------------------------
# the spot the track took each frame (frame, rho, image angle): still spots on the bowl
# (2.37, 3.45 and about) and the ball's glimpses running at +8..16 rad/s; the object from
# 128; the wheel at +1.1 rad/s
R3 = [(60, 2.35, 3.59), (61, 2.57, 3.55), (62, 2.37, 3.46), (63, 2.37, 3.45),
      (65, 2.46, 2.78), (71, 2.37, 3.43), (73, 2.38, 3.43), (91, 2.42, 3.31),
      (92, 2.40, 3.59), (103, 2.46, 2.75), (105, 2.40, 3.57), (109, 2.44, 3.47),
      (110, 2.51, 3.57), (111, 2.52, 3.53), (112, 2.15, 3.50), (113, 2.12, 3.53),
      (114, 2.11, 3.46), (115, 2.03, 3.47), (116, 2.07, 3.61), (117, 2.02, 3.53),
      (119, 2.40, 3.57), (131, 2.47, 2.65), (133, 2.42, 3.34), (146, 2.45, 2.57),
      (147, 2.46, 2.82), (148, 2.42, 3.35)]


@pytest.mark.parametrize(("way", "flagged"), [(1, True), (-1, False)])
def test_a_void_skips_steps_from_a_still_spot(way: int, flagged: bool) -> None:
    # way -1: the scene mirrored (the ball ccw), the wheel still cw
    spots = {f: (rho, way * theta) for f, rho, theta in R3}
    events = track(frames(30.0, 1.1, spots, 200, objects=range(128, 175)), fps=30.0,
                   band=(0.89, 1.3), head=1.32)
    assert [e.frame for e in of(events, "void")] == [128]
    flags = of(events, "violation")
    assert len(flags) == flagged
    assert all(e.extra["ball_direction"] == "cw" for e in flags)


# --- 12401 006 r1 --------------------------------------------------------------------
# (frame, rho, image angle): the ball launched unseen, glimpsed on the track at two places
# only, 3 frames apart at +13..15 rad/s (the other way round, -37..39: no ball runs so
# fast), then 7-12 frames apart; the object from 103; the wheel at +1.03 rad/s, 25 fps
R1 = [(54, 2.36, 0.80), (57, 2.40, 2.62), (64, 2.38, 0.76), (67, 2.36, 2.32),
      (75, 2.37, 0.78), (78, 2.36, 2.35), (90, 2.38, 2.44), (97, 2.13, 0.75)]
# two still spots on the bowl where the ball was glimpsed, seen in turn 3 frames apart
STILL = [(54 + 3 * k, 2.37, (0.78, 2.40)[k % 2]) for k in range(15)]


@pytest.mark.parametrize(("spots", "way", "flagged"), [
    (R1, 1, True),  # 006 r1: the wheel its way
    (R1, -1, False),  # mirrored: the ball against the wheel
    (STILL, 1, False),  # still spots: the steps go both ways, no way at all
])
def test_a_void_while_idle_takes_the_way_of_glimpses_it_cannot_mistake(
        spots: list[tuple[int, float, float]], way: int, flagged: bool) -> None:
    seen = {f: (rho, way * theta) for f, rho, theta in spots}
    events = track(frames(25.0, 1.03, seen, 160, objects=range(103, 130)), fps=25.0,
                   band=(0.84, 1.33), head=1.35)
    assert [e.frame for e in of(events, "void")] == [103]
    assert not of(events, "ball_launched")
    flags = of(events, "violation")
    assert len(flags) == flagged
    assert all(e.extra["ball_direction"] == "cw" and e.frame == 103 for e in flags)
