"""Reference events built from a sidecar: a perfect reader, and deliberately broken ones.

Only for tests and as a reference of what a reader should emit: :func:`perfect_events`
reads the ground truth, which no real reader may do. :func:`corrupt_events` breaks chosen
rounds in a named way and :data:`EXPECTED_KIND` says how the scorer must then score them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from vision.footage import (
    DiceResult,
    Event,
    Result,
    RouletteResult,
    Round,
    Sidecar,
    abstain,
    outcome,
    violation,
    void,
)

__all__ = ["CORRUPTIONS", "EXPECTED_KIND", "VOID_CORRUPTIONS", "corrupt_events", "other_result",
           "perfect_events", "round_events"]

# corruption name -> the kind the scorer must give the corrupted round
EXPECTED_KIND: dict[str, str] = {
    # rounds with a result
    "other_result": "wrong",  # the outcome names another result
    "early": "wrong",  # the right result, one frame before settled_frame
    "duplicate": "wrong",  # the right outcome forwarded twice
    "false_void": "false_void",  # a void instead of the outcome
    "abstain": "abstained",  # an abstain instead of the outcome
    "drop": "missed",  # nothing at all
    # void rounds
    "outcome_in_void": "wrong",  # an outcome forwarded for a void round
    "other_reason": "void_misclassified",  # a void with another reason
    "drop_void": "void_missed",  # nothing at all
    "abstain_void": "void_missed",  # an abstain is not a void
}
CORRUPTIONS = tuple(EXPECTED_KIND)
VOID_CORRUPTIONS = ("outcome_in_void", "other_reason", "drop_void", "abstain_void")
_OTHER_REASON = {"object_in_bowl": "foreign_object", "dice_leaning": "dice_stacked",
                 "dice_stacked": "dice_leaning"}


def other_result(result: Result) -> Result:
    """A different, valid result of the same game (the next pocket number / one die + 1)."""
    if isinstance(result, RouletteResult):
        return RouletteResult((result.number + 1) % 37)
    a, b, c = result.dice
    return DiceResult((a, b, c % 6 + 1))


def round_events(rnd: Round, delay_frames: int = 3) -> list[Event]:
    """What a perfect reader emits for one round, ``delay_frames`` after the truth."""
    events: list[Event] = []
    if rnd.same_direction:
        events.append(violation(rnd.start_frame, "same_direction_spin"))
    if rnd.void is not None:
        frame = min(rnd.void.frame + delay_frames, rnd.end_frame)
        events.append(void(frame, rnd.void.reason))
    else:
        assert rnd.settled_frame is not None and rnd.result is not None
        frame = min(rnd.settled_frame + delay_frames, rnd.end_frame)
        events.append(outcome(frame, rnd.result, 0.999))
    return events


def perfect_events(sidecar: Sidecar, delay_frames: int = 3) -> list[Event]:
    """Every round read right, ``delay_frames`` late (clamped to the round's end)."""
    return [ev for rnd in sidecar.rounds for ev in round_events(rnd, delay_frames)]


def corrupt_events(sidecar: Sidecar, plan: Mapping[int, str],
                   delay_frames: int = 3) -> list[Event]:
    """Perfect events except for the rounds in ``plan`` (round index -> corruption name).

    Raises ValueError for an unknown name or one that does not fit the round (a void-round
    corruption on a round with a result, or the reverse).
    """
    events: list[Event] = []
    for rnd in sidecar.rounds:
        good = round_events(rnd, delay_frames)
        how = plan.get(rnd.index)
        events.extend(good if how is None else _corrupt(rnd, good, how))
    return events


def _corrupt(rnd: Round, good: list[Event], how: str) -> list[Event]:
    if how not in EXPECTED_KIND:
        raise ValueError(f"corruption must be one of {CORRUPTIONS}, got {how!r}")
    if (how in VOID_CORRUPTIONS) != (rnd.void is not None):
        sort = "void" if rnd.void is not None else "result"
        raise ValueError(f"corruption {how!r} does not fit round {rnd.index} (a {sort} round)")
    keep = [e for e in good if e.type == "violation"]
    main = next(e for e in good if e.type != "violation")
    return keep + _replacement(rnd, main, how)


def _replacement(rnd: Round, main: Event, how: str) -> list[Event]:
    if how == "other_result":
        assert main.result is not None
        return [replace(main, result=other_result(main.result))]
    if how == "early":
        assert rnd.settled_frame is not None
        if rnd.settled_frame == rnd.start_frame:
            raise ValueError(f"round {rnd.index} settles at its first frame: nothing is early")
        return [replace(main, frame=rnd.settled_frame - 1)]
    if how == "duplicate":
        return [main, replace(main, frame=min(main.frame + 1, rnd.end_frame))]
    if how == "false_void":
        return [void(main.frame, "object_in_bowl")]
    if how in ("abstain", "abstain_void"):
        return [abstain(main.frame, "low_confidence")]
    if how == "outcome_in_void":
        return [main, outcome(main.frame, _a_result(rnd), 0.9)]
    if how == "other_reason":
        return [replace(main, reason=_OTHER_REASON.get(main.reason or "", "other"))]
    return []  # drop, drop_void


def _a_result(rnd: Round) -> Result:
    """Any valid result for a void round's game (the round itself has none)."""
    sicbo = rnd.void is not None and rnd.void.reason.startswith("dice")
    return DiceResult((1, 2, 3)) if sicbo else RouletteResult(0)
