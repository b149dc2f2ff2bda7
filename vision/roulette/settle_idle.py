"""Is a ball at rest in a pocket, or running on the bowl, between rounds? The tests the
per-round state machine (``settle``) asks before it voids a round on an object seen while
idle or in a void: a ball resting (or just put back) in a pocket means no roll is going
on, so the dealer's fingers at it are no object; nor while the ball was just seen
carried up the bowl out of the pockets (a hand takes it to the track to spin it); a ball
running on the bowl means one is, so spots riding in the pockets meanwhile are look-alikes.

A mixin of ``RoundTracker``: these methods read its state (``phase``, ``caught_frame``,
``ball``, ``track``).
"""

from __future__ import annotations

from vision.roulette.pocket import relative_angle
from vision.roulette.settle_state import TrackerState
from vision.roulette.wheel import POCKET_RAD

__all__ = ["BallAbout"]


class BallAbout(TrackerState):
    """The between-rounds half of ``RoundTracker`` (its state lives there)."""

    phase: str
    caught_frame: int

    def just_caught(self, frame: int) -> bool:
        """Idle, the ball in play caught on the bowl within ``caught_s``: no ball rests in
        a pocket now (a spot riding there is something else: a white chip)."""
        return self.phase == "idle" and (frame - self.caught_frame) / self.fps <= self.p.caught_s

    def _running_on_bowl(self) -> bool:
        """The ball seen free beyond the head in two neighbouring frames, going round faster
        than ``running_rad_s`` and along the bowl (its step across at most
        ``running_across`` x its step round): a roll is going on, launched unseen, so the
        spots riding in the pockets meanwhile are look-alikes, not the ball at rest (one
        ball; seed 10601 018 r0: the ball on a track partly out of view, glints riding in
        the pockets, the object lying on the number ring seen from 227 and no void sent).
        A spot that jumps inward as it goes round is a hand reaching in (fresh seed 16701
        clip 001 r4, 800x600 at 25 fps: the ball resting in a pocket, unseen landing; the
        dealer's fingertip at rho 1.66 then 1.32, 0.26 rad round in a frame, was taken as
        a roll, the resting ball as an object: voided before the spin)."""
        h = self.track.history
        if self.ball is None or len(h) < 2:
            return False
        a, b = h[-2], h[-1]
        turn = abs(relative_angle(b.theta, a.theta))
        return (0 < b.frame - a.frame <= 2 and min(a.rho, b.rho) > self.head
                and not (a.held or b.held)
                and turn / (b.frame - a.frame) * self.fps > self.p.running_rad_s
                and abs(b.rho - a.rho) <= self.p.running_across * turn * (a.rho + b.rho) / 2)

    def _ball_resting(self, frame: int) -> bool:
        """Was a ball seen resting in a pocket within ``idle_rest_s`` (a spot riding with the
        wheel in the pocket band, seen there ``fixture_hits`` times: the last round's ball,
        not yet taken out, or one put back)? One that crept along the wheel faster than
        ``settle_speed`` pockets a second while it was learnt does not ride in a pocket: no
        ball at rest (seed 13201 024 r4: two spots in the band going 1.6-1.9 pockets a
        second against the wheel, each learnt in 10 frames, blocked the void of a chip
        lying on the bowl for 0.4 s)."""
        p = self.p
        creep = p.settle_speed * POCKET_RAD / self.fps  # rad per frame
        return any(f.hits >= p.fixture_hits and self.band[0] <= f.rho <= self.band[1]
                   and (frame - f.last) / self.fps <= p.idle_rest_s and f.creep <= creep
                   for f in self.track.fixtures)

    def _ball_put_in(self, frame: int) -> bool:
        """Void: the ball seen in the pockets within ``idle_rest_s`` (put back, Art. 2). The
        hand reaching in to take it out hides it: no roll is going on (seed 10601 018 r3:
        a false void on the dealer's arm 0.3 s after the ball was last seen in a pocket)."""
        h = self.track.history
        last = h[-1] if h else None
        return last is not None and last.rho <= self.band[1] and (
            (frame - last.frame) / self.fps <= self.p.idle_rest_s)

    def _ball_lifted(self, frame: int) -> bool:
        """Was the ball seen within ``idle_rest_s`` climbing the bowl by ``lift_rho`` ring
        radii or more, at one angle (within ``lift_rad``) over ``lift_frames`` or more?
        A ball rolls down the bowl, never up it (``launch_outward``), and a running one
        goes round: fingers carry it from its pocket to the track to spin it, and until
        the spin no roll is going on; pieces of that hand (its shadow, fingers cut off
        from its arm where it matches the rim) are no object (seed 10901 013 r0: a void
        at the launch, the arm and its shadow over the rim 0.4 s)."""
        p, start = self.p, None
        for s in self.track.history:
            if (frame - s.frame) / self.fps > p.idle_rest_s:
                continue
            if start is None or abs(relative_angle(s.theta, start.theta)) > p.lift_rad:
                start = s  # a new run at one angle starts here
            elif s.rho - start.rho >= p.lift_rho and s.frame - start.frame >= p.lift_frames:
                return True
        return False

    def _left_its_pocket(self) -> bool:
        """Is the ball seen now (free) where a ball rested in a pocket until just now: within
        ``left_pockets`` and ``left_rho`` of a fixture in the pocket band unseen since at most
        ``left_gap_s``, seen there ``left_rest_s`` or more? A ball resting there between
        rounds (put back after a void) turns with the wheel and is learnt as a fixture;
        fingers lifting it out to spin it move it off with the hand, against the wheel,
        which a landing ball's travel looks like (seed 12001 001 r4: still in its pocket up
        to 1116, in the dealer's fingers from 1117). A ball landing comes from the bowl, not
        out of a pocket it rested in."""
        ball, p = self.ball, self.p
        if ball is None:
            return False
        gap = max(2, int(round(p.left_gap_s * self.fps)))
        rested = max(p.fixture_hits, int(round(p.left_rest_s * self.fps)))
        return any(f.hits >= rested and self.band[0] <= f.rho <= self.band[1]
                   and 0 < ball.frame - f.last <= gap and abs(ball.rho - f.rho) <= p.left_rho
                   and abs(relative_angle(ball.rel, f.angle)) <= p.left_pockets * POCKET_RAD
                   for f in self.track.fixtures)
