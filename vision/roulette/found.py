"""Was the ball found in the pockets rather than seen coming down, and is a spot found
there still the ball? Pure tests on its sightings (``Seen``, oldest first) for the round
logic (``settle``): a ball found so must hop ``settle_travel`` before it rests, else it is
a look-alike riding with the wheel (a glint on a fret, a chrome part).

The numbers live in ``SettleParams`` (``vision.roulette.settle_params``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from vision.roulette.launch import launch_rates, too_fast
from vision.roulette.pocket import relative_angle
from vision.roulette.track import BallObs, Seen, distance, follow_gate
from vision.roulette.wheel import POCKET_RAD

if TYPE_CHECKING:
    from vision.roulette.settle_params import SettleParams

__all__ = ["back_on_bowl", "came_unseen", "extend_bowl_run", "fall_lead_in", "fell_in",
           "followed_down", "glimpsed_hop", "glimpsed_in", "hopping_in", "still_running"]


def came_unseen(history: Iterable[Seen], *, head: float, fps: float, reach_s: float,
                wheel_rad_s: float = 0.0, reach_rad: float = 0.35,
                p: SettleParams | None = None) -> int | None:
    """Reaching the pockets, was the ball not seen coming down? Lost on the bowl over
    ``reach_s`` (where the track takes a spot anywhere), then glimpsed at most once on
    the head's rim (a glint riding there): found as much as one taken straight in the
    pockets (``Seen.jumped``), it must hop on before it rests. A ball seen rolling down
    the rim was seen coming. Returns the frame of the first sighting after the bowl,
    else None. (Seed 10301 017 r2: lost on the bowl 0.56 s, one glint on the rim, then
    a spot on a fret riding with the wheel 'rested' 7 frames later while the ball still
    ran, a wrong outcome; seed 10201 022 r1: lost on the slope 0.27 s, then seen six
    times on the rim coming down, hopped 0.2 pockets in the pockets and rested.) Nor
    was one seen coming down the bowl and found on its way just after, with ``p``
    (``followed_down``; ``wheel_rad_s``: the wheel's image speed)."""
    seen = list(history)
    bowl = [i for i, s in enumerate(seen) if s.rho > head]
    if not bowl or len(seen) - bowl[-1] - 1 not in (1, 2):
        return None  # never on the bowl, or seen on the rim twice or more since
    last, first = seen[bowl[-1]], seen[bowl[-1] + 1]
    if (first.frame - last.frame) / fps <= reach_s:
        return None
    if p is not None and followed_down(seen[:bowl[-1] + 1], first, fps=fps,
                                       wheel_rad_s=wheel_rad_s, reach_rad=reach_rad, p=p):
        return None  # seen coming down, its last steps out of sight
    return first.frame


def followed_down(bowl: list[Seen], first: Seen, *, fps: float, wheel_rad_s: float,
                  reach_rad: float, p: SettleParams) -> bool:
    """Was ``first``, the first sighting off the bowl after ``bowl`` (the sightings up to
    the last one there), the ball seen coming down, its last steps out of sight? Its last
    ``launch_frames`` sightings on the bowl, free and each at most 2 frames after the one
    before, step inward one way (leaving the track, spiralling in), no faster than
    ``running_rad_s`` (a ball still on the track runs faster and goes anywhere in a
    gap); ``first`` lies inward of them at most ``follow_gap_s`` later, on its way between
    where the wheel would have carried it had it dropped at once and where its speed
    (1.5 times: it speeds up spiralling in, as ``BallTrack._reachable`` allows) took it,
    within ``reach_rad``. (Seed 12801 025 r2, 640x480 at 30 fps, the track out of view:
    seen coming down at 3 rad/s, 0.03 ring radii inward a frame, then 9 frames unseen
    (0.3 s, over ``reach_s``) and found in the pockets 0.80 rad on, where it would be; the
    wheel going its way, it hopped 0.9 pocket relative to the wheel, under
    ``settle_travel``, and was dropped as a look-alike at rest: no decision for the round.)"""
    run = bowl[-p.launch_frames:]
    steps = list(zip(run, run[1:], strict=False))
    if len(run) < p.launch_frames or any(s.held for s in run) or any(
            b.frame - a.frame > 2 or b.rho >= a.rho for a, b in steps):
        return False
    omegas = [relative_angle(b.theta, a.theta) / (b.frame - a.frame) * fps for a, b in steps]
    omega = omegas[-1]
    if abs(omega) > p.running_rad_s or any(o * omega <= 0 for o in omegas):
        return False
    last = run[-1]
    dt = (first.frame - last.frame) / fps
    if dt > p.follow_gap_s or first.rho >= last.rho:
        return False
    way = float(np.sign(omega))
    ahead = relative_angle(first.theta, last.theta) * way
    ends = (way * wheel_rad_s * dt, abs(omega) * dt)
    return min(ends) - reach_rad <= ahead <= 1.5 * max(ends) + reach_rad


def _last_run(seen: list[Seen]) -> list[Seen]:
    """``seen``'s last run: its sightings each at most 2 frames after the one before."""
    start = len(seen) - 1
    while start > 0 and seen[start].frame - seen[start - 1].frame <= 2:
        start -= 1
    return seen[max(start, 0):]


def fell_in(history: Iterable[Seen], *, head: float, band_out: float, p: SettleParams
            ) -> int | None:
    """Reaching the pockets, did the spot fall straight in rather than roll down? Its last
    run of free sightings (each at most 2 frames after the one before), ``fall_frames`` or
    more before this one, came from the bowl (beyond the head's edge by ``bowl_margin``)
    going round at most ``fall_turn`` of its way in (the arc it swept, at its radius): a
    thing dropped into the bowl from above, not the ball, which runs round as it comes
    down. Such a spot must hop on as one found there (``came_unseen``) before it rests.
    Returns the frame of the run's first sighting (the ball's track ends before it), else
    None. (Seed 11801 006 r4, 50 fps: the ball on a track mostly out of view, unseen 0.22
    s, a white chip thrown in over the frame's top edge at its last angle was taken for
    it coming down: 2.47 to 1.22 ring radii in 16 frames sweeping 0.13 rad, then riding
    on the number ring's edge; 'at rest' 15 frames later, a wrong outcome.)"""
    seen = list(history)
    if not seen or seen[-1].rho > band_out:
        return None
    run = _last_run(seen)
    if (len(run) - 1 < p.fall_frames or any(s.held for s in run)
            or run[0].rho <= head + p.bowl_margin):
        return None
    inward = run[0].rho - run[-1].rho
    turned = sum(abs(relative_angle(b.theta, a.theta)) * 0.5 * (a.rho + b.rho)
                 for a, b in zip(run, run[1:], strict=False))
    return run[0].frame if turned <= p.fall_turn * inward else None


_LEAD_IN_SLACK = 0.02  # ring radii a falling thing's sighting may lie inward of the next
# (``fall_lead_in``)


def fall_lead_in(history: Iterable[Seen],
                 others: Iterable[tuple[int, float, tuple[BallObs, ...]]]) -> list[Seen]:
    """``history``'s last run (sightings each at most 2 frames after the one before, as
    ``fell_in`` takes it) led in by the same spot's sightings before the track took it:
    from the run's first sighting back through ``others`` (per frame: frame, zero angle,
    the free spots not taken for the ball), each the nearest spot at most 2 frames before
    the one after it, within the gate a ball is followed by (``track.follow_gate``), free, and no
    further in than it (a thing falling in comes inward). A thing dropped into the bowl
    behind the running ball is no ball for the track (``BallTrack._reachable``) until the
    ball has been unseen ``reach_s``; taken then, a frame or two before the pockets, its
    own run is too short for ``fell_in`` while its fall was in view all along. (Seed 13901
    018 r0, 1280x720 at 25 fps: a silver coin seen falling from 2.15 to 1.19 ring radii
    over 8 frames at one angle, 0.1 rad, behind the ball; taken at 1.59 when the ball had
    been unseen 0.28 s, in the pockets 2 frames later, 'at rest' on the number ring 8
    frames on: read 5 at 0.96, a wrong outcome in a void round.) Oldest first."""
    run = _last_run(list(history))
    if not run:
        return []
    lead: list[Seen] = []
    cur = run[0]
    for frame, zero, spots in reversed(list(others)):
        if frame >= cur.frame:
            continue
        if cur.frame - frame > 2:
            break
        near = [(distance(b.rho, b.theta, cur.rho, cur.theta), b) for b in spots
                if not b.held and b.rho >= cur.rho - _LEAD_IN_SLACK]
        near = [(d, b) for d, b in near if d < follow_gate(cur.frame - frame)]
        if near:
            b = min(near, key=lambda x: x[0])[1]
            cur = Seen(frame, b.rho, b.theta, relative_angle(b.theta, zero))
            lead.append(cur)
    return [*reversed(lead), *run]


def hopping_in(recent: list[Seen], *, band_out: float, fps: float, p: SettleParams
               ) -> bool:
    """Idle, is the ball first seen hopping in the pockets (its roll and landing unseen:
    a low frame rate smears a fast ball to nothing)? ``recent``: the contiguous
    sightings, every one free and in the pocket band, ``fixture_hits`` - 1 of them (the
    last frame before idle learning takes a spot seen so often for a look-alike; a
    landing, which also gives the ball's way, has had its chance by then); from
    the first, the spot went ``found_hop_pockets`` relative to the wheel (the farthest),
    in at least three steps of ``found_step_pockets`` that way, none faster than a ball.
    For a spot come to rest (``_come_to_rest``) a sighting's gap of k frames holds up to k
    steps, as many as it went, and one jump across a gap is not all of them (seed 15701
    013 r3, 800x600 at 25 fps, the track out of view: 0.34 pocket, a frame unseen, 0.51,
    then settling by 0.13 and less; two steps counted, the round was never read; a ball
    still bouncing back off a fret keeps its chance at a landing, seed 10501 017 r4).
    A look-alike riding with the wheel (a chrome part, the last ball at rest) does not
    move in it; fingers putting a ball in are seen at it. (Seed 10401 010 r1: first
    seen in the pockets 1.0 pocket from where it rested, r4: 0.87 and back; missed.)"""
    if len(recent) != p.fixture_hits - 1 or any(s.held or s.rho > band_out for s in recent):
        return False
    if any(too_fast(a, b, fps=fps, p=p) for a, b in zip(recent, recent[1:], strict=False)):
        return False
    away = [relative_angle(s.rel, recent[0].rel) for s in recent]
    far = max(away, key=abs)
    if abs(far) < p.found_hop_pockets * POCKET_RAD:
        return False
    way, step = (1.0 if far > 0 else -1.0), p.found_step_pockets * POCKET_RAD
    along = [(relative_angle(b.rel, a.rel) * way, b.frame - a.frame)
             for a, b in zip(recent, recent[1:], strict=False)]
    if sum(st >= step for st, _ in along) >= 3:
        return True
    steps = [min(gap, max(int(st // step), 0)) for st, gap in along]
    return sum(steps) >= 3 and sum(k > 0 for k in steps) >= 2 and _come_to_rest(recent, p)


def _come_to_rest(recent: list[Seen], p: SettleParams) -> bool:
    """The latest ``settle_frames`` sightings ride (``_riding_from``): the ball rests, and
    idle learning takes it for a look-alike next; while it still moves a landing, which
    tells its way, may be seen."""
    return len(recent) - _riding_from(recent, p) >= p.settle_frames


def _riding_from(seen: list[Seen], p: SettleParams) -> int:
    """The index from which every sighting lies within ``settle_offset_long`` pockets of
    the last (relative to the wheel): the ball riding in its pocket since."""
    rest, k = seen[-1].rel, len(seen)
    while k > 0 and abs(relative_angle(seen[k - 1].rel, rest)) / POCKET_RAD \
            <= p.settle_offset_long:
        k -= 1
    return k


def glimpsed_hop(recent: list[Seen], *, band: tuple[float, float], fps: float,
                 p: SettleParams) -> bool:
    """Idle, was the ball glimpsed hopping in the pockets, too briefly for ``hopping_in``, its
    track out of view (asked by the caller once the glimpse is lost, only when no spot
    showed on the bowl lately: ``glimpse_bowl_s``)? ``recent``: the contiguous sightings,
    ``glimpse_frames`` to ``fixture_hits`` - 1 of them (more: ``hopping_in`` judged them),
    every one free and in the pocket band, none faster than a ball, the farthest
    ``glimpse_pockets`` or more from the first relative to the wheel, each step that way or
    still (within ``found_step_pockets`` back). A look-alike riding with the wheel does not
    move in it; a glint jumping between frets goes back and forth. Too little to read where
    it rests: the round starts found, and must hop ``settle_travel`` before it is read
    (unless its sightings go on to pass ``hopping_in``), else the spot is dropped as a look-
    alike and the ball, unseen, is lost. (Seed 13001 014 r4, 640x480 at 60 fps, the track
    out of view: the dim ball on a red pocket found 7 frames going 0.58 pocket, then too
    faint for the finder, which holds on to a ball in play only (``ball_hold``); the round
    never started and nothing was sent for it.)"""
    if not p.glimpse_frames <= len(recent) < p.fixture_hits or any(
            s.held or not band[0] <= s.rho <= band[1] for s in recent):
        return False
    if any(too_fast(a, b, fps=fps, p=p) for a, b in zip(recent, recent[1:], strict=False)):
        return False
    away = [relative_angle(s.rel, recent[0].rel) for s in recent]
    far = max(away, key=abs)
    way = 1.0 if far > 0 else -1.0
    steps = [relative_angle(b.rel, a.rel) * way for a, b in zip(recent, recent[1:], strict=False)]
    return (abs(far) >= p.glimpse_pockets * POCKET_RAD
            and all(st >= -p.found_step_pockets * POCKET_RAD for st in steps))


def glimpsed_in(gapped: list[Seen], *, band_out: float, fps: float, p: SettleParams) -> bool:
    """Idle, was the ball glimpsed hopping, then seen at rest? ``gapped``: the sightings at
    most ``found_gap_s`` apart, every one free and in the pocket band, ``fixture_hits`` - 1
    of them (as for ``hopping_in``); the latest ``settle_frames`` or more ride within
    ``settle_offset_long`` pockets of the last, carried by the wheel
    ``found_hop_pockets`` or more in the image meanwhile (not glints that keep their place
    in the image while the wheel turns slowly: seed 10801 028 r0, 60 fps), and one before
    them lay ``found_hop_pockets`` or more from there (relative to the wheel). A ball smeared out
    of sight while it hops (seed 10601 002 r2, 25 fps, camera 7 deg: seen once 1.7
    pockets off, 6 frames later at rest; missed, no event). Too little to read (a glint
    on a fret jumps so too), too much to pass over: a person must confirm."""
    if len(gapped) != p.fixture_hits - 1 or any(s.held or s.rho > band_out for s in gapped):
        return False
    if any(too_fast(a, b, fps=fps, p=p) for a, b in zip(gapped, gapped[1:], strict=False)):
        return False
    riding = _riding_from(gapped, p)
    carried = abs(relative_angle(gapped[-1].theta, gapped[riding].theta)) / POCKET_RAD \
        if riding < len(gapped) else 0.0
    return (len(gapped) - riding >= p.settle_frames and carried >= p.found_hop_pockets
            and any(abs(relative_angle(s.rel, gapped[-1].rel)) / POCKET_RAD
                    >= p.found_hop_pockets for s in gapped[:riding]))


def back_on_bowl(ball: Seen, free: Iterable[BallObs], free_before: Iterable[BallObs], *,
                 travel: float, head: float, p: SettleParams) -> bool:
    """``ball``, found in the pockets (not seen coming down), has not yet hopped
    ``settle_travel`` (``travel``: the farthest it went from where it was found, rad
    relative to the wheel): is a ball running on the bowl again, among this frame's
    ``free`` spots and the last frame's (seed 10301 005 r4; a lone glint on the bowl is
    not enough)? Then the found spot was a look-alike riding with the wheel."""
    if _hopped(travel, p) or ball.rho > head:
        return False
    return all(_on_bowl(spots, head=head, p=p) for spots in (free, free_before))


def extend_bowl_run(run: tuple[Seen, ...], free: Iterable[BallObs], *, frame: int,
                    zero: float, head: float, fps: float, p: SettleParams
                    ) -> tuple[Seen, ...]:
    """The free spots on the bowl (beyond the head's edge and ``bowl_margin``, no fingers
    at them) chained frame to frame, while the round's ball is taken to be in the pockets:
    this frame's spot nearest the run's last (at most ``launch_gap_frames`` before, no
    faster than a ball runs) continues it, else the first such spot starts a new one.
    Sightings older than ``launch_s`` fall off."""
    spots = [Seen(frame, b.rho, b.theta, relative_angle(b.theta, zero))
             for b in _on_bowl(free, head=head, p=p)]
    span = max(p.launch_frames + 1, int(round(p.launch_s * fps)))
    run = tuple(s for s in run if frame - s.frame < span)
    if not spots:
        return run
    if run and frame - run[-1].frame <= p.launch_gap_frames:
        last = run[-1]
        near = [s for s in spots if not too_fast(last, s, fps=fps, p=p)]
        if near:
            return (*run, min(near, key=lambda s: abs(relative_angle(s.theta, last.theta))))
    return (spots[0],)


def still_running(ball: Seen, run: tuple[Seen, ...], *, travel: float, frame: int,
                  band_out: float, fps: float, p: SettleParams) -> bool:
    """``ball``, taken in the pockets, has not yet hopped ``settle_travel`` (``travel``,
    rad relative to the wheel), while a ball runs on the bowl at a launch's speed, one way
    and steadily (``launched`` on the ``run`` of free spots there): the spot in the pockets
    is not the ball. (Seed 10401 021 r2: a white chip fell in beyond the running ball, the
    track took it coming down nearly straight and 'resting' on the number ring's edge,
    while the ball ran on in view at 12 rad/s: a wrong outcome.) Nor, hopped, while it
    runs so for ``run_over_hop`` sightings coming down the bowl by ``run_in`` or more: the
    ball leaving the track cannot also be in the pockets (a turret's knob, raised, drifts
    against the wheel as it turns: it 'hops'). A spot hopped there while one runs on the
    track is taken for the ball."""
    if ball.rho > band_out:
        return False
    rates = launch_rates(list(run), frame, fps=fps, band_out=band_out, p=p)
    return bool(rates) and (not _hopped(travel, p) or (
        len(rates) + 1 >= p.run_over_hop and run[0].rho - run[-1].rho >= p.run_in))


def _hopped(travel: float, p: SettleParams) -> bool:
    """The spot in the pockets has hopped ``settle_travel`` (``travel``: the farthest it
    went from where it was taken, rad relative to the wheel; a hop away and back into the
    same pocket counts, seed 10401 019 r3): a ball, whatever runs elsewhere."""
    return abs(travel) >= p.settle_travel * POCKET_RAD


def _on_bowl(spots: Iterable[BallObs], *, head: float, p: SettleParams) -> list[BallObs]:
    """The free spots on the bowl: beyond the head's edge and ``bowl_margin``, with no
    fingers at them."""
    edge = head + p.bowl_margin
    return [b for b in spots if b.rho > edge and not b.held]
