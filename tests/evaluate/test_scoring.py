"""Every case of contract section 4, one table row each (fps 10: one frame = 0.1 s)."""

from __future__ import annotations

import pytest

from vision.evaluate.scoring import RoundScore, events_outside_rounds, score

from .builders import (
    abstained,
    dice,
    dice_round,
    dice_void_round,
    flagged,
    num,
    other,
    result_round,
    roulette,
    sicbo,
    void_round,
    voided,
)

# round 0: 0..99, settles at 50 on 17; round 1: void (object_in_bowl visible at 150);
# round 2: ball and wheel both cw (a violation), settles at 250 on 3.
CLIP = roulette(
    result_round(0, 0, 99, 50, 17),
    void_round(1, 100, 199, 150),
    result_round(2, 200, 299, 250, 3, ball="cw", wheel="cw"),
)

RESULT_CASES = [
    # (id, events, kind, cause, decisive frame, latency_s)
    # the one outcome, right, exactly at settled_frame
    ("correct_at_settle", [num(50, 17)], "correct", None, 50, 0.0),
    # right and 3 frames late
    ("correct_late", [num(53, 17)], "correct", None, 53, 0.3),
    # the round's last frame still belongs to it (ranges are inclusive)
    ("correct_at_end_frame", [num(99, 17)], "correct", None, 99, 4.9),
    # another number
    ("wrong_value", [num(55, 18)], "wrong", "other_result", 55, None),
    # the right number one frame before the ball settled
    ("wrong_early", [num(49, 17)], "wrong", "before_settled", 49, None),
    # the right outcome twice: not "exactly one", so not correct; scored wrong
    ("two_right_outcomes", [num(55, 17), num(60, 17)], "wrong", "several_outcomes", 60, None),
    # right then wrong: the wrong one decides
    ("right_then_wrong", [num(55, 17), num(60, 18)], "wrong", "other_result", 60, None),
    # a void and no outcome
    ("false_void", [voided(40)], "false_void", None, 40, None),
    # a void beside a right outcome is still a false void (only a wrong outcome excludes it)
    ("false_void_with_right_outcome", [num(55, 17), voided(60)], "false_void", None, 60, None),
    # a wrong outcome beats the void
    ("wrong_beats_void", [voided(40), num(55, 18)], "wrong", "other_result", 55, None),
    # abstain alone
    ("abstained", [abstained(90)], "abstained", None, 90, None),
    # an abstain beside a right outcome leaves it correct
    ("abstain_and_outcome", [num(52, 17), abstained(90)], "correct", None, 52, 0.2),
    # an abstain beside a void is a false void
    ("abstain_and_void", [abstained(30), voided(40)], "false_void", None, 40, None),
    # nothing at all
    ("missed", [], "missed", None, None, None),
    # only types the scorer does not read
    ("unknown_types_ignored", [other(20), other(55, "ball_at_rest")], "missed", None, None, None),
    # an unknown type does not spoil a correct read
    ("unknown_beside_correct", [other(20), num(51, 17)], "correct", None, 51, 0.1),
    # an outcome at frame 100 belongs to round 1, so round 0 has nothing
    ("next_round_frame", [num(100, 17)], "missed", None, None, None),
]


@pytest.mark.parametrize(("case", "events", "kind", "cause", "frame", "latency"), RESULT_CASES,
                         ids=[c[0] for c in RESULT_CASES])
def test_result_round(case, events, kind, cause, frame, latency) -> None:
    got = score(CLIP, events)[0]
    assert (got.kind, got.cause, got.frame) == (kind, cause, frame), case
    assert got.latency_s == (None if latency is None else pytest.approx(latency))


VOID_CASES = [
    # (id, events, kind, cause, decisive frame, latency_s)
    # the right reason 3 frames after the object is visible
    ("detected", [voided(153)], "void_detected", None, 153, 0.3),
    # decided before the truth's void frame: still detected, latency negative
    ("detected_early", [voided(145)], "void_detected", None, 145, -0.5),
    # an outcome forwarded for a void round
    ("outcome_in_void", [num(160, 17)], "wrong", "outcome_in_void_round", 160, None),
    # an outcome beside the right void is still wrong
    ("outcome_and_void", [voided(153), num(170, 17)], "wrong", "outcome_in_void_round", 170,
     None),
    # a void with another reason
    ("misclassified", [voided(153, "foreign_object")], "void_misclassified", None, 153, None),
    # events out of frame order are taken in frame order: the earlier right void decides
    ("out_of_order", [voided(158), voided(152)], "void_detected", None, 152, 0.2),
    # a wrong reason then the right one: detected, latency from the right one
    ("wrong_then_right_reason", [voided(151, "x"), voided(156)], "void_detected", None, 156,
     0.6),
    # nothing
    ("void_missed", [], "void_missed", None, None, None),
    # an abstain is not a void: still missed, but the abstain is what the reader said (the
    # report shows its frame and what the reader saw there)
    ("abstain_is_missed", [abstained(180)], "void_missed", None, 180, None),
]


