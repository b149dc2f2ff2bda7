"""A spot in the pockets seen while the ball in play runs on the bowl is not the ball
(``BallTrack._beside_the_ball``): the ball cannot be in two places. Seed 14001 014 r2
(1280x720 at 50 fps, camera 32.6 deg, four turret arms): a turret arm's knob leaned out
over pocket 5 on the far side while the ball ran on the track just outside it; the ball
went unseen for two frames and the track took the knob for it coming down, then read it
'at rest' (5, 35 frames before the ball settled in 35), a wrong outcome once the object
stage no longer took the knob for an object. The observations are the clip's own, as its
reader fed them to the round logic; replayed one frame at a time, with a synthetic ball
and knob for the rule's edges."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import BallObs, FrameObs
from vision.roulette.wheel import POCKET_RAD

DATA = Path(__file__).parents[1] / "data" / "roulette" / "knob_beside_ball_14001_014.npz"
FPS = 50.0
BAND = (0.83, 1.31)  # the clip's calibration
HEAD = 1.33


def saved() -> list[FrameObs]:
    """Frames 1860-2110 of the clip: rows of (frame, zero, rho, theta, held, object_seen),
    one per spot (rho NaN: no spot that frame)."""
    rows = np.load(DATA)["obs"].astype(np.float64)
    out = []
    for f in np.unique(rows[:, 0]).astype(int):
        mine = rows[rows[:, 0] == f]
        spots = tuple(BallObs(float(r[2]), float(r[3]), bool(r[4]))
                      for r in mine if not np.isnan(r[2]))
        out.append(FrameObs(int(f), float(mine[0, 1]), spots, bool(mine[0, 5])))
    return out


def test_a_knob_seen_beside_the_running_ball_is_not_read_as_the_ball() -> None:
    events = track(saved(), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    assert [e.result.number for e in said] == [35], [(e.frame, e.result) for e in said]
    assert said[0].frame >= 2071  # the ball settled there at 2071 (the render's truth)


# a synthetic round at 50 fps: the wheel turning at -1.2 rad/s, the ball on the bowl from
# frame 0 at 1.6 ring radii going round at 4 rad/s, coming down from frame 40 into the
# pockets at 60, hopping to rest at 90 in the pocket REST_K
WHEEL = -1.2 / FPS  # rad per frame
REST_K = 9


def zero_at(f: int) -> float:
    return (0.4 + WHEEL * f) % (2 * np.pi)


def ball(f: int, unseen: range) -> BallObs | None:
    if f in unseen:
        return None
    if f < 60:
        rho = 1.6 if f < 40 else 1.6 - 0.6 * (f - 40) / 20
        return BallObs(rho, (1.0 + 4.0 / FPS * f) % (2 * np.pi))
    came = (1.0 + 4.0 / FPS * 60 - zero_at(60)) % (2 * np.pi)  # relative to pocket 0
    rest = REST_K * POCKET_RAD
    rel = came + ((rest - came + np.pi) % (2 * np.pi) - np.pi) * min(1.0, (f - 60) / 30)
    return BallObs(1.0 if f < 90 else 0.98, (zero_at(f) + rel) % (2 * np.pi))


def frames(knob_rel: float | None, knob_from: int, unseen: range = range(0)
           ) -> list[FrameObs]:
    """200 frames: the ball as ``ball``, and a knob riding with the wheel in the pockets
    at ``knob_rel`` (rad from pocket 0) from ``knob_from`` on (None: no knob)."""
    out = []
    for f in range(200):
        spots = [b for b in [ball(f, unseen)] if b is not None]
        if knob_rel is not None and f >= knob_from:
            spots.append(BallObs(0.92, (zero_at(f) + knob_rel) % (2 * np.pi)))
        out.append(FrameObs(f, zero_at(f), tuple(spots)))
    return out


def knob_by_the_ball(f: int) -> float:
    """The place, relative to pocket 0, just inward of the ball on the bowl at frame
    ``f``: where a knob leaning out over the pockets beside it is seen."""
    return (1.0 + 4.0 / FPS * f - zero_at(f)) % (2 * np.pi)


def test_the_ball_is_read_with_a_knob_seen_beside_it_on_the_bowl() -> None:
    # the knob appears beside the running ball two frames before it goes unseen for
    # three: the ball's next sighting is coming down, and it is read where it rests
    knob = knob_by_the_ball(30) + 0.1
    events = track(frames(knob, knob_from=28, unseen=range(31, 34)), fps=FPS, band=BAND,
                   head=HEAD)
    said = of(events, "outcome")
    assert [e.result.number for e in said] == [WHEEL_SEQUENCE_CW[REST_K]]


def test_without_a_knob_the_round_reads_the_same() -> None:
    events = track(frames(None, knob_from=0, unseen=range(31, 34)), fps=FPS, band=BAND,
                   head=HEAD)
    assert [e.result.number for e in of(events, "outcome")] == [WHEEL_SEQUENCE_CW[REST_K]]
