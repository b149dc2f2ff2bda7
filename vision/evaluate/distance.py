"""How far a wrong result is from the truth: pockets on the wheel, or dice to change.

A reader that is off by one pocket (a neighbour) fails differently from one that reads a
number across the wheel; a sic bo read with one die wrong differs from a read of another
throw. Pure functions over results.
"""

from __future__ import annotations

from collections import Counter

from vision.footage import WHEEL_SEQUENCE_CW, DiceResult, Result, RouletteResult

__all__ = ["dice_off", "miss_label", "pocket_offset"]


def pocket_offset(truth: int, read: int) -> int:
    """Pockets from ``truth`` to ``read`` on the wheel, clockwise positive, within -18..18."""
    n = len(WHEEL_SEQUENCE_CW)
    step = (WHEEL_SEQUENCE_CW.index(read) - WHEEL_SEQUENCE_CW.index(truth)) % n
    return step - n if step > n // 2 else step


def dice_off(truth: DiceResult, read: DiceResult) -> int:
    """How many dice of ``read`` must change to give ``truth`` (0..3)."""
    return 3 - sum((Counter(truth.dice) & Counter(read.dice)).values())


def miss_label(truth: Result, read: Result) -> str:
    """'+1 pocket', '-3 pockets' (roulette, clockwise positive) or '1 die', '2 dice'."""
    if isinstance(truth, RouletteResult) and isinstance(read, RouletteResult):
        offset = pocket_offset(truth.number, read.number)
        return f"{offset:+d} pocket{'s' if abs(offset) != 1 else ''}"
    if isinstance(truth, DiceResult) and isinstance(read, DiceResult):
        off = dice_off(truth, read)
        return f"{off} {'die' if off == 1 else 'dice'}"
    raise ValueError(f"results of different games: {truth!r} and {read!r}")
