"""The outcome message a table sends to settlement: schema ``table-outcome/1``.

One message says what happened in one round of one table. Its JSON body (an object
with exactly these keys; ``null`` where a value is absent)::

    {"schema": "table-outcome/1",
     "message_id": "9f0c...",              unique per message (uuid4 hex)
     "idempotency_key": "T7:1042",         "<table_id>:<round_id>": ONE per round
     "table_id": "T7", "round_id": "1042", [A-Za-z0-9][A-Za-z0-9_.-]{0,63}
     "game": "roulette" | "sicbo",
     "kind": "outcome" | "void" | "manual_confirmation",
     "result": {"number": 17} | {"dice": [2, 2, 5]} | null,
     "void_reason": "object_in_bowl" | "dice_leaning" | "dice_stacked" | null,
     "confidence": 0.998 | null,           the reader's confidence in 0..1
     "frame_index": 391 | null,            frame at which the reader decided
     "frame_time": "2026-11-29T12:00:13.033Z" | null,   that frame's wall time, UTC
     "calibration_version": "...", "model_version": "...",
     "evidence_url": "https://..." | null, a still or clip a person can check
     "operator": "alice" | null,           who confirmed (manual confirmations)
     "created_at": "2026-11-29T12:00:13.101Z"}

Kinds:
- ``outcome``: the camera read the result; ``result``, ``confidence``, ``frame_index``
  and ``frame_time`` are set, ``void_reason`` is null.
- ``void``: the round was declared void (roulette Art. 2(2), sic bo Art. 3(3));
  ``result`` is null, ``void_reason`` names why, ``frame_index``/``frame_time`` are set.
- ``manual_confirmation``: the reader abstained and a person entered the result;
  ``result`` and ``operator`` are set, the frame fields may be null.

A round has ONE idempotency key whatever the kind, so it can carry at most one
settled message: a second message for the same key is either the same content
(game, kind, result, void_reason — a harmless re-send) or a conflict that both the
outbox and the settlement core refuse.

The wire form is :meth:`TableMessage.body`: UTF-8 JSON, keys sorted, no spaces. It is
signed with HMAC-SHA256 under a shared secret and sent in the header
``X-Vision-Signature: sha256=<hex digest of the raw body>`` (:func:`sign`, :func:`verify`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from vision.footage.results import GAMES, DiceResult, Result, RouletteResult, result_from_json

__all__ = [
    "KINDS",
    "SCHEMA",
    "SIGNATURE_HEADER",
    "VOID_REASONS",
    "MessageError",
    "TableMessage",
    "make_message",
    "round_key",
    "sign",
    "utc_iso",
    "verify",
]

SCHEMA = "table-outcome/1"
KINDS = ("outcome", "void", "manual_confirmation")
VOID_REASONS = {"roulette": ("object_in_bowl",), "sicbo": ("dice_leaning", "dice_stacked")}
SIGNATURE_HEADER = "X-Vision-Signature"
_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_FIELDS = (
    "message_id", "idempotency_key", "table_id", "round_id", "game", "kind", "result",
    "void_reason", "confidence", "frame_index", "frame_time", "calibration_version",
    "model_version", "evidence_url", "operator", "created_at",
)  # fmt: skip


class MessageError(ValueError):
    """A message that does not follow ``table-outcome/1``; the text says what and why."""


def round_key(table_id: str, round_id: str) -> str:
    """The idempotency key of a round: ``"<table_id>:<round_id>"``."""
    return f"{table_id}:{round_id}"


def utc_iso(when: datetime | None = None) -> str:
    """``when`` (default: now) as ISO 8601 UTC with milliseconds and a ``Z``."""
    when = (when or datetime.now(UTC)).astimezone(UTC)
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableMessage:
    """One ``table-outcome/1`` message, validated on construction (see module docstring)."""

    message_id: str
    idempotency_key: str
    table_id: str
    round_id: str
    game: str
    kind: str
    result: Result | None
    void_reason: str | None
    confidence: float | None
    frame_index: int | None
    frame_time: str | None
    calibration_version: str
    model_version: str
    evidence_url: str | None
    operator: str | None
    created_at: str

    def __post_init__(self) -> None:
        _check_ids(self)
        _check_kind(self)
        _check_fields(self)

    def content_key(self) -> str:
        """What must match for two messages of one round to be the same: canonical JSON."""
        result = self.result.to_json() if self.result is not None else None
        content = [self.game, self.kind, result, self.void_reason]
        return json.dumps(content, sort_keys=True, separators=(",", ":"))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in _FIELDS}
        out["result"] = self.result.to_json() if self.result is not None else None
        out["schema"] = SCHEMA
        return out

    def body(self) -> bytes:
        """The canonical wire bytes: UTF-8 JSON, sorted keys, compact separators."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":")).encode()

    @classmethod
    def from_json(cls, obj: Any) -> TableMessage:
        """Parse a decoded JSON object; raise :class:`MessageError` saying what is wrong."""
        if not isinstance(obj, dict):
            raise MessageError(f"message must be a JSON object, got {type(obj).__name__}")
        if obj.get("schema") != SCHEMA:
            raise MessageError(f"schema must be {SCHEMA!r}, got {obj.get('schema')!r}")
        expected = set(_FIELDS) | {"schema"}
        missing, unknown = sorted(expected - set(obj)), sorted(set(obj) - expected)
        if missing or unknown:
            raise MessageError(f"message keys: missing {missing}, unknown {unknown}")
        fields = {name: obj[name] for name in _FIELDS}
        fields["result"] = _parse_result(obj["result"], obj["game"])
        try:
            return cls(**fields)
        except TypeError as exc:  # e.g. an unhashable value where a string belongs
            raise MessageError(str(exc)) from None

    @classmethod
    def from_body(cls, body: bytes) -> TableMessage:
        try:
            obj = json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise MessageError(f"body is not valid UTF-8 JSON: {exc}") from None
        return cls.from_json(obj)


