"""The per-round state machine: one ``update`` per frame turns observations into events.

Phases::

    idle --launch--> rolling --ball stays in one pocket, riding with the wheel--> rest
      ^                 |  \\--object in the bowl--> void                        |
      |                 \\--ball gone (no outcome)--> abstain                      |
      +---------------- ball removed (not seen for a while) <--------------------+

* launch: the ball is seen moving fast (above ``launch_rad_s`` both in the image and
  relative to the wheel) in a few consecutive frames. A close camera may not see the ball
  track at all: then the first sight is the ball dropping towards the wheel head.
* violation: from the first ``direction_samples`` fast samples (on the bowl, or landing on
  the head with its own momentum, which keeps the ball's direction: it is faster than the
  wheel), the ball's angular direction is compared with the wheel's (same rectified
  frame); same -> flagged.
* rest: over the last ``settle_s`` (and at least ``settle_frames`` frames) the ball was seen
  in every frame, inside the pocket band, always near the centre (``settle_offset``) of the
  same pocket relative to the wheel, with no steady drift (``settle_speed``). A hopping ball
  crosses a pocket's centre faster than that; only a ball riding in its pocket stays.
  Only then the outcome.
* void: an object in the bowl while the ball is in play (launched, not yet at rest), or
  while idle from ``idle_void_after_s`` after the last round ended (a roll on a track out
  of view; right after a round the dealer's hands are still at work); the round stays
  void until the object and the ball are gone.
* abstain: the ball vanished from the pocket ring (or for long from the bowl) with no
  outcome; a person must confirm.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from vision.footage import Event, RouletteResult, abstain, outcome, violation, void
from vision.roulette.pocket import pocket_at, relative_angle
from vision.roulette.wheel import POCKET_RAD

__all__ = ["BallObs", "FrameObs", "RoundTracker", "SettleParams"]


@dataclass(frozen=True, slots=True)
class SettleParams:
    launch_rad_s: float = 2.0  # ball speed, both in the image and relative to the wheel
    launch_frames: int = 3  # sightings within launch_s (or launch_frames + 1 frames)
    launch_s: float = 0.4  # (a ball blurred by its speed is seen only now and then)
    launch_gap_frames: int = 6  # sightings further apart do not measure a speed
    direction_rad_s: float = 3.0
    direction_samples: int = 4
    direction_late_s: float = 0.25  # samples also this long after reaching the pockets
    min_wheel_rad_s: float = 0.08
    settle_s: float = 0.5
    settle_frames: int = 5
    settle_offset: float = 0.32  # pockets from the centre the ball may stray while settling
    settle_speed: float = 1.2  # pockets per second relative to the wheel, fitted over the window
    lost_pocket_s: float = 0.5  # ball unseen this long after reaching the pockets -> gone
    lost_bowl_s: float = 10.0  # ... while last seen on the bowl (the track may be out of view)
    removed_s: float = 0.4  # at rest / void: unseen this long -> removed
    regain_frames: int = 8  # on the wheel, a ball unseen longer is not looked for again
    fixture_hits: int = 10  # sightings that make a spot riding with the wheel a fixture
    object_gone_s: float = 0.5  # void: no object for this long (and no ball) -> idle
    idle_void_after_s: float = 1.5  # idle: objects count only this long after a round ended


@dataclass(frozen=True, slots=True)
class BallObs:
    """The ball in the rectified frame: ``rho`` (ring radii), ``theta`` (rad, image angle)."""

    rho: float
    theta: float


@dataclass(frozen=True, slots=True)
class FrameObs:
    """One frame's measurements: ``balls`` are ball-like spots, strongest first."""

    frame: int
    zero: float  # image angle of pocket 0's centre (rad)
    balls: tuple[BallObs, ...] = ()
    object_seen: bool = False


def _distance(a_rho: float, a_theta: float, b_rho: float, b_theta: float) -> float:
    """Distance in the rectified plane, in ring radii."""
    return float(np.sqrt(max(a_rho**2 + b_rho**2
                             - 2 * a_rho * b_rho * np.cos(a_theta - b_theta), 0.0)))


