"""The real service under uvicorn: camera -> reader -> outbox -> signed delivery, the API."""

from __future__ import annotations

import json

import cv2
import httpx
import numpy as np
import pytest
from websockets.sync.client import connect

from tests.service.builders import mjpeg_head, wait_for
from tests.service.conftest import OPERATOR, SECRET, TECHNICIAN, Running
from vision.forwarding import TableMessage


def _received(service: Running, table_id: str, kind: str) -> dict | None:
    return next((m for m in service.received
                 if m["table_id"] == table_id and m["kind"] == kind), None)


def test_outcome_flows_from_camera_to_receiver_signed(service: Running) -> None:
    message = wait_for(lambda: _received(service, "roul-1", "outcome"))
    # the receiver verified the HMAC signature before storing it; the body is a valid message
    parsed = TableMessage.from_json(message)
    assert parsed.result is not None and parsed.result.to_json() == {"number": 17}
    assert parsed.model_version == "patch-reader/1"
    assert parsed.evidence_url and parsed.evidence_url.startswith(service.url)
    jpeg = wait_for(lambda: _get_ok(parsed.evidence_url))
    assert jpeg.headers["content-type"] == "image/jpeg"
    clip = wait_for(lambda: _get_ok(parsed.evidence_url.replace("frame.jpg", "clip.avi")))
    assert len(clip.content) > 1000
    assert SECRET not in json.dumps(message)


def test_rounds_list_the_outcome(service: Running) -> None:
    def outcome_round() -> dict | None:
        body = httpx.get(f"{service.url}/tables/roul-1/rounds").json()
        return next((r for r in body["rounds"] if r["status"] == "outcome"), None)

    found = wait_for(outcome_round)
    assert found["result"] == {"number": 17}
    assert found["evidence_url"].endswith("/frame.jpg")


def test_sse_stream_delivers_decisions(service: Running) -> None:
    with httpx.stream("GET", f"{service.url}/events/stream", params={"table": "roul-1"},
                      timeout=10) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        data = None
        for line in response.iter_lines():
            if line.startswith("data:"):
                message = json.loads(line[5:])
                if message["type"] == "outcome":
                    data = message
                    break
    assert data is not None and data["table_id"] == "roul-1"
    assert data["event"]["result"] == {"number": 17}


def test_websocket_delivers_events(service: Running) -> None:
    ws_url = service.url.replace("http://", "ws://") + "/events/ws"
    with connect(ws_url, open_timeout=5) as ws:
        message = json.loads(ws.recv(timeout=10))
    assert message["type"] in ("phase", "outcome", "abstain", "camera", "violation")
    assert "table_id" in message and "seq" in message


