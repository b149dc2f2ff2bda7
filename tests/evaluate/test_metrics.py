"""Per-game aggregation: the contract's metrics.json example, latency percentiles, extras."""

from __future__ import annotations

import json

import pytest

from vision.evaluate.metrics import CONTRACT_KEYS, ClipScore, aggregate, percentile
from vision.evaluate.oracle import corrupt_events, perfect_events
from vision.evaluate.scoring import score
from vision.footage import RouletteResult, outcome

from .builders import dice_round, num, result_round, roulette, sicbo, void_round

# The example of contract section 4: 12 rounds = 9 correct + 1 abstained + 2 detected voids,
# one of them a same-direction spin that was flagged.
EXAMPLE = {
    "rounds": 12, "correct": 9, "wrong": 0, "false_void": 0, "abstained": 1, "missed": 0,
    "void_rounds": 2, "void_detected": 2, "void_misclassified": 0, "void_missed": 0,
    "violation_rounds": 1, "violation_detected": 1, "violation_false_alarms": 0,
}  # fmt: skip


def _example_clip() -> ClipScore:
    rounds = []
    for i in range(12):
        start, end = i * 100, i * 100 + 99
        if i in (3, 7):
            rounds.append(void_round(i, start, end, start + 60))
        else:
            same = {"ball": "cw", "wheel": "cw"} if i == 5 else {}
            rounds.append(result_round(i, start, end, start + 50, i % 37, **same))
    side = roulette(*rounds)
    events = corrupt_events(side, {10: "abstain"}, delay_frames=2)
    return ClipScore("example", "roulette", side.fps, score(side, events))


def test_contract_example_counts() -> None:
    metrics = aggregate([_example_clip()])["roulette"].to_json()
    assert {k: metrics[k] for k in EXAMPLE} == EXAMPLE
    # every correct outcome came 2 frames (0.2 s) late
    assert metrics["latency_median_s"] == pytest.approx(0.2)
    assert metrics["latency_p95_s"] == pytest.approx(0.2)
    assert metrics["void_latency_median_s"] == pytest.approx(0.2)


def test_metrics_json_has_every_contract_key_and_is_json() -> None:
    metrics = aggregate([_example_clip()])["roulette"].to_json()
    assert set(CONTRACT_KEYS) <= set(metrics)
    assert json.loads(json.dumps({"games": {"roulette": metrics}}))["games"]["roulette"] == metrics


def test_latency_percentiles_over_correct_rounds_only() -> None:
    side = roulette(result_round(0, 0, 99, 50, 1), result_round(1, 100, 199, 150, 2),
                    result_round(2, 200, 299, 250, 3), result_round(3, 300, 399, 350, 4))
    # latencies 0.0, 0.3, 1.0; the wrong read of round 3 carries no latency
    events = [num(50, 1), num(153, 2), num(260, 3), num(399, 5)]
    m = aggregate([ClipScore("c", "roulette", side.fps, score(side, events))])["roulette"]
    assert m.latency_median_s == pytest.approx(0.3)
    assert m.latency_p95_s == pytest.approx(0.3 + 0.9 * 0.7)  # linear interpolation
    assert m.latency_max_s == pytest.approx(1.0)
    assert (m.correct, m.wrong, m.wrong_by_cause) == (3, 1, {"other_result": 1})


def test_no_latency_is_null() -> None:
    side = roulette(result_round(0, 0, 99, 50, 1))
    m = aggregate([ClipScore("c", "roulette", side.fps, score(side, []))])["roulette"]
    assert (m.missed, m.latency_median_s, m.latency_p95_s) == (1, None, None)
    assert m.to_json()["latency_p95_s"] is None


def test_games_and_clips_are_kept_apart() -> None:
    r = roulette(result_round(0, 0, 99, 50, 1), void_round(1, 100, 199, 120))
    s = sicbo(dice_round(0, 0, 49, 20, (1, 2, 3)))
    clips = [ClipScore("a", "roulette", r.fps, score(r, perfect_events(r))),
             ClipScore("b", "sicbo", s.fps, score(s, [])),
             ClipScore("c", "roulette", r.fps, score(r, []))]
    games = aggregate(clips)
    assert list(games) == ["roulette", "sicbo"]
    rl, sb = games["roulette"], games["sicbo"]
    assert (rl.clips, rl.rounds, rl.correct, rl.missed, rl.void_detected, rl.void_missed) == \
        (2, 4, 1, 1, 1, 1)
    assert rl.void_by_reason == {"object_in_bowl": {"rounds": 2, "void_detected": 1,
                                                    "void_missed": 1}}
    assert (sb.clips, sb.rounds, sb.missed, sb.void_rounds) == (1, 1, 1, 0)


def test_percentile_of_nothing_is_none() -> None:
    assert percentile([], 50) is None
    assert percentile([2.0], 95) == 2.0


def test_wrong_distance_and_confidence_separation() -> None:
    side = roulette(*(result_round(i, i * 100, i * 100 + 99, i * 100 + 50, 0) for i in range(4)))
    events = [
        outcome(50, RouletteResult(0), 0.97),  # correct
        outcome(150, RouletteResult(0), 0.91),  # correct, the least sure
        outcome(250, RouletteResult(32), 0.95),  # the next pocket cw, quite sure
        outcome(350, RouletteResult(26), 0.60),  # the previous pocket
    ]
    m = aggregate([ClipScore("c", "roulette", side.fps, score(side, events))])["roulette"]
    assert m.wrong_distance == {"+1 pocket": 1, "-1 pocket": 1}
    # 0.95 > 0.91: no confidence threshold keeps every right read and drops every wrong one
    assert (m.correct_confidence_min, m.wrong_confidence_max) == (0.91, 0.95)
