"""Accuracy baseline: the sic bo reader on a small fixed synthetic set, scored by the evaluator.

Renders four short clips from fixed seeds (640x480, 25 fps, two rounds each), reads them
with the real reader (``vision read``'s ``read_clip``), scores them with the evaluator's
scoring and compares the metrics with ``tests/baselines/sicbo.json``
(``vision.evaluate.baseline.regressions``): the test fails when ``correct`` or
``void_detected`` falls, or ``wrong``, ``false_void``, ``missed`` ... rise. A wrong
outcome fails it outright. Seeds 7 and 8 hold four result rounds; 18 two leans and 38 a
result and a stack (added in session 76, so that the voids are guarded too). (Baseline
as committed: 8 rounds, 5 results all correct, 3 voids all detected with the right
reason, 0 wrong.)

After an improvement, refresh the committed baseline with::

    SICBO_BASELINE_UPDATE=1 .venv/bin/python -m pytest tests/sicbo/test_reader_baseline.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from vision.evaluate.baseline import load_baseline, read_and_score, regressions

BASELINE = Path(__file__).resolve().parents[1] / "baselines" / "sicbo.json"
SEEDS = (7, 8, 18, 38)


@pytest.fixture(scope="module")
def metrics(tmp_path_factory: pytest.TempPathFactory) -> dict:
    from vision.synth.sicbo import synth_clip

    folder = tmp_path_factory.mktemp("sicbo_baseline")
    videos = [synth_clip(folder, f"base_{seed}", seed=seed, rounds=2, width=640, height=480,
                         fps=25.0) for seed in SEEDS]
    return read_and_score(videos, "sicbo").to_json()


def test_no_wrong_outcome(metrics: dict) -> None:
    assert metrics["wrong"] == 0


def test_no_regression_against_the_committed_baseline(metrics: dict) -> None:
    if os.environ.get("SICBO_BASELINE_UPDATE") == "1":
        BASELINE.parent.mkdir(parents=True, exist_ok=True)
        BASELINE.write_text(json.dumps({"games": {"sicbo": metrics}}, indent=2) + "\n")
    worse = regressions(load_baseline(BASELINE), {"sicbo": metrics}, latency_tolerance_s=0.2)
    assert worse == []
