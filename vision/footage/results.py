"""Table results as typed, validated, immutable values (contract section 2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GAMES = ("roulette", "sicbo")

# Clockwise as seen from above (contract section 5).
WHEEL_SEQUENCE_CW: tuple[int, ...] = (
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
    5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
)  # fmt: skip
RED_NUMBERS = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})


def pocket_colour(number: int) -> str:
    """'green' for 0, else 'red' or 'black' on the standard single-zero layout."""
    if number == 0:
        return "green"
    return "red" if number in RED_NUMBERS else "black"


@dataclass(frozen=True, slots=True)
class RouletteResult:
    number: int

    def __post_init__(self) -> None:
        if not (isinstance(self.number, int) and 0 <= self.number <= 36):
            raise ValueError(f"roulette number must be an int 0..36, got {self.number!r}")

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number}


@dataclass(frozen=True, slots=True)
class DiceResult:
    """Three dice faces, always stored sorted ascending as the contract requires."""

    dice: tuple[int, int, int]

    def __post_init__(self) -> None:
        d = tuple(self.dice)
        if len(d) != 3 or not all(isinstance(v, int) and 1 <= v <= 6 for v in d):
            raise ValueError(f"dice must be three ints 1..6, got {self.dice!r}")
        object.__setattr__(self, "dice", tuple(sorted(d)))

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def is_triple(self) -> bool:
        return self.dice[0] == self.dice[2]

    def to_json(self) -> dict[str, Any]:
        return {"dice": list(self.dice)}


Result = RouletteResult | DiceResult


def result_from_json(obj: Any, game: str) -> Result:
    """Parse ``{"number": n}`` (roulette) or ``{"dice": [a, b, c]}`` (sic bo)."""
    if not isinstance(obj, dict):
        raise ValueError(f"result must be an object, got {obj!r}")
    if game == "roulette":
        if set(obj) != {"number"}:
            raise ValueError(f'roulette result must be {{"number": 0..36}}, got {obj!r}')
        return RouletteResult(obj["number"])
    if game == "sicbo":
        if set(obj) != {"dice"} or not isinstance(obj["dice"], list):
            raise ValueError(f'sic bo result must be {{"dice": [a, b, c]}}, got {obj!r}')
        return DiceResult(tuple(obj["dice"]))  # type: ignore[arg-type]
    raise ValueError(f"game must be one of {GAMES}, got {game!r}")
