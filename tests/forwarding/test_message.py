"""table-outcome/1: round trip, validation with clear errors, HMAC signatures."""

from __future__ import annotations

import json

import pytest

from vision.footage.results import DiceResult
from vision.forwarding.message import MessageError, TableMessage, sign, verify

from .builders import dice, manual, outcome, void


@pytest.mark.parametrize(
    "message",
    [
        outcome("1", 17),  # roulette outcome
        outcome("2", 0),  # zero is a number like any other
        dice("3", (5, 2, 2)),  # sic bo, dice stored sorted
        void("4"),  # void: no result, a reason
        void("5", "S1", "dice_stacked", game="sicbo"),  # sic bo void
        manual("6", 36),  # manual confirmation: no frame, an operator
    ],
)
def test_round_trip_through_canonical_body(message: TableMessage) -> None:
    body = message.body()
    assert TableMessage.from_body(body) == message
    assert body == json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode()
    assert json.loads(body)["schema"] == "table-outcome/1"


def test_dice_are_sorted_on_the_wire() -> None:
    assert json.loads(dice("1", (6, 1, 3)).body())["result"] == {"dice": [1, 3, 6]}
    assert dice("1", (6, 1, 3)).result == DiceResult((1, 3, 6))


def _edit(**changes: object) -> dict:
    obj = outcome("7", 17).to_json()
    obj.update(changes)
    return obj


@pytest.mark.parametrize(
    ("obj", "needle"),
    [
        ([], "JSON object"),  # not an object at all
        (_edit(schema="table-outcome/2"), "schema must be 'table-outcome/1'"),  # wrong version
        ({k: v for k, v in _edit().items() if k != "game"}, "missing ['game']"),  # missing key
        (_edit(extra=1), "unknown ['extra']"),  # unknown key
        (_edit(game="poker"), "game must be one of"),  # unknown game
        (_edit(kind="guess"), "kind must be one of"),  # unknown kind
        (_edit(result={"number": 37}), "0..36"),  # no pocket 37
        (_edit(result={"dice": [1, 2, 3]}), "roulette result"),  # dice on a roulette table
        (_edit(result=None), "needs a RouletteResult"),  # an outcome without result
        (_edit(void_reason="object_in_bowl"), "void_reason null"),  # outcome with a reason
        (_edit(kind="void", result=None, void_reason="dice_stacked"), "void_reason must be"),
        (_edit(kind="void", void_reason="object_in_bowl"), "result null"),  # void with a result
        (_edit(confidence=1.5), "confidence must be a number in 0..1"),
        (_edit(confidence=None), "confidence"),  # an outcome needs its confidence
        (_edit(frame_index=-1), "frame_index must be an int >= 0"),
        (_edit(frame_time="yesterday"), "frame_time must be an ISO 8601 UTC"),
        (_edit(created_at="2026-11-29T20:00:00+08:00"), "created_at must be an ISO 8601 UTC"),
        (_edit(idempotency_key="T1:8"), "idempotency_key must be 'T1:7'"),  # key of another round
        (_edit(table_id="T 1", idempotency_key="T 1:7"), "table_id must match"),
        (_edit(round_id=7), "round_id must match"),  # round ids are strings
        (_edit(model_version=""), "model_version must be a non-empty string"),
        (_edit(kind="manual_confirmation", operator=None), "names its operator"),
    ],
)
def test_bad_messages_are_refused_with_what_was_wrong(obj: object, needle: str) -> None:
    with pytest.raises(MessageError) as info:
        TableMessage.from_json(obj)
    assert needle in str(info.value)


def test_body_that_is_not_json_is_a_message_error() -> None:
    with pytest.raises(MessageError, match="not valid UTF-8 JSON"):
        TableMessage.from_body(b"\xff{")


def test_content_key_ignores_ids_and_times_but_not_the_result() -> None:
    a, b = outcome("9", 17), outcome("9", 17, created_at="2026-11-29T13:00:00.000Z")
    assert a.message_id != b.message_id and a.content_key() == b.content_key()
    assert outcome("9", 18).content_key() != a.content_key()
    assert manual("9", 17).content_key() != a.content_key()  # another kind is other content


def test_signature_verifies_only_the_exact_body_under_the_secret() -> None:
    body = outcome("1", 17).body()
    header = sign(body, "s3cret")
    assert header.startswith("sha256=") and len(header) == 7 + 64
    assert verify(body, header, "s3cret")
    assert verify(body, header, b"s3cret")  # bytes and str secrets agree
    assert not verify(body, header, "other")  # another secret
    assert not verify(body.replace(b'"number":17', b'"number":18'), header, "s3cret")  # tampered
    assert not verify(body, None, "s3cret")  # no header
    assert not verify(body, header, "")  # an empty secret never verifies
    assert not verify(body, header.replace("sha256=", "sha1="), "s3cret")
