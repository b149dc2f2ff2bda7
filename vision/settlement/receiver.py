"""The settlement receiver: what a table's forwarder talks to, as an HTTP API.

``POST /messages`` takes one ``table-outcome/1`` message (``vision.forwarding.message``).

Request: the raw JSON body exactly as signed, with headers
``X-Vision-Signature: sha256=<hex HMAC-SHA256 of the raw body under the shared secret>``
and ``Idempotency-Key: <table_id>:<round_id>`` (optional; if sent it must equal the
body's ``idempotency_key``). Bodies over 64 KiB are refused (413).

Checks, in this order, each answered with ``{"status": S, "detail": "<what was wrong>"}``:

1. signature missing or not matching the body -> **401** ``unauthorized``. Nothing is
   parsed before the signature holds.
2. body not a valid message, or the header key differs -> **422** ``invalid``.
3. the ledger (``vision.settlement.ledger``) takes it:

   - first message for the round -> **201** ``{"status": "accepted", "message_id",
     "idempotency_key", "settled": [bets settled or carried]}``;
   - same content again (a re-send) -> **200** ``{"status": "duplicate", ...}``;
   - different content for a round that already has a message -> **409** ``conflict``
     with ``stored``: the message the ledger keeps. Re-sending cannot fix a conflict.

A forwarder treats 2xx (and a 409 saying ``duplicate``) as delivered, any other 409 and
400/404/413/422 as rejected for good, 401 and 5xx as "retry later".

Inspection: ``GET /rounds/{table_id}/{round_id}`` (the round's message and bets, 404 if
the ledger knows nothing of it) and ``GET /ledger?table_id=..`` (totals and bets).

:func:`handle_message` is the whole POST logic as a plain function; ``create_app`` wraps
it for HTTP and :class:`EmbeddedTransport` wraps it for an in-process ``httpx.Client``,
so a service with no external settlement URL runs the same signed path without a socket.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from vision.forwarding.message import SIGNATURE_HEADER, MessageError, TableMessage, verify
from vision.settlement.ledger import Ledger

__all__ = ["MAX_BODY_BYTES", "EmbeddedTransport", "Reply", "create_app", "handle_message"]

MAX_BODY_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Reply:
    """An HTTP answer: status code and JSON payload."""

    status: int
    payload: dict[str, Any]


def handle_message(
    ledger: Ledger,
    secret: str | bytes,
    body: bytes,
    signature: str | None,
    idempotency_key: str | None = None,
) -> Reply:
    """Verify, parse and record one POSTed message (module docstring for the answers)."""
    if len(body) > MAX_BODY_BYTES:
        return _error(413, "too_large", f"body is {len(body)} bytes, at most {MAX_BODY_BYTES}")
    if not signature:
        return _error(401, "unauthorized", f"missing {SIGNATURE_HEADER} header")
    if not verify(body, signature, secret):
        expected = "sha256=<hex HMAC-SHA256 of the raw body under the shared secret>"
        return _error(401, "unauthorized", f"{SIGNATURE_HEADER} does not match the body: "
                      f"expected {expected}")  # fmt: skip
    try:
        message = TableMessage.from_body(body)
    except MessageError as exc:
        return _error(422, "invalid", str(exc))
    if idempotency_key is not None and idempotency_key != message.idempotency_key:
        return _error(422, "invalid", f"Idempotency-Key header {idempotency_key!r} differs from "
                      f"the body's idempotency_key {message.idempotency_key!r}")  # fmt: skip
    result = ledger.receive(message)
    ids = {"message_id": result.stored.message_id, "idempotency_key": message.idempotency_key}
    if result.status == "accepted":
        settled = [b.to_json() for b in result.settled]
        return Reply(201, {"status": "accepted", **ids, "settled": settled})
    if result.status == "duplicate":
        return Reply(200, {"status": "duplicate", **ids})
    return Reply(409, {"status": "conflict", **ids, "stored": result.stored.to_json(),
                       "detail": _conflict_text(result.stored, message)})  # fmt: skip


def _error(status: int, code: str, detail: str) -> Reply:
    return Reply(status, {"status": code, "detail": detail})


def _conflict_text(stored: TableMessage, new: TableMessage) -> str:
    def say(m: TableMessage) -> str:
        what = m.result.to_json() if m.result is not None else m.void_reason
        return f"{m.kind} {what}"

    return (f"round {stored.idempotency_key} already has {say(stored)} (message "
            f"{stored.message_id}); refusing {say(new)}")  # fmt: skip


def create_app(ledger_path: str | Path, secret: str | bytes) -> FastAPI:
    """The receiver app over the ledger file at ``ledger_path``, checking ``secret``."""
    if not secret:
        raise ValueError("the receiver needs a non-empty signing secret")

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.ledger = Ledger(ledger_path)
        yield
        app.state.ledger.close()

    app = FastAPI(title="Reference settlement receiver", lifespan=lifespan)
    # Mounted inside another app the lifespan does not run: the host sets
    # ``app.state.ledger`` itself, or the first request opens the file.
    opening = threading.Lock()

    def ledger_of(request: Request) -> Ledger:
        with opening:
            if getattr(request.app.state, "ledger", None) is None:
                request.app.state.ledger = Ledger(ledger_path)
            return request.app.state.ledger

    @app.post("/messages")
    async def post_message(request: Request) -> JSONResponse:
        body = await request.body()
        reply = await run_in_threadpool(
            handle_message, ledger_of(request), secret, body,
            request.headers.get(SIGNATURE_HEADER), request.headers.get("Idempotency-Key"),
        )  # fmt: skip
        return JSONResponse(reply.payload, status_code=reply.status)

    @app.get("/rounds/{table_id}/{round_id}")
    def get_round(table_id: str, round_id: str, request: Request) -> JSONResponse:
        ledger = ledger_of(request)
        message, bets = ledger.message(table_id, round_id), ledger.bets(table_id, round_id)
        if message is None and not bets:
            detail = f"the ledger has no message and no bets for round {table_id}:{round_id}"
            return JSONResponse({"status": "not_found", "detail": detail}, status_code=404)
        return JSONResponse({
            "table_id": table_id, "round_id": round_id,
            "message": message.to_json() if message is not None else None,
            "bets": [b.to_json() for b in bets],
        })  # fmt: skip

    @app.get("/ledger")
    def get_ledger(request: Request, table_id: str | None = None) -> JSONResponse:
        ledger = ledger_of(request)
        return JSONResponse({
            "totals": ledger.totals(),
            "messages": [m.to_json() for m in ledger.messages()
                         if table_id is None or m.table_id == table_id],
            "bets": [b.to_json() for b in ledger.bets(table_id)],
        })  # fmt: skip

    return app


class EmbeddedTransport(httpx.BaseTransport):
    """An ``httpx`` transport that answers ``POST .../messages`` from ``ledger`` in-process."""

    def __init__(self, ledger: Ledger, secret: str | bytes) -> None:
        self._ledger, self._secret = ledger, secret

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method != "POST" or not request.url.path.endswith("/messages"):
            reply = _error(404, "not_found", f"no route {request.method} {request.url.path}")
        else:
            reply = handle_message(
                self._ledger, self._secret, request.read(),
                request.headers.get(SIGNATURE_HEADER), request.headers.get("Idempotency-Key"),
            )  # fmt: skip
        return httpx.Response(reply.status, json=reply.payload)
