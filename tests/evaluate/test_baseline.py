"""Baseline comparison: each way of getting worse is caught, getting better is not."""

from __future__ import annotations

import json

import pytest

from vision.errors import UserError
from vision.evaluate.baseline import load_baseline, regressions

BASE = {"rounds": 12, "void_rounds": 2, "violation_rounds": 1, "correct": 9, "wrong": 0,
        "false_void": 0, "abstained": 1, "missed": 0, "void_detected": 2,
        "void_misclassified": 0, "void_missed": 0, "violation_detected": 1,
        "violation_false_alarms": 0, "latency_p95_s": 0.5, "void_latency_p95_s": 0.4}

CASES = [
    # (id, changes to the current metrics, expected regression lines mentioning)
    # identical: fine
    ("same", {}, []),
    # better: one abstain became correct, latency fell
    ("better", {"correct": 10, "abstained": 0, "latency_p95_s": 0.3}, []),
    # latency within tolerance (0.1 s)
    ("latency_within_tolerance", {"latency_p95_s": 0.59}, []),
    # a correct round became wrong
    ("one_wrong", {"correct": 8, "wrong": 1}, ["correct fell", "wrong rose"]),
    # a correct round became an abstain: abstain is free, losing a correct is not
    ("one_abstain", {"correct": 8, "abstained": 2}, ["correct fell"]),
    # a detected void missed
    ("void_missed", {"void_detected": 1, "void_missed": 1},
     ["void_detected fell", "void_missed rose"]),
    # a false alarm
    ("false_alarm", {"violation_false_alarms": 1}, ["violation_false_alarms rose"]),
    # latency beyond tolerance
    ("slower", {"latency_p95_s": 0.7}, ["latency_p95_s rose"]),
    # no detected void any more: its latency is gone
    ("no_void_latency", {"void_latency_p95_s": None, "void_detected": 0, "void_missed": 2},
     ["void_detected fell", "void_missed rose", "void_latency_p95_s was"]),
    # other footage: counts do not compare, only that is said
    ("other_dataset", {"rounds": 13, "correct": 1}, ["the baseline is for other footage"]),
]


@pytest.mark.parametrize(("case", "changes", "expected"), CASES, ids=[c[0] for c in CASES])
def test_regressions(case, changes, expected) -> None:
    found = regressions({"roulette": BASE}, {"roulette": {**BASE, **changes}})
    assert len(found) == len(expected), (case, found)
    for line, words in zip(found, expected, strict=True):
        assert line.startswith("roulette: ") and words in line, (case, line)


def test_game_missing_now_is_a_regression() -> None:
    assert regressions({"sicbo": BASE}, {"roulette": BASE}) == [
        "sicbo: in the baseline but not scored now"]


def test_load_baseline_refuses_what_is_not_metrics(tmp_path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"roulette": BASE}))
    with pytest.raises(UserError, match='expected a metrics.json'):
        load_baseline(path)
    path.write_text(json.dumps({"games": {"roulette": BASE}}))
    assert load_baseline(path) == {"roulette": BASE}
    with pytest.raises(UserError, match="baseline not found"):
        load_baseline(tmp_path / "none.json")
