"""Bets, odds and payouts against hand-computed values, for every bet of both games."""

from __future__ import annotations

import pytest

from vision.footage.results import DiceResult, RouletteResult
from vision.settlement.bets import (
    _SHAPES,
    Bet,
    BetError,
    bet_from_json,
    odds_if_won,
    payout,
)

R = RouletteResult


def D(a: int, b: int, c: int) -> DiceResult:  # noqa: N802 - reads like the dice
    return DiceResult((a, b, c))


# (kind, selection, result, payout for a stake of 10), each computed by hand:
# win = 10 + odds * 10, loss = 0.
PAYOUTS = [
    # roulette inside bets
    ("straight", [17], R(17), 360),  # 35:1
    ("straight", [17], R(18), 0),  # a neighbour loses
    ("straight", [0], R(0), 360),  # zero straight up wins at 35:1 (Art. 8)
    ("split", [1, 2], R(2), 180),  # 17:1, horizontal split
    ("split", [14, 17], R(14), 180),  # vertical split
    ("split", [0, 1], R(0), 180),  # a split with 0 is a bet on 0 (Art. 8)
    ("split", [1, 4], R(0), 0),  # no 0 in it: loses on 0
    ("street", [1, 2, 3], R(3), 120),  # 11:1
    ("street", [0, 2, 3], R(0), 120),  # zero street is a bet on 0
    ("street", [34, 35, 36], R(0), 0),
    ("corner", [1, 2, 4, 5], R(5), 90),  # 8:1
    ("corner", [0, 1, 2, 3], R(0), 90),  # first four is a bet on 0
    ("corner", [32, 33, 35, 36], R(34), 0),  # 34 is beside the corner, not in it
    ("six_line", [1, 2, 3, 4, 5, 6], R(6), 60),  # 5:1
    ("six_line", [1, 2, 3, 4, 5, 6], R(7), 0),
    ("six_line", [1, 2, 3, 4, 5, 6], R(0), 0),  # zero loses every bet without 0
    ("nine", [1, 2, 3, 4, 5, 6, 7, 8, 9], R(9), 40),  # 3:1
    ("nine", [28, 29, 30, 31, 32, 33, 34, 35, 36], R(27), 0),
    # roulette outside bets
    ("group", [1], R(13), 30),  # twelve-number group of Art. 6(7), 2:1
    ("group", [1], R(14), 0),  # 14 is in the other group
    ("group", [2], R(19), 30),
    ("group", [2], R(0), 0),
    ("column", [1], R(34), 30),  # 2:1, 1st column 1, 4, .. 34
    ("column", [3], R(36), 30),
    ("column", [2], R(0), 0),
    ("dozen", [1], R(12), 30),  # 2:1
    ("dozen", [2], R(13), 30),
    ("dozen", [3], R(24), 0),
    ("red", [], R(1), 20),  # 1:1
    ("red", [], R(2), 0),
    ("red", [], R(0), 0),  # zero: even-money bets lose whole (Art. 8)
    ("black", [], R(2), 20),
    ("black", [], R(0), 0),
    ("even", [], R(36), 20),
    ("even", [], R(0), 0),  # 0 is not even for betting
    ("odd", [], R(35), 20),
    ("low", [], R(18), 20),
    ("low", [], R(19), 0),
    ("low", [], R(0), 0),
    ("high", [], R(19), 20),
    ("high", [], R(0), 0),
    # sic bo small / big
    ("small", [], D(1, 2, 3), 20),  # total 6, 1:1
    ("small", [], D(1, 3, 6), 20),  # 10 is the top of small
    ("small", [], D(2, 2, 2), 0),  # triple: small loses (Art. 7)
    ("small", [], D(4, 5, 6), 0),
    ("big", [], D(1, 4, 6), 20),  # 11 is the bottom of big
    ("big", [], D(4, 5, 6), 20),
    ("big", [], D(6, 6, 6), 0),  # triple: big loses
    # single number: 1:1, 2:1, 3:1 by how many dice show it
    ("single", [3], D(1, 3, 5), 20),
    ("single", [3], D(3, 3, 5), 30),
    ("single", [3], D(3, 3, 3), 40),
    ("single", [3], D(1, 2, 4), 0),
    # triples
    ("specific_triple", [4], D(4, 4, 4), 1510),  # 150:1
    ("specific_triple", [4], D(5, 5, 5), 0),  # another triple
    ("specific_triple", [4], D(4, 4, 5), 0),
    ("any_triple", [], D(2, 2, 2), 250),  # 24:1
    ("any_triple", [], D(1, 1, 2), 0),
    # totals
    ("total", [4], D(1, 1, 2), 510),  # 50:1
    ("total", [17], D(5, 6, 6), 510),
    ("total", [5], D(1, 1, 3), 190),  # 18:1
    ("total", [16], D(4, 6, 6), 190),
    ("total", [6], D(1, 2, 3), 150),  # 14:1
    ("total", [15], D(3, 6, 6), 150),
    ("total", [7], D(1, 2, 4), 130),  # 12:1
    ("total", [14], D(2, 6, 6), 130),
    ("total", [8], D(2, 3, 3), 90),  # 8:1
    ("total", [13], D(1, 6, 6), 90),
    ("total", [9], D(3, 3, 3), 70),  # 6:1; a triple does not lose a total bet
    ("total", [10], D(1, 4, 5), 70),
    ("total", [11], D(2, 4, 5), 70),
    ("total", [12], D(3, 4, 5), 70),
    ("total", [10], D(1, 4, 6), 0),
]


