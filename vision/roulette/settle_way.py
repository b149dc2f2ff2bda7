"""The spin's way within a round, for the per-round state machine (``settle``): direction
samples and one-way runs while the ball is above the pockets, the way of a void round's
ball running on (and of a spin started again while the void lasts), and the
``same_direction_spin`` check once the way is known (``direction``).

A mixin of ``RoundTracker``: these methods read and write its state (``runs``,
``dir_samples``, ``decided``, ``unhandled``, ``rode``, ``pockets_at``, ``travel``).
"""

from __future__ import annotations

from collections import deque

from vision.footage import Event
from vision.roulette.direction import (
    Runs,
    ball_way,
    direction_sample,
    extend_runs,
    glimpsed_way,
    kept_launch,
    run_way,
    spin_violation,
)
from vision.roulette.launch import launched
from vision.roulette.settle_state import TrackerState
from vision.roulette.track import Seen, step_omega

__all__ = ["SpinWay"]


class SpinWay(TrackerState):
    """The direction half of ``RoundTracker`` (its state lives there)."""

    runs: Runs
    dir_samples: list[float]
    launch_rates: list[float]
    decided: bool
    unhandled: bool
    rode: int
    started_frame: int
    ended_frame: int
    pockets_at: Seen | None
    travel: float

    @property
    def history(self) -> deque[Seen]:
        return self.track.history

    def _extend_runs(self, a: Seen, b: Seen) -> Runs:
        return extend_runs(self.runs, a, b, fps=self.fps, band_out=self.band[1], p=self.p)

    def _sample_direction(self, min_rad_s: float = 0.0, paired: bool = False) -> None:
        """A direction sample (``direction_sample``) and a run's step (``extend_runs``)
        until the ball reaches the pockets. ``paired``: a step right after a neighbouring
        step the other way, or from a spot that stood still, joins two spots
        (``_two_spots``)."""
        assert self.ball is not None
        if self.pockets_at is not None:
            return
        if len(self.history) > 1:
            self.runs = self._extend_runs(self.history[-2], self.ball)
        omega = self.track.ball_omega()
        if paired and omega is not None and len(self.history) > 2:
            last = step_omega(self.history[-3], self.history[-2], self.fps)
            if last is not None and _two_spots(last, omega, self.p.bowl_direction_rad_s):
                omega = None
        omega = direction_sample(omega, self.ball, band_out=self.band[1],
                                 head=self.head, p=self.p, min_rad_s=min_rad_s)
        if omega is not None:
            self.dir_samples.append(omega)

    def _direction_in_void(self, frame: int, fresh: bool, entered: bool) -> list[Event]:
        """A void round's ball runs on until the dealer's hand catches it: its way still
        counts. ``fresh``: the void came while idle, from a roll not seen to start. Once
        the ball rode in a pocket (``fixture_hits`` sightings: put back, Art. 2), a launch
        is the next spin, and its way is checked afresh (seed 10301 025 r3: spun again
        while the void lasted, the ball and the wheel the same way). A void in play cuts
        the roll short, before the samples that would tell its way were seen: the speeds
        by which it was seen launched (one way, steady, a ball's: ``launch_rates``) count
        as samples from then on (seed 10601 018 r2: seen launched running cw at 12-13
        rad/s, the void 15 frames later, two samples then; the wheel turned cw too)."""
        self.rode = 0 if entered else self.rode
        if fresh or self._spun_again(frame):
            self.decided, self.dir_samples, self.pockets_at = False, [], None
            self.unhandled, self.runs, self.rode = True, Runs(), 0
            self.launch_rates = []  # (a roll not seen launched, or launched unmeasured)
            if fresh:  # its launch unseen, but maybe the ball seen running on the bowl
                self.dir_samples = self._samples_since(self.ended_frame)
                if events := self._check_direction(frame):
                    return events
                # ... or glimpsed there, a few frames apart at times
                since = [s for s in self.history if s.frame > self.ended_frame]
                if way := glimpsed_way(since, fps=self.fps, head=self.head, p=self.p):
                    return self._decide(frame, way)
        elif entered and not self.decided:
            events = self._cut_short(frame)
            if self.ball is None or self.decided:  # (the object may hide it)
                return events
        if self.ball is None or self.decided or not self.unhandled:
            return []
        if self.ball.held:
            self.unhandled = False  # a hand moves it from now on
            return []
        self._sample_direction(self.p.void_direction_rad_s, paired=True)
        return self._check_direction(frame, resting=False) or self._kept_launch(frame)

    def _samples_since(self, frame: int) -> list[float]:
        """Direction samples (``direction_sample``, at ``void_direction_rad_s`` or faster)
        from neighbouring free sightings after ``frame``: a void that came while idle keeps
        the ball seen running on the bowl since the last ball was removed, its launch
        unseen (a tilted camera sees the track off the pocket plane: the ball climbs and
        falls in the strip as it goes round, never 'launched'; seed 10801 017 r4, 1920x1080
        at 25 fps, camera 32 deg: 12-14 rad/s one way for 2 s before the void, the ball
        and the wheel the same way). A chip falling in is slower, a hand held. A step
        from a spot that stood still the frame before (under ``bowl_direction_rad_s``)
        joins two spots, not a ball running on: no ball goes from still to a roll's speed in a
        frame (seed 12801 023 r3, 1280x720 at 30 fps: still spots on the bowl among the
        ball's glimpses, one step from one of them to the ball read -10 rad/s against
        the ball's +8..12, and the way was never told; the wheel turned its way too)."""
        seen = [s for s in self.history if s.frame > frame]
        samples = []
        before: float | None = None  # the last step's image speed, if a neighbouring one
        for a, b in zip(seen, seen[1:], strict=False):
            last, before = before, step_omega(a, b, self.fps)
            omega = before
            if omega is None:
                continue
            if a.held or a.rho <= self.head + self.p.bowl_margin:
                continue  # (both on the bowl: a spot in the pockets is another thing)
            if last is not None and _two_spots(last, omega, self.p.bowl_direction_rad_s):
                continue  # (a still spot, or one a step the other way, then the ball: two spots)
            sample = direction_sample(omega, b, band_out=self.band[1], head=self.head,
                                      p=self.p, min_rad_s=self.p.void_direction_rad_s)
            if sample is not None:
                samples.append(sample)
        return samples

    def _cut_short(self, frame: int) -> list[Event]:
        """The way of a roll cut short in play, by a void or a hand catching the ball, if
        not yet decided: from its samples with the speeds it was seen launched by
        (``launch_rates``), failing those from the runs of the ball seen running on since
        the round started (``run_way``; the launch alone is too little, as with the
        samples). A camera that sees the ball smeared every 3-8 frames gives no speed
        between neighbouring frames, but its runs (seed 10701 001 r2, 50 fps: seen five
        times over 0.6 s after its launch, one way at ~15 rad/s, the void 0.8 s after the
        launch; the wheel turned the same way)."""
        if self.decided:
            return []
        self.dir_samples = [*self.launch_rates, *self.dir_samples]
        events = self._check_direction(frame)
        if self.decided:
            return events
        since = [s for s in self.history if s.frame > self.started_frame]
        runs = Runs()
        for a, b in zip(since, since[1:], strict=False):
            runs = extend_runs(runs, a, b, fps=self.fps, band_out=self.band[1], p=self.p)
        way = run_way(runs, p=self.p)
        return events + self._kept_launch(frame) if way == 0.0 else self._decide(frame, way)

    def _kept_launch(self, frame: int) -> list[Event]:
        """A roll cut short, its way not yet known: the launch's, if the ball seen now
        and then since ran on as launched (``kept_launch``)."""
        if self.decided:
            return []
        since = [s for s in self.history if s.frame >= self.started_frame]
        way = kept_launch(self.launch_rates, since, fps=self.fps, head=self.head, p=self.p)
        return [] if way == 0.0 else self._decide(frame, way)

    def _decide(self, frame: int, way: float) -> list[Event]:
        self.decided = True
        return spin_violation(frame, way, self.track.wheel_omega(), p=self.p)

    def _spun_again(self, frame: int) -> bool:
        """In a void: the ball rode in a pocket, then runs on the bowl at a launch's speed."""
        if self.ball is None or self.ball.held:
            return False
        self.rode += self.ball.rho <= self.band[1]
        return self.rode >= self.p.fixture_hits and launched(
            list(self.history), frame, fps=self.fps, band_out=self.band[1], p=self.p)

    def _check_direction(self, frame: int, resting: bool = False,
                         final: bool = False) -> list[Event]:
        """The violation check, once the way is known: from the samples, the travel to
        rest, or, once the ball is in the pockets, at rest or lost (``final``), the runs."""
        if self.decided:
            return []
        ball = ball_way(self.dir_samples, self.travel, resting=resting, p=self.p)
        if ball == 0.0 and (resting or final or self.pockets_at is not None):
            ball = run_way(self.runs, p=self.p)  # too few fast sightings: a run, if long
        if ball == 0.0:
            return []
        self.decided = True
        return spin_violation(frame, ball, self.track.wheel_omega(), p=self.p)


def _two_spots(before: float, omega: float, still: float) -> bool:
    """A step at ``omega`` (rad/s) right after a neighbouring step at ``before``: after one
    the other way, or one still (under ``still``: ``bowl_direction_rad_s``, the slowest
    that tells a way on the bowl), it joins two spots, not a ball running on (no ball turns
    back, or goes from still to a roll's speed, in a frame). (Seed 13201 008 r4, 640x480 at
    50 fps: an object on the head seen as two spots side by side, alternate frames; steps
    between them read -7..-8 rad/s, the step before each +3.5..6 or 0..0.8: a false
    same-direction alarm.) A step merely slower before is the ball's own: a pass's first
    sighting, cut by the frame's edge, reads short (seed 13201 020 r0, 1024x576 at 25 fps,
    the ball seen 2-3 frames a turn: the step from it 3.5-5 rad/s, the next 15-17, the
    ball and the wheel both cw; dropped as "under half as fast" until then, every real
    step went and the violation was missed)."""
    return before * omega < 0 or abs(before) < still
