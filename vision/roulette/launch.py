"""Is a ball in play? Pure tests on the ball's recent sightings (``Seen``, oldest first).

* launch: the ball is seen moving fast on the bowl (above ``launch_rad_s`` both in the
  image and relative to the wheel) in a few sightings within ``launch_s``.
* landing: a close camera may not see the ball track at all: then the first sight is the
  ball landing on the wheel head and hopping. A free ball (no hand at it) that moves by at
  least ``landing_pockets`` relative to the wheel, steadily one way, within ``landing_s``
  has landed. A ball riding in its pocket does not move relative to the wheel, and a
  dealer's hand lifting or putting a ball is seen holding it (``BallObs.held``).
* arrival: a free ball seen running one way on the bowl, then in the pockets (a camera
  that sees only the track's inner edge, or a launch missed).
* handled: fingers at the ball in play: the dealer took it out of play.

The numbers live in ``SettleParams`` (``vision.roulette.settle_params``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from vision.roulette.pocket import relative_angle
from vision.roulette.track import Seen
from vision.roulette.wheel import POCKET_RAD

if TYPE_CHECKING:
    from vision.roulette.settle_params import SettleParams

__all__ = ["arrived", "contiguous", "handled", "landed", "launch_rates", "launched",
           "too_fast"]


def launched(history: list[Seen], frame: int, *, fps: float, band_out: float,
             p: SettleParams) -> bool:
    """The latest sightings of the last ``launch_s``, each at most ``launch_gap_frames``
    after the one before, run one way on the bowl at a ball's speed. (An earlier sighting
    in that time that the chain does not reach is the ball passing another stretch of a
    track mostly out of view: it does not count against the launch.)"""
    return bool(launch_rates(history, frame, fps=fps, band_out=band_out, p=p))


def launch_rates(history: list[Seen], frame: int, *, fps: float, band_out: float,
                 p: SettleParams) -> list[float]:
    """The image speeds (rad/s, signed: the way it runs) between the sightings by which
    the ball is ``launched``; empty if it is not."""
    span = max(p.launch_frames + 1, int(round(p.launch_s * fps)))
    recent = [s for s in history if frame - s.frame < span]
    if any(s.held for s in recent):
        return []  # fingers at it: the dealer's hand releasing or carrying the ball
    recent = contiguous(recent, fps, gap=p.launch_gap_frames)
    if len(recent) < p.launch_frames:
        return []
    rates = []
    for a, b in zip(recent, recent[1:], strict=False):
        if (b.frame - a.frame > p.launch_gap_frames or b.rho <= band_out
                or p.climbs(b.rho - a.rho, relative_angle(b.theta, a.theta),
                            b.frame - a.frame, fps)):
            return []  # a hand moving the ball in the pockets or out of the bowl
        dt = max(b.frame - a.frame, 1) / fps
        rates.append(relative_angle(b.theta, a.theta) / dt)
        if min(abs(rates[-1]), abs(relative_angle(b.rel, a.rel)) / dt) < p.launch_rad_s:
            return []
        if too_fast(a, b, fps=fps, p=p):
            return []
    # one way at a steady speed: not a jump from the ball to a glint elsewhere
    if abs(sum(np.sign(rates))) == len(rates) and (
            max(np.abs(rates)) <= p.launch_steady * min(np.abs(rates))):
        return rates
    return []


def too_fast(a: Seen, b: Seen, *, fps: float, p: SettleParams) -> bool:
    """Faster than any ball runs, in the image or relative to the wheel: two spots."""
    dt = max(b.frame - a.frame, 1) / fps
    fastest = max(abs(relative_angle(b.theta, a.theta)), abs(relative_angle(b.rel, a.rel)))
    return fastest / dt > p.launch_max_rad_s


def landed(recent: list[Seen], frame: int, *, fps: float, head: float,
           p: SettleParams) -> bool:
    """Free, steady travel relative to the wheel by the wheel or on it. ``recent``: the
    contiguous sightings (``contiguous``)."""
    span = int(round(p.landing_s * fps))
    recent = [s for s in recent if frame - s.frame <= span]
    if len(recent) < p.landing_frames:
        return False
    steps = []
    for a, b in zip(recent, recent[1:], strict=False):
        if (b.held or b.rho > head + 0.15 or too_fast(a, b, fps=fps, p=p)
                or p.climbs(b.rho - a.rho, relative_angle(b.theta, a.theta),
                            b.frame - a.frame, fps)):
            return False
        steps.append(relative_angle(b.rel, a.rel))
    total = float(np.sum(steps))
    if abs(total) < p.landing_pockets * POCKET_RAD:
        return False
    along = [s * np.sign(total) for s in steps]
    moving = sum(1 for s in along if s >= 0.15 * POCKET_RAD)
    # steady travel, not jumps from a spot to another (glints on passing frets)
    return (moving >= max(3, len(steps) // 2) and max(along) <= 0.6 * abs(total)
            and -sum(s for s in along if s < 0) < p.landing_back_share * abs(total))


def arrived(recent: list[Seen], *, fps: float, band_out: float, head: float,
            p: SettleParams) -> list[float]:
    """The ball (``recent[-1]``) just came down from the bowl into the pockets, free all
    the way and seen running one way on the bowl (beyond the head's edge by
    ``arrival_margin``, not on the turning rim): steady angular motion, not a hand
    placing it; coming down off the bowl by steps of at most ``arrival_drop``. ``recent``:
    the contiguous sightings. Returns its image speeds on the bowl (rad/s, the way it
    rolls), empty if it did not arrive."""
    if recent[-1].rho > band_out or any(s.held for s in recent):
        return []
    rates = []
    for a, b in zip(recent, recent[1:], strict=False):
        if too_fast(a, b, fps=fps, p=p):
            return []
        if b.rho <= head + p.arrival_margin and a.rho - b.rho > p.arrival_drop:
            return []  # no ball jumps down off the bowl: one spot far out, then another
        if a.rho > head + p.arrival_margin and b.rho > head + p.arrival_margin:
            rates.append(relative_angle(b.theta, a.theta) / (b.frame - a.frame) * fps)
    rates = rates[-p.arrival_frames:]
    if (len(rates) == p.arrival_frames and abs(sum(np.sign(rates))) == len(rates)
            and min(np.abs(rates)) >= p.bowl_direction_rad_s):
        return rates
    return []


def rolled_down(recent: list[Seen], *, fps: float, head: float, p: SettleParams) -> bool:
    """Was the ball that ``arrived`` (``recent``: its contiguous sightings) seen rolling
    down the bowl into the pockets, not only glimpsed there: its free sightings beyond
    the head's edge span ``rolled_s`` or more, come ``rolled_in`` ring radii or more
    inward, and go round one way, in the image and relative to the wheel, at least
    ``rolled_turn`` times as far as they come in (a ball spirals in; a thing on the
    turning rim rides with the wheel, and a hand placing a ball does not roll it round the
    bowl). Such an arrival is a roll: it need not hop a pocket before it is read. (Fresh
    seed 16201 003 r3, 640x480 at 50 fps, the track out of view: the ball seen only from
    1.67 ring radii down, beyond the head's edge (1.26) 0.42 s, 0.36 in, 1.0 rad round,
    0.8 relative to the wheel; it hopped 0.65 pocket and rested, and was dropped as a
    look-alike: ``ball_lost``.)"""
    bowl = [s for s in recent if s.rho > head]
    if len(bowl) < 2 or (bowl[-1].frame - bowl[0].frame) / fps < p.rolled_s:
        return False
    pairs = list(zip(bowl, bowl[1:], strict=False))
    steps = [relative_angle(b.theta, a.theta) for a, b in pairs]
    turn = min(abs(sum(steps)), abs(sum(relative_angle(b.rel, a.rel) for a, b in pairs)))
    way_in = bowl[0].rho - bowl[-1].rho
    return (abs(sum(np.sign(steps))) == len(steps) and way_in >= p.rolled_in
            and turn * bowl[-1].rho >= p.rolled_turn * way_in)


def contiguous(history: list[Seen], fps: float, gap: int | None = None) -> list[Seen]:
    """The latest sightings with no gap longer than ``gap`` frames (default 0.12 s, at
    least 3 frames)."""
    gap = max(3, int(round(0.12 * fps))) if gap is None else gap
    out: list[Seen] = []
    for s in reversed(history):
        if out and out[-1].frame - s.frame > gap:
            break
        out.append(s)
    return out[::-1]


def handled(history: Iterable[Seen], ball: Seen, *, head: float, band_out: float,
            fps: float, p: SettleParams) -> bool:
    """Fingers at the ball (the latest sighting, ``ball``): once on the bowl away from the
    head's edge, or on the head's rim (or near its edge) in every frame for
    ``held_edge_s``: the turning head's rim and frets make the foreground around a ball
    hopping there unsure, it can look like fingers for a frame or two. Down in the
    pockets, only when held in most frames (``held_pocket_share``) of ``held_pocket_s``:
    no read is made while it looks held (``rest``), and a ball hopping to rest looked held
    0.35 s by a part of the head taken for a hand (seed 10301 003 r2); one held for good
    (seed 10101 025 r2: the dealer's hand later carried it out unseen) is abstained."""
    if not ball.held:
        return False
    if ball.rho <= band_out:
        span = int(np.ceil(p.held_pocket_s * fps - 1e-9))
        recent = [s for s in history if ball.frame - s.frame < span]
        return (len(recent) >= p.held_pocket_share * span
                and sum(s.held for s in recent) >= p.held_pocket_share * span)
    if ball.rho > head + p.held_edge_rho:
        return True
    need = max(2, int(np.ceil(p.held_edge_s * fps - 1e-9)))
    recent = list(history)[-need:]
    return (len(recent) == need and all(s.held for s in recent)
            and recent[-1].frame - recent[0].frame == need - 1)
