"""direction's runs: one-way stretches of the ball above the pockets (pure functions)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.roulette.direction import Runs, extend_runs, run_way
from vision.roulette.settle_params import SettleParams
from vision.roulette.track import Seen
from vision.roulette.wheel import POCKET_RAD

FPS = 50.0
BAND_OUT = 1.1
P = SettleParams()


def sightings(frames: list[int], *, image_rad_s: float, wheel_rad_s: float = 0.8,
              rho: float = 1.4, held: tuple[int, ...] = ()) -> list[Seen]:
    """The ball at ``frames`` moving at ``image_rad_s`` in the image, the wheel at
    ``wheel_rad_s``."""
    out = []
    for f in frames:
        theta = (1.0 + image_rad_s * f / FPS) % (2 * np.pi)
        rel = (theta - 0.3 - wheel_rad_s * f / FPS) % (2 * np.pi)
        out.append(Seen(f, rho, theta, rel, held=f in held))
    return out


def runs_of(seen: list[Seen]) -> Runs:
    runs = Runs()
    for a, b in zip(seen, seen[1:], strict=False):
        runs = extend_runs(runs, a, b, fps=FPS, band_out=BAND_OUT, p=P)
    return runs


@pytest.mark.parametrize(("frames", "image", "kw", "way"), [
    # 12 frames at 3 rad/s, the wheel 0.8 the same way: 2.2 rad/s relative, 5 pockets
    (list(range(12)), 3.0, {}, 1),
    (list(range(12)), -3.0, {"wheel_rad_s": -0.8}, -1),  # the other way round
    # two stretches 0.36 s apart at the same speed: one run (seed 10201 005 r4)
    ([0, 1, 2, 3, 4, 22, 23, 24, 25, 26], 2.5, {}, 1),
    # only 3 frames: under run_pockets
    ([0, 1, 2], 3.0, {}, 0),
    # riding with the wheel (a ball in a pocket seen on the head's edge): no relative speed
    (list(range(12)), 0.8, {}, 0),
    # in the pocket band: no run
    (list(range(12)), 3.0, {"rho": 1.0}, 0),
    # fingers at it all along: a hand's carrying, no run
    (list(range(12)), 3.0, {"held": tuple(range(12))}, 0),
    # 14 rad/s seen every 5th frame (0.1 s): 1.4 rad a step, as far as a ball going the
    # other way round at 49 rad/s: no step tells
    (list(range(0, 80, 5)), 14.0, {}, 0),
])
def test_runs_tell_the_way(frames: list[int], image: float, kw: dict, way: int) -> None:
    runs = runs_of(sightings(frames, image_rad_s=image, **kw))
    assert np.sign(run_way(runs, p=P)) == way


def test_a_long_run_the_other_way_keeps_the_way_unknown() -> None:
    # a ball one way, a spot taken for it the other way as long: neither tells
    runs = Runs(0.0, None, plus=5 * POCKET_RAD, minus=3 * POCKET_RAD)
    assert run_way(runs, p=P) == 0.0
    assert run_way(Runs(0.0, None, plus=5 * POCKET_RAD, minus=2 * POCKET_RAD), p=P) > 0


def test_a_gap_that_changes_the_speed_breaks_the_run() -> None:
    # after 0.16 s out of view the 'ball' turns up over twice as far on as its speed takes
    # it: another spot, the run starts again
    seen = sightings([0, 1, 2, 3, 4], image_rad_s=2.5)
    late = sightings([12, 13, 14], image_rad_s=2.5)
    late = [Seen(s.frame, s.rho, s.theta + 0.5, s.rel + 0.5) for s in late]
    runs = runs_of(seen + late)
    assert runs.plus < 0.5  # neither stretch nor the jump counts as one run


def test_runs_are_validated() -> None:
    with pytest.raises(ValueError, match="Runs"):
        Runs(0.0, None, plus=-1.0)