@pytest.mark.parametrize(("kind", "selection", "result", "expected"), PAYOUTS)
def test_payout_matches_hand_computed_value(kind, selection, result, expected) -> None:
    assert payout(Bet(kind, tuple(selection)), 10, result) == expected


def test_the_table_covers_every_bet_kind() -> None:
    from vision.settlement.bets import ROULETTE_KINDS, SICBO_KINDS

    assert {row[0] for row in PAYOUTS} == set(ROULETTE_KINDS) | set(SICBO_KINDS)


def _every_roulette_bet() -> list[Bet]:
    bets = [Bet(kind, tuple(shape)) for kind, shapes in _SHAPES.items() for shape in shapes]
    bets += [Bet(k, (i,)) for k, n in (("group", 2), ("column", 3), ("dozen", 3))
             for i in range(1, n + 1)]  # fmt: skip
    return bets + [Bet(k) for k in ("red", "black", "even", "odd", "low", "high")]


def test_every_roulette_bet_returns_36_units_over_the_37_pockets() -> None:
    # On a single-zero wheel every bet's odds are (36 / covered) - 1, so summing the
    # return over all 37 numbers gives 36 stakes for every valid bet: a check of
    # coverage and odds together, for every shape the layout offers.
    bets = _every_roulette_bet()
    assert len(bets) == 37 + 60 + 14 + 23 + 11 + 10 + 8 + 6  # shapes counted by hand
    for bet in bets:
        assert sum(payout(bet, 1, R(n)) for n in range(37)) == 36, bet


@pytest.mark.parametrize(
    ("kind", "selection", "needle"),
    [
        ("split", [1, 5], "two numbers side by side"),  # diagonal
        ("split", [3, 4], "two numbers side by side"),  # across the end of a row
        ("split", [1, 1], "two numbers side by side"),
        ("street", [2, 3, 4], "a row"),
        ("corner", [3, 4, 6, 7], "2x2 block"),  # wraps round the layout edge
        ("corner", [1, 2, 3, 4], "2x2 block"),
        ("six_line", [2, 3, 4, 5, 6, 7], "two adjacent rows"),
        ("nine", [1, 2, 3, 4, 5, 6, 7, 8], "three adjacent rows"),
        ("straight", [37], "one number 0..36"),
        ("column", [4], "one of [1, 2, 3]"),
        ("dozen", [0], "one of [1, 2, 3]"),
        ("group", [3], "one of [1, 2]"),
        ("red", [1], "empty selection"),
        ("single", [7], "one of [1, 2, 3, 4, 5, 6]"),
        ("total", [3], "one of [4, 17, 5, 16"),  # 3 and 18 are not offered
        ("total", [18], "one of [4, 17, 5, 16"),
        ("basket", [0, 1, 2], "bet kind must be one of"),
        ("straight", [True], "must be integers"),
    ],
)
def test_bets_the_layout_does_not_offer_are_refused(kind, selection, needle) -> None:
    with pytest.raises(BetError) as info:
        Bet(kind, tuple(selection))
    assert needle in str(info.value)


def test_bet_json_round_trip_and_errors() -> None:
    bet = bet_from_json({"kind": "split", "selection": [4, 1]})
    assert bet == Bet("split", (1, 4)) and bet.to_json() == {"kind": "split", "selection": [1, 4]}
    assert bet_from_json({"kind": "red"}) == Bet("red")
    bad_bets = [
        [],  # not an object
        {"selection": [1]},  # no kind
        {"kind": "red", "stake": 5},  # the stake is not part of the bet
        {"kind": "dozen", "selection": 1},  # selection is a list
    ]
    for bad in bad_bets:
        with pytest.raises(BetError):
            bet_from_json(bad)


def test_wrong_game_and_bad_stake_are_errors() -> None:
    with pytest.raises(BetError, match="cannot be settled"):
        odds_if_won(Bet("red"), D(1, 2, 3))
    with pytest.raises(BetError, match="cannot be settled"):
        odds_if_won(Bet("big"), R(20))
    for stake in (0, -5, 2.5, True):
        with pytest.raises(BetError, match="positive integer"):
            payout(Bet("red"), stake, R(1))  # type: ignore[arg-type]
