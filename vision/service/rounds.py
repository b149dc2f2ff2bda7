"""The rounds of one table: numbering, what closed each one, and supervisor confirmations.

A round opens with the first frame after the previous one closed and closes with the
reader's ``outcome``, ``void`` or ``abstain`` (or an abstain the service issues when the
camera fails mid-round). Numbers continue across restarts: every closed round and
every confirmation is appended to ``DATA_DIR/rounds/<table>.jsonl`` and read back on
start, so a round number names one round forever (settlement relies on that).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

__all__ = ["Confirmation", "RoundBook", "RoundRecord", "RoundStatus"]

RoundStatus = Literal["open", "outcome", "void", "abstain", "confirmed"]
CLOSING = ("outcome", "void", "abstain")


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A supervisor's decision on an abstained round (audited: who, when, what)."""

    by: str
    at: str  # ISO 8601 UTC
    result: dict[str, Any] | None
    void_reason: str | None
    note: str | None = None

    def __post_init__(self) -> None:
        if (self.result is None) == (self.void_reason is None):
            raise ValueError("a confirmation holds exactly one of result and void_reason")


@dataclass(frozen=True, slots=True)
class RoundRecord:
    number: int
    status: RoundStatus = "open"
    opened_at: str | None = None
    closed_at: str | None = None
    frame: int | None = None  # reader frame index of the closing event
    result: dict[str, Any] | None = None
    confidence: float | None = None
    reason: str | None = None
    evidence_id: str | None = None
    violations: tuple[str, ...] = ()
    confirmation: Confirmation | None = None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["violations"] = list(self.violations)
        return out


class RoundBook:
    """Thread-safe round log of one table, persisted as JSON Lines; keeps ``keep`` in memory."""

    def __init__(self, path: Path, *, keep: int = 1000) -> None:
        self.path = path
        self.keep = keep
        self._lock = threading.Lock()
        self._rounds: OrderedDict[int, RoundRecord] = OrderedDict()
        path.parent.mkdir(parents=True, exist_ok=True)
        last = self._load()
        self._current = RoundRecord(number=last + 1)

    @property
    def current(self) -> RoundRecord:
        return self._current

    def touch(self, now_iso: str) -> RoundRecord:
        """A frame arrived: open the round if it is not yet (persisted, so that a round
        number is never reused even if the service dies before the round closes)."""
        if self._current.opened_at is None:
            with self._lock:
                self._current = replace(self._current, opened_at=now_iso)
                self._append(self._current)
        return self._current

    def in_progress(self) -> bool:
        return self._current.opened_at is not None

    def add_violation(self, reason: str) -> None:
        with self._lock:
            self._current = replace(self._current,
                                    violations=(*self._current.violations, reason))

    def close(self, status: RoundStatus, now_iso: str, **fields: Any) -> RoundRecord:
        """Close the open round with ``status`` and open the next one; return the closed one."""
        if status not in CLOSING:
            raise ValueError(f"a round closes with one of {CLOSING}, got {status!r}")
        with self._lock:
            closed = replace(self._current, status=status, closed_at=now_iso,
                             opened_at=self._current.opened_at or now_iso, **fields)
            self._store(closed)
            self._current = RoundRecord(number=closed.number + 1)
            return closed

    def confirm(self, number: int, confirmation: Confirmation) -> RoundRecord:
        """Record a supervisor's confirmation; KeyError unknown round, ValueError not abstained."""
        with self._lock:
            record = self._rounds[number]
            if record.status != "abstain":
                raise ValueError(f"round {number} is {record.status}, only an abstained "
                                 "round can be confirmed")
            confirmed = replace(record, status="confirmed", confirmation=confirmation)
            self._store(confirmed)
            return confirmed

    def interrupted(self) -> list[RoundRecord]:
        """Rounds the service stopped in before they closed (abstained on load as
        ``service_restarted``), oldest first."""
        with self._lock:
            return [r for r in self._rounds.values()
                    if r.status == "abstain" and r.reason == "service_restarted"]

    def close_interrupted(self, number: int, status: RoundStatus, **fields: Any) -> RoundRecord:
        """Close interrupted round ``number`` as its already stored decision says (the
        service died after putting the message into the outbox, before the round log)."""
        if status not in ("outcome", "void"):
            raise ValueError(f"an interrupted round closes as outcome or void, got {status!r}")
        with self._lock:
            record = self._rounds[number]
            if record.reason != "service_restarted":
                raise ValueError(f"round {number} was not interrupted by a restart")
            closed = replace(record, **{"reason": None, **fields, "status": status})
            self._store(closed)
            return closed

    def get(self, number: int) -> RoundRecord | None:
        return self._rounds.get(number)

    def recent(self, limit: int) -> list[RoundRecord]:
        """The newest ``limit`` closed rounds, newest first."""
        with self._lock:
            return list(reversed(self._rounds.values()))[:limit]

    def _store(self, record: RoundRecord) -> None:
        self._append(record)
        self._remember(record)

    def _append(self, record: RoundRecord) -> None:
        with self.path.open("a") as fh:
            fh.write(json.dumps(record.to_json()) + "\n")

    def _remember(self, record: RoundRecord) -> None:
        self._rounds[record.number] = record
        self._rounds.move_to_end(record.number)
        while len(self._rounds) > self.keep:
            self._rounds.popitem(last=False)

    def _load(self) -> int:
        if not self.path.is_file():
            return 0
        last = 0
        for line in self.path.read_text().splitlines():
            try:
                record = _parse(line)
            except (ValueError, TypeError):  # a line cut short by a crash
                continue
            if record.status == "open":  # the service stopped before this round closed
                record = replace(record, status="abstain", reason="service_restarted")
            self._remember(record)
            last = max(last, record.number)
        return last


def _parse(line: str) -> RoundRecord:
    obj = json.loads(line)
    conf = obj.pop("confirmation", None)
    obj["violations"] = tuple(obj.get("violations", ()))
    return RoundRecord(**obj, confirmation=Confirmation(**conf) if conf else None)
