"""The receiver app under a real uvicorn server: signatures, validation, idempotency."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.forwarding.builders import dice, outcome, void
from vision.forwarding.message import SIGNATURE_HEADER, TableMessage, sign
from vision.settlement.bets import Bet
from vision.settlement.ledger import Ledger
from vision.settlement.receiver import EmbeddedTransport, create_app
from vision.settlement.serve import serve_in_thread

SECRET = "receiver-test-secret"


@pytest.fixture
def ledger_path(tmp_path: Path) -> Path:
    return tmp_path / "ledger.db"


@pytest.fixture
def client(ledger_path: Path) -> Iterator[httpx.Client]:
    with serve_in_thread(create_app(ledger_path, SECRET)) as url:
        with httpx.Client(base_url=url, timeout=5) as c:
            yield c


def post(client: httpx.Client, body: bytes, *, secret: str = SECRET, **headers: str):
    signed = {SIGNATURE_HEADER: sign(body, secret), "Content-Type": "application/json"}
    return client.post("/messages", content=body, headers={**signed, **headers})


def test_accepts_settles_and_answers_duplicates_and_conflicts(client, ledger_path) -> None:
    with Ledger(ledger_path) as ledger:
        ledger.place_bet("T1", "1", Bet("straight", (17,)), 10)
        ledger.place_bet("T1", "1", Bet("red"), 5)
    first = outcome("1", 17)
    reply = post(client, first.body())
    assert reply.status_code == 201 and reply.json()["status"] == "accepted"
    settled = [(b["status"], b["payout"]) for b in reply.json()["settled"]]
    assert settled == [("won", 360), ("lost", 0)]
    # exactly the same bytes again: 200 duplicate, nothing paid twice
    again = post(client, first.body())
    assert (again.status_code, again.json()["status"]) == (200, "duplicate")
    # the same content in a new message (new id, new time): also a duplicate
    assert post(client, outcome("1", 17, created_at="2026-11-29T13:00:00.000Z").body()
                ).status_code == 200  # fmt: skip
    # another result for round 1: 409, and the detail says what is kept
    clash = post(client, outcome("1", 18).body())
    assert clash.status_code == 409 and clash.json()["status"] == "conflict"
    assert "already has outcome {'number': 17}" in clash.json()["detail"]
    assert clash.json()["stored"]["message_id"] == first.message_id
    round_view = client.get("/rounds/T1/1").json()
    assert round_view["message"]["result"] == {"number": 17}
    assert [b["payout"] for b in round_view["bets"]] == [360, 0]
    ledger_view = client.get("/ledger").json()
    assert ledger_view["totals"] == {"staked": 15, "paid": 360, "open": 0, "carried": 0,
                                     "bets": 2}  # fmt: skip
    assert len(ledger_view["messages"]) == 1


def _tampered() -> bytes:
    return outcome("2", 17).body().replace(b'"number":17', b'"number":18')


@pytest.mark.parametrize(
    ("body", "headers", "status", "needle"),
    [
        # no signature header at all
        (outcome("2", 17).body(), {SIGNATURE_HEADER: ""}, 401, "missing X-Vision-Signature"),
        # signed with another secret
        (
            outcome("2", 17).body(),
            {SIGNATURE_HEADER: sign(outcome("2", 17).body(), "x")},
            401,
            "does not match the body",
        ),  # fmt: skip
        # body changed after signing (signature of the original body)
        (
            _tampered(),
            {SIGNATURE_HEADER: sign(outcome("2", 17).body(), SECRET)},
            401,
            "does not match the body",
        ),  # fmt: skip
        # signed garbage: a valid signature does not make it a message
        (b"not json", {}, 422, "not valid UTF-8 JSON"),
        # signed, JSON, but not table-outcome/1
        (json.dumps({"schema": "table-outcome/0"}).encode(), {}, 422, "schema must be"),
        # a roulette number out of range
        (outcome("2", 17).body().replace(b'"number":17', b'"number":40'), {}, 422, "0..36"),
        # Idempotency-Key header of another round
        (outcome("2", 17).body(), {"Idempotency-Key": "T1:3"}, 422, "differs from"),
        # far too large
        (b" " * 70_000, {}, 413, "at most 65536"),
    ],
)
def test_bad_requests_get_4xx_with_what_was_wrong(client, body, headers, status, needle) -> None:
    reply = post(client, body, **headers)
    assert reply.status_code == status, reply.text
    assert needle in reply.json()["detail"]
    assert client.get("/ledger").json()["messages"] == []  # nothing was recorded


def test_unknown_round_is_404(client) -> None:
    reply = client.get("/rounds/T1/99")
    assert reply.status_code == 404 and "no message and no bets for round T1:99" in reply.text


def test_embedded_transport_runs_the_same_signed_path(ledger_path) -> None:
    with Ledger(ledger_path) as ledger:
        ledger.place_bet("S1", "1", Bet("big"), 10)
        transport = EmbeddedTransport(ledger, SECRET)
        with httpx.Client(transport=transport, base_url="http://embedded") as c:
            body = dice("1", (4, 5, 6)).body()
            assert post(c, body).status_code == 201
            assert post(c, body).status_code == 200
            assert post(c, body, secret="wrong").status_code == 401
            assert post(c, void("1", "S1", game="sicbo").body()).status_code == 409
            assert c.get("/ledger").status_code == 404  # only POST /messages is embedded
        assert [b.payout for b in ledger.bets("S1")] == [20]
        assert TableMessage.from_body(dice("1", (4, 5, 6)).body()).result == \
            ledger.message("S1", "1").result  # fmt: skip


def test_mounted_in_another_app_opens_its_ledger_itself(ledger_path) -> None:
    from fastapi import FastAPI

    host = FastAPI()
    host.mount("/settlement", create_app(ledger_path, SECRET))  # its lifespan never runs
    with serve_in_thread(host) as url, httpx.Client(base_url=f"{url}/settlement") as c:
        assert post(c, outcome("1", 9).body()).status_code == 201
        assert c.get("/rounds/T1/1").json()["message"]["result"] == {"number": 9}
