"""Message builders shared by the forwarding and settlement tests."""

from __future__ import annotations

from typing import Any

from vision.footage.results import DiceResult, RouletteResult
from vision.forwarding.message import TableMessage, make_message

TIME = "2026-11-29T12:00:13.033Z"


def outcome(round_id: str, number: int, table: str = "T1", **over: Any) -> TableMessage:
    """A roulette outcome message for ``table``/``round_id`` with ``number``."""
    fields: dict[str, Any] = dict(
        kind="outcome", table_id=table, round_id=round_id, game="roulette",
        result=RouletteResult(number), confidence=0.99, frame_index=391, frame_time=TIME,
        calibration_version="cal-1", model_version="model-1", created_at=TIME,
    )  # fmt: skip
    fields.update(over)
    return make_message(**fields)


def dice(round_id: str, faces: tuple[int, int, int], table: str = "S1") -> TableMessage:
    return outcome(round_id, 0, table, game="sicbo", result=DiceResult(faces))


def void(
    round_id: str, table: str = "T1", reason: str | None = None, game: str = "roulette"
) -> TableMessage:
    """A void; ``reason`` defaults to the game's first void reason."""
    reason = reason or ("object_in_bowl" if game == "roulette" else "dice_stacked")
    return outcome(round_id, 0, table, game=game, kind="void", result=None, void_reason=reason,
                   confidence=None)  # fmt: skip


def manual(round_id: str, number: int, table: str = "T1") -> TableMessage:
    return outcome(round_id, number, table, kind="manual_confirmation", confidence=None,
                   frame_index=None, frame_time=None, operator="alice")  # fmt: skip
