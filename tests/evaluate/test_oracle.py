"""Oracle events score perfectly; each corruption scores as the kind it names."""

from __future__ import annotations

import pytest

from vision.evaluate.metrics import ClipScore, aggregate
from vision.evaluate.oracle import (
    CORRUPTIONS,
    EXPECTED_KIND,
    VOID_CORRUPTIONS,
    corrupt_events,
    perfect_events,
)
from vision.evaluate.scoring import score

from .builders import dice_round, dice_void_round, result_round, roulette, sicbo, void_round

ROULETTE = roulette(
    result_round(0, 0, 99, 50, 17),
    void_round(1, 100, 199, 150),
    result_round(2, 200, 299, 250, 0, ball="cw", wheel="cw"),
    result_round(3, 300, 399, 398, 36),  # settles 1 frame before the end: delay is clamped
)
SICBO = sicbo(
    dice_round(0, 0, 59, 30, (6, 6, 6)),
    dice_void_round(1, 60, 119, 90, "dice_stacked"),
    dice_void_round(2, 120, 179, 150, "dice_leaning"),
)


@pytest.mark.parametrize("side", [ROULETTE, SICBO], ids=["roulette", "sicbo"])
def test_perfect_events_score_perfectly(side) -> None:
    scores = score(side, perfect_events(side, delay_frames=3))
    m = aggregate([ClipScore("c", side.game, side.fps, scores)])[side.game]
    assert m.correct + m.void_detected == m.rounds
    assert (m.wrong, m.false_void, m.abstained, m.missed, m.void_missed,
            m.void_misclassified) == (0, 0, 0, 0, 0, 0)
    assert m.violation_detected == m.violation_rounds
    assert m.violation_false_alarms == 0


def test_oracle_latency_is_its_delay_clamped_to_round_end() -> None:
    scores = score(ROULETTE, perfect_events(ROULETTE, delay_frames=3))
    assert [s.latency_s for s in scores] == pytest.approx([0.3, 0.3, 0.3, 0.1])


RESULT_ROUNDS = {"roulette": (0, 2), "sicbo": (0,)}
VOID_ROUNDS = {"roulette": (1,), "sicbo": (1, 2)}
CASES = [(side, how) for side in (ROULETTE, SICBO) for how in CORRUPTIONS]


@pytest.mark.parametrize(("side", "how"), CASES,
                         ids=[f"{s.game}-{h}" for s, h in CASES])
def test_each_corruption_scores_as_named(side, how) -> None:
    targets = VOID_ROUNDS[side.game] if how in VOID_CORRUPTIONS else RESULT_ROUNDS[side.game]
    plan = dict.fromkeys(targets, how)
    scores = score(side, corrupt_events(side, plan))
    for s in scores:
        expected = EXPECTED_KIND[how] if s.index in plan else (
            "void_detected" if s.is_void_round else "correct")
        assert s.kind == expected, (how, s.index)


def test_corruption_that_does_not_fit_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit round 0"):
        corrupt_events(ROULETTE, {0: "drop_void"})
    with pytest.raises(ValueError, match="corruption must be one of"):
        corrupt_events(ROULETTE, {0: "shuffle"})
