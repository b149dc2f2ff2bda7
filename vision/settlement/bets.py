"""Every bet of the two regulations, its odds and its payout: pure functions.

A bet is ``Bet(kind, selection)``; its JSON form is ``{"kind": K, "selection": [..]}``.

Roulette (Art. 6, odds of Art. 7). The layout has 12 rows of 3: number ``n`` sits in
row ``(n-1)//3`` and column ``(n-1)%3``; 0 sits above 1, 2 and 3.

=================  =============================================  ====
kind               selection                                      odds
=================  =============================================  ====
straight           one number 0..36                               35
split              two adjacent numbers: 1-2, 1-4, 0-1, 0-2, 0-3  17
street             a row 1-2-3 .. 34-35-36, or 0-1-2, 0-2-3       11
corner             a 2x2 block such as 1-2-4-5, or 0-1-2-3        8
six_line           two adjacent rows, 1..6 .. 31..36              5
nine               three adjacent rows, 1..9 .. 28..36            3
group              1: {1,3,5,13,15,17,20,22,24,32,34,36},         2
                   2: {2,4,6,14,16,18,19,21,23,31,33,35}
column             1 (1,4..34), 2 (2,5..35), 3 (3,6..36)          2
dozen              1 (1-12), 2 (13-24), 3 (25-36)                 2
red black even     none                                           1
odd low high
=================  =============================================  ====

The regulation does not say which nine numbers a nine-number bet covers; we take three
adjacent rows (a 3x3 block of the layout), the only nine-number shape a layout has.

Zero (Art. 8): "when 0 comes up, bets on 0 win and every other bet loses". We read a
"bet on 0" as any bet whose numbers include 0: the straight 0, the splits 0-1/0-2/0-3,
the streets 0-1-2/0-2-3 and the corner 0-1-2-3, each paid at its own odds. Every
other bet loses, in particular the even-money bets lose whole (no half-back rule).

Sic bo (Art. 5, odds of Art. 6, triples of Art. 7):

================  ======================  ==========================================
kind              selection               wins when (odds)
================  ======================  ==========================================
small / big       none                    total 4-10 / 11-17 and not a triple (1)
single            a face 1..6             the face shows on 1, 2, 3 dice (1, 2, 3)
specific_triple   a face 1..6             all three dice show it (150)
any_triple        none                    all three dice equal (24)
total             4..17                   the dice sum to it (4/17: 50, 5/16: 18,
                                          6/15: 14, 7/14: 12, 8/13: 8, 9-12: 6)
================  ======================  ==========================================

A triple loses only small and big (Art. 7); a total bet on 9 wins on 3-3-3.

Payout convention: :func:`payout` returns what the player gets back for a winning bet,
``stake + odds * stake`` (the stake returned plus the winnings of Art. 7 / Art. 6), and
0 for a losing bet. Stakes are integers in the currency's smallest unit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vision.footage.results import RED_NUMBERS, DiceResult, Result, RouletteResult

__all__ = [
    "BetError",
    "Bet",
    "bet_from_json",
    "covered_numbers",
    "odds_if_won",
    "payout",
]

GROUPS = {
    1: frozenset({1, 3, 5, 13, 15, 17, 20, 22, 24, 32, 34, 36}),
    2: frozenset({2, 4, 6, 14, 16, 18, 19, 21, 23, 31, 33, 35}),
}
_ROWS = [frozenset({3 * r + 1, 3 * r + 2, 3 * r + 3}) for r in range(12)]
_SHAPES: dict[str, frozenset[frozenset[int]]] = {
    "straight": frozenset(frozenset({n}) for n in range(37)),
    "split": frozenset(
        [frozenset({n, n + 1}) for n in range(1, 37) if n % 3 != 0]
        + [frozenset({n, n + 3}) for n in range(1, 34)]
        + [frozenset({0, n}) for n in (1, 2, 3)]
    ),
    "street": frozenset(_ROWS + [frozenset({0, 1, 2}), frozenset({0, 2, 3})]),
    "corner": frozenset(
        [frozenset({n, n + 1, n + 3, n + 4}) for n in range(1, 33) if n % 3 != 0]
        + [frozenset({0, 1, 2, 3})]
    ),
    "six_line": frozenset(_ROWS[r] | _ROWS[r + 1] for r in range(11)),
    "nine": frozenset(_ROWS[r] | _ROWS[r + 1] | _ROWS[r + 2] for r in range(10)),
}
_SHAPE_HINT = {
    "straight": "one number 0..36",
    "split": "two numbers side by side on the layout (e.g. [1, 2], [1, 4], [0, 1])",
    "street": "a row (e.g. [1, 2, 3]) or [0, 1, 2] or [0, 2, 3]",
    "corner": "a 2x2 block (e.g. [1, 2, 4, 5]) or [0, 1, 2, 3]",
    "six_line": "two adjacent rows (e.g. [1, 2, 3, 4, 5, 6])",
    "nine": "three adjacent rows (e.g. [1, 2, ..., 9])",
}
_ROULETTE_ODDS = {"straight": 35, "split": 17, "street": 11, "corner": 8, "six_line": 5,
                  "nine": 3, "group": 2, "column": 2, "dozen": 2}  # fmt: skip
_EVEN_MONEY = {
    "red": RED_NUMBERS,
    "black": frozenset(range(1, 37)) - RED_NUMBERS,
    "even": frozenset(range(2, 37, 2)),
    "odd": frozenset(range(1, 37, 2)),
    "low": frozenset(range(1, 19)),
    "high": frozenset(range(19, 37)),
}
_INDEXED = {"group": (1, 2), "column": (1, 2, 3), "dozen": (1, 2, 3)}
_SICBO_PLAIN = ("small", "big", "any_triple")
_SICBO_FACE = ("single", "specific_triple")
TOTAL_ODDS = {4: 50, 17: 50, 5: 18, 16: 18, 6: 14, 15: 14, 7: 12, 14: 12, 8: 8, 13: 8,
              9: 6, 10: 6, 11: 6, 12: 6}  # fmt: skip
ROULETTE_KINDS = (*_SHAPES, *_INDEXED, *_EVEN_MONEY)
SICBO_KINDS = (*_SICBO_PLAIN, *_SICBO_FACE, "total")


class BetError(ValueError):
    """A bet the layout does not offer; the text says what was expected and what came."""


@dataclass(frozen=True, slots=True)
class Bet:
    """One bet: ``kind`` (see the module tables) and its ``selection`` of ints."""

    kind: str
    selection: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        sel = tuple(self.selection)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in sel):
            raise BetError(f"{self.kind} selection must be integers, got {list(sel)}")
        if self.kind in _SHAPES:
            sel = tuple(sorted(sel))
            if frozenset(sel) not in _SHAPES[self.kind] or len(set(sel)) != len(sel):
                hint = _SHAPE_HINT[self.kind]
                raise BetError(f"a {self.kind} bet covers {hint}, got {list(sel)}")
        elif self.kind in _INDEXED:
            _expect_one(self.kind, sel, _INDEXED[self.kind])
        elif self.kind in _SICBO_FACE:
            _expect_one(self.kind, sel, (1, 2, 3, 4, 5, 6))
        elif self.kind == "total":
            _expect_one(self.kind, sel, tuple(TOTAL_ODDS))
        elif self.kind in _EVEN_MONEY or self.kind in _SICBO_PLAIN:
            if sel:
                raise BetError(f"a {self.kind} bet has an empty selection, got {list(sel)}")
        else:
            kinds = ", ".join((*ROULETTE_KINDS, *SICBO_KINDS))
            raise BetError(f"bet kind must be one of {kinds}; got {self.kind!r}")
        object.__setattr__(self, "selection", sel)

    @property
    def game(self) -> str:
        return "roulette" if self.kind in ROULETTE_KINDS else "sicbo"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "selection": list(self.selection)}


def _expect_one(kind: str, sel: tuple[int, ...], allowed: tuple[int, ...]) -> None:
    if len(sel) != 1 or sel[0] not in allowed:
        raise BetError(f"a {kind} bet selects one of {list(allowed)}, got {list(sel)}")


def bet_from_json(obj: Any) -> Bet:
    """Parse ``{"kind": K, "selection": [..]}`` (selection may be omitted when empty)."""
    if not isinstance(obj, dict) or "kind" not in obj or set(obj) - {"kind", "selection"}:
        raise BetError(f'a bet is {{"kind": K, "selection": [ints]}}, got {obj!r}')
    selection = obj.get("selection", [])
    if not isinstance(selection, list):
        raise BetError(f"bet selection must be a list of ints, got {selection!r}")
    return Bet(obj["kind"], tuple(selection))


def covered_numbers(bet: Bet) -> frozenset[int]:
    """The roulette numbers a roulette bet wins on."""
    if bet.kind in _SHAPES:
        return frozenset(bet.selection)
    if bet.kind == "group":
        return GROUPS[bet.selection[0]]
    if bet.kind == "column":
        return frozenset(range(bet.selection[0], 37, 3))
    if bet.kind == "dozen":
        first = 12 * (bet.selection[0] - 1) + 1
        return frozenset(range(first, first + 12))
    if bet.kind in _EVEN_MONEY:
        return _EVEN_MONEY[bet.kind]
    raise BetError(f"{bet.kind} is a sic bo bet, it covers no roulette numbers")


def odds_if_won(bet: Bet, result: Result) -> int | None:
    """The odds paid (``n`` of ``n:1``) if ``bet`` wins on ``result``, else None."""
    if isinstance(result, RouletteResult) and bet.game == "roulette":
        won = result.number in covered_numbers(bet)
        return _ROULETTE_ODDS.get(bet.kind, 1) if won else None
    if isinstance(result, DiceResult) and bet.game == "sicbo":
        return _sicbo_odds(bet, result)
    raise BetError(f"a {bet.game} bet ({bet.kind}) cannot be settled on {result!r}")


def _sicbo_odds(bet: Bet, dice: DiceResult) -> int | None:
    face = bet.selection[0] if bet.selection else None
    if bet.kind in ("small", "big"):
        low = bet.kind == "small"
        won = not dice.is_triple and (4 <= dice.total <= 10 if low else 11 <= dice.total <= 17)
        return 1 if won else None
    if bet.kind == "single":
        return dice.dice.count(face) or None
    if bet.kind == "specific_triple":
        return 150 if dice.dice == (face, face, face) else None
    if bet.kind == "any_triple":
        return 24 if dice.is_triple else None
    return TOTAL_ODDS[dice.total] if dice.total == face else None


def payout(bet: Bet, stake: int, result: Result) -> int:
    """What the player gets back: ``stake * (odds + 1)`` on a win, 0 on a loss."""
    if isinstance(stake, bool) or not isinstance(stake, int) or stake <= 0:
        raise BetError(f"stake must be a positive integer (smallest currency unit), got {stake!r}")
    odds = odds_if_won(bet, result)
    return 0 if odds is None else stake * (odds + 1)
