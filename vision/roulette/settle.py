"""The per-round state machine: one ``update`` per frame turns observations into events.

Phases::

    idle --launch or landing--> rolling --ball rides in one pocket with the wheel--> rest
      ^                          |  \\--object in the bowl--> void                      |
      |                          \\--ball gone or handled (no outcome)--> abstain        |
      +-------------------- ball removed (not seen for a while) <-----------------------+

* launch, landing or arrival (``launch``): the ball seen running on the bowl, landing on
  the wheel head and hopping, or coming down from the bowl into the pockets.
* direction (``direction``): the ball's way from its sightings above the pockets (or its
  travel to rest), the wheel's from the pocket pattern; the same way -> a
  ``same_direction_spin`` violation.
* rest (``rest``): the ball rides in one pocket with the wheel, near its centre, for
  ``settle_s``. Only then the outcome.
* void: an object in the bowl while the ball is in play (launched, not yet at rest), or
  while idle from ``idle_void_after_s`` after the last round's ball was removed and
  ``idle_void_after_outcome_s`` after its outcome (a roll on a track out of view; right
  after a round the dealer's hands are still at work, and no roll starts that soon), but
  not while a ball is seen resting in a pocket (``idle_rest_s``: no roll is going on; the
  dealer's fingers taking it out show as pieces over the pocket ring, the hand's link to
  them lies over the cone, out of the strip), unless the ball was caught on the bowl
  within ``caught_s`` (``just_caught``: a void round's catch, the object still lying
  there; no ball rests in a pocket that soon). The round stays void until the object and
  the ball are gone, or, the object gone, the ball is seen launched again after it was
  caught and put back into a pocket (spun again without leaving the camera's sight). A
  void whose ball was seen only on the bowl and then went out of sight (in the dealer's
  hand) ends with the ball still to be put back into the last winning number's pocket
  (Art. 2: only then is it spun again): until it is seen in the pockets no launch starts a
  round (``unplaced``; the hand carrying it down the bowl runs one way at a ball's speed).
* a look-alike: a spot taken in the pockets after the ball was lost on the bowl that rests
  without hopping is no ball (``settle_travel``): a fixture from then on; so is one taken
  there, not yet hopping, while a ball still runs on the bowl at a launch's speed; and one
  seen falling straight in rather than rolling down (``fell_in``: thrown in, the ball's
  track out of view; its fall seen before the track took it counts, ``fall_lead_in``)
  must hop as a found one must.
* abstain: the ball vanished from the pocket ring or the wheel (or for long from the
  bowl), or a hand took it while in play, with no outcome; or it rests but the wheel is
  not ``trusted`` (its calibration fits the pocket pattern poorly, so pockets may be
  misnumbered): a person must confirm. A ball not seen launched that rests in the last
  winning number's pocket, a hand seen over the pockets as it came there, may have been
  put back by that hand after a void (Art. 2), the void seen or not: ``ball_put_back``,
  no outcome.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from vision.footage import Event, RouletteResult, abstain, outcome, void
from vision.roulette.direction import Runs, approach_rates
from vision.roulette.found import came_unseen, fall_lead_in, fell_in
from vision.roulette.launch import (
    arrived,
    contiguous,
    handled,
    landed,
    launch_rates,
    launched,
    rolled_down,
)
from vision.roulette.pocket import relative_angle
from vision.roulette.rest import rest_read
from vision.roulette.settle_found import LookAlikes
from vision.roulette.settle_idle import BallAbout
from vision.roulette.settle_params import SettleParams
from vision.roulette.settle_way import SpinWay
from vision.roulette.track import BallObs, BallTrack, FrameObs, Seen
from vision.roulette.wheel import POCKET_RAD

__all__ = ["BallObs", "FrameObs", "RoundTracker", "SettleParams"]


class RoundTracker(SpinWay, LookAlikes, BallAbout):
    def __init__(self, *, fps: float, sense: int, band_rho: tuple[float, float],
                 head_rho: float, params: SettleParams | None = None,
                 trusted: bool = True) -> None:
        self.p = params or SettleParams()
        self.trusted = trusted  # False: the wheel fits its pattern poorly; abstain, never read
        self.fps, self.sense, self.band, self.head = fps, sense, band_rho, head_rho
        self.track = BallTrack(fps=fps, head=head_rho, band_out=band_rho[1],
                               fixture_hits=self.p.fixture_hits,
                               regain_s=self.p.regain_s,
                               fixture_forget_s=self.p.fixture_forget_s,
                               fixture_stale_s=self.p.fixture_stale_s,
                               lead_gap_s=self.p.found_gap_s)
        self.phase = "idle"
        self.jumped = False
        self.found_at: int | None = None
        self.glimpsed = False
        self.bowl_frame = -(10**9)  # when a free spot was last seen on the bowl
        self.hand_frame = -(10**9)  # ... and a hand over the pockets (``_hand_at_pockets``)
        self.started_frame = -(10**9)  # when the round in play started
        self.dir_samples: list[float] = []
        self.runs = Runs()  # one-way runs above the pockets this round (``direction``)
        self.launch_rates: list[float] = []  # the ball's image speeds when seen launched
        self.decided = False  # the direction check is done for this round
        self.unhandled = True  # no fingers at the ball yet this round (its speeds are its own)
        self.pockets_at: Seen | None = None  # first sighting in the pockets this round
        self.travel = 0.0  # rad relative to the wheel since then
        self.hop = 0.0  # ... the farthest it went from there (a hop away and back counts)
        self.revolutions = 0.0
        self.object_frame = -1
        self.object_since = self.object_last = -(10**9)  # the object seen frame by frame
        self.ended_frame = -(10**9)  # when the last round's ball was removed
        self.left_frame = -(10**9)  # idle: when a ball was last seen leaving its pocket
        self.outcome_frame = -(10**9)  # when the last outcome was given
        self.caught_frame = -(10**9)  # when the ball in play was last caught on the bowl
        self.ran_frame = -(10**9)  # idle: when a ball was last seen running on the bowl
        self.last_number: int | None = None  # ... and its number
        self.spun = False
        self.caught = self.put_in = False  # void: the ball caught, then put back (Art. 2)
        self.void_rho = np.inf  # void: the ball's lowest sighting since the void began
        self.unplaced = False  # idle: a void ended, its ball not yet seen in the pockets
        # since (seed 13501 008 r2: caught on the track, out of sight 0.5 s, the void ended;
        # carried down the bowl to pocket 34, no fingers seen at it, it was launched there,
        # and the ball put back was paid as r1's 34 inside the void round)
        self.ball: Seen | None = None
        self.last_seen: Seen | None = None  # the ball's latest sighting (a lost one's evidence)
        self.rode = 0  # void: sightings of the ball in the pockets since (``_spun_again``)
        self.bowl_run: tuple[Seen, ...] = ()  # free spots running on the bowl meanwhile
        self.others: deque[tuple[int, float, tuple[BallObs, ...]]] = deque(
            maxlen=int(fps) + 1)  # per frame: zero angle, free spots not taken (``fall_lead_in``)

    @property
    def chosen(self) -> int | None:
        return self.track.chosen

    def update(self, obs: FrameObs) -> list[Event]:
        if obs.object_seen:
            if obs.frame - self.object_last > 2:
                self.object_since = obs.frame
            self.object_last = obs.frame
        edge = self.head + self.p.bowl_margin
        if any(b.rho > edge and not b.held for b in obs.balls):
            self.bowl_frame = obs.frame  # (``_glimpsed_hop``: the track in view)
        if obs.hand_px >= self.p.put_back_hand_px:
            self.hand_frame = obs.frame
        self.ball = self.track.update(obs, in_play=self.phase != "idle",
                                      riding=self.phase == "rest", refind=self._refind())
        self.last_seen = self.ball or self.last_seen
        self.others.append((obs.frame, obs.zero, tuple(
            b for i, b in enumerate(obs.balls) if i != self.track.chosen and b in self.track.free)))
        before = self.phase
        events: list[Event] = getattr(self, f"_{self.phase}")(obs)
        if self.phase == "void":
            self._note_put_back(obs, fresh=before != "void")
            events += self._direction_in_void(obs.frame, fresh=before == "idle",
                                              entered=before != "void")
        return events

    def _note_put_back(self, obs: FrameObs, fresh: bool) -> None:
        """Since the void began: fingers at the ball, then the ball in the pockets (caught
        and put back, Art. 2). Only then may a launch start the next round before the ball
        was seen removed: a void round's ball running on is never a new roll. Fingers at
        any spot on the bowl are a catch, though the ball followed is another: a ball-like
        object lying on the bowl may be the one followed while the dealer catches the ball
        on the track (seed 13501 025 r1: a white object at rho 1.72 followed, the ball
        caught at 2.33 with fingers at it; carried to its pocket, no fingers seen at it; the
        void never ended while the ball stayed in view, two rounds went unread)."""
        if fresh:
            self.caught = self.put_in = False
            self.void_rho = np.inf
        edge = self.head + self.p.bowl_margin
        self.caught |= any(b.held and b.rho > edge for b in obs.balls)
        if self.ball is not None:
            self.void_rho = min(self.void_rho, self.ball.rho)
            self.caught |= self.ball.held
            self.put_in |= self.caught and self.ball.rho <= self.band[1]

    def _since_s(self, obs: FrameObs, frame: int) -> float:
        return (obs.frame - frame) / self.fps

    # --- idle: waiting for a ball in play ----------------------------------------
    def _idle(self, obs: FrameObs) -> list[Event]:
        if self.ball is not None and self.ball.rho <= self.band[1]:
            self.unplaced = False  # the void's ball put back (Art. 2), or a roll come down
        if self._running_on_bowl():
            self.ran_frame = obs.frame
        seen_s = self._since_s(obs, self.object_since)  # (without a break)
        if (obs.object_seen and self._since_s(obs, self.ended_frame) > self.p.idle_void_after_s
                and (self._since_s(obs, self.outcome_frame) > self.p.idle_void_after_outcome_s
                     or seen_s >= self.p.object_lasting_s)
                # at the frame's border only a piece seen lasting: a hand held there, or its
                # shadow, shows as one in passing (seed 14201 000 r0 and 002 r1, 14301 025 r2:
                # the dealer's arm in at the frame's edge before the spin, 0.02-0.17 s: false
                # voids; chips cut by the border in 14301 017 r4 and 028 r2: 0.76 and 0.56 s)
                and (seen_s >= self.p.border_lasting_s or not obs.object_at_border)
                and not (self._ball_resting(obs.frame) and not self.just_caught(obs.frame)
                         and self._since_s(obs, self.ran_frame) > self.p.idle_rest_s)
                and not self._ball_lifted(obs.frame)):
            return self._void_now(obs.frame)  # the track may be out of view: a roll we cannot see
        if self._left_its_pocket():
            self.left_frame = obs.frame  # (no landing for a while: ``lifted``)
        if self.ball is None and self._glimpse_lost(obs):
            events = self._start(obs, "found")  # seen too briefly to be sure of: it must
            self.decided, self.jumped, self.glimpsed = True, True, True  # hop on
            self.found_at = self.pockets_at.frame if self.pockets_at else obs.frame
            return events
        if self.ball is None or self.ball.held:
            return []
        recent = contiguous(list(self.history), self.fps)
        if not self.unplaced and not self._hand_at_launch(obs.frame) and launched(
                list(self.history), obs.frame, fps=self.fps, band_out=self.band[1], p=self.p):
            return self._start(obs, "launch")
        lifted = self._since_s(obs, max(self.ended_frame, self.left_frame)) <= (
            self.p.lifted_s)  # the ball removed or lifted out of its pocket: no landing yet
        if not lifted and (landed(recent, obs.frame, fps=self.fps, head=self.head, p=self.p)
                           or self._landed_across_gaps(obs.frame)):
            return self._start(obs, "landing")
        if rates := arrived(recent, fps=self.fps, band_out=self.band[1], head=self.head,
                            p=self.p):
            events = self._start(obs, "arrival")
            # the way it ran on the bowl is its way; seen only from the pockets on, it must
            # also hop a pocket there before it is read (a hand placing it may go unseen),
            # unless it was seen rolling down the bowl
            self.dir_samples, self.jumped = rates, not rolled_down(
                recent, fps=self.fps, head=self.head, p=self.p)
            return events
        if not lifted and (hops := self._hopping_in(recent)):
            events = self._start(obs, "found")  # its roll unseen: so is its way (the way
            self.decided, self.found_at = True, hops[0].frame  # it hops is no guide)
            return events
        if self._since_s(obs, max(self.ended_frame, self.outcome_frame)) > (
                self.p.glimpse_after_s) and self._glimpsed_in():  # too little to read
            return [abstain(obs.frame, "ball_unseen", detail="glimpsed hopping, then at rest")]
        return []

    def _glimpse_lost(self, obs: FrameObs) -> bool:
        """Idle, the ball unseen: was its last run of sightings a glimpse of it hopping in
        the pockets (``_glimpsed_hop``), lost just over ``found_gap_s`` ago (asked once;
        sightings that close are joined by the landing and hopping tests, which had their
        chance: a landing tells the ball's way), long after the last round
        (``glimpse_after_s``), not lifted, no spot seen on the bowl for ``glimpse_bowl_s``
        (the track out of view)?"""
        if not self.history:
            return False
        gap = self.p.found_gap_frames(self.fps)
        if obs.frame - self.history[-1].frame != gap + 1:
            return False
        since = max(self.ended_frame, self.outcome_frame)
        return (self._since_s(obs, since) > self.p.glimpse_after_s
                and self._since_s(obs, max(self.ended_frame, self.left_frame))
                > self.p.lifted_s
                and self._since_s(obs, self.bowl_frame) > self.p.glimpse_bowl_s
                and self._glimpsed_hop(contiguous(list(self.history), self.fps)))

    def _start(self, obs: FrameObs, how: str) -> list[Event]:
        self.phase, self.decided, self.dir_samples = "rolling", False, []
        self.unplaced = False
        self.started_frame = obs.frame
        self.pockets_at, self.travel, self.revolutions, self.hop = None, 0.0, 0.0, 0.0
        self.jumped = False  # the ball was found in the pockets after being lost on the bowl
        self.found_at = None  # ... its first sighting after the bowl
        self.glimpsed = False  # started found on a glimpse (``found.glimpsed_hop``)
        self.unhandled = True  # no fingers at the ball yet this round
        self.spun = how == "launch"  # seen running on the bowl from the start
        self.track.forget_unconfirmed()
        self.launch_rates = launch_rates(list(self.history), obs.frame, fps=self.fps,
                                         band_out=self.band[1], p=self.p) if self.spun else []
        recent = contiguous(list(self.history), self.fps)
        self.runs = Runs()
        # the way in, seen before; not a launch's: it starts on the bowl (``launched``), and
        # a sighting in the pockets before it is the last round's ball or the hand carrying
        # it (fresh seed 16001 clip 006 r3: the dealer's hand, taking it from its pocket,
        # taken for a hand at the pockets as the ball settled; the round held back)
        for a, b in zip(recent, recent[1:], strict=False):
            self.runs = self._extend_runs(a, b)
            if self.pockets_at is None and how != "launch" and a.rho <= self.band[1]:
                self.pockets_at = a
            if self.pockets_at is not None:
                self._hop_step(a, b)
        if how == "landing":  # its way coming down, if seen (``approach_rates``)
            self.dir_samples = approach_rates(recent, fps=self.fps, band_out=self.band[1],
                                              p=self.p)
            self.travel += self._lead_travel(recent)
        omega = (self.dir_samples or [self.travel])[0] if how == "landing" else (
            self.track.ball_omega() or 0.0)
        return [Event("ball_launched", obs.frame,
                      extra={"how": how, "ball_direction": "cw" if omega > 0 else "ccw"})]

    def _lead_travel(self, recent: list[Seen]) -> float:
        """A landing's travel relative to the wheel in the pockets before ``recent`` (the
        contiguous sightings that told the landing): the ball hopping there, seen across
        gaps of at most ``found_gap_s`` (at a low frame rate it smears out of sight while
        it moves), each step free and in the pockets. It counts toward the travel to rest
        that tells the ball's way (``ball_way``), not toward its hop (``hop``: whether a
        spot found there hopped is the look-alike test's). (Seed 12801 022 r0, 1280x720 at
        25 fps: the roll out of view, the ball first seen hopping in the pockets 0.4 s
        before the landing was told, 1.9 pockets relative to the wheel, the wheel's way;
        from the landing on it went 0.4 pocket more to rest: no flag without them.)"""
        if not recent:
            return 0.0
        gapped = contiguous(list(self.history), self.fps,
                            gap=self.p.found_gap_frames(self.fps))
        lead = [s for s in gapped if s.frame <= recent[0].frame]
        travel = 0.0
        for a, b in zip(lead, lead[1:], strict=False):
            if a.held or b.held or max(a.rho, b.rho) > self.band[1]:
                travel = 0.0  # (only the hopping in the pockets right before the landing)
                continue
            travel += relative_angle(b.rel, a.rel)
        return travel

    # --- rolling: the ball is in play ---------------------------------------------
    def _void_now(self, frame: int) -> list[Event]:
        """An object in the bowl: void. On an untrusted wheel (its calibration fits the
        pocket pattern poorly, so the head and bowl are not where the strip says) what
        looks like an object may be the turning head: a person must confirm."""
        ball_in_play = self.phase == "rolling"
        self.phase, self.object_frame = "void", frame
        if not self.trusted:
            return [abstain(frame, "low_confidence", ball_in_play=ball_in_play,
                            detail="an object? the wheel's calibration fit")]
        return [void(frame, "object_in_bowl", ball_in_play=ball_in_play)]

    def object_as_ball(self, frame: int, events: list[Event],
                       before: tuple[int | None, int]) -> list[Event]:
        """The ball that settled just now was a thing lying on the head (the caller's
        judgment, ``WheelPipeline._bulky``): instead of its outcome (and rest), an object in
        the bowl; the last winning number and its frame stay ``before``, as they were."""
        self.last_number, self.outcome_frame = before
        kept = [e for e in events if e.type not in ("outcome", "ball_at_rest")]
        self.phase = "rolling"
        return kept + self._void_now(frame)

    def _end(self, frame: int, reason: str) -> list[Event]:
        # (ended_frame stays: a ball lost or caught in play may be a void round, the
        # dealer catching the ball for an object that fell in; an object counts at once)
        if self.pockets_at is None and reason == "ball_handled":
            self.caught_frame = frame
        self.phase = "idle"
        self.history.clear()
        return [abstain(frame, reason), Event("ball_removed", frame)]

    def _rolling(self, obs: FrameObs) -> list[Event]:
        if obs.object_seen:
            return self._void_now(obs.frame)
        if self.ball is None:
            return self._unseen(obs.frame)
        if handled(self.history, self.ball, head=self.head, band_out=self.band[1], fps=self.fps,
                   p=self.p):
            # a dealer took the ball in play: a catch cuts the roll short as a void does
            # (the object that called for it maybe unseen), and the way the ball was seen
            # going still counts (seed 11501 010 r2: seen launched at -12 rad/s, three
            # samples more, too few alone; handled 8 s on, the wheel the same way: no flag)
            return self._cut_short(obs.frame) + self._end(obs.frame, "ball_handled")
        running = self._still_running(obs)  # (keeps the bowl run, frame by frame)
        if self._back_on_bowl() or running:
            self._drop_look_alike()  # the spot found in the pockets was not the ball
            return self._unseen(obs.frame)
        events = self._follow(obs)
        self._hopped_in()
        events += self._check_direction(obs.frame, resting=False)
        read = self._settled(obs.frame)
        if read is None:
            return events
        if self.jumped and self.hop < self.p.settle_travel * POCKET_RAD:
            self._drop_look_alike()
            return events
        number, conf = read
        rolled = self.spun and self.revolutions >= self.p.put_back_rev
        if not rolled and number == self.last_number and self._hand_at_pockets(
                self.p.put_back_hand_s):
            self.phase = "rest"  # Art. 2: after a void the dealer puts the ball back into
            # the last winning number's pocket, by hand: no roll, no outcome. The void may
            # go unseen (seed 10201 001 r3: an object missed, the ball carried in over the
            # rim taken for a landing, read 31 = the last outcome: a wrong outcome). Nor is
            # a "launch" that went down into the pockets within ``put_back_rev`` of a turn
            # a roll (fresh seed 14301 024 r3: the object missed, the hand carrying the ball
            # fast along the bowl taken for a launch, in the pockets 5 frames later, 0.1
            # revolutions, read 9 = the last outcome: a wrong outcome). A hand put it there
            # (``_hand_at_pockets``): with none over the pockets it rolled in, seen late
            return events + [abstain(obs.frame, "ball_put_back", number=number)]
        if self._hand_at_pockets():
            self.phase = "rest"  # a hand at the pockets since the ball came in: not paid
            return events + [abstain(obs.frame, "ball_handled", number=number)]
        self.phase, self.outcome_frame, self.last_number = "rest", obs.frame, number
        events += self._check_direction(obs.frame, resting=True)
        said = outcome(obs.frame, RouletteResult(number), conf) if self.trusted else abstain(
            obs.frame, "low_confidence", number=number, detail="the wheel's calibration fit")
        return events + [said,
                         Event("ball_at_rest", obs.frame, extra={
                             "number": number, "revolutions": round(self.revolutions, 1)})]

    def _hand_at_pockets(self, lead_s: float = 0.0) -> bool:
        """Was a dealer's hand over the pocket band (``FrameObs.hand_px`` at least
        ``put_back_hand_px``) from ``lead_s`` before the ball was first seen in the pockets
        (or the round started, found there) until now?

        With ``put_back_hand_s``: was the ball put back? A ball put back is put there by
        hand; one that rolled in came with no hand near. Where the track is out of view
        every launch is told late, and the turns counted cannot tell the two (fresh seeds
        14301-14701: 8 repeated numbers rolled in, 0.1-0.4 turns seen, hands of at most 42
        px over the band; 4 balls put back in void rounds whose object was missed, 0.1-0.2
        turns, hands of 181-1313 px).

        With none: was a hand there while the ball settled? No dealer reaches over the
        pockets while the ball settles in play; one that does may be moving the ball, or
        what it lies on. Fresh seed 15901 clip 022 r2 (1024x576, 50 fps, a void round): a
        blue card fell onto the head at 1860, unseen as an object (taken for ball sightings
        as it fell), the ball came to lie on it; the dealer's hand over the pockets from
        1955 (66-475 px) carried both with the wheel, and the ball, 1.2 turns rolled, was
        read at rest in 22 at 1996: a wrong outcome."""
        since = self.pockets_at.frame if self.pockets_at is not None else self.started_frame
        return self.hand_frame >= since - round(lead_s * self.fps)

    def _hand_at_launch(self, frame: int) -> bool:
        """A dealer's hand over the pocket band (``put_back_hand_px``) within ``launch_s``:
        the ball running there is carried, not launched. The dealer launches the ball on
        the track, outside the pockets; a hand lifting the ball from its pocket carries it
        along the wheel and out, its fingers not always seen at it. Fresh seed 16001 clip
        029 r4 (1024x576, 25 fps): the ball lifted out 3 frames after it was seen removed,
        taken for a launch the way the wheel turns: a same-direction violation flagged in
        a round that had none."""
        return self.hand_frame >= frame - round(self.p.launch_s * self.fps)

    def _hopped_in(self) -> None:
        """A round started on a glimpse whose sightings go on to show the ball hopping in
        (``_hopping_in``, as idle would have told it a few frames later) is a found round
        like one started so: no look-alike test (``settle_travel``) is asked of it."""
        if not (self.glimpsed and self.jumped):
            return
        recent = contiguous(list(self.history), self.fps)
        if recent and recent[0].frame == self.found_at and self._hopping_in(recent):
            self.glimpsed = self.jumped = False  # (the glimpse's run: no spot found since)

    def _unseen(self, frame: int) -> list[Event]:
        """The ball in play unseen: lost after ``lost_pocket_s`` once it reached the pockets
        (the track never takes it up again there after ``regain_s``), after ``lost_rim_s``
        when last seen on the head's rim (the track takes it up hopping in a pocket, if it
        is seen there), else after ``lost_bowl_s`` (the track may be out of view). Unseen
        for ``lost_pocket_s``, its way so far is decided (``_check_direction``)."""
        unseen = self.track.unseen_s(frame)
        last = self.history[-1].rho if self.history else 0.0
        events = self._check_direction(frame, final=True) if (
            unseen > self.p.lost_pocket_s) else []
        limit = (self.p.lost_pocket_s if self.pockets_at or last <= self.band[1] else
                 self.p.lost_rim_s if last <= self.head else self.p.lost_bowl_s)
        if unseen <= limit:
            return events
        return events + self._end(frame, "ball_lost")

    def _follow(self, obs: FrameObs) -> list[Event]:
        """Revolutions, direction samples on the bowl, travel once in the pockets."""
        omega = self.track.ball_omega()
        if omega is not None:
            self.revolutions += abs(omega) / self.fps / (2 * np.pi)
        self._sample_direction()
        if self.ball.jumped:
            self._found(self.ball)
            return [Event("ball_in_pockets", obs.frame, extra={"found": True})]
        if self.pockets_at is not None:
            prev = self.history[-2] if len(self.history) > 1 else self.ball
            if obs.frame - prev.frame <= 0.5 * self.fps:  # a hop's travel: well under a turn
                self._hop_step(prev, self.ball)
            return []
        if self.ball.rho <= self.band[1]:
            self.pockets_at, self.found_at = self.ball, came_unseen(
                self.history, head=self.head, fps=self.fps, reach_s=self.track.reach_s,
                wheel_rad_s=self.track.wheel_omega(), reach_rad=self.track.reach_rad, p=self.p)
            if self.found_at is None:  # ... or fell straight in: a thing thrown in, taken
                # for the ball (its track out of view) from where it came into sight
                self.found_at = fell_in(self.history, head=self.head, band_out=self.band[1],
                                        p=self.p)
            if self.found_at is None:  # ... its fall in view before the track took it
                self.found_at = fell_in(fall_lead_in(self.history, self.others), head=self.head,
                                        band_out=self.band[1], p=self.p)
            self.jumped |= self.found_at is not None  # (or it arrived unseen on the bowl)
            return [Event("ball_in_pockets", obs.frame,
                          extra={"revolutions": round(self.revolutions, 1)})]
        return []

    def _found(self, ball: Seen) -> None:
        """The ball found in the pockets (``Seen.jumped``): its travel relative to the wheel
        counts from its first sighting there, before the track took it
        (``BallTrack.lead_in``)."""
        seen = [*self.track.lead_in, ball]
        self.pockets_at, self.travel, self.hop, self.jumped = seen[0], 0.0, 0.0, True
        self.found_at = seen[0].frame
        for a, b in zip(seen, seen[1:], strict=False):
            if b.frame - a.frame <= 0.5 * self.fps:  # (as ``_follow``: a hop's travel)
                self._hop_step(a, b)

    def _hop_step(self, a: Seen, b: Seen) -> None:
        """The ball's step from ``a`` to ``b`` in the pockets: its travel relative to the
        wheel, and the farthest it has gone (``hop``)."""
        self.travel += relative_angle(b.rel, a.rel)
        self.hop = max(self.hop, abs(self.travel))

    def _settled(self, frame: int) -> tuple[int, float] | None:
        """(number, confidence) once the ball rests (``rest.rest_read``), not where a
        look-alike rides (a fixture): we cannot stand behind that."""
        last = self.history[-1] if self.history else None
        if last is None or self.track.near_fixture(last.rho, last.rel):
            return None
        return rest_read(self.history, frame, fps=self.fps, band_out=self.band[1],
                         sense=self.sense, p=self.p)

    # --- after the round -----------------------------------------------------------
    def _rest(self, obs: FrameObs) -> list[Event]:
        return self._await_removal(obs)

    def _void(self, obs: FrameObs) -> list[Event]:
        if obs.object_seen:
            if (self._since_s(obs, self.object_frame) > self.p.object_again_s
                    and not self._ball_resting(obs.frame)
                    and not self._ball_put_in(obs.frame)):
                # the void's object long gone, no ball in a pocket (put back: the dealer's
                # fingers at it could be taken for one): the next round was launched unseen,
                # and this is its object (seed 10301 025 r3: no void sent)
                self.caught = self.put_in = False
                return self._void_now(obs.frame)
            self.object_frame = obs.frame
        if (obs.frame - self.object_frame) / self.fps < self.p.object_gone_s:
            return []
        if self.put_in and self.ball is not None and not self.ball.held and launched(
                list(self.history), obs.frame, fps=self.fps, band_out=self.band[1], p=self.p):
            return self._start(obs, "launch")  # spun again, the ball never out of sight
        return self._await_removal(obs)

    def _await_removal(self, obs: FrameObs) -> list[Event]:
        """The ball is removed once unseen for ``removed_s``."""
        if self.ball is not None or self.track.unseen_s(obs.frame) <= self.p.removed_s:
            return []
        if self.phase == "void":  # its end counts as an outcome: the dealer's hands are at
            # work, the ball put back taken to spin again (fingers over the pockets; seed
            # 10101 000 r2's false void 2.6 s after r1's)
            self.outcome_frame = obs.frame
            self.unplaced = self.last_number is not None and (  # to be put back (``_idle``)
                self.band[1] < self.void_rho < np.inf)
        self.phase, self.ended_frame = "idle", obs.frame
        self.history.clear()
        return [Event("ball_removed", obs.frame)]

    def finish(self, last_frame: int) -> list[Event]:
        """The stream ended: a round still in play gets an abstain."""
        if self.phase == "rolling":
            self.phase = "idle"
            return [abstain(last_frame, "stream_ended")]
        return []
