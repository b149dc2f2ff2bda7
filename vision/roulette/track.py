"""Which ball-like spot is the ball, frame after frame, and how it has been moving.

``BallTrack.update`` takes one frame's spots (``FrameObs``) and picks the one where the
ball can be now, given where it was: on the bowl anything ball-like is the ball; on the
wheel the ball rides with it (or hops a little), so a spot elsewhere (a chrome knob of the
turret) is not it. Spots that ride with the wheel for long while no ball is in play are
learnt as fixtures and never taken for the ball. The track keeps about a second of
sightings (``Seen``: image angle and angle relative to pocket 0) and the wheel's recent
angles, from which the speeds that the round logic needs are measured.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from vision.roulette.pocket import relative_angle

__all__ = ["BallObs", "BallTrack", "FrameObs", "LookAlike", "Seen", "distance", "follow_gate",
           "step_omega"]


@dataclass(slots=True)
class LookAlike:
    """A spot that looks like the ball and is not (``_learn``): a fixture riding with the
    wheel (``angle`` relative to pocket 0) or a glint keeping its place in the image
    (``angle`` in the image). Updated in place as it is seen again."""

    rho: float  # ring radii
    angle: float  # rad, where it is now
    last: int  # frame it was last seen
    hits: int  # frames it was seen in
    first_angle: float  # rad, where it was seen at its creep's start (first seen, then
    # every ``need``-th sighting)
    first: int  # frame of that sighting
    creep: float = 0.0  # rad per frame over its last ``need`` sightings (``_learn``)


@dataclass(frozen=True, slots=True)
class BallObs:
    """A ball-like spot in the rectified frame: ``rho`` (ring radii), ``theta`` (rad, image
    angle); ``held`` when it sits in a large patch of foreground (fingers, a hand)."""

    rho: float
    theta: float
    held: bool = False


@dataclass(frozen=True, slots=True)
class FrameObs:
    """One frame's measurements: ``balls`` are ball-like spots, strongest first."""

    frame: int
    zero: float  # image angle of pocket 0's centre (rad)
    balls: tuple[BallObs, ...] = ()
    object_seen: bool = False
    object_at_border: bool = False  # ... a compact piece at the edge of the view
    # (``ObjectFix.at_border``): a chip cut by the frame's border, or a hand held there
    hand_px: int = 0  # strip px of a dealer's hand reaching in over the pocket band


@dataclass(frozen=True, slots=True)
class Seen:
    """The ball in one frame: ``rel`` is its angle relative to pocket 0 (rad)."""

    frame: int
    rho: float
    theta: float
    rel: float
    held: bool = False
    jumped: bool = False  # taken in the pockets after losing the ball on the bowl


def distance(a_rho: float, a_theta: float, b_rho: float, b_theta: float) -> float:
    """Distance in the rectified plane, in ring radii."""
    return float(np.sqrt(max(a_rho**2 + b_rho**2
                             - 2 * a_rho * b_rho * np.cos(a_theta - b_theta), 0.0)))


def follow_gate(unseen: int) -> float:
    """How far (``distance``, ring radii) a spot may lie from where the ball would be,
    ``unseen`` frames after its last sighting, and still be taken for it."""
    return min(0.25 + 0.05 * unseen, 0.45)


