"""The clip sidecar (contract section 2): load, validate, save.

Validation errors name the field, what was expected and what came.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vision.errors import UserError
from vision.footage.results import GAMES, Result, result_from_json

FORMAT = "table-footage/1"
VOID_REASONS = {
    "roulette": ("object_in_bowl",),
    "sicbo": ("dice_leaning", "dice_stacked"),
}
DIRECTIONS = ("cw", "ccw")


@dataclass(frozen=True, slots=True)
class Void:
    reason: str
    frame: int

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "frame": self.frame}


@dataclass(frozen=True, slots=True)
class Round:
    index: int
    start_frame: int
    end_frame: int
    settled_frame: int | None
    result: Result | None
    void: Void | None
    ball_direction: str | None = None  # roulette only
    wheel_direction: str | None = None  # roulette only

    def __post_init__(self) -> None:
        if self.end_frame < self.start_frame:
            raise ValueError(
                f"round {self.index}: end_frame {self.end_frame} < start_frame {self.start_frame}"
            )
        if (self.void is None) == (self.result is None):
            raise ValueError(f"round {self.index}: exactly one of result and void must be set")
        if self.void is None and self.settled_frame is None:
            raise ValueError(f"round {self.index}: a round with a result needs settled_frame")
        if self.void is not None and self.settled_frame is not None:
            raise ValueError(f"round {self.index}: a void round has settled_frame null")
        for name, frame in (("settled_frame", self.settled_frame),
                            ("void.frame", self.void.frame if self.void else None)):
            if frame is not None and not self.start_frame <= frame <= self.end_frame:
                raise ValueError(
                    f"round {self.index}: {name} {frame} outside "
                    f"[{self.start_frame}, {self.end_frame}]"
                )

    @property
    def same_direction(self) -> bool:
        return self.ball_direction is not None and self.ball_direction == self.wheel_direction

    def contains(self, frame: int) -> bool:
        return self.start_frame <= frame <= self.end_frame

    def to_json(self, game: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "start_frame": self.start_frame,
            "end_frame": self.end_frame,
            "settled_frame": self.settled_frame,
            "result": self.result.to_json() if self.result else None,
            "void": self.void.to_json() if self.void else None,
        }
        if game == "roulette":
            out["ball_direction"] = self.ball_direction
            out["wheel_direction"] = self.wheel_direction
        return out


@dataclass(frozen=True, slots=True)
class Sidecar:
    game: str
    fps: float
    width: int
    height: int
    rounds: tuple[Round, ...]
    extra: dict[str, Any] = field(default_factory=dict)  # extension keys, kept verbatim

    def round_at(self, frame: int) -> Round | None:
        return next((r for r in self.rounds if r.contains(frame)), None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "fps": self.fps,
            "width": self.width,
            "height": self.height,
            "rounds": [r.to_json(self.game) for r in self.rounds],
        }
        out.update(self.extra)
        return out


def _need(obj: dict[str, Any], key: str, types: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ValueError(f"{where}: missing field {key!r}")
    value = obj[key]
    if not isinstance(value, types) or isinstance(value, bool):
        raise ValueError(f"{where}: field {key!r} has wrong type: got {value!r}")
    return value


def _parse_round(obj: Any, game: str, i: int) -> Round:
    where = f"rounds[{i}]"
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: expected an object, got {obj!r}")
    void_obj = obj.get("void")
    void = None
    if void_obj is not None:
        reason = _need(void_obj, "reason", str, f"{where}.void")
        if reason not in VOID_REASONS[game]:
            raise ValueError(
                f"{where}.void.reason: expected one of {VOID_REASONS[game]}, got {reason!r}"
            )
        void = Void(reason, _need(void_obj, "frame", int, f"{where}.void"))
    result = obj.get("result")
    settled = obj.get("settled_frame")
    if settled is not None and (not isinstance(settled, int) or isinstance(settled, bool)):
        raise ValueError(f"{where}: settled_frame must be an int or null, got {settled!r}")
    directions: dict[str, str | None] = {}
    for key in ("ball_direction", "wheel_direction"):
        value = obj.get(key)
        if game == "roulette" and value not in DIRECTIONS:
            raise ValueError(f"{where}.{key}: expected 'cw' or 'ccw', got {value!r}")
        directions[key] = value if game == "roulette" else None
    return Round(
        index=_need(obj, "index", int, where),
        start_frame=_need(obj, "start_frame", int, where),
        end_frame=_need(obj, "end_frame", int, where),
        settled_frame=settled,
        result=None if result is None else result_from_json(result, game),
        void=void,
        **directions,
    )


def parse_sidecar(obj: Any) -> Sidecar:
    """Validate a decoded sidecar; raises ValueError naming the offending field."""
    if not isinstance(obj, dict):
        raise ValueError(f"sidecar must be a JSON object, got {type(obj).__name__}")
    if obj.get("format") != FORMAT:
        raise ValueError(f"format: expected {FORMAT!r}, got {obj.get('format')!r}")
    game = _need(obj, "game", str, "sidecar")
    if game not in GAMES:
        raise ValueError(f"game: expected one of {GAMES}, got {game!r}")
    fps = float(_need(obj, "fps", (int, float), "sidecar"))
    if fps <= 0:
        raise ValueError(f"fps: expected > 0, got {fps}")
    rounds_obj = _need(obj, "rounds", list, "sidecar")
    rounds = tuple(_parse_round(r, game, i) for i, r in enumerate(rounds_obj))
    for a, b in zip(rounds, rounds[1:], strict=False):
        if b.start_frame <= a.end_frame:
            raise ValueError(f"rounds {a.index} and {b.index} overlap or are out of order")
    known = {"format", "game", "fps", "width", "height", "rounds"}
    return Sidecar(
        game=game,
        fps=fps,
        width=_need(obj, "width", int, "sidecar"),
        height=_need(obj, "height", int, "sidecar"),
        rounds=rounds,
        extra={k: v for k, v in obj.items() if k not in known},
    )


def load_sidecar(path: str | Path) -> Sidecar:
    path = Path(path)
    try:
        obj = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(f"sidecar not found: expected {path} beside the clip") from None
    except json.JSONDecodeError as exc:
        raise UserError(f"sidecar {path} is not valid JSON: {exc}") from None
    try:
        return parse_sidecar(obj)
    except ValueError as exc:
        raise UserError(f"sidecar {path} does not follow {FORMAT}: {exc}") from None


def save_sidecar(sidecar: Sidecar, path: str | Path) -> None:
    Path(path).write_text(json.dumps(sidecar.to_json(), indent=2) + "\n")
