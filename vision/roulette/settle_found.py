"""A spot taken in the pockets that may not be the ball, for the per-round state machine
(``settle``): a look-alike riding with the wheel (a glint on a fret, a chrome part, a white
chip come down) gives way to the ball running on the bowl (``found``), and is dropped as a
fixture when it 'rests' without having hopped; while idle, a ball first seen hopping in
the pockets starts a round (``hopping_in``).

A mixin of ``RoundTracker``: these methods read and write its state (``pockets_at``,
``found_at``, ``travel``, ``hop``, ``jumped``, ``bowl_run``).
"""

from __future__ import annotations

from vision.roulette.found import (
    back_on_bowl,
    extend_bowl_run,
    glimpsed_hop,
    glimpsed_in,
    hopping_in,
    still_running,
)
from vision.roulette.launch import contiguous, landed
from vision.roulette.settle_state import TrackerState
from vision.roulette.track import FrameObs, Seen

__all__ = ["LookAlikes"]


class LookAlikes(TrackerState):
    """The look-alike half of ``RoundTracker`` (its state lives there)."""

    phase: str
    pockets_at: Seen | None
    found_at: int | None
    travel: float
    hop: float
    jumped: bool
    bowl_run: tuple[Seen, ...]

    def _hopping_in(self, recent: list[Seen]) -> list[Seen] | None:
        """The sightings by which the ball is first seen hopping in the pockets while idle
        (``hopping_in``): the contiguous ones, or those at most ``found_gap_s`` apart (a
        ball smeared out of sight while it moves); not where one rode (the last ball at
        rest, lifted out by a hand unseen). Across gaps, no sighting may lie inside the
        pocket band (toward the cone: no ball in a pocket; seed 10501 001 r0, 10601 018 r0:
        spots there and in the pockets joined across a gap, read as a hop of 6-7 pockets)."""
        gapped = contiguous(list(self.track.history), self.fps,
                            gap=self.p.found_gap_frames(self.fps))
        inside = any(s.rho < self.band[0] for s in gapped)
        for hops in (recent,) if inside else (recent, gapped):
            if hopping_in(hops, band_out=self.band[1], fps=self.fps, p=self.p) and not (
                    self.track.near_fixture(hops[0].rho, hops[0].rel, self.p.fixture_hits)):
                return hops
        return None

    def _glimpsed_hop(self, recent: list[Seen]) -> bool:
        """Idle, the ball glimpsed hopping in the pockets (``glimpsed_hop``), not where a
        look-alike rides."""
        return bool(recent) and glimpsed_hop(recent, band=self.band, fps=self.fps,
                                             p=self.p) and not self.track.near_fixture(
            recent[0].rho, recent[0].rel, self.p.fixture_hits)

    def _glimpsed_in(self) -> bool:
        """Idle, the ball glimpsed hopping, then at rest (``glimpsed_in``), across gaps
        (none inside the pocket band, as for ``_hopping_in``), not where a look-alike rides."""
        gapped = contiguous(list(self.track.history), self.fps,
                            gap=self.p.found_gap_frames(self.fps))
        last = gapped[-1] if gapped else None
        return last is not None and not any(s.rho < self.band[0] for s in gapped) and (
            not self.track.near_fixture(last.rho, last.rel, self.p.fixture_hits)) and (
            glimpsed_in(gapped, band_out=self.band[1], fps=self.fps, p=self.p))

    def _landed_across_gaps(self, frame: int) -> bool:
        """Idle, the ball seen landing (``landed``) in sightings at most ``found_gap_s``
        apart: at a low frame rate the ball coming down and hopping smears out of sight
        while it moves (seed 10601 002 r4, 25 fps: seen on the head's rim, then 4-frame
        gaps while it went 5 pockets relative to the wheel). As for ``_hopping_in``, no
        sighting across the gaps may lie inside the pocket band."""
        gapped = contiguous(list(self.track.history), self.fps,
                            gap=self.p.found_gap_frames(self.fps))
        return not any(s.rho < self.band[0] for s in gapped) and landed(
            gapped, frame, fps=self.fps, head=self.head, p=self.p)

    def _refind(self) -> bool:
        """Rolling, the ball taken in the pockets where it was found (``found_at``: not
        seen coming down), no outcome yet: lost there, it may have been a look-alike and
        the ball may show elsewhere in the pockets, so the track takes a spot there as
        found (``BallTrack.update``: it must hop on before it rests). (Seed 11001 007 r4,
        camera 34 deg, 60 fps: a turret's knob, raised, taken in the pockets while the ball
        was on the slope, shifting 2 pockets a second against the wheel as it turns; the
        ball landed 0.6 s later elsewhere and hopped to rest while the knob was followed
        until it went out of sight: lost, abstained.)"""
        return self.phase == "rolling" and self.found_at is not None and (
            self.pockets_at is not None)

    def _drop_look_alike(self) -> None:
        """The spot taken in the pockets after the ball was lost on the bowl rests where it
        was found, never hopping: a look-alike riding with the wheel (a glint on a fret, a
        chrome part), not the ball. It becomes a fixture and leaves the ball's path; the
        ball is still on the bowl, unseen (``lost_bowl_s``), and is followed again when it
        shows there or comes down."""
        assert self.pockets_at is not None
        self.track.add_fixture(self.track.history[-1])
        self.track.forget_since(self.found_at if self.found_at is not None
                                else self.pockets_at.frame)
        self.pockets_at, self.travel, self.hop, self.jumped = None, 0.0, 0.0, False

    def _back_on_bowl(self) -> bool:
        """A spot found in the pockets gives way to a ball on the bowl (``back_on_bowl``)."""
        return self.found_at is not None and self.pockets_at is not None and (
            self.ball is not None) and back_on_bowl(
                self.ball, self.track.free, self.track.free_before, travel=self.hop,
                head=self.head, p=self.p)

    def _still_running(self, obs: FrameObs) -> bool:
        """A spot taken in the pockets gives way to a ball running on (``still_running``)."""
        if self.pockets_at is None or self.ball is None:
            self.bowl_run = ()
            return False
        self.bowl_run = extend_bowl_run(self.bowl_run, self.track.free, frame=obs.frame,
                                        zero=obs.zero, head=self.head, fps=self.fps, p=self.p)
        return still_running(self.ball, self.bowl_run, travel=self.hop, frame=obs.frame,
                             band_out=self.band[1], fps=self.fps, p=self.p)
