"""Accuracy baseline: the roulette reader on a small fixed synthetic set, scored by the evaluator.

Two clips committed under ``tests/data/roulette`` (rendered by ``python -m vision synth
roulette --clips 2 --rounds 2 --seed 777 --width 640 --height 480 --fps 25`` and
re-encoded as H.264 CRF 30 to stay small; never tuned on): a result round and a void round
each. Rendering them in the test would take minutes. They are read with the real reader
(``vision read``'s ``read_clip``), scored with the evaluator and compared with
``tests/baselines/roulette.json``
(``vision.evaluate.baseline.regressions``): the test fails when ``correct`` or
``void_detected`` falls, or ``wrong``, ``false_void``, ``missed`` ... rise. A wrong outcome
fails it outright.

After an improvement, refresh the committed baseline with::

    ROULETTE_BASELINE_UPDATE=1 .venv/bin/python -m pytest tests/roulette/test_reader_baseline.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from vision.evaluate.baseline import load_baseline, read_and_score, regressions

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "baselines" / "roulette.json"
CLIPS = sorted((ROOT / "data" / "roulette").glob("*.mp4"))


@pytest.fixture(scope="module")
def metrics() -> dict:
    assert len(CLIPS) == 2, f"expected the 2 committed clips, found {CLIPS}"
    return read_and_score(CLIPS, "roulette").to_json()


def test_no_wrong_outcome(metrics: dict) -> None:
    assert metrics["wrong"] == 0


def test_no_regression_against_the_committed_baseline(metrics: dict) -> None:
    if os.environ.get("ROULETTE_BASELINE_UPDATE") == "1":
        BASELINE.parent.mkdir(parents=True, exist_ok=True)
        BASELINE.write_text(json.dumps({"games": {"roulette": metrics}}, indent=2) + "\n")
    worse = regressions(load_baseline(BASELINE), {"roulette": metrics}, latency_tolerance_s=0.2)
    assert worse == []