def make_message(
    *,
    kind: str,
    table_id: str,
    round_id: str,
    game: str,
    calibration_version: str,
    model_version: str,
    result: Result | None = None,
    void_reason: str | None = None,
    confidence: float | None = None,
    frame_index: int | None = None,
    frame_time: str | None = None,
    evidence_url: str | None = None,
    operator: str | None = None,
    created_at: str | None = None,
    message_id: str | None = None,
) -> TableMessage:
    """Build a message, filling ``message_id`` (uuid4), ``idempotency_key`` and ``created_at``."""
    return TableMessage(
        message_id=message_id or uuid.uuid4().hex,
        idempotency_key=round_key(table_id, round_id),
        table_id=table_id,
        round_id=round_id,
        game=game,
        kind=kind,
        result=result,
        void_reason=void_reason,
        confidence=confidence,
        frame_index=frame_index,
        frame_time=frame_time,
        calibration_version=calibration_version,
        model_version=model_version,
        evidence_url=evidence_url,
        operator=operator,
        created_at=created_at or utc_iso(),
    )


def sign(body: bytes, secret: str | bytes) -> str:
    """The ``X-Vision-Signature`` header value for ``body``: ``"sha256=<hex>"``."""
    key = secret.encode() if isinstance(secret, str) else secret
    return "sha256=" + hmac.new(key, body, hashlib.sha256).hexdigest()


def verify(body: bytes, header: str | None, secret: str | bytes) -> bool:
    """True when ``header`` is the signature of exactly ``body`` (constant-time compare)."""
    if not header or not secret:
        return False
    return hmac.compare_digest(sign(body, secret).encode(), header.strip().encode())


def _parse_result(obj: Any, game: Any) -> Result | None:
    if obj is None or game not in GAMES:
        return None if obj is None else _bad(f"game must be one of {GAMES}, got {game!r}")
    try:
        return result_from_json(obj, game)
    except ValueError as exc:
        raise MessageError(f"result: {exc}") from None


def _bad(text: str) -> Any:
    raise MessageError(text)


def _check_ids(m: TableMessage) -> None:
    for name in ("table_id", "round_id"):
        value = getattr(m, name)
        if not isinstance(value, str) or not _ID_RE.fullmatch(value):
            _bad(f"{name} must match {_ID_RE.pattern}, got {value!r}")
    if m.idempotency_key != round_key(m.table_id, m.round_id):
        want = round_key(m.table_id, m.round_id)
        _bad(f"idempotency_key must be {want!r} (table_id:round_id), got {m.idempotency_key!r}")
    if not isinstance(m.message_id, str) or not _ID_RE.fullmatch(m.message_id):
        _bad(f"message_id must match {_ID_RE.pattern}, got {m.message_id!r}")


def _check_kind(m: TableMessage) -> None:
    if m.game not in GAMES:
        _bad(f"game must be one of {GAMES}, got {m.game!r}")
    if m.kind not in KINDS:
        _bad(f"kind must be one of {KINDS}, got {m.kind!r}")
    result_type = RouletteResult if m.game == "roulette" else DiceResult
    if m.kind == "void":
        if m.result is not None:
            _bad(f"a void message has result null, got {m.result!r}")
        if m.void_reason not in VOID_REASONS[m.game]:
            _bad(f"{m.game} void_reason must be one of {VOID_REASONS[m.game]}, "
                 f"got {m.void_reason!r}")  # fmt: skip
    else:
        if not isinstance(m.result, result_type):
            _bad(f"a {m.kind} message for {m.game} needs a {result_type.__name__}, "
                 f"got {m.result!r}")  # fmt: skip
        if m.void_reason is not None:
            _bad(f"a {m.kind} message has void_reason null, got {m.void_reason!r}")
    if m.kind == "manual_confirmation" and not _is_text(m.operator):
        _bad(f"a manual_confirmation names its operator, got {m.operator!r}")


def _check_fields(m: TableMessage) -> None:
    machine = m.kind != "manual_confirmation"
    if m.confidence is not None or m.kind == "outcome":
        c = m.confidence
        if isinstance(c, bool) or not isinstance(c, int | float) or not 0.0 <= c <= 1.0:
            _bad(f"confidence must be a number in 0..1, got {c!r}")
    if m.frame_index is not None or machine:
        f = m.frame_index
        if isinstance(f, bool) or not isinstance(f, int) or f < 0:
            _bad(f"frame_index must be an int >= 0, got {f!r}")
    if m.frame_time is not None or machine:
        _check_time("frame_time", m.frame_time)
    _check_time("created_at", m.created_at)
    for name in ("calibration_version", "model_version"):
        if not _is_text(getattr(m, name)):
            _bad(f"{name} must be a non-empty string, got {getattr(m, name)!r}")
    for name in ("evidence_url", "operator"):
        if getattr(m, name) is not None and not _is_text(getattr(m, name)):
            _bad(f"{name} must be a non-empty string or null, got {getattr(m, name)!r}")


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip()) and len(value) <= 2048


def _check_time(name: str, value: Any) -> None:
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        when = None
    if when is None or when.utcoffset() is None or when.utcoffset().total_seconds() != 0:
        _bad(f"{name} must be an ISO 8601 UTC time like '2026-11-29T12:00:13.033Z', got {value!r}")
