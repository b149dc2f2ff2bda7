"""The durable outbox: a message is written here BEFORE anything else happens to it.

A SQLite file in WAL mode with ``synchronous=FULL``: once :meth:`Outbox.put` returns
``stored`` the message survives a crash or ``kill -9`` of any process. Every write is
one ``BEGIN IMMEDIATE`` transaction, so several processes may share the file.

One row per round (the idempotency key is UNIQUE). ``put`` of a second message for a
round is ``duplicate`` (same content: a no-op) or ``conflict`` (another kind, result or
void reason: refused, the stored message is never overwritten). So the outbox can never
hold two different outcomes for one round.

Row states: ``pending`` -> ``delivered`` (receiver accepted it) or ``rejected`` (the
receiver refused this message for good; kept and visible, not retried, an operator can
:meth:`Outbox.requeue` it). Pending rows are delivered in ``seq`` (put) order; a failed
attempt sets ``next_attempt_at`` from :func:`backoff_delay` (0.5 s doubling to 60 s,
with jitter).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vision.forwarding.message import TableMessage
from vision.forwarding.store import SqliteFile

__all__ = ["Outbox", "OutboxEntry", "PutResult", "backoff_delay"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id TEXT NOT NULL UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    content_key TEXT NOT NULL,
    body BLOB NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL NOT NULL DEFAULT 0,
    last_error TEXT,
    http_status INTEGER,
    created_at REAL NOT NULL,
    finished_at REAL
);
CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, seq);
"""


@dataclass(frozen=True, slots=True)
class PutResult:
    """What :meth:`Outbox.put` did: ``status`` is ``stored``, ``duplicate`` or ``conflict``.

    ``existing`` is the message already stored for the round (for duplicate/conflict).
    """

    status: str
    message: TableMessage
    existing: TableMessage | None = None

    @property
    def ok(self) -> bool:
        """True unless the put was refused as a conflict."""
        return self.status != "conflict"


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    seq: int
    message: TableMessage
    body: bytes
    status: str
    attempts: int
    next_attempt_at: float
    last_error: str | None
    http_status: int | None


def backoff_delay(
    attempts: int, rng: random.Random, *, base_s: float = 0.5, cap_s: float = 60.0
) -> float:
    """Delay before the next try after ``attempts`` failures: ``base_s * 2**(attempts-1)``
    capped at ``cap_s``, then jittered to 50..100 % of that, never below ``base_s``."""
    ceiling = min(cap_s, base_s * 2.0 ** max(0, attempts - 1))
    return max(base_s, ceiling * (0.5 + 0.5 * rng.random()))


class Outbox:
    """The outbox file at ``path`` (created if absent). Thread-safe; process-safe via SQLite."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self._file = SqliteFile(path, _SCHEMA)
        self.path = self._file.path
        self._write = self._file.write
        self._clock = clock

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Outbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def put(self, message: TableMessage) -> PutResult:
        """Store ``message`` durably unless its round already has a message (see module doc)."""
        with self._write() as db:
            row = db.execute(
                "SELECT body, content_key FROM outbox WHERE idempotency_key = ?",
                (message.idempotency_key,),
            ).fetchone()
            if row is not None:
                existing = TableMessage.from_body(row[0])
                same = row[1] == message.content_key()
                return PutResult("duplicate" if same else "conflict", message, existing)
            db.execute(
                "INSERT INTO outbox (message_id, idempotency_key, content_key, body, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (message.message_id, message.idempotency_key, message.content_key(),
                 message.body(), self._clock()),
            )  # fmt: skip
        return PutResult("stored", message)

    def pending(self, limit: int = 100) -> list[OutboxEntry]:
        """The oldest ``limit`` pending entries in put order, due or not (``next_attempt_at``)."""
        return self._select("WHERE status = 'pending' ORDER BY seq LIMIT ?", (limit,))

    def rejected(self, limit: int = 100) -> list[OutboxEntry]:
        """Entries the receiver refused for good, oldest first."""
        return self._select("WHERE status = 'rejected' ORDER BY seq LIMIT ?", (limit,))

    def get(self, message_id: str) -> OutboxEntry | None:
        rows = self._select("WHERE message_id = ?", (message_id,))
        return rows[0] if rows else None

    def for_round(self, idempotency_key: str) -> OutboxEntry | None:
        rows = self._select("WHERE idempotency_key = ?", (idempotency_key,))
        return rows[0] if rows else None

    def _select(self, where: str, args: tuple) -> list[OutboxEntry]:
        sql = (
            "SELECT seq, body, status, attempts, next_attempt_at, last_error, http_status"
            f" FROM outbox {where}"
        )
        rows = self._file.read(sql, args)
        return [
            OutboxEntry(r[0], TableMessage.from_body(r[1]), r[1], r[2], r[3], r[4], r[5], r[6])
            for r in rows
        ]

    def mark_delivered(self, message_id: str, status: int) -> None:
        """The receiver accepted ``message_id`` with HTTP ``status``."""
        self._finish(message_id, "delivered", status, None)

    def mark_rejected(self, message_id: str, status: int, error: str) -> None:
        """The receiver refused ``message_id`` for good (HTTP ``status``, its ``error`` text)."""
        self._finish(message_id, "rejected", status, error)

    def _finish(self, message_id: str, state: str, status: int, error: str | None) -> None:
        with self._write() as db:
            db.execute(
                "UPDATE outbox SET status = ?, http_status = ?, last_error = ?,"
                " attempts = attempts + 1, finished_at = ? WHERE message_id = ?",
                (state, status, error, self._clock(), message_id),
            )

    def record_attempt(
        self, message_id: str, error: str, next_attempt_at: float, status: int | None = None
    ) -> None:
        """A failed try: keep it pending, remember ``error``, retry at ``next_attempt_at``."""
        with self._write() as db:
            db.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, http_status = ?,"
                " next_attempt_at = ? WHERE message_id = ? AND status = 'pending'",
                (error[:2000], status, next_attempt_at, message_id),
            )

    def requeue(self, message_id: str) -> bool:
        """Operator action: make a rejected message pending again. True if one was."""
        with self._write() as db:
            cur = db.execute(
                "UPDATE outbox SET status = 'pending', next_attempt_at = 0, finished_at = NULL"
                " WHERE message_id = ? AND status = 'rejected'",
                (message_id,),
            )
            return cur.rowcount == 1

    def backlog(self) -> int:
        """How many messages are still pending delivery."""
        return self.counts().get("pending", 0)

    def counts(self) -> dict[str, int]:
        """Number of messages per state, e.g. ``{"pending": 2, "delivered": 40}``."""
        rows = self._file.read("SELECT status, COUNT(*) FROM outbox GROUP BY status")
        return {status: n for status, n in rows}
