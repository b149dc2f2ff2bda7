"""Score one clip's reader events against its sidecar (contract section 4), round by round.

Pure: a :class:`~vision.footage.Sidecar` and a list of :class:`~vision.footage.Event` in,
one :class:`RoundScore` per round out. Every round gets exactly one ``kind``.

How the text of section 4 is read here (where it leaves room, the choice is stated):

* Each event goes to the round whose ``[start_frame, end_frame]`` holds its frame. Events
  outside every round are ignored (:func:`events_outside_rounds` counts them). Only the
  types ``outcome``, ``void``, ``abstain`` and ``violation`` are read; others are ignored.
* A round with a result gets the first of these that applies:

  1. ``wrong``: an ``outcome`` with another result, or an ``outcome`` before
     ``settled_frame`` (the contract's two cases), or MORE THAN ONE ``outcome`` even if
     each equals the truth. "correct" needs exactly one; a second forwarded outcome could
     settle the round twice, and "wrong" is the only class for forwarded outcomes that are
     not correct (false void, abstained and missed all describe rounds without such an
     outcome). ``cause`` tells the three apart.
  2. ``false_void``: a ``void`` event and no wrong outcome. This also covers a correct
     outcome together with a void event: the contract excludes only a *wrong* outcome,
     and at the table the void would cancel the round.
  3. ``correct``: exactly one ``outcome``, equal to the truth, at a frame >= settled_frame.
  4. ``abstained``: an ``abstain`` event and no outcome or void.
  5. ``missed``: none of the above.

* A void round: ``wrong`` if any ``outcome`` is in it; else ``void_detected`` if a
  ``void`` event has the right reason; else ``void_misclassified`` if a ``void`` event has
  another reason; else ``void_missed`` (an ``abstain`` alone is a miss here; its first
  abstain is then the round's ``decisive`` event, so the report shows what the reader
  saw when it gave up).
* Latency: correct outcome ``(event.frame - settled_frame) / fps``; detected void
  ``(event.frame - void.frame) / fps`` using the first void event with the right reason.
  The contract does not forbid a void decided before ``void.frame``; its latency is then
  negative and kept as is, so the report shows it.
* ``violation``: ``"detected"`` for a round whose ball and wheel turned the same way and
  that holds a ``violation`` event, ``"missed"`` for such a round without one,
  ``"false_alarm"`` for any other round (void rounds and sic bo included) holding one,
  else ``None``. The event's reason is not checked (the contract does not ask for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vision.footage import SCORED_TYPES, Event, Round, Sidecar

__all__ = [
    "KINDS", "RESULT_KINDS", "VIOLATION_STATES", "VOID_KINDS", "WRONG_CAUSES", "RoundScore",
    "events_by_round", "events_outside_rounds", "score", "score_round",
]  # fmt: skip

RESULT_KINDS = ("correct", "wrong", "false_void", "abstained", "missed")
VOID_KINDS = ("void_detected", "wrong", "void_misclassified", "void_missed")
KINDS = ("correct", "wrong", "false_void", "abstained", "missed",
         "void_detected", "void_misclassified", "void_missed")  # fmt: skip
WRONG_CAUSES = ("other_result", "before_settled", "several_outcomes", "outcome_in_void_round")
VIOLATION_STATES = ("detected", "missed", "false_alarm")


@dataclass(frozen=True, slots=True)
class RoundScore:
    """How the reader did on one round.

    ``decisive`` is the event that decided ``kind`` (None for a miss) and ``frame`` its
    frame; ``latency_s`` is set for ``correct`` and ``void_detected`` only; ``cause`` says
    why a round is ``wrong`` (one of WRONG_CAUSES) and is None otherwise.
    """

    index: int
    kind: str
    truth: Round
    decisive: Event | None = None
    latency_s: float | None = None
    cause: str | None = None
    violation: str | None = None
    ignored: tuple[Event, ...] = ()  # scored events in the round that did not decide it

    def __post_init__(self) -> None:
        allowed = VOID_KINDS if self.truth.void is not None else RESULT_KINDS
        if self.kind not in allowed:
            raise ValueError(f"round {self.index}: kind must be one of {allowed}, "
                             f"got {self.kind!r}")
        if (self.kind == "wrong") != (self.cause is not None):
            raise ValueError(f"round {self.index}: cause must be set exactly for 'wrong', "
                             f"got kind {self.kind!r} with cause {self.cause!r}")
        if self.cause is not None and self.cause not in WRONG_CAUSES:
            raise ValueError(f"cause must be one of {WRONG_CAUSES}, got {self.cause!r}")
        if self.violation is not None and self.violation not in VIOLATION_STATES:
            raise ValueError(f"violation must be one of {VIOLATION_STATES} or None, "
                             f"got {self.violation!r}")
        if (self.latency_s is not None) != (self.kind in ("correct", "void_detected")):
            raise ValueError(f"round {self.index}: latency is set exactly for correct "
                             f"and void_detected, got kind {self.kind!r} "
                             f"with latency {self.latency_s!r}")

    @property
    def frame(self) -> int | None:
        """The frame of the decisive event, or None when no event decided the round."""
        return None if self.decisive is None else self.decisive.frame

    @property
    def is_void_round(self) -> bool:
        return self.truth.void is not None


def events_by_round(sidecar: Sidecar, events: Sequence[Event]) -> list[list[Event]]:
    """The scored events of each round in frame order (stable for equal frames; the contract
    asks readers for frame order, a file out of order is sorted); others dropped."""
    buckets: list[list[Event]] = [[] for _ in sidecar.rounds]
    for ev in sorted(events, key=lambda e: e.frame):
        if ev.type not in SCORED_TYPES:
            continue
        for i, rnd in enumerate(sidecar.rounds):
            if rnd.contains(ev.frame):
                buckets[i].append(ev)
                break
    return buckets


def events_outside_rounds(sidecar: Sidecar, events: Sequence[Event]) -> int:
    """How many scored events lie outside every round (they are ignored)."""
    return sum(1 for ev in events if ev.type in SCORED_TYPES
               and not any(r.contains(ev.frame) for r in sidecar.rounds))


def score(sidecar: Sidecar, events: Sequence[Event]) -> tuple[RoundScore, ...]:
    """One RoundScore per sidecar round, in round order."""
    return tuple(score_round(rnd, evs, sidecar.fps)
                 for rnd, evs in zip(sidecar.rounds, events_by_round(sidecar, events),
                                     strict=True))


def score_round(rnd: Round, events: Sequence[Event], fps: float) -> RoundScore:
    """Score one round from the scored events that fall inside it."""
    violations = [e for e in events if e.type == "violation"]
    if rnd.same_direction:
        violation = "detected" if violations else "missed"
    else:
        violation = "false_alarm" if violations else None
    decided = _score_void(rnd, events, fps) if rnd.void else _score_result(rnd, events, fps)
    kind, decisive, latency, cause = decided
    ignored = tuple(e for e in events if e is not decisive and e.type != "violation")
    return RoundScore(index=rnd.index, kind=kind, truth=rnd, decisive=decisive,
                      latency_s=latency, cause=cause, violation=violation, ignored=ignored)


_Decision = tuple[str, Event | None, float | None, str | None]


def _of(events: Sequence[Event], type_: str) -> list[Event]:
    return [e for e in events if e.type == type_]


def _score_result(rnd: Round, events: Sequence[Event], fps: float) -> _Decision:
    assert rnd.settled_frame is not None
    outcomes, voids, abstains = _of(events, "outcome"), _of(events, "void"), _of(events, "abstain")
    for ev in outcomes:
        if ev.result != rnd.result:
            return "wrong", ev, None, "other_result"
        if ev.frame < rnd.settled_frame:
            return "wrong", ev, None, "before_settled"
    if len(outcomes) > 1:
        return "wrong", outcomes[1], None, "several_outcomes"
    if voids:
        return "false_void", voids[0], None, None
    if outcomes:
        return "correct", outcomes[0], (outcomes[0].frame - rnd.settled_frame) / fps, None
    if abstains:
        return "abstained", abstains[0], None, None
    return "missed", None, None, None


def _score_void(rnd: Round, events: Sequence[Event], fps: float) -> _Decision:
    assert rnd.void is not None
    outcomes, voids = _of(events, "outcome"), _of(events, "void")
    if outcomes:
        return "wrong", outcomes[0], None, "outcome_in_void_round"
    right = [e for e in voids if e.reason == rnd.void.reason]
    if right:
        return "void_detected", right[0], (right[0].frame - rnd.void.frame) / fps, None
    if voids:
        return "void_misclassified", voids[0], None, None
    abstains = _of(events, "abstain")
    return "void_missed", abstains[0] if abstains else None, None, None