class BallTrack:
    """The ball's recent sightings and the wheel's recent angles; one ``update`` per frame.

    ``head``/``band_out``: radii of the turning head's edge and the pocket band's outer edge.
    ``riding`` (set by the caller) says the ball rests in a pocket: then only a spot near
    where it rides is taken (never one on the bowl), and none after ``regain_s`` unseen.
    A ball lost on the wheel is not looked for after ``regain_s`` either, unless it was
    last seen on the head's rim above the pockets (where no ball rests): then a spot in the
    pockets is taken as found there (``Seen.jumped``).
    """

    def __init__(self, *, fps: float, head: float, band_out: float, fixture_hits: int = 10,
                 regain_s: float = 0.3, fixture_forget_s: float = 1.5,
                 fixture_stale_s: float = 0.5, glint_hits: int = 3,
                 lead_gap_s: float = 0.25, refind_lead_s: float = 2.0) -> None:
        self.fps, self.head, self.band_out = fps, head, band_out
        self.fixture_hits = fixture_hits
        self.regain_frames = max(3, int(round(regain_s * fps)))
        self.forget_frames = int(round(fixture_forget_s * fps))
        self.stale_frames = max(3, int(round(fixture_stale_s * fps)))
        self.history: deque[Seen] = deque(maxlen=max(8, int(fps * 1.5)))
        self.zeros: deque[tuple[int, float]] = deque(maxlen=max(6, int(fps * 0.25)))
        self.fixtures: list[LookAlike] = []  # angles relative to pocket 0
        self.glints: list[LookAlike] = []  # angles in the image
        self.glint_hits = glint_hits
        self.glint_slack = 0.05  # ring radii a glint strays from where it was first seen
        self.out_slack = 0.15  # ring radii a ball on the bowl strays outward of its run
        self.run_s = 1.5  # ... as seen over the last this many seconds
        self.run_rad = 0.6  # ... at about the same angle (within this)
        self.max_inward = 3.0  # ring radii per second: a ball coming down the bowl (peak ~2)
        self.reach_s = 0.25  # ... followed by where it can be while unseen at most this long
        self.reach_rad = 0.35  # angular slack (a smeared ball's place is unsure by ~0.2)
        self.chosen: int | None = None
        self.free: tuple[BallObs, ...] = ()
        self.free_before: tuple[BallObs, ...] = ()
        self._jumped = False
        self.rest_gate = 0.25  # ring radii (~1.5 pockets) a ball at rest strays (<= 0.09)
        self.rest_at: Seen | None = None  # where it came to rest (while ``riding``)
        self._riding = False
        # while the ball in play is lost on the head's rim: each frame's free spots in the
        # pockets (frame, zero angle, spots), for the lead-in of a spot found there
        self.strays: deque[tuple[int, float, tuple[BallObs, ...]]] = deque(
            maxlen=self.regain_frames + 1)
        self.lead_gap = max(3, int(round(lead_gap_s * fps)))
        self.lead_in: tuple[Seen, ...] = ()  # the found spot's sightings before it was taken
        # while a spot found in the pockets is followed (``refind``: it may be a look-alike):
        # each frame's other free spots there, for the lead-in of a spot found there instead
        self.refound: deque[tuple[int, float, tuple[BallObs, ...]]] = deque(
            maxlen=max(8, int(round(refind_lead_s * fps))))
        self.came_in_rho = 0.15  # ring radii: a spot seen falling in at least this far

    def update(self, obs: FrameObs, *, in_play: bool, riding: bool = False,
               refind: bool = False) -> Seen | None:
        """Pick the ball among ``obs.balls`` (index in ``chosen``); record and return it.
        ``refind``: the ball in play was found in the pockets, not seen coming down (it may
        be a look-alike): lost there, a spot elsewhere in the pockets is taken as found."""
        self.zeros.append((obs.frame, obs.zero))
        fixtures = set(self._learn_fixtures(obs, learn=not in_play))
        fixtures |= set(self._learn_glints(obs, learn=not in_play))
        keep = [i for i in range(len(obs.balls)) if i not in fixtures]
        self.free_before = self.free  # the last frame's spots, look-alikes left out ...
        self.free = tuple(obs.balls[i] for i in keep)  # ... and this frame's
        self._jumped = False
        self.lead_in = ()
        if riding and not self._riding:  # the ball came to rest where it was last seen
            self.rest_at = self.history[-1] if self.history else None
        self._riding = riding
        pick = self._select([obs.balls[i] for i in keep], obs, in_play, riding, refind)
        self._note_strays(obs, [obs.balls[i] for i in keep], in_play and pick is None)
        self._note_refound(obs, [obs.balls[i] for k, i in enumerate(keep) if k != pick],
                           in_play and refind)
        self.chosen = None if pick is None else keep[pick]
        if self.chosen is None:
            return None
        b = obs.balls[self.chosen]
        if in_play and not riding:
            self._beside_the_ball(obs, keep, b)
        seen = Seen(obs.frame, b.rho, b.theta, relative_angle(b.theta, obs.zero), b.held,
                    self._jumped)
        if self.lead_in:  # (a refound spot's lead-in replaces the look-alike's sightings)
            self.forget_since(self.lead_in[0].frame)
        self.history.extend(self.lead_in)
        self.history.append(seen)
        return seen

    # --- speeds -----------------------------------------------------------------
    def wheel_omega(self) -> float:
        """Wheel's angular speed (rad/s, image angle) over the last quarter second."""
        if len(self.zeros) < 2:
            return 0.0
        z = list(self.zeros)
        steps = [relative_angle(b[1], a[1]) for a, b in zip(z, z[1:], strict=False)]
        return float(np.sum(steps)) / max(z[-1][0] - z[0][0], 1) * self.fps

    def ball_omega(self) -> float | None:
        """Ball's image angular speed (rad/s) from its last two sightings, if neighbours."""
        if len(self.history) < 2:
            return None
        return step_omega(self.history[-2], self.history[-1], self.fps)

    def rel_step(self) -> float:
        """Ball's angular speed relative to the wheel (rad per frame) from its last two
        sightings, 0 if they are not recent neighbours."""
        if len(self.history) < 2:
            return 0.0
        a, b = self.history[-2], self.history[-1]
        if b.frame - a.frame > 3:
            return 0.0
        return relative_angle(b.rel, a.rel) / (b.frame - a.frame)

    def forget_unconfirmed(self) -> None:
        """A ball is in play: spots not yet confirmed as fixtures may have been the ball
        itself, seen landing before the round was known to start."""
        self.fixtures = [f for f in self.fixtures if f.hits >= self.fixture_hits]
        self.glints = [f for f in self.glints if f.hits >= self.glint_hits]

    def add_fixture(self, spot: Seen) -> None:
        """``spot`` is a look-alike riding with the wheel: never the ball from now on."""
        self.fixtures.append(LookAlike(spot.rho, spot.rel, spot.frame, self.fixture_hits,
                                       spot.rel, spot.frame))

    def forget_since(self, frame: int) -> None:
        """Sightings from ``frame`` on were not the ball."""
        while self.history and self.history[-1].frame >= frame:
            self.history.pop()

    def unseen_s(self, frame: int) -> float:
        return (frame - self.history[-1].frame) / self.fps if self.history else 1e9

    def near_fixture(self, rho: float, rel: float, hits: int = 3) -> bool:
        """Is a look-alike seen ``hits`` times or more near ``rho``, ``rel``?"""
        return any(f.hits >= hits and distance(rho, rel, f.rho, f.angle) < 0.15
                   for f in self.fixtures)

    # --- selection --------------------------------------------------------------
    def _learn_fixtures(self, obs: FrameObs, learn: bool) -> list[int]:
        """Ball look-alikes that ride with the wheel (a turret's chrome knobs seen at an
        angle): learnt while no ball is in play, remembered in wheel coordinates, and never
        taken for the ball once seen there in ``fixture_hits`` frames (a ball hopping in
        would drift away from its first place long before). While a ball is in play, one
        unseen for ``fixture_stale_s`` claims no spot: a look-alike riding with the wheel
        is in view all the time, and a raised part (a turret arm's knob) seen from a tilted
        camera shifts against the wheel as it turns and goes out of sight; the ball may
        hop where it was last seen. Returns the spots that are fixtures now."""
        return _learn(self.fixtures, obs, learn, self.fixture_hits, self.forget_frames,
                      lambda b: relative_angle(b.theta, obs.zero), lambda b: b.rho <= self.head,
                      stale=None if learn else self.stale_frames)

    def _learn_glints(self, obs: FrameObs, learn: bool) -> list[int]:
        """Look-alikes that keep their place in the image beyond the pockets, seen now and
        then (a glint by the head's edge as the frets pass it): learnt the same way, in
        image coordinates, from ``glint_hits`` sightings within ``glint_slack`` of the
        first (it stays put; a ball landing on the head's edge moves on with the wheel, a
        degree or more a frame, and is no glint). Never the ball: it does not rest on the
        bowl, and once running it leaves any place within a frame."""
        return _learn(self.glints, obs, learn, self.glint_hits, self.forget_frames,
                      lambda b: b.theta, lambda b: b.rho > self.band_out,
                      slack=self.glint_slack, follow=False)

    def _select(self, balls: list[BallObs], obs: FrameObs, in_play: bool, riding: bool,
                refind: bool = False) -> int | None:
        if not balls:
            return None
        last = self.history[-1] if self.history else None
        unseen = obs.frame - last.frame if last is not None else 10**6
        on_bowl = [i for i, b in enumerate(balls) if b.rho > self.band_out]
        if last is None or unseen > 3 and not in_play:
            return on_bowl[0] if on_bowl else 0  # a ball running on the bowl starts a round
        if not in_play:
            near = [(distance(b.rho, b.theta, last.rho, last.theta), i)
                    for i, b in enumerate(balls)]
            return on_bowl[0] if on_bowl else min(near)[1]
        if last.rho > self.head and not riding:  # on the bowl: anywhere, or near its path
            step = self.ball_omega() or 0.0
            pred = last.theta + step / self.fps * unseen
            gate = min(0.3 + 0.1 * unseen, 0.8)
            run = self._bowl_run(last)
            ok = [i for i, b in enumerate(balls) if self._inside_run(b, run) and (
                  b.rho > self.band_out and self._reachable(b, last, unseen)
                  or distance(b.rho, b.theta, last.rho, pred) < gate)]
            if not ok and unseen >= 3:  # it had time to drop and hop: a spot in the pockets
                ok = [i for i, b in enumerate(balls) if b.rho <= self.band_out
                      and self._reachable(b, last, unseen)]
                self._jumped = bool(ok)
            return ok[0] if ok else None
        if unseen > self.regain_frames:
            if riding or last.rho <= self.band_out and not refind:
                return None  # lost on the wheel: never adopt a look-alike in its place
            # lost on the head's rim, where no ball rests: it hopped on into a pocket. Taken
            # as found there (``jumped``): the round logic wants it to hop on before it rests
            found = [i for i, b in enumerate(balls) if b.rho <= self.band_out]
            self._jumped = bool(found)
            if found:
                self.lead_in = self._lead_in(balls[found[0]], obs, since=last.frame) or (
                    self._came_in(balls[found[0]], obs) if refind else ())
            return found[0] if found else None
        gate = follow_gate(unseen)
        # riding (no relative motion) up to going on as fast as it last went: a ball just
        # off the bowl slows down relative to the wheel as it drops into the pockets. A
        # ball at rest (``riding``) stays within ``rest_gate`` of where it came to rest: a
        # spot leaving that, step by step, is the ball lifted by a hand (seed 10801 002 r2:
        # followed 5 pockets off to the band's edge, where a look-alike riding with the
        # wheel was then taken for the ball at rest for 28 s: two rounds went unseen)
        ride = obs.zero + last.rel
        ahead = [ride + self._carry() * unseen * k for k in (0.0, 0.25, 0.5, 0.75, 1.0)]
        rest = self.rest_at if riding else None
        near = [(min(distance(b.rho, b.theta, last.rho, a) for a in ahead), i)
                for i, b in enumerate(balls) if not riding or b.rho <= self.band_out
                and (rest is None or distance(b.rho, b.theta, rest.rho, obs.zero + rest.rel)
                     < self.rest_gate)]
        near = [(d, i) for d, i in near if d < gate]
        if near or not refind or unseen < 3:
            return min(near)[1] if near else None
        found = [i for i, b in enumerate(balls) if b.rho <= self.band_out]
        self._jumped = bool(found)
        if found:
            self.lead_in = self._came_in(balls[found[0]], obs)
        return found[0] if found else None

    def _beside_the_ball(self, obs: FrameObs, keep: list[int], b: BallObs) -> None:
        """The ball in play taken on the bowl: a free spot in the pockets in the same frame
        is not the ball (it cannot be in two places), so it is a look-alike riding with
        the wheel from now on (a fixture, as if seen ``fixture_hits`` times). A turret
        arm's knob leaning out over the far side's pockets from a tilted camera, seen
        while the ball ran on the track just outside, was taken for it coming down and
        read as the ball at rest while it still ran (seed 14001 014 r2, 32.6 degrees: a
        wrong outcome once the knob was no longer an object). Not a spot within
        ``follow_gate(0)`` of the ball (``b``, taken): a piece of the ball itself, smeared."""
        if b.rho <= self.head:
            return
        for i in keep:
            s = obs.balls[i]
            if (i == self.chosen or s.held or s.rho > self.band_out
                    or distance(s.rho, s.theta, b.rho, b.theta) < follow_gate(0)):
                continue
            rel = relative_angle(s.theta, obs.zero)
            self.fixtures.append(LookAlike(s.rho, rel, obs.frame, self.fixture_hits, rel,
                                           obs.frame))

    def _note_strays(self, obs: FrameObs, balls: list[BallObs], lost: bool) -> None:
        """Keep this frame's free spots in the pockets while the ball in play is lost on
        the head's rim (nothing taken; a ball at rest is never lost there)."""
        last = self.history[-1] if self.history else None
        if not lost or self._riding or last is None or not (
                self.band_out < last.rho <= self.head):
            self.strays.clear()
            return
        self.strays.append((obs.frame, obs.zero, self._free_in_pockets(balls)))

    def _note_refound(self, obs: FrameObs, balls: list[BallObs], refind: bool) -> None:
        """Keep this frame's free spots in the pockets but the one taken (``balls``) while
        a spot found there is followed as the ball in play (``refind``: it may be a
        look-alike). Not the one followed: a spot taken when it is lost inherits no
        sighting of it (a look-alike appearing where the ball was lost would take its
        coming in and hop)."""
        if not refind:
            self.refound.clear()
            return
        self.refound.append((obs.frame, obs.zero, self._free_in_pockets(balls)))

    def _free_in_pockets(self, balls: list[BallObs]) -> tuple[BallObs, ...]:
        """The spots of ``balls`` in the pockets with no fingers at them."""
        return tuple(b for b in balls if b.rho <= self.band_out and not b.held)

    def _came_in(self, b: BallObs, obs: FrameObs) -> tuple[Seen, ...]:
        """The sightings of ``b`` (a spot taken in the pockets as found in place of one
        found there earlier and lost: ``refind``) beside that one while it was followed
        (``refound``), chained back frame by frame (``_chained``), when they show it
        coming in: at least ``came_in_rho`` farther out than where it was taken (the ball
        falls in from the band's outer edge; a look-alike drifting against the wheel keeps
        its radius). Else none: a spot that never came in is held to hop on from where it
        is taken. Fresh seed 16501 (spent) clip 026 r3 (1920x1080 at 25 fps, a turret with
        four long arms): while the ball ran on the track, seen once in 20 frames, the track
        followed three look-alikes in the pockets in turn (rho 0.88-0.93), drifting against
        the wheel at 0.45 rad/s (which counts as hopping); the ball came in at the band's
        edge (rho 1.245) at 1420, hopped 1.4 rad against the wheel and rested in 2 at 1441,
        and was taken only when the look-alike was lost, at 1458: it 'never hopped', was
        dropped as a look-alike, and the round abstained (``ball_lost``)."""
        chain = self._chained(b, obs, self.refound)
        if not chain or max(s.rho for s in chain) - b.rho < self.came_in_rho:
            return ()
        return chain

    def _lead_in(self, b: BallObs, obs: FrameObs, *, since: int) -> tuple[Seen, ...]:
        """The sightings of ``b`` (a free spot in the pockets taken as found there, the
        ball lost on the head's rim) in the frames after ``since`` before it was taken,
        while the track waited ``regain_s`` for the ball to show near where it was lost
        (``strays``): chained back frame by frame in wheel coordinates, each step within
        the gate a ball hopping in the pockets is followed by, at most ``lead_gap`` frames
        apart. How far the found spot went relative to the wheel in them counts toward
        its hop (``settle``): a look-alike riding with the wheel goes nowhere. (Seed 11801
        010 r0, 1280x720 at 50 fps: lost on the rim, seen in the pockets 11 frames later
        3.5 pockets from there, hopping 1.2 pockets to rest in 12 frames; taken only at
        rest after 0.45 s, it never hopped: dropped as a look-alike, abstained.)"""
        return self._chained(b, obs, self.strays, since=since)

    def _chained(self, b: BallObs, obs: FrameObs,
                 frames: Sequence[tuple[int, float, tuple[BallObs, ...]]], *, since: int = -1
                 ) -> tuple[Seen, ...]:
        """``b``'s sightings among ``frames`` (frame, zero angle, spots) after ``since`` and
        before this frame, oldest first: chained back frame by frame in wheel coordinates,
        each step within the gate a ball hopping in the pockets is followed by
        (``follow_gate``), at most ``lead_gap`` frames apart."""
        cur = Seen(obs.frame, b.rho, b.theta, relative_angle(b.theta, obs.zero))
        chain: list[Seen] = []
        for frame, zero, spots in reversed(frames):
            if frame >= obs.frame or frame <= since:
                continue
            gap = cur.frame - frame
            if gap > self.lead_gap:
                break
            gate = follow_gate(gap)
            near = [(distance(s.rho, relative_angle(s.theta, zero), cur.rho, cur.rel), s)
                    for s in spots]
            near = [(d, s) for d, s in near if d < gate]
            if near:
                s = min(near, key=lambda x: x[0])[1]
                cur = Seen(frame, s.rho, s.theta, relative_angle(s.theta, zero))
                chain.append(cur)
        return tuple(reversed(chain))

    def _bowl_run(self, last: Seen) -> list[Seen]:
        """The ball's sightings on the bowl over the last ``run_s`` up to ``last``."""
        return [s for s in self.history
                if s.rho > self.head and last.frame - s.frame <= self.run_s * self.fps]

    def _inside_run(self, b: BallObs, run: list[Seen]) -> bool:
        """Whether ``b`` lies no further out than the ball in play ran on the bowl
        (``run``, ``_bowl_run``): it spirals inward, never outward of its track. A spot
        beyond the outermost sighting of the run within ``run_rad`` of its angle (the
        rectified track's radius varies a little with the angle on a tilted camera; any
        angle if none is that near) by more than ``out_slack`` is no ball: the dealer's
        hand reaching over the rim during the roll (seed 12201: a spot on the hand 0.5-0.9
        ring radii outward of the ball's run, taken for it, abstained ``ball_handled`` on
        the first held frame, before the spin that was then read)."""
        if not run:
            return True
        here = [s.rho for s in run if abs(relative_angle(s.theta, b.theta)) <= self.run_rad]
        return b.rho <= max(here or [s.rho for s in run]) + self.out_slack

    def _reachable(self, b: BallObs, last: Seen, unseen: int) -> bool:
        """Whether the ball, last seen running on the bowl ``unseen`` frames ago, can be at
        ``b`` now: it comes down no faster than ``max_inward`` ring radii a second, and
        runs on its way no further than its speed takes it (nor back). A ball-like object
        falling into the bowl behind it, or far ahead, is not it. After ``reach_s`` unseen
        (the track out of view) it may be anywhere."""
        dt = unseen / self.fps
        if dt > self.reach_s:
            return True
        if last.rho - b.rho > self.max_inward * dt + 0.1:
            return False
        omega = self._bowl_speed()
        if omega is None:
            return True
        ahead = relative_angle(b.theta, last.theta) * np.sign(omega)
        return -self.reach_rad <= ahead <= 1.5 * abs(omega) * dt + self.reach_rad

    def _bowl_speed(self) -> float | None:
        """Image angular speed (rad/s) between the last two sightings, if both on the bowl
        and at most 6 frames apart (a smeared ball is seen now and then)."""
        if len(self.history) < 2:
            return None
        a, b = self.history[-2], self.history[-1]
        if b.frame - a.frame > 6 or min(a.rho, b.rho) <= self.head:
            return None
        return relative_angle(b.theta, a.theta) / (b.frame - a.frame) * self.fps

    def _carry(self) -> float:
        """Relative angular step per frame over the last two sightings, if they are at most
        ``regain_frames`` apart (else 0)."""
        if len(self.history) < 2:
            return 0.0
        a, b = self.history[-2], self.history[-1]
        if b.frame - a.frame > self.regain_frames:
            return 0.0
        return relative_angle(b.rel, a.rel) / (b.frame - a.frame)