@pytest.mark.parametrize(("case", "events", "kind", "cause", "frame", "latency"), VOID_CASES,
                         ids=[c[0] for c in VOID_CASES])
def test_void_round(case, events, kind, cause, frame, latency) -> None:
    got = score(CLIP, events)[1]
    assert (got.kind, got.cause, got.frame) == (kind, cause, frame), case
    assert got.latency_s == (None if latency is None else pytest.approx(latency))


VIOLATION_CASES = [
    # (id, events, violation state of rounds 0, 1, 2)
    # flagged in the same-direction round
    ("detected", [flagged(205)], (None, None, "detected")),
    # not flagged there
    ("missed", [], (None, None, "missed")),
    # flagged in an ordinary round and in a void round: two false alarms
    ("false_alarms", [flagged(10), flagged(110), flagged(205)],
     ("false_alarm", "false_alarm", "detected")),
    # two flags in one round count once
    ("twice", [flagged(205), flagged(206)], (None, None, "detected")),
]


@pytest.mark.parametrize(("case", "events", "states"), VIOLATION_CASES,
                         ids=[c[0] for c in VIOLATION_CASES])
def test_violation(case, events, states) -> None:
    assert tuple(s.violation for s in score(CLIP, events)) == states, case


def test_violation_does_not_change_the_outcome_kind() -> None:
    got = score(CLIP, [flagged(205), num(252, 3)])[2]
    assert (got.kind, got.violation, got.latency_s) == ("correct", "detected", pytest.approx(0.2))


SICBO = sicbo(dice_round(0, 0, 99, 40, (2, 2, 5)), dice_void_round(1, 100, 199, 130,
                                                                   "dice_leaning"))
SICBO_CASES = [
    # (id, events, kinds of rounds 0 and 1)
    # dice compare as sorted faces
    ("unsorted_dice_correct", [dice(45, (5, 2, 2)), voided(131, "dice_leaning")],
     ("correct", "void_detected")),
    # one die off
    ("one_die_wrong", [dice(45, (2, 3, 5))], ("wrong", "void_missed")),
    # stacked read for a leaning die
    ("leaning_read_as_stacked", [voided(135, "dice_stacked")], ("missed", "void_misclassified")),
    # a sic bo violation event can only be a false alarm
    ("violation_in_sicbo", [flagged(10)], ("missed", "void_missed")),
]


@pytest.mark.parametrize(("case", "events", "kinds"), SICBO_CASES, ids=[c[0] for c in SICBO_CASES])
def test_sicbo(case, events, kinds) -> None:
    assert tuple(s.kind for s in score(SICBO, events)) == kinds, case


def test_sicbo_violation_is_false_alarm() -> None:
    assert score(SICBO, [flagged(10)])[0].violation == "false_alarm"


def test_events_outside_rounds_are_ignored_and_counted() -> None:
    gap = roulette(result_round(0, 0, 99, 50, 17), result_round(1, 120, 199, 150, 4))
    # a wrong outcome in the gap and after the last round change nothing
    events = [num(55, 17), num(110, 9), voided(115), num(155, 4), num(500, 1)]
    assert [s.kind for s in score(gap, events)] == ["correct", "correct"]
    assert events_outside_rounds(gap, events) == 3
    # unread types outside rounds are not counted either
    assert events_outside_rounds(gap, [other(110)]) == 0


def test_round_score_refuses_inconsistent_values() -> None:
    rnd = CLIP.rounds[0]
    with pytest.raises(ValueError, match="kind must be one of"):
        RoundScore(0, "void_detected", rnd)
    with pytest.raises(ValueError, match="cause must be set exactly"):
        RoundScore(0, "wrong", rnd)
    with pytest.raises(ValueError, match="latency is set exactly"):
        RoundScore(0, "missed", rnd, latency_s=0.1)
