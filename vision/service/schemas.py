"""Request and response bodies of the table service API (separate models, one per use)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "CameraHealth", "ConfirmRequest", "ConfirmResponse", "DiceIn", "ErrorOut", "HealthResponse",
    "RoundOut", "RoundsResponse", "RouletteIn", "TableOut", "TablesResponse", "error_responses",
]  # fmt: skip


class ErrorOut(BaseModel):
    """Every refusal: ``detail`` says what was expected and what came."""

    detail: str


def error_responses(**codes: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for refusals, e.g. ``error_responses(e404="unknown table")``."""
    return {int(code[1:]): {"model": ErrorOut, "description": text}
            for code, text in codes.items()}


class RouletteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    number: int = Field(ge=0, le=36, description="the winning pocket, 0..36")


class DiceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dice: list[int] = Field(min_length=3, max_length=3, description="three faces, each 1..6")

    @model_validator(mode="after")
    def _faces(self) -> DiceIn:
        if not all(1 <= d <= 6 for d in self.dice):
            raise ValueError(f"each die must show 1..6, got {self.dice}")
        return self


class ConfirmRequest(BaseModel):
    """A supervisor's decision on an abstained round: the result seen, or a void."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"result": {"number": 17}}, {"result": {"dice": [2, 2, 5]}},
                     {"void_reason": "object_in_bowl", "note": "chip fell in"}]})

    result: RouletteIn | DiceIn | None = None
    void_reason: Literal["object_in_bowl", "dice_leaning", "dice_stacked"] | None = None
    note: str | None = Field(None, max_length=500)

    @model_validator(mode="after")
    def _one_decision(self) -> ConfirmRequest:
        if (self.result is None) == (self.void_reason is None):
            raise ValueError("give exactly one of 'result' (e.g. {\"number\": 17} or "
                             "{\"dice\": [2, 2, 5]}) and 'void_reason'")
        return self


class ConfirmationOut(BaseModel):
    by: str
    at: str
    result: dict[str, Any] | None
    void_reason: str | None
    note: str | None


class RoundOut(BaseModel):
    number: int
    status: Literal["open", "outcome", "void", "abstain", "confirmed"]
    opened_at: str | None
    closed_at: str | None
    frame: int | None = Field(description="reader frame index of the closing decision")
    result: dict[str, Any] | None
    confidence: float | None
    reason: str | None
    violations: list[str]
    evidence_url: str | None
    clip_url: str | None
    confirmation: ConfirmationOut | None


class RoundsResponse(BaseModel):
    table_id: str
    current_round: int
    rounds: list[RoundOut] = Field(description="closed rounds, newest first")


class ConfirmResponse(BaseModel):
    table_id: str
    round: RoundOut
    forwarded: bool = Field(description="stored in the outbox for delivery to settlement")


class TableOut(BaseModel):
    id: str
    game: Literal["roulette", "sicbo"]
    phase: str
    camera_state: Literal["starting", "live", "unavailable", "stopped"]
    camera_detail: str
    current_round: int
    frame_url: str
    live_url: str


class TablesResponse(BaseModel):
    tables: list[TableOut]


class CameraHealth(BaseModel):
    table_id: str
    state: str
    detail: str
    ready: bool


class HealthResponse(BaseModel):
    alive: bool = True
    ready: bool = Field(description="every camera is live")
    cameras: list[CameraHealth]
    forwarding_backlog: int
