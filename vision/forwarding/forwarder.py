"""Delivers outbox messages to settlement over HTTP: the only network I/O of the project.

Each pending message is POSTed, in put order, to the settlement URL with

- the body: exactly the stored canonical bytes (``TableMessage.body()``),
- ``Content-Type: application/json``,
- ``X-Vision-Signature: sha256=<HMAC-SHA256 of the body under the shared secret>``,
- ``Idempotency-Key: <table_id>:<round_id>``.

What the answer means (:func:`classify`):

- 2xx: delivered.
- 409 whose JSON body has ``"status": "duplicate"``: the receiver already holds this
  exact message; delivered. Any other 409 (the receiver holds a DIFFERENT message for
  the round) is rejected: a person must look, re-sending cannot help.
- 401, 403, 408, 425, 429, 3xx: retried with backoff. These say the link or its
  configuration is wrong (secret, URL, rate), not the message; once an operator fixes
  it the backlog drains by itself. ``last_error`` shows the cause meanwhile.
- any other 4xx (400, 404, 413, 422, ...): rejected. The receiver says this message
  can never be accepted; it stays in the outbox as ``rejected`` with the receiver's
  text, counted by ``Outbox.counts()``, and is not retried (``Outbox.requeue`` can).
- 5xx, timeouts, connection errors: retried with backoff (:func:`backoff_delay`).

Delivery is at-least-once: a crash after the receiver stored a message but before
the outbox marked it delivered re-sends it, which the receiver answers as a duplicate.
Order: a message is tried only after every earlier pending one was delivered or
rejected; a retryable failure stops the pass, so a later message never overtakes it.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from vision.forwarding.message import SIGNATURE_HEADER, sign
from vision.forwarding.outbox import Outbox, OutboxEntry, backoff_delay

__all__ = ["DeliveryReport", "Forwarder", "classify"]

_log = logging.getLogger(__name__)
_RETRY_4XX = frozenset({401, 403, 408, 425, 429})


@dataclass(frozen=True, slots=True)
class DeliveryReport:
    """What one :meth:`Forwarder.deliver_once` pass did (message ids, in order)."""

    delivered: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()  # tried, will be retried
    last_error: str | None = None
    waiting: bool = False  # stopped at a message whose retry time has not come
    backlog: int = 0  # pending after the pass


def classify(status: int, payload: object) -> str:
    """``"delivered"``, ``"rejected"`` or ``"retry"`` for an HTTP answer (module docstring)."""
    if 200 <= status < 300:
        return "delivered"
    if status == 409:
        duplicate = isinstance(payload, dict) and payload.get("status") == "duplicate"
        return "delivered" if duplicate else "rejected"
    if 400 <= status < 500 and status not in _RETRY_4XX:
        return "rejected"
    return "retry"


class Forwarder:
    """Sends ``outbox``'s pending messages to ``url`` signed with ``secret``.

    ``client_factory`` makes the ``httpx.Client`` (default: 5 s timeout); tests and the
    embedded settlement core pass one with their own transport. ``clock`` and ``rng``
    drive retry times and jitter.
    """

    def __init__(
        self,
        outbox: Outbox,
        url: str,
        secret: str | bytes,
        *,
        client_factory: Callable[[], httpx.Client] | None = None,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        batch: int = 50,
        base_s: float = 0.5,
        cap_s: float = 60.0,
    ) -> None:
        if not secret:
            raise ValueError("the forwarder needs a non-empty signing secret")
        self.outbox, self.url, self._secret = outbox, url, secret
        self._factory = client_factory or (lambda: httpx.Client(timeout=5.0))
        self._client: httpx.Client | None = None
        self._clock, self._rng = clock, rng or random.Random()
        self._batch, self._base_s, self._cap_s = batch, base_s, cap_s
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def deliver_once(self) -> DeliveryReport:
        """One pass over the pending messages in order; returns what happened."""
        done: dict[str, list[str]] = {"delivered": [], "rejected": [], "failed": []}
        last_error, waiting = None, False
        for entry in self.outbox.pending(self._batch):
            if entry.next_attempt_at > self._clock():
                waiting = True
                break
            verdict, error = self._deliver(entry)
            done[verdict].append(entry.message.message_id)
            last_error = error or last_error
            if verdict == "failed":
                break
        return DeliveryReport(
            tuple(done["delivered"]), tuple(done["rejected"]), tuple(done["failed"]),
            last_error, waiting, self.outbox.backlog(),
        )  # fmt: skip

    def _deliver(self, entry: OutboxEntry) -> tuple[str, str | None]:
        message_id = entry.message.message_id
        try:
            response = self._post(entry)
        except httpx.HTTPError as exc:
            return self._retry(entry, f"{type(exc).__name__}: {exc}", None)
        payload = _json_or_none(response)
        verdict = classify(response.status_code, payload)
        if verdict == "delivered":
            self.outbox.mark_delivered(message_id, response.status_code)
            return "delivered", None
        detail = payload.get("detail") if isinstance(payload, dict) else None
        error = f"HTTP {response.status_code}: {str(detail or response.text)[:1000]}"
        if verdict == "rejected":
            self.outbox.mark_rejected(message_id, response.status_code, error)
            return "rejected", error
        return self._retry(entry, error, response.status_code)

    def _retry(self, entry: OutboxEntry, error: str, status: int | None) -> tuple[str, str]:
        delay = backoff_delay(entry.attempts + 1, self._rng, base_s=self._base_s, cap_s=self._cap_s)
        self.outbox.record_attempt(entry.message.message_id, error, self._clock() + delay, status)
        return "failed", error

    def _post(self, entry: OutboxEntry) -> httpx.Response:
        if self._client is None:
            self._client = self._factory()
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: sign(entry.body, self._secret),
            "Idempotency-Key": entry.message.idempotency_key,
        }
        return self._client.post(self.url, content=entry.body, headers=headers)

    def notify(self) -> None:
        """Wake the delivery loop now (call after ``Outbox.put``)."""
        self._wake.set()

    def run(self, stop_event: threading.Event, *, idle_s: float = 0.5) -> None:
        """Deliver until ``stop_event`` is set; when idle sleep ``idle_s`` or until notified."""
        while not stop_event.is_set():
            try:
                report = self.deliver_once()
            except Exception:  # a broken pass must not kill the loop; retry after idle
                _log.exception("delivery pass failed")
                report = DeliveryReport(last_error="delivery pass failed", waiting=True)
            busy = report.delivered or report.rejected
            if not busy or report.failed or report.waiting:
                self._wake.wait(idle_s)
                self._wake.clear()

    def start(self, *, idle_s: float = 0.5) -> threading.Thread:
        """Run :meth:`run` in a daemon thread until :meth:`stop`."""
        self._stop.clear()
        self._thread = threading.Thread(
            target=self.run, args=(self._stop,), kwargs={"idle_s": idle_s},
            name="vision-forwarder", daemon=True,
        )  # fmt: skip
        self._thread.start()
        return self._thread

    def stop(self, timeout_s: float = 10.0) -> None:
        """Stop the thread started by :meth:`start` and close the HTTP client."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout_s)
            self._thread = None
        self.close()

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None


def _json_or_none(response: httpx.Response) -> object:
    try:
        return response.json()
    except ValueError:
        return None