@dataclass(frozen=True, slots=True)
class _Seen:
    frame: int
    rho: float
    theta: float
    rel: float  # ball angle relative to pocket 0 (rad)


class RoundTracker:
    def __init__(self, *, fps: float, sense: int, band_rho: tuple[float, float],
                 head_rho: float, params: SettleParams | None = None) -> None:
        self.p = params or SettleParams()
        self.fps, self.sense, self.band, self.head = fps, sense, band_rho, head_rho
        self.phase = "idle"
        self.history: deque[_Seen] = deque(maxlen=max(8, int(fps * 1.0)))
        self.zeros: deque[tuple[int, float]] = deque(maxlen=6)
        self.dir_samples: list[tuple[float, float]] = []
        self.flagged = False
        self.in_pockets = False
        self.pockets_frame = -1
        self.revolutions = 0.0
        self.object_frame = -1
        self.ended_frame = -(10**9)  # when the last round's ball was removed
        self.chosen: int | None = None
        self.fixtures: list[list[float]] = []  # [rho, rel angle, last frame seen, hits]
        self.ball: BallObs | None = None

    # --- measurements -------------------------------------------------------------
    def _wheel_omega(self) -> float:
        if len(self.zeros) < 2:
            return 0.0
        f0, f1 = self.zeros[0][0], self.zeros[-1][0]
        steps = [relative_angle(b[1], a[1]) for a, b in zip(self.zeros, list(self.zeros)[1:],
                                                             strict=False)]
        return float(np.sum(steps)) / max(f1 - f0, 1) * self.fps

    def _ball_omega(self) -> float | None:
        if len(self.history) < 2:
            return None
        a, b = self.history[-2], self.history[-1]
        if b.frame - a.frame > 2:
            return None
        return relative_angle(b.theta, a.theta) / (b.frame - a.frame) * self.fps

    def _rel_speed(self) -> float:
        """Ball's angular speed relative to the wheel (rad per frame) from its last two
        sightings, 0 if they are not recent neighbours."""
        if len(self.history) < 2:
            return 0.0
        a, b = self.history[-2], self.history[-1]
        if b.frame - a.frame > 3:
            return 0.0
        return relative_angle(b.rel, a.rel) / (b.frame - a.frame)

    def _unseen_s(self, frame: int) -> float:
        return (frame - self.history[-1].frame) / self.fps if self.history else 1e9

    # --- the machine --------------------------------------------------------------
    def update(self, obs: FrameObs) -> list[Event]:
        self.zeros.append((obs.frame, obs.zero))
        omega = None
        self.chosen = self._select(obs)
        self.ball = None if self.chosen is None else obs.balls[self.chosen]
        if self.ball is not None:
            self.history.append(_Seen(obs.frame, self.ball.rho, self.ball.theta,
                                      relative_angle(self.ball.theta, obs.zero)))
            omega = self._ball_omega()
        handler = getattr(self, f"_{self.phase}")
        return handler(obs, omega)

    def _learn_fixtures(self, obs: FrameObs) -> list[int]:
        """Ball look-alikes that ride with the wheel (a turret's chrome knobs seen at an
        angle): learnt while no ball is in play, remembered in wheel coordinates, and never
        taken for the ball once seen there in ``fixture_hits`` frames (a ball hopping in
        would drift away from its first place long before). Returns the spots that are
        fixtures now."""
        hits = []
        for i, b in enumerate(obs.balls):
            rel = relative_angle(b.theta, obs.zero)
            near = [f for f in self.fixtures if _distance(b.rho, rel, f[0], f[1]) < 0.12]
            if near:
                f = near[0]
                f[0] = 0.8 * f[0] + 0.2 * b.rho
                f[1] = f[1] + 0.2 * relative_angle(rel, f[1])
                f[2], f[3] = obs.frame, f[3] + 1
                if f[3] >= self.p.fixture_hits:
                    hits.append(i)
            elif self.phase == "idle" and b.rho <= self.head:
                self.fixtures.append([b.rho, rel, obs.frame, 1])
        self.fixtures = [f for f in self.fixtures if obs.frame - f[2] < 10 * self.fps]
        return hits

    def _select(self, obs: FrameObs) -> int | None:
        fixtures = set(self._learn_fixtures(obs))
        keep = [i for i in range(len(obs.balls)) if i not in fixtures]
        pick = self._select_among(FrameObs(obs.frame, obs.zero,
                                           tuple(obs.balls[i] for i in keep)))
        return None if pick is None else keep[pick]

    def _select_among(self, obs: FrameObs) -> int | None:
        """Which spot is the ball: the one where the ball can be now, given where it was.

        On the bowl anything ball-like is the ball; on the wheel the ball rides with it
        (or hops a little), so a spot elsewhere (a chrome knob of the turret) is not it.
        """
        if not obs.balls:
            return None
        last = self.history[-1] if self.history else None
        unseen = obs.frame - last.frame if last is not None else 10**6
        on_bowl = [i for i, b in enumerate(obs.balls) if b.rho > self.band[1]]
        if self.phase == "idle":  # a ball running on the bowl is what starts a round
            if on_bowl:
                return on_bowl[0]
            if last is None or unseen > 3:
                return 0
            near = [(_distance(b.rho, b.theta, last.rho, last.theta), i)
                    for i, b in enumerate(obs.balls)]
            return min(near)[1]
        if last is None:
            return 0
        if last.rho > self.head:  # on the bowl: anywhere on it, or on the head near its path
            step = self._ball_omega() or 0.0
            pred = last.theta + step / self.fps * unseen
            gate = min(0.3 + 0.1 * unseen, 0.8)
            ok = [i for i, b in enumerate(obs.balls) if b.rho > self.band[1]
                  or _distance(b.rho, b.theta, last.rho, pred) < gate]
            return ok[0] if ok else None
        if unseen > self.p.regain_frames:
            return None  # lost on the wheel: never adopt a look-alike in its place
        gate = min(0.25 + 0.05 * unseen, 0.45)
        pred = obs.zero + last.rel + self._rel_speed() * unseen  # hopping, or riding
        near = [(_distance(b.rho, b.theta, last.rho, pred), i) for i, b in enumerate(obs.balls)]
        near = [(d, i) for d, i in near if d < gate]
        return min(near)[1] if near else None

    def _idle(self, obs: FrameObs, omega: float | None) -> list[Event]:
        quiet_s = (obs.frame - self.ended_frame) / self.fps
        if obs.object_seen and quiet_s > self.p.idle_void_after_s:
            return self._void_now(obs)  # the track may be out of view: a roll we cannot see
        span = max(self.p.launch_frames + 1, int(round(self.p.launch_s * self.fps)))
        recent = [s for s in self.history if obs.frame - s.frame < span]
        if len(recent) < self.p.launch_frames or self.ball is None:
            return []
        for a, b in zip(recent, recent[1:], strict=False):
            if b.frame - a.frame > self.p.launch_gap_frames:
                return []
            dt = max(b.frame - a.frame, 1) / self.fps
            if min(abs(relative_angle(b.theta, a.theta)),
                   abs(relative_angle(b.rel, a.rel))) < self.p.launch_rad_s * dt:
                return []
        self.phase, self.flagged, self.in_pockets = "rolling", False, False
        self.dir_samples, self.revolutions = [], 0.0
        return [Event("ball_launched", obs.frame,
                      extra={"ball_direction": "cw" if (omega or 0) > 0 else "ccw"})]

    def _void_now(self, obs: FrameObs) -> list[Event]:
        self.phase, self.object_frame = "void", obs.frame
        return [void(obs.frame, "object_in_bowl")]

    def _rolling(self, obs: FrameObs, omega: float | None) -> list[Event]:
        events: list[Event] = []
        if obs.object_seen:
            return self._void_now(obs)
        if omega is not None:
            self.revolutions += abs(omega) / self.fps / (2 * np.pi)
        events += self._check_direction(obs, omega)
        if self.ball is not None and not self.in_pockets and self.ball.rho <= self.band[1]:
            self.in_pockets, self.pockets_frame = True, obs.frame
            events.append(Event("ball_in_pockets", obs.frame,
                                extra={"revolutions": round(self.revolutions, 1)}))
        if self.ball is None:
            limit = self.p.lost_pocket_s if self.in_pockets else self.p.lost_bowl_s
            if self._unseen_s(obs.frame) > limit:
                self.phase, self.ended_frame = "idle", obs.frame
                self.history.clear()
                return events + [abstain(obs.frame, "ball_lost"),
                                 Event("ball_removed", obs.frame)]
            return events
        read = self._settled(obs.frame)
        if read is not None:
            self.phase = "rest"
            number, conf = read
            events += [outcome(obs.frame, RouletteResult(number), conf),
                       Event("ball_at_rest", obs.frame, extra={
                           "number": number, "revolutions": round(self.revolutions, 1)})]
        return events

    def _check_direction(self, obs: FrameObs, omega: float | None) -> list[Event]:
        if self.flagged or omega is None or self.ball is None:
            return []
        since = (obs.frame - self.pockets_frame) / self.fps
        late = self.in_pockets and since > self.p.direction_late_s
        if late or abs(omega) < self.p.direction_rad_s:
            return []  # on the bowl, or landing with its own momentum; not later hops
        self.dir_samples.append((omega, self._wheel_omega()))
        if len(self.dir_samples) < self.p.direction_samples:
            return []
        self.flagged = True  # decided, either way
        ball = float(np.median([b for b, _ in self.dir_samples]))
        wheel = float(np.median([w for _, w in self.dir_samples]))
        if abs(wheel) < self.p.min_wheel_rad_s or np.sign(ball) != np.sign(wheel):
            return []
        return [violation(obs.frame, "same_direction_spin",
                          ball_rad_s=round(ball, 2), wheel_rad_s=round(wheel, 2))]

    def _settled(self, frame: int) -> tuple[int, float] | None:
        need = max(self.p.settle_frames, int(np.ceil(self.p.settle_s * self.fps)))
        window = [s for s in self.history if frame - s.frame < need]
        if len(window) < need or any(s.rho > self.band[1] for s in window):
            return None
        reads = [pocket_at(s.rel, 0.0, self.sense) for s in window]
        worst = max(abs(r.offset) for r in reads)
        if len({r.number for r in reads}) != 1 or worst > self.p.settle_offset:
            return None
        last = window[-1]
        if any(f[3] >= 3 and _distance(last.rho, last.rel, f[0], f[1]) < 0.15
               for f in self.fixtures):
            return None  # resting where a look-alike rides: cannot stand behind it
        rels = np.unwrap([s.rel for s in window]) / POCKET_RAD
        slope = float(np.polyfit([s.frame for s in window], rels, 1)[0]) * self.fps
        if abs(slope) > self.p.settle_speed:
            return None  # crossing a pocket slowly mid-hop, not resting in it
        conf = float(np.clip(1.0 - 0.8 * worst ** 2, 0.5, 0.999))
        return reads[-1].number, conf

    def _rest(self, obs: FrameObs, omega: float | None) -> list[Event]:
        return self._await_removal(obs)

    def _void(self, obs: FrameObs, omega: float | None) -> list[Event]:
        if obs.object_seen:
            self.object_frame = obs.frame
        if (obs.frame - self.object_frame) / self.fps < self.p.object_gone_s:
            return []
        return self._await_removal(obs)

    def _await_removal(self, obs: FrameObs) -> list[Event]:
        if self.ball is None and self._unseen_s(obs.frame) > self.p.removed_s:
            self.phase, self.ended_frame = "idle", obs.frame
            self.history.clear()
            return [Event("ball_removed", obs.frame)]
        return []

    def finish(self, last_frame: int) -> list[Event]:
        """The stream ended: a round still in play gets an abstain."""
        if self.phase == "rolling":
            self.phase = "idle"
            return [abstain(last_frame, "stream_ended")]
        return []
