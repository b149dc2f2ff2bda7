"""The sidecar parser accepts the contract's example and refuses every malformed field clearly."""

import copy
import json

import pytest

from vision.errors import UserError
from vision.footage import DiceResult, RouletteResult, load_sidecar, parse_sidecar

EXAMPLE = {
    "format": "table-footage/1", "game": "roulette", "fps": 30.0, "width": 1280, "height": 720,
    "rounds": [
        {"index": 0, "start_frame": 0, "end_frame": 449, "settled_frame": 380,
         "result": {"number": 17}, "void": None, "ball_direction": "ccw",
         "wheel_direction": "cw"},
        {"index": 1, "start_frame": 450, "end_frame": 899, "settled_frame": None, "result": None,
         "void": {"reason": "object_in_bowl", "frame": 610}, "ball_direction": "cw",
         "wheel_direction": "ccw"},
    ],
}


def test_contract_example_round_trips():
    sc = parse_sidecar(EXAMPLE)
    assert sc.rounds[0].result == RouletteResult(17)
    assert sc.rounds[1].void is not None and sc.rounds[1].void.frame == 610
    assert sc.round_at(500) is sc.rounds[1]
    assert sc.to_json() == EXAMPLE


def test_sicbo_result_is_sorted():
    obj = {"format": "table-footage/1", "game": "sicbo", "fps": 25, "width": 640, "height": 480,
           "rounds": [{"index": 0, "start_frame": 0, "end_frame": 10, "settled_frame": 5,
                       "result": {"dice": [5, 2, 2]}, "void": None}]}
    assert parse_sidecar(obj).rounds[0].result == DiceResult((2, 2, 5))


def _mutate(path, value):
    obj = copy.deepcopy(EXAMPLE)
    target = obj
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return obj


@pytest.mark.parametrize("path, value, message", [
    (("format",), "table-footage/2", "format"),                       # wrong version
    (("game",), "blackjack", "game"),                                 # unknown game
    (("fps",), 0, "fps"),                                             # non-positive fps
    (("rounds", 0, "result"), {"number": 37}, "0..36"),               # number out of range
    (("rounds", 0, "settled_frame"), 500, "outside"),                 # settle after the round
    (("rounds", 0, "settled_frame"), None, "settled_frame"),          # result without settle
    (("rounds", 1, "void", "reason"), "dice_stacked", "reason"),      # sic bo reason on roulette
    (("rounds", 1, "start_frame"), 400, "overlap"),                   # overlapping rounds
    (("rounds", 0, "ball_direction"), "left", "ball_direction"),      # bad direction
    (("rounds", 0, "index"), KeyError, "index"),                      # missing field
    (("rounds", 0, "void"), {"reason": "object_in_bowl", "frame": 5}, "exactly one"),  # both set
])
def test_malformed_sidecars_name_the_field(path, value, message):
    with pytest.raises(ValueError, match=message):
        parse_sidecar(_mutate(path, value))


def test_load_sidecar_gives_user_errors(tmp_path):
    with pytest.raises(UserError, match="not found"):
        load_sidecar(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(UserError, match="not valid JSON"):
        load_sidecar(bad)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(_mutate(("fps",), -1)))
    with pytest.raises(UserError, match="does not follow table-footage/1"):
        load_sidecar(wrong)