def _learn(store: list[LookAlike], obs: FrameObs, learn: bool, need: int, forget: int,
           angle: Callable[[BallObs], float], where: Callable[[BallObs], bool], *,
           slack: float = 0.12, follow: bool = True, stale: int | None = None) -> list[int]:
    """Match ``obs.balls`` to the look-alikes in ``store`` (updated in place) within ``slack`` ring
    radii; while ``learn``, new ones are added where ``where`` holds. A look-alike's place
    ``follow``s its sightings, or stays where it was first seen. Its creep (rad per frame) is
    how fast it went from its first sighting to the one that made it a look-alike (its
    ``need``-th), then over each ``need`` sightings after: a ball at rest rides in its
    pocket, a glint sliding over the turning frets creeps along the wheel. A ball a hand
    put back was carried along the pockets as it was first seen, then rode in its pocket
    (fresh seed 17101 002 r3: put back after a void, its first 10 sightings 0.0047 rad a
    frame; still for 2.8 s after, it was no ball at rest, and the dealer's fingers taking
    it out voided the next round). Returns the indices of spots at a look-alike seen ``need`` times,
    forgotten ``forget`` frames after it was last seen; one unseen over ``stale`` frames (if
    given) matches no spot."""
    hits = []
    for i, b in enumerate(obs.balls):
        a = angle(b)
        near = [f for f in store if distance(b.rho, a, f.rho, f.angle) < slack
                and (learn or f.hits >= need)  # the ball confirms none
                and (stale is None or obs.frame - f.last <= stale)]
        if near:
            f = near[0]
            if follow:
                f.rho = 0.8 * f.rho + 0.2 * b.rho
                f.angle = f.angle + 0.2 * relative_angle(a, f.angle)
            f.last, f.hits = obs.frame, f.hits + 1
            if f.hits % need == 0:
                f.creep = abs(relative_angle(a, f.first_angle)) / max(obs.frame - f.first, 1)
                f.first_angle, f.first = a, obs.frame
            if f.hits >= need:
                hits.append(i)
        elif learn and where(b):
            store.append(LookAlike(b.rho, a, obs.frame, 1, a, obs.frame))
    # a look-alike is in view all the time; one unseen for long was a ball at rest
    store[:] = [f for f in store if obs.frame - f.last < forget]
    return hits


def step_omega(a: Seen, b: Seen, fps: float) -> float | None:
    """The image angular speed (rad/s) of the step from sighting ``a`` to ``b``, if they are
    neighbours (at most 2 frames apart), else None."""
    if b.frame - a.frame > 2:
        return None
    return relative_angle(b.theta, a.theta) / (b.frame - a.frame) * fps
