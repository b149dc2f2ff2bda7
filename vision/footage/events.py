"""Reader events (contract section 3): typed values and their JSON Lines form.

The scorer reads ``outcome``, ``void``, ``abstain`` and ``violation``; readers may
emit other types (phase events such as ``ball_launched``) which it ignores. Extra fields
ride in ``extra``; decisions carry ``evidence``, what the reader saw when it decided
(``vision.footage.evidence``; docs/evaluation.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vision.errors import UserError
from vision.footage.results import Result, result_from_json

SCORED_TYPES = ("outcome", "void", "abstain", "violation")


@dataclass(frozen=True, slots=True)
class Event:
    """One reader decision at ``frame`` (decided from frames 0..frame alone)."""

    type: str
    frame: int
    result: Result | None = None  # outcome only
    confidence: float | None = None  # outcome (and optionally others)
    reason: str | None = None  # void, abstain, violation
    extra: Mapping[str, Any] = field(default_factory=dict)  # any other JSON fields

    def __post_init__(self) -> None:
        if not self.type:
            raise ValueError("event type must be a non-empty string")
        if not isinstance(self.frame, int) or self.frame < 0:
            raise ValueError(f"event frame must be an int >= 0, got {self.frame!r}")
        if self.type == "outcome" and self.result is None:
            raise ValueError("an outcome event needs a result")
        if self.type in ("void", "abstain", "violation") and not self.reason:
            raise ValueError(f"a {self.type} event needs a reason")
        if self.confidence is not None and not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be within 0..1, got {self.confidence}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "frame": self.frame}
        if self.result is not None:
            out["result"] = self.result.to_json()
        if self.confidence is not None:
            out["confidence"] = round(float(self.confidence), 6)
        if self.reason is not None:
            out["reason"] = self.reason
        out.update(self.extra)
        return out


def outcome(frame: int, result: Result, confidence: float, **extra: Any) -> Event:
    return Event("outcome", frame, result=result, confidence=confidence, extra=extra)


def void(frame: int, reason: str, **extra: Any) -> Event:
    return Event("void", frame, reason=reason, extra=extra)


def abstain(frame: int, reason: str, **extra: Any) -> Event:
    return Event("abstain", frame, reason=reason, extra=extra)


def violation(frame: int, reason: str, **extra: Any) -> Event:
    return Event("violation", frame, reason=reason, extra=extra)


def event_from_json(obj: Any, game: str) -> Event:
    if not isinstance(obj, dict) or "type" not in obj or "frame" not in obj:
        raise ValueError(f"an event needs 'type' and 'frame', got {obj!r}")
    known = {"type", "frame", "result", "confidence", "reason"}
    result = obj.get("result")
    return Event(
        type=obj["type"],
        frame=obj["frame"],
        result=result_from_json(result, game) if obj["type"] == "outcome" else None,
        confidence=obj.get("confidence"),
        reason=obj.get("reason"),
        extra={k: v for k, v in obj.items() if k not in known},
    )


def write_events(events: Iterable[Event], path: str | Path) -> None:
    with Path(path).open("w") as fh:
        for ev in events:
            fh.write(json.dumps(ev.to_json()) + "\n")


def read_events(path: str | Path, game: str) -> list[Event]:
    """Load a JSON Lines events file; a malformed line is a UserError naming file and line."""
    return list(iter_events(path, game))


def iter_events(path: str | Path, game: str) -> Iterator[Event]:
    path = Path(path)
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        raise UserError(f"events file not found: {path}") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield event_from_json(json.loads(line), game)
        except (ValueError, TypeError) as exc:
            raise UserError(f"{path}:{n}: not a valid event: {exc}") from None
