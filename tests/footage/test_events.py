"""Reader events serialise to the contract's JSON Lines and refuse malformed input clearly."""

import json

import pytest

from vision.errors import UserError
from vision.footage import (
    DiceResult,
    Event,
    RouletteResult,
    abstain,
    outcome,
    read_events,
    violation,
    void,
    write_events,
)


def test_contract_examples_round_trip(tmp_path):
    events = [
        outcome(391, RouletteResult(17), 0.998),
        void(615, "object_in_bowl"),
        abstain(420, "low_confidence"),
        violation(120, "same_direction_spin"),
        Event("ball_launched", 12, extra={"revolutions": 7}),  # a phase event the scorer ignores
    ]
    path = tmp_path / "e.jsonl"
    write_events(events, path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert lines[0] == {"type": "outcome", "frame": 391, "result": {"number": 17},
                        "confidence": 0.998}
    assert lines[4] == {"type": "ball_launched", "frame": 12, "revolutions": 7}
    assert read_events(path, "roulette") == events


def test_dice_outcome_is_sorted_in_json():
    ev = outcome(212, DiceResult((5, 2, 2)), 0.999)
    assert ev.to_json()["result"] == {"dice": [2, 2, 5]}


@pytest.mark.parametrize("kwargs, message", [
    ({"type": "outcome", "frame": 3}, "needs a result"),                       # outcome w/o result
    ({"type": "void", "frame": 3}, "needs a reason"),                          # void w/o reason
    ({"type": "abstain", "frame": -1, "reason": "x"}, "frame"),                # negative frame
    ({"type": "outcome", "frame": 1, "result": RouletteResult(1), "confidence": 1.5},
     "confidence"),                                                            # confidence > 1
])
def test_invalid_events_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Event(**kwargs)


def test_malformed_line_names_file_and_line(tmp_path):
    path = tmp_path / "e.jsonl"
    path.write_text('{"type": "void", "frame": 1, "reason": "object_in_bowl"}\n{"frame": 2}\n')
    with pytest.raises(UserError, match=r"e.jsonl:2"):
        read_events(path, "roulette")
