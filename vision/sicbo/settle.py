"""Stage 4 (time): the life of one sic bo round, one ``update()`` per frame.

The tracker sees, per frame, only small typed observations (``FrameObs``): whether
the dome moved (cheap low-res differencing), whether the lid looks on (``covered``;
``None`` while no lid model is known), and, on the frames where the reader chose to
run the dice reader, what it found (``DiceObs``). It decides the round's events.

Phases::

    COVERED --(lid off: covered False, or a still read shows dice)--> OPEN
    OPEN    --(agreeing reads)--> DECIDED   (outcome | void | abstain)
    OPEN | DECIDED --(covered: lid model says so, or a still read shows no dice)--> COVERED

Decision rules in OPEN (``SettleParams`` holds the numbers):

- reads are only taken after ``still_frames`` still frames, and motion discards the
  reads of the spell (the dice moved again);
- outcome: the last ``agree_reads`` reads each see exactly three flat dice with
  confident faces, the same sorted faces, at the same places;
- void: the last ``agree_reads`` reads each see a stacked (``dice_stacked``) or a
  leaning (``dice_leaning``) die, the dice at the same places (``count_reads`` reads when
  they see fewer than three dice); stacked wins when both show. Two dice seen, one not
  flat on every one of ``count_reads`` reads (its face centre may wander by
  ``pose_place_rel`` edge: the hidden die's pair is seen by one face or another) is a
  void too (``_hidden_die_void``). A die seen stacked or leaning at one place on
  ``count_reads`` reads of the spell, the other reads missing it and seeing no die
  elsewhere, is a void too (``_recurring_pose``: a merged pair found on some reads only).
  A pose on fewer than three dice rests on a die hidden by the posed one: a read of the
  spell that saw the third die apart from it denies it (``_third_seen_apart``). A spell
  of ``max_reads`` whose every read saw two dice or more (some three or more) with a die
  not flat, all such dice near one place, is a void by the pose more of them saw
  (``_posed_throughout``: one pair seen by one face or another, or as one die);
- ``dice_count`` flag: the last ``count_reads`` reads all see the same count other
  than three, the dice at the same places, then abstain; but while the last read shows
  a die not flat, read on (up to ``max_reads``): the pose needs ``count_reads`` reads
  alike, and a stack's first read may miss it (fresh seed-10304 clip 003 r0: two dice,
  read flat, stacked, stacked, abstained; the next read was stacked too). With
  ``two_means_stacked`` (the default), exactly two dice, both flat and at least
  ``two_sure_conf`` sure on every counted read, on a floor not nearly as bright as them
  (``DiceObs.pale_floor``), is a ``dice_stacked`` void instead: all three dice are in
  view and opaque, so the third is hidden under (or behind) another. Where the floor is
  pale a die can go unseen on it, a die read unsurely may be a pair read as one, and a die
  whose blob holds more than a die (``DieObs.joined``) may hide a second die's face in it
  (fresh seed 15204 018 r0: a one and a two corner to corner, one blob, the two unread:
  voided stacked, a false void), and a die-sized blob the reader dropped unread apart from
  the two (``DiceObs.unread``: fresh seed 17604 022 r4, a two read as its corner pip) may be
  the third die: those still abstain. Spent seeds 14304-15104 (nine sets,
  1350 rounds, as read by the code of sessions 45-53): 24 rounds abstained with two dice
  seen, 13 stacked, 9 leaning and 2 results, both on near-white floors (14504 003 r1,
  14804 001 r1: a die missed). Those clips read again with this rule (14): four stacks
  voided (15104 001 r4, 003 r1, 021 r1; 14904 012 r4), a lean voided stacked (14404 027
  r3), the seven rounds on floors judged pale (the result 14804 001 r1 among them) still
  abstained. It was off while the dice reader missed dice more often (an early set: 16
  false voids for 4 stacks found);
- abstain ``low_confidence``: ``max_reads`` reads in one still spell without a decision,
  or the lid goes back on after reads but before a decision (``covered_before_read``;
  a lid that only seemed to come off, with no read taken, is no round). A read of no
  dice while the lid test says off is no read of the round (``_nothing_seen``).

In DECIDED nothing more is emitted for the round (the dice may move or be touched;
only the lid going on starts a new round). Outside OPEN, with no lid model, one check read
per still spell tells lid on (no dice) from off; with one (``covered`` not None), a
decided round asks for no read at all: the lid test says when the lid goes on, and a read
there costs as much as a deciding one (a quarter of a round's reads). A ``no_shake``
flag precedes the outcome or void when the dice lie where they lay at the previous
decision with the same faces.
Phase events: ``lid_off``, ``dice_at_rest``, ``lid_on``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from vision.footage import DiceResult, Event, abstain, outcome, void
from vision.sicbo.points import centre_gap_px
from vision.sicbo.settle_reads import (
    at_place,
    posed,
    reads_confidence,
    same_dice,
    sorted_faces,
    split_pose,
)

__all__ = ["DiceObs", "DieObs", "FrameObs", "Phase", "RoundTracker", "SettleParams"]

POSES = ("flat", "leaning", "stacked")


@dataclass(frozen=True, slots=True)
class DieObs:
    """One die seen in one frame: top-face centre (px), edge (px), face or None; its
    box (px) only to show what was seen (``event_detail``), never to decide."""

    center_xy: tuple[float, float]
    edge_px: float
    face: int | None
    confidence: float
    pose: str = "flat"
    box_xyxy: tuple[float, float, float, float] | None = None  # its blob (px), for evidence
    span_px: float = 0.0      # its top pips' longest distance (px; 0 unknown): ``height``
    big_pip: bool = False             # one pip as large as a one's (``DieRead.big_pip``)
    pips_xy: tuple[tuple[float, float], ...] = ()   # its top face's pips (px): ``glare``
    joined: bool = False              # its blob holds more than a die (``DieRead.joined``)

    def __post_init__(self) -> None:
        if self.face is not None and self.face not in range(1, 7):
            raise ValueError(f"face must be 1..6 or None, got {self.face!r}")
        if self.pose not in POSES:
            raise ValueError(f"pose must be one of {POSES}, got {self.pose!r}")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be in [0, 1], got {self.confidence}")
        if self.edge_px <= 0:
            raise ValueError(f"edge_px must be > 0, got {self.edge_px}")


@dataclass(frozen=True, slots=True)
class DiceObs:
    """Every die the dice reader found in one frame."""

    dice: tuple[DieObs, ...]
    pale_floor: bool = False   # the floor round them nearly as bright as the dice: a die
    # may lie there unseen (``pair.pale_floor``; the reader judges it on reads of two)
    unread: bool = False       # a die-sized blob with a lone pip dropped as "not a die",
    # apart from the dice read: a die the reader could not read (``dice._unread_die``)

    @property
    def count(self) -> int:
        return len(self.dice)

    def has(self, pose: str) -> bool:
        return any(d.pose == pose for d in self.dice)


@dataclass(frozen=True, slots=True)
class FrameObs:
    """What the reader measured at ``frame`` (``read`` only on frames it read dice)."""

    frame: int
    moving: bool
    covered: bool | None = None
    read: DiceObs | None = None


@dataclass(frozen=True, slots=True)
class SettleParams:
    still_frames: int = 2          # still frames before the first read of a spell
    agree_reads: int = 2           # consecutive reads that must agree on a decision
    count_reads: int = 3           # consecutive reads of a wrong dice count before flagging
    max_reads: int = 6             # reads in one still spell before abstaining
    min_face_conf: float = 0.98    # every die of an outcome read at least this confident ...
    min_face_conf_many: float = 0.95  # ... or this, for a face of 3+ pips (see _sorted_faces)
    min_face_conf_one: float = 0.97   # ... or this, for a one (one large round pip)
    same_place_rel: float = 0.3    # die centres closer than this x edge: the same place
    pose_place_rel: float = 1.0    # ... for the not-flat die of a pair (_hidden_die_void)
    hidden_reach_rel: float = 2.5  # a third die this x edge from a posed die: not under it
    two_means_stacked: bool = True  # two dice on count_reads reads: stacked void, not abstain
    two_sure_conf: float = 0.9     # ... both flat and read at least this surely
    split_conf: float = 0.5        # a lean's pair seen as two dice this unsure (_split_pair) ...
    split_reach_rel: float = 1.75  # ... this x edge apart (touch.TouchParams.reach_rel)

    def __post_init__(self) -> None:
        if self.still_frames < 1 or self.agree_reads < 1 or self.count_reads < 1:
            raise ValueError(f"frame and read counts must be >= 1, got {self}")
        if self.max_reads < max(self.agree_reads, self.count_reads):
            raise ValueError(f"max_reads must be >= agree_reads and count_reads, got {self}")

    @classmethod
    def for_fps(cls, fps: float) -> SettleParams:
        """About 0.2 s of stillness before reading, at least two frames: the last
        sub-pixel rocking of a settling die is invisible, so stillness is held a moment."""
        if fps <= 0:
            raise ValueError(f"fps must be > 0, got {fps}")
        return cls(still_frames=max(2, round(0.2 * fps)))


class Phase(Enum):
    COVERED = "covered"
    OPEN = "open"
    DECIDED = "decided"


class RoundTracker:
    """Turns per-frame observations into round events; ``wants_read`` asks for a dice read."""

    def __init__(self, params: SettleParams = SettleParams()) -> None:
        self.params = params
        self.phase = Phase.COVERED
        self._still_run = 0
        self._reads: list[DiceObs] = []
        self._checked_spell = False      # a covered/open check read was done this still spell
        self._at_rest_sent = False
        self._round_reads = 0                  # reads taken since the lid came off
        self._previous: DiceObs | None = None  # the read behind the last decision
        self._lid_known = False                # the last frame's lid test answered

    @property
    def wants_read(self) -> bool:
        """Should the reader run the dice reader on the NEXT frame if it is still too?"""
        if self._still_run < self.params.still_frames:
            return False
        if self.phase is Phase.OPEN:
            return len(self._reads) < self.params.max_reads
        if self.phase is Phase.DECIDED and self._lid_known:
            return False   # the lid test tells when the lid goes on: a check read is waste
        return not self._checked_spell

    def update(self, obs: FrameObs) -> list[Event]:
        if obs.moving:
            self._still_run = 0
            self._reads.clear()
            self._checked_spell = False
        else:
            self._still_run += 1
        covered = obs.covered
        self._lid_known = covered is not None
        if obs.read is not None and self.phase is not Phase.OPEN:
            self._checked_spell = True
        if covered is None and obs.read is not None:
            covered = obs.read.count == 0
        if covered:
            return self._cover(obs.frame)
        if covered is False and self.phase is Phase.COVERED:
            return self._open(obs)
        if self.phase is Phase.OPEN and obs.read is not None and not obs.moving:
            return self._read(obs.frame, obs.read)
        return []

    def finish(self, last_frame: int) -> list[Event]:
        if self.phase is Phase.OPEN and self._round_reads:
            self.phase = Phase.DECIDED
            return [abstain(last_frame, "stream_ended")]
        return []

    # -- transitions --------------------------------------------------------------

    def _cover(self, frame: int) -> list[Event]:
        events: list[Event] = []
        if self.phase is Phase.OPEN and self._round_reads:
            events.append(abstain(frame, "covered_before_read"))
        if self.phase is not Phase.COVERED:
            events.append(Event("lid_on", frame))
        self.phase = Phase.COVERED
        self._reads.clear()
        return events

    def _open(self, obs: FrameObs) -> list[Event]:
        self.phase = Phase.OPEN
        self._reads.clear()
        self._at_rest_sent = False
        self._round_reads = 0
        events = [Event("lid_off", obs.frame)]
        if obs.read is not None and not obs.moving:
            events += self._read(obs.frame, obs.read)
        return events

    def _read(self, frame: int, read: DiceObs) -> list[Event]:
        if read.count == 0:
            return self._nothing_seen()
        events: list[Event] = []
        if not self._at_rest_sent:
            events.append(Event("dice_at_rest", frame))
            self._at_rest_sent = True
        self._reads.append(read)
        self._round_reads += 1
        decided = self._decide(frame)
        if decided:
            self.phase = Phase.DECIDED
            if decided[-1].type in ("outcome", "void") and self._no_shake(self._reads[-1]):
                events.append(Event("no_shake", frame))
            self._previous = self._reads[-1]
        return events + decided

    def _nothing_seen(self) -> list[Event]:
        """A read of no dice with the lid test saying off (the tracker's only caller
        then): no read of the round's dice. The lid is still lifting (a lid that fades
        as it rises passes the lid test before the dice show through it), or the dice
        are as pale as the floor. It is counted (the lid going back on with nothing
        decided still abstains ``covered_before_read``) but does not spend the spell's
        ``max_reads``: the next read waits for another ``still_frames`` still frames.
        Seed 14804 (spent) clip 001 r1 (640x480, the lid fading off over 27 frames,
        still): six reads of no dice in frames 559-564, abstained ``low_confidence``
        before the dice showed."""
        self._round_reads += 1
        self._still_run = 0
        return []

    # -- decisions ------------------------------------------------------------------

    def _decide(self, frame: int) -> list[Event]:
        p = self.params
        hidden = None if self._third_seen_apart() else (self._void_reason()
                                                         or self._hidden_die_void())
        reason = hidden or self._recurring_pose()
        if reason is not None:
            return [void(frame, reason)]
        last = self._reads[-p.agree_reads:]
        if len(last) == p.agree_reads and self._same_places(last):
            agreed = self._agreed_faces(last)
            if agreed is not None:
                return [outcome(frame, DiceResult(agreed), reads_confidence(last))]
        counted = self._reads[-p.count_reads:]
        n = counted[-1].count
        if len(counted) == p.count_reads and n not in (0, 3) and self._same_places(counted):
            if len(self._reads) < p.max_reads and any(posed(r) for r in counted):
                return []             # a pose just seen: the next reads may confirm it
            flag = Event("dice_count", frame, extra={"count": n})
            stacked = n == 2 and p.two_means_stacked and all(self._two_on_dark(r) for r in counted)
            return [flag, void(frame, "dice_stacked") if stacked else abstain(frame, "dice_count")]
        if len(self._reads) >= p.max_reads:
            posed_void = self._posed_throughout()
            return [void(frame, posed_void) if posed_void else abstain(frame, "low_confidence")]
        return []

    def _two_on_dark(self, read: DiceObs) -> bool:
        """Two dice, both flat and sure, on a floor not pale, neither die's blob joined to
        more than a die, and no die-sized blob left unread apart from them (``unread``: the
        third die may be that one; ``two_means_stacked``)."""
        return read.count == 2 and not read.pale_floor and not read.unread and all(
            d.pose == "flat" and d.confidence >= self.params.two_sure_conf and not d.joined
            for d in read.dice)

    def _void_reason(self) -> str | None:
        """``dice_stacked`` / ``dice_leaning`` when the last reads all show that pose, the
        dice at the same places: ``agree_reads`` reads of three dice, ``count_reads`` of
        fewer (the pose then rests on a die hidden by another, and a die merely missed for
        a moment, say by a glint, must not void the round). Not on reads of one die: two
        dice hidden under one is no stack or lean of sic bo's three, and a lone "die" posed
        is more likely no die at all (fresh seed 17804 clip 025 r0: the dome rim's marker
        on the lid, read as a leaning one at 0.52 before any lid model was learnt, voided
        ``dice_leaning`` at frame 8 with the lid on; ``tint.pipless``). Such reads go to
        the ``dice_count`` flag (abstain)."""
        p = self.params
        need = p.agree_reads if self._reads[-1].count == 3 else max(p.agree_reads, p.count_reads)
        last = self._reads[-need:]
        if len(last) < need or not self._same_places(last) or any(r.count < 2 for r in last):
            return None
        for pose, reason in (("stacked", "dice_stacked"), ("leaning", "dice_leaning")):
            if all(r.has(pose) for r in last):
                return reason
        return None

    def _third_seen_apart(self) -> bool:
        """The latest read sees fewer than three dice, one not flat, and a read of this
        still spell saw three: a die at each of its places and the third farther than
        ``hidden_reach_rel`` x edge from every die not flat. Dice at rest do not move, so
        the third die lies apart, not under or against the posed one: the posed die's
        blob holds one die, and a pose resting on a hidden die (``_void_reason`` and
        ``_hidden_die_void`` on fewer than three dice) is denied (fresh seed 11504 (spent)
        clip 017 r0: a flat five joined to the rim in a blob with no face found on reads
        2-4, the four beside the rim then read as the pair's blob, stacked, leaning,
        leaning: voided dice_leaning; read 1 saw the five 6 edges from the four). A
        leaning pair split in two dice shows the other die within ~1.5 edges."""
        last = self._reads[-1]
        off = [d for d in last.dice if d.pose != "flat"]
        if last.count >= 3 or not off:
            return False
        reach = self.params.hidden_reach_rel
        for read in self._reads:
            if read.count != 3 or not all(self._at(read, d) is not None for d in last.dice):
                continue
            third = [d for d in read.dice if self._at(last, d) is None]
            if third and all(centre_gap_px(t, d) > reach * max(t.edge_px, d.edge_px)
                             for t in third for d in off):
                return True
        return False

    def _hidden_die_void(self) -> str | None:
        """Two dice seen on the last ``count_reads`` reads, each read with one die not
        flat: the flat die at the same place, the other within ``pose_place_rel`` x edge
        of where it was. The third die lies under or against that one, and the reads see
        the pair by one face or another in turn: the upper die's clean face ("stacked") or
        a face at the lower die's side ("leaning"), whose centres lie apart (fresh seed
        10104, clip 005 r1: a stack read in turn as a clean six, stacked, and as a six read
        at 0.46 0.65 edge from it, leaning; never three reads alike: it abstained). Stacked
        wins when both show, as within one read, but for one face seen throughout: the
        not-flat die the same face at the same place (``same_place_rel``) on every read is
        one view of one pair, and its pose flickers on a borderline cue, so most reads
        decide (seed 10804 (spent) clip 005 r2: a two with a five leaning under it, the
        two read leaning, leaning, stacked: voided stacked)."""
        p = self.params
        last = self._reads[-p.count_reads:]
        if len(last) < p.count_reads or any(r.count != 2 for r in last):
            return None
        split = [split_pose(r) for r in last]
        if any(s is None for s in split):
            return None
        flat = [s[0] for s in split]                      # type: ignore[index]
        lone = [s[1] for s in split]                      # type: ignore[index]
        if not all(same_dice(flat[0], f, p.same_place_rel, faces=False) for f in flat[1:]) \
                or not all(same_dice(lone[0], d, p.pose_place_rel, faces=False)
                           for d in lone[1:]):
            return None
        stacked = sum(r.has("stacked") for r in last)
        if all(same_dice(lone[0], d, p.same_place_rel) for d in lone[1:]):
            return "dice_stacked" if 2 * stacked >= len(last) else "dice_leaning"
        return "dice_stacked" if stacked else "dice_leaning"

    def _recurring_pose(self) -> str | None:
        """The latest read's stacked or leaning die seen so at its place (``same_place_rel``)
        on ``count_reads`` reads of the still spell, consecutive or not, the spell's other
        reads missing that die: ``dice_stacked`` / ``dice_leaning``. Dice at
        rest do not move, so a read that sees fewer dice, all at places the latest read
        sees, is the same scene with some die missed; only a die read flat at that place,
        or a die seen elsewhere (the dice moved, or the reads disagree), denies it, but for
        a lean's pair seen split in two dice the reader did not trust (``_split_pair``). A pair
        of dice merged in one blob is found on some reads and lost on others (fresh seed
        11104 clip 021 r0: a six leaning 37 degrees on a two, read as a five leaning at
        0.35 on reads 2, 5 and 6 of six, the lone six alone on the others: abstained
        low_confidence). Never an outcome: a void needs no face. Not on a latest read of
        one die (``_void_reason``)."""
        p = self.params
        spell, last = self._reads, self._reads[-1]
        if last.count < 2:
            return None
        within = [self._within(r, last) for r in spell]
        for pose, reason in (("stacked", "dice_stacked"), ("leaning", "dice_leaning")):
            for die in (d for d in last.dice if d.pose == pose):
                there = [self._at(r, die) for r in spell]
                split = [pose == "leaning" and self._split_pair(r, d, last)
                         for r, d in zip(spell, there, strict=True)]
                if not all(w or s for w, s in zip(within, split, strict=True)):
                    continue
                seen = sum(d is not None and d.pose == pose for d in there)
                if seen >= p.count_reads and (all(d is None or d.pose == pose or s
                                                  for d, s in zip(there, split, strict=True))
                                              or (pose == "stacked"
                                                  and _stack_outvotes(spell, there, seen))):
                    return reason
        return None

    def _posed_throughout(self) -> str | None:
        """Every read of a spell of ``max_reads`` saw two dice or more and some three or
        more, a die not flat among them, every such die within ``hidden_reach_rel`` x edge
        of the latest read's:
        ``dice_stacked`` or ``dice_leaning``, whichever pose more reads saw (stacked on a
        tie, as within one read). One pair of dice, not lying flat, seen by one face or
        another in turn (a side face found as a die on some reads), each pose on too few
        reads at one place for ``_recurring_pose``: never an outcome. Seed 15704 clip 027
        r0 (1024x576, camera 5 degrees): a six tipped 40 degrees against a six, a red
        four's side face between them; six reads, each with a die stacked or leaning at one
        of three places 1.6 edges apart (three dice seen, or four): abstained
        low_confidence (truth dice_leaning). The pair may be seen as one die on some reads
        (two dice seen) while the reads between see it as two, one posed: the third die is
        then no die hidden, it is the pair's. Fresh seed 16104 clip 024 r3 (1920x1080): a
        five and a four, one leaning on the other, read in turn as the five leaning (two
        dice seen) and as the five (flat, 0.5) with the four leaning beside it (three),
        the posed dice 1.49 edges apart: abstained low_confidence (truth dice_leaning).
        Two dice on every read stay with the hidden die's rules (``_hidden_die_void``)."""
        p, last = self.params, self._reads[-1]
        off = [d for d in last.dice if d.pose != "flat"]
        if not off or any(r.count < 2 for r in self._reads) or all(
                r.count < 3 for r in self._reads):
            return None       # (two dice throughout: the pose rests on a die hidden)
        for read in self._reads:
            posed_here = [d for d in read.dice if d.pose != "flat"]
            if not posed_here or any(
                    centre_gap_px(d, off[0]) > p.hidden_reach_rel * max(d.edge_px, off[0].edge_px)
                    for d in posed_here):
                return None
        stacked = sum(r.has("stacked") for r in self._reads)
        leaning = sum(r.has("leaning") for r in self._reads)
        return "dice_stacked" if stacked >= leaning else "dice_leaning"

    def _split_pair(self, read: DiceObs, die: DieObs | None, last: DiceObs) -> bool:
        """``read`` sees the leaning die of ``last`` (``die``, at its place) as two dice
        the dice reader did not trust, a die more than ``last``: ``die`` read flat under
        ``split_conf``, and beside it, within ``split_reach_rel`` x edge (a lean's reach:
        ``touch``), one die at no place of ``last``, flat and under ``split_conf`` too;
        every other die at a place of ``last``. A leaning pair's blob holds both dice on
        some reads (the lean seen: ``pair_pose``, a second face), and splits in two on
        others, where the reader caps both (touching, flat or leaning cannot be told):
        such a read does not deny the lean (``_recurring_pose``). Fresh seed 13504
        (spent) clip 020 r1 (1024x576, camera 16 degrees, grey floor): a four tipped 22
        degrees against a six, read in turn as the six and the four touching, 0.5 each,
        1.39 edges apart, and as one six leaning at 1.0 (three reads of six): abstained
        low_confidence (truth dice_leaning)."""
        p = self.params
        if die is None or die.pose != "flat" or die.confidence > p.split_conf \
                or read.count != last.count + 1:
            return False
        extra = [d for d in read.dice if self._at(last, d) is None]
        if len(extra) != 1 or any(self._at(read, d) is None for d in last.dice):
            return False
        e = extra[0]
        return (e.pose == "flat" and e.confidence <= p.split_conf
                and centre_gap_px(e, die) < p.split_reach_rel * max(e.edge_px, die.edge_px))

    def _at(self, read: DiceObs, die: DieObs) -> DieObs | None:
        """The die of ``read`` at ``die``'s place (``same_place_rel``), or None."""
        return next((d for d in read.dice
                     if at_place(d, die, self.params.same_place_rel)), None)

    def _within(self, read: DiceObs, last: DiceObs) -> bool:
        """Every die of ``read`` lies at a place of a die of ``last``."""
        return all(self._at(last, d) is not None for d in read.dice)

    def _agreed_faces(self, reads: list[DiceObs]) -> tuple[int, int, int] | None:
        p = self.params
        floors = (p.min_face_conf_one, p.min_face_conf) + (p.min_face_conf_many,) * 4
        faces = {sorted_faces(r, floors) for r in reads}
        if len(faces) != 1 or None in faces:
            return None
        if not all(same_dice(reads[0], r, self.params.same_place_rel) for r in reads[1:]):
            return None
        return faces.pop()

    def _same_places(self, reads: list[DiceObs]) -> bool:
        rel = self.params.same_place_rel
        return all(same_dice(reads[0], r, rel, faces=False) for r in reads[1:])

    def _no_shake(self, read: DiceObs) -> bool:
        prev = self._previous
        return prev is not None and same_dice(prev, read, self.params.same_place_rel)


def _stack_outvotes(spell: list[DiceObs], there: list[DieObs | None], stacked: int) -> bool:
    """Every read of the spell saw exactly two dice, this die at its place on each, read
    stacked on more reads (``stacked``) than flat and never leaning: the third die is
    hidden on every read, so a flat read of the die only says the stack cue stayed under
    its threshold that time (it measures the lit region against the other die's, and the
    face sizes it is scaled by wander by a few per cent from read to read). Fresh seed
    12404 clip 020 r1 (1920x1080, camera 25 degrees): a three on a die, read flat,
    stacked, stacked, flat, stacked (lit spans 1.13-1.15 against 0.99-1.03 edge, the
    ratio 1.145 on the stacked reads and 1.115 on the flat one, the other face read 59
    px, not 63): abstained dice_count on the fourth read."""
    return (all(r.count == 2 for r in spell) and all(d is not None for d in there)
            and all(d.pose in ("stacked", "flat") for d in there)  # type: ignore[union-attr]
            and stacked > sum(d.pose == "flat" for d in there))  # type: ignore[union-attr]

