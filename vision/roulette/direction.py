"""Which way does the ball roll, and is the spin against the rules? Pure tests.

The ball rolls faster than the wheel turns, so its angle relative to the wheel moves the
way the ball rolls, on the track and when it lands. The way comes from
``direction_samples`` sightings above the pockets, fast (``direction_rad_s``) or, where
surely on the bowl, slower (``bowl_direction_rad_s``: leaving the track); after a void
too, while the ball runs on fast and free (``void_direction_rad_s``); failing those, once
the ball rests, from how far it moved relative to the wheel since it reached the pockets
(at least ``direction_pockets``). A camera that sees only a stretch of the track, or the
ball only as it comes down, may give too few fast sightings: then the longest run of free
sightings above the pockets in which the ball moves one way, both in the image and
relative to the wheel (``Runs``), tells the way once it covers ``run_pockets`` relative to
the wheel and no run the other way comes near it. A ball first seen landing (its roll out
of view) tells its way as it comes down onto the wheel, before it meets a fret
(``approach_rates``). A roll cut short by a void, seen launched, then only now and then
a turn's fraction or more apart, keeps the launch's way if every later sighting on its
track fits it running on (``kept_launch``). The wheel's way comes from the turning
pocket pattern.
Ball and wheel turning the same way is a ``same_direction_spin`` violation (Art. 2).

The numbers live in ``SettleParams`` (``vision.roulette.settle_params``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from vision.footage import Event, violation
from vision.roulette.pocket import relative_angle
from vision.roulette.track import Seen
from vision.roulette.wheel import POCKET_RAD

if TYPE_CHECKING:
    from vision.roulette.settle_params import SettleParams

__all__ = ["Runs", "approach_rates", "ball_way", "direction_sample", "extend_runs",
           "glimpsed_way", "kept_launch", "run_way", "spin_violation"]


@dataclass(frozen=True, slots=True)
class Runs:
    """One-way runs of the ball above the pockets: ``run`` the current one's travel
    relative to the wheel (rad, signed), ``speed`` its last step's image speed (rad/s,
    None when no run is going on), ``plus``/``minus`` the longest run each way (rad)."""

    run: float = 0.0
    speed: float | None = None
    plus: float = 0.0
    minus: float = 0.0

    def __post_init__(self) -> None:
        if self.plus < 0 or self.minus < 0 or (self.speed is not None and self.speed < 0):
            raise ValueError(f"Runs: lengths and speed must be >= 0, got {self}")


def direction_sample(omega: float | None, ball: Seen, *, band_out: float, head: float,
                     p: SettleParams, min_rad_s: float = 0.0) -> float | None:
    """The ball's image speed (rad/s) as a direction sample while it runs free above the
    pockets: fast anywhere there, or slower where it is surely on the bowl (and at least
    ``min_rad_s``); None if this sighting tells nothing."""
    if (omega is None or ball.held or ball.rho <= band_out
            or not min_rad_s <= abs(omega) <= p.launch_max_rad_s):
        return None
    on_bowl = ball.rho > head + p.bowl_margin
    if abs(omega) >= (p.bowl_direction_rad_s if on_bowl else p.direction_rad_s):
        return omega
    return None


def approach_rates(recent: list[Seen], *, fps: float, band_out: float,
                   p: SettleParams) -> list[float]:
    """A landing's way: the image speeds (rad/s) of the ball coming down onto the wheel,
    from its free sightings above the pockets before the first one in them (``recent``:
    the contiguous sightings), at most ``launch_gap_frames`` apart. Until it meets a fret
    the ball runs its own way: it goes round the image that way and, when it comes down
    slower than a wheel turning the same way, lags the wheel. So only steps that go one
    way both in the image and relative to the wheel, at least ``direction_samples`` of
    them covering ``direction_pockets`` relative to the wheel, tell its way (a spot riding
    with the wheel does not move relative to it); empty otherwise. A close camera sees
    neither the track nor the slope: the descent onto the head is all there is (seed 11001
    003 r3, 640x480 at 25 fps: seen from rho 1.25 to the pockets at -1.9 rad/s with the
    wheel at -1.1, then hops back, so its travel to rest went the other way)."""
    first_in = next((k for k, s in enumerate(recent) if s.rho <= band_out), len(recent))
    above = recent[:first_in + 1]  # (with the step into the pockets)
    images, rels = [], []
    for a, b in zip(above, above[1:], strict=False):
        if a.held or b.held or not 0 < b.frame - a.frame <= p.launch_gap_frames:
            return []
        images.append(relative_angle(b.theta, a.theta) / (b.frame - a.frame) * fps)
        rels.append(relative_angle(b.rel, a.rel))
    signs = {float(np.sign(x)) for x in images + rels}
    if (len(images) < p.direction_samples or len(signs) != 1
            or abs(sum(rels)) < p.direction_pockets * POCKET_RAD
            or max(np.abs(images)) > p.launch_max_rad_s):
        return []
    return images


def ball_way(samples: list[float], travel: float, *, resting: bool,
             p: SettleParams) -> float:
    """The way the ball rolls (signed: rad/s from the samples, or rad of travel relative
    to the wheel once it rests); 0.0 while not known."""
    signs = {np.sign(w) for w in samples[:p.direction_samples]}
    if len(samples) >= p.direction_samples and len(signs) == 1:
        return float(np.median(samples))  # the track's samples agree on a way
    if resting and abs(travel) >= p.direction_pockets * POCKET_RAD:
        return travel  # once at rest: a hand moving the ball never lets it rest
    return 0.0


def _run_step(a: Seen, b: Seen, speed: float | None, *, fps: float, band_out: float,
              p: SettleParams) -> tuple[float, float] | None:
    """(relative step in rad, image speed in rad/s) from sighting ``a`` to ``b`` if it
    carries a run on: both free, ``a`` above the pockets (``b`` may be the ball's first
    sighting in them: until it meets a fret the ball runs its own way, as for
    ``approach_rates``), near in time, the same way in the image and relative to the
    wheel, fast enough relative to the wheel, and no step long enough to be taken the
    wrong way round. A step over a gap longer than ``run_short_s`` must also keep the
    run's speed (within a factor 2): a ball passing out of view and back, not another
    spot. (Seed 12801 025 r2, 640x480 at 30 fps, the wheel filling the frame: seen
    launched for 5 frames at 3.3 rad/s with the wheel at 1.1 the same way, out of view
    coming down for 9 frames, then in the pockets 0.48 rad on relative to the wheel at
    the same image speed; it rested 0.1 rad further on: no flag without that step.)"""
    frames = b.frame - a.frame
    if (a.held or b.held or a.rho <= band_out
            or not 0 < frames <= max(1, round(p.run_gap_s * fps))):
        return None
    dt = frames / fps
    di, dr = relative_angle(b.theta, a.theta), relative_angle(b.rel, a.rel)
    if (np.sign(di) != np.sign(dr) or max(abs(di), abs(dr)) > p.run_step_rad
            or abs(dr) / dt < p.run_rel_rad_s or abs(di) / dt > p.launch_max_rad_s):
        return None
    image = abs(di) / dt
    if dt > p.run_short_s and (speed is None or not 0.5 <= image / speed <= 2.0):
        return None
    return dr, image


def extend_runs(runs: Runs, a: Seen, b: Seen, *, fps: float, band_out: float,
                p: SettleParams) -> Runs:
    """``runs`` after the step from sighting ``a`` to the next one, ``b``."""
    step = _run_step(a, b, runs.speed, fps=fps, band_out=band_out, p=p)
    if step is None:
        return replace(runs, run=0.0, speed=None)
    dr, speed = step
    run = runs.run + dr if runs.speed is not None and np.sign(runs.run) == np.sign(dr) else dr
    return Runs(run, speed, max(runs.plus, run), max(runs.minus, -run))


def run_way(runs: Runs, *, p: SettleParams) -> float:
    """The way of the longest run (its signed travel, rad) if it covers ``run_pockets``
    relative to the wheel and the longest run the other way stays under
    ``run_dominance`` of it; 0.0 otherwise."""
    longest, other = max(runs.plus, runs.minus), min(runs.plus, runs.minus)
    if longest < p.run_pockets * POCKET_RAD or other >= p.run_dominance * longest:
        return 0.0
    return runs.plus if runs.plus > runs.minus else -runs.minus


def kept_launch(rates: list[float], seen: list[Seen], *, fps: float, head: float,
                p: SettleParams) -> float:
    """The launch's way (its median speed, rad/s, signed) if the ball seen now and then
    on the bowl since (``seen``: from the launch's last sighting on) kept it; 0.0 if not.
    A ball seen every few frames moves a turn's fraction or more between sightings, so
    each step's speed is taken the launch's way, whole turns added to come nearest the
    last step's: ``steady_steps`` steps, each at ``steady_slowing`` of the last one's
    speed (a ball slows gently on the track), at most ``steady_gap_s`` apart, say the
    ball ran on as launched. Every sighting on its track (within ``steady_rho`` of the
    launch's) must fit: one that does not (a still glint) tells that the spots may not
    be the ball. The launch's speeds were measured between near frames: they alone give
    the way, the steps only that the launch was the ball's (seed 11701 025 r0, 1920x1080
    at 25 fps: launched at 13 rad/s, seen every 5-14 frames at two places on the track,
    steps at 13.1, 12.6 and 11.2 rad/s; the void 1.3 s after the launch)."""
    if not rates or abs(sum(np.sign(rates))) != len(rates):
        return 0.0
    way, speed = float(np.sign(rates[0])), float(np.median(np.abs(rates)))
    free = [s for s in seen if not s.held and s.rho > head + p.bowl_margin]
    if not free:
        return 0.0
    on_track = [s for s in free if abs(s.rho - free[0].rho) <= p.steady_rho]
    low, high = p.steady_slowing
    steps = 0
    for last, s in zip(on_track, on_track[1:], strict=False):
        dt = (s.frame - last.frame) / fps
        if dt > p.steady_gap_s:
            break
        moved = (way * (s.theta - last.theta)) % (2 * np.pi)
        turns = max(0.0, np.round((speed * dt - moved) / (2 * np.pi)))
        step = (moved + 2 * np.pi * turns) / dt
        if not low * speed <= step <= high * speed:
            return 0.0  # a spot on the track that the ball running on could not be
        steps, speed = steps + 1, step
    return way * float(np.median(np.abs(rates))) if steps >= p.steady_steps else 0.0


def glimpsed_way(seen: list[Seen], *, fps: float, head: float, p: SettleParams) -> float:
    """The way of a ball glimpsed now and then on the bowl (signed median speed, rad/s),
    from the steps between free sightings there 3 or more frames apart whose way cannot
    be mistaken: at ``void_direction_rad_s`` or faster the short way round, while the
    other way round would be faster than any ball runs (``launch_max_rad_s``). At least
    ``direction_samples`` - 1 such steps, every one the same way; 0.0 otherwise (neighbouring
    sightings give samples of their own). (Seed 12401 006 r1, 1280x960 at 25 fps, camera
    30 deg: the ball launched unseen, glimpsed only at two places on the track, 3 frames
    apart at +13..15 rad/s (the other way round -37..39), then 7-12 frames apart; the
    void came while idle and the way was never told; the wheel turned its way too.)"""
    free = [s for s in seen if not s.held and s.rho > head + p.bowl_margin]
    speeds = []
    for a, b in zip(free, free[1:], strict=False):
        dt = (b.frame - a.frame) / fps
        if b.frame - a.frame <= 2:
            continue
        di = relative_angle(b.theta, a.theta)
        if (p.void_direction_rad_s <= abs(di) / dt <= p.launch_max_rad_s
                and (2 * np.pi - abs(di)) / dt > p.launch_max_rad_s):
            speeds.append(di / dt)
    if len(speeds) < p.direction_samples - 1 or len({np.sign(v) for v in speeds}) != 1:
        return 0.0
    return float(np.median(speeds))


def spin_violation(frame: int, ball: float, wheel: float, *,
                   p: SettleParams) -> list[Event]:
    """A ``same_direction_spin`` violation if the ball (``ball_way``: signed, rad/s from
    the samples but rad from the travel to rest or a run) and the wheel (rad/s, turning
    at least ``min_wheel_rad_s``) go the same way. The event names the ball's way
    (``ball_direction``, as ``ball_launched`` does), not its magnitude, whose unit
    depends on what decided it."""
    if abs(wheel) < p.min_wheel_rad_s or np.sign(ball) != np.sign(wheel):
        return []
    return [violation(frame, "same_direction_spin", ball_direction="cw" if ball > 0 else "ccw",
                      wheel_rad_s=round(wheel, 2))]
