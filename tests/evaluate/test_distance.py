"""How far a wrong result is: pockets on the wheel, dice to change."""

from __future__ import annotations

import pytest

from vision.evaluate.distance import dice_off, miss_label, pocket_offset
from vision.footage import DiceResult, RouletteResult


@pytest.mark.parametrize(("truth", "read", "offset"), [
    (0, 32, 1),  # the next pocket clockwise
    (0, 26, -1),  # the previous one
    (17, 17, 0),
    (26, 0, 1),  # across the end of the sequence
    (0, 5, 19 - 37),  # 19 pockets cw is 18 pockets ccw
    (0, 10, 18),  # 18 cw stays +18
])
def test_pocket_offset(truth, read, offset) -> None:
    assert pocket_offset(truth, read) == offset


@pytest.mark.parametrize(("truth", "read", "off"), [
    ((1, 2, 3), (1, 2, 3), 0),
    ((1, 2, 3), (1, 2, 4), 1),  # one die
    ((2, 2, 5), (2, 5, 5), 1),  # a pair seen on the wrong face
    ((1, 1, 1), (2, 2, 1), 2),
    ((1, 2, 3), (4, 5, 6), 3),
])
def test_dice_off(truth, read, off) -> None:
    assert dice_off(DiceResult(truth), DiceResult(read)) == off


def test_miss_label() -> None:
    assert miss_label(RouletteResult(0), RouletteResult(32)) == "+1 pocket"
    assert miss_label(RouletteResult(0), RouletteResult(15)) == "+2 pockets"
    assert miss_label(DiceResult((1, 2, 3)), DiceResult((1, 2, 4))) == "1 die"
    assert miss_label(DiceResult((1, 2, 3)), DiceResult((1, 5, 4))) == "2 dice"
    with pytest.raises(ValueError, match="different games"):
        miss_label(RouletteResult(0), DiceResult((1, 2, 3)))