def test_frame_jpg_is_a_jpeg(service: Running) -> None:
    wait_for(lambda: _table(service, "roul-1")["camera_state"] == "live")
    response = httpx.get(f"{service.url}/tables/roul-1/frame.jpg")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/jpeg"
    image = cv2.imdecode(np.frombuffer(response.content, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None and image.shape == (120, 160, 3)


def test_live_mjpeg_stream_sends_jpeg_parts(service: Running) -> None:
    head = mjpeg_head(f"{service.url}/tables/roul-1/live.mjpg")
    assert b"Content-Type: image/jpeg" in head and b"\xff\xd8" in head


def test_missing_camera_is_unavailable_and_service_stays_up(service: Running) -> None:
    ghost = wait_for(lambda: (t := _table(service, "ghost"))["camera_state"] == "unavailable"
                     and t)
    assert "not found" in ghost["camera_detail"]
    health = httpx.get(f"{service.url}/health").json()
    assert health["alive"] is True and health["ready"] is False
    assert {c["table_id"]: c["ready"] for c in health["cameras"]}["ghost"] is False
    assert httpx.get(f"{service.url}/health/ready").status_code == 503


def test_a_camera_going_dark_abstains_its_round(service: Running) -> None:
    def dark_abstain() -> dict | None:
        body = httpx.get(f"{service.url}/tables/dark/rounds").json()
        return next((r for r in body["rounds"] if r["status"] == "abstain"), None)

    found = wait_for(dark_abstain)
    assert found["reason"] == "camera_unavailable"
    assert not [m for m in service.received if m["table_id"] == "dark"]  # nothing guessed


def _abstained_round(service: Running) -> int:
    def find() -> int | None:
        body = httpx.get(f"{service.url}/tables/roul-2/rounds").json()
        return next((r["number"] for r in body["rounds"] if r["status"] == "abstain"), None)

    return wait_for(find)


GOOD = {"result": {"number": 5}, "note": "seen on the table"}


@pytest.mark.parametrize(("token", "path", "body", "status", "text"), [
    # no token at all
    (None, "roul-2/rounds/{n}", GOOD, 401, "bearer token is required"),
    # a token nobody holds
    ("x" * 24, "roul-2/rounds/{n}", GOOD, 401, "unknown bearer token"),
    # a technician may not settle rounds
    (TECHNICIAN, "roul-2/rounds/{n}", GOOD, 403, "operator role"),
    # malformed body: both a result and a void
    (OPERATOR, "roul-2/rounds/{n}", {"result": {"number": 5}, "void_reason": "object_in_bowl"},
     422, "exactly one of"),
    # a roulette number out of range
    (OPERATOR, "roul-2/rounds/{n}", {"result": {"number": 37}}, 422, "less than or equal to 36"),
    # dice on a roulette table
    (OPERATOR, "roul-2/rounds/{n}", {"result": {"dice": [1, 2, 3]}}, 422, "roulette"),
    # unknown table
    (OPERATOR, "nope/rounds/{n}", GOOD, 404, "unknown table"),
    # unknown round
    (OPERATOR, "roul-2/rounds/99999", GOOD, 404, "no round 99999"),
])  # fmt: skip
def test_confirm_refuses(service: Running, token: str | None, path: str, body: dict,
                         status: int, text: str) -> None:
    url = f"{service.url}/tables/{path.format(n=_abstained_round(service))}/confirm"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.post(url, json=body, headers=headers)
    assert response.status_code == status, response.text
    assert text in response.text


def test_confirm_goes_to_outbox_and_receiver_audited(service: Running) -> None:
    number = _abstained_round(service)
    url = f"{service.url}/tables/roul-2/rounds/{number}/confirm"
    headers = {"Authorization": f"Bearer {OPERATOR}"}
    response = httpx.post(url, json=GOOD, headers=headers)
    assert response.status_code == 200, response.text
    confirmation = response.json()["round"]["confirmation"]
    assert confirmation["by"] == "alice" and confirmation["result"] == {"number": 5}
    assert confirmation["note"] == "seen on the table" and confirmation["at"].endswith("Z")
    message = wait_for(lambda: next((m for m in service.received if m["round_id"] == str(number)
                                     and m["table_id"] == "roul-2"), None))
    assert message["kind"] == "manual_confirmation" and message["operator"] == "alice"
    assert message["result"] == {"number": 5}
    again = httpx.post(url, json=GOOD, headers=headers)  # a round is confirmed once
    assert again.status_code == 409
    audit = [e for e in service.app.state.runtime.audit.entries()
             if e["action"] == "confirm" and e["round"] == number]
    assert [(e["by"], e["role"], e["answer"][:3]) for e in audit][-2:] == [
        ("alice", "operator", "200"), ("alice", "operator", "409")]
    assert audit[-2]["request"] == GOOD and audit[-2]["at"].endswith("Z")


def test_metrics_have_the_counters(service: Running) -> None:
    wait_for(lambda: _received(service, "roul-1", "outcome"))
    text = httpx.get(f"{service.url}/metrics").text
    values = _metric_values(text)
    assert values['vision_frames_total{table="roul-1"}'] > 0
    assert values['vision_events_total{table="roul-1",type="outcome"}'] >= 1
    assert values['vision_events_total{table="roul-2",type="abstain"}'] >= 1
    assert values['vision_camera_state{state="unavailable",table="ghost"}'] == 1
    assert "vision_forwarding_backlog" in values
    assert values['vision_frame_seconds_count{table="roul-1"}'] > 0
    assert values['vision_decision_seconds_count{table="roul-1"}'] >= 1


def test_technician_can_reconnect_a_camera(service: Running) -> None:
    url = f"{service.url}/tables/roul-1/camera/reconnect"
    assert httpx.post(url).status_code == 401
    assert httpx.post(url, headers={"Authorization": f"Bearer {OPERATOR}"}).status_code == 403
    response = httpx.post(url, headers={"Authorization": f"Bearer {TECHNICIAN}"})
    assert response.status_code == 202 and response.json()["id"] == "roul-1"


def test_openapi_documents_every_route(service: Running) -> None:
    spec = httpx.get(f"{service.url}/openapi.json").json()
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            assert op.get("summary"), f"{method.upper()} {path} has no summary"
    confirm = spec["paths"]["/tables/{table_id}/rounds/{round_number}/confirm"]["post"]
    assert {"200", "401", "403", "404", "409", "422"} <= set(confirm["responses"])


def _table(service: Running, table_id: str) -> dict:
    tables = httpx.get(f"{service.url}/tables").json()["tables"]
    return next(t for t in tables if t["id"] == table_id)


def _get_ok(url: str) -> httpx.Response | None:
    response = httpx.get(url)
    return response if response.status_code == 200 else None


def _metric_values(text: str) -> dict[str, float]:
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            out[name] = float(value)
    return out


def test_console_page_links_the_live_views_and_streams(service: Running) -> None:
    response = httpx.get(f"{service.url}/")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert 'new EventSource("events/stream")' in response.text
    assert "/confirm" in response.text
