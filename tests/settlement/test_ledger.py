"""The ledger on a real SQLite file: settling, void carry-over, one result per round."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.forwarding.builders import dice, manual, outcome, void
from vision.settlement.bets import Bet
from vision.settlement.ledger import Ledger, LedgerError


@pytest.fixture
def ledger(tmp_path: Path) -> Iterator[Ledger]:
    with Ledger(tmp_path / "ledger.db") as led:
        yield led


def states(ledger: Ledger, table: str = "T1") -> list[tuple[str, str, int | None]]:
    return [(b.round_id, b.status, b.payout) for b in ledger.bets(table)]


def test_outcome_settles_the_rounds_open_bets(ledger: Ledger) -> None:
    ledger.place_bet("T1", "1", Bet("straight", (0,)), 10)
    ledger.place_bet("T1", "1", Bet("black"), 10)
    ledger.place_bet("T1", "2", Bet("red"), 10)  # another round: untouched
    result = ledger.receive(outcome("1", 0))
    assert result.status == "accepted" and len(result.settled) == 2
    assert states(ledger) == [("1", "won", 360), ("1", "lost", 0), ("2", "open", None)]
    assert ledger.totals() == {"staked": 30, "paid": 360, "open": 10, "carried": 0, "bets": 3}


def test_second_message_for_a_round_changes_nothing(ledger: Ledger) -> None:
    ledger.place_bet("T1", "1", Bet("red"), 10)
    first = outcome("1", 1)
    ledger.receive(first)
    # a re-send of the same content: duplicate, not paid twice
    assert ledger.receive(outcome("1", 1)).status == "duplicate"
    # another result, a void or a manual confirmation: refused, first one kept
    for other in (outcome("1", 2), void("1"), manual("1", 1)):
        clash = ledger.receive(other)
        assert (clash.status, clash.stored) == ("conflict", first)
    assert states(ledger) == [("1", "won", 20)]
    assert ledger.message("T1", "1") == first and len(ledger.messages()) == 1


def test_bets_close_when_the_round_has_a_message(ledger: Ledger) -> None:
    ledger.receive(outcome("1", 5))
    with pytest.raises(LedgerError, match="round T1:1 already has its outcome"):
        ledger.place_bet("T1", "1", Bet("red"), 10)
    with pytest.raises(LedgerError, match="table T1 plays roulette"):
        ledger.place_bet("T1", "2", Bet("big"), 10)  # a sic bo bet on a roulette table
    for stake in (0, -1, 1.5):
        with pytest.raises(LedgerError, match="stake must be a positive integer"):
            ledger.place_bet("T1", "2", Bet("red"), stake)  # type: ignore[arg-type]


def test_roulette_void_carries_bets_to_the_respin(ledger: Ledger) -> None:
    # Art. 2(2): the void round is spun again; the bets stay on the layout
    ledger.place_bet("T1", "1", Bet("dozen", (2,)), 10)
    moved = ledger.receive(void("1"))
    assert [(b.round_id, b.status, b.carried_from) for b in moved.settled] == [("2", "open", "1")]
    ledger.place_bet("T1", "2", Bet("straight", (20,)), 1)
    ledger.receive(outcome("2", 20))  # the re-spin, with its own round id
    assert states(ledger) == [("2", "won", 30), ("2", "won", 36)]
    assert [b.bet_id for b in ledger.bets("T1", "1")] == [1]  # still found from round 1


def test_sicbo_void_bets_may_not_be_withdrawn(ledger: Ledger) -> None:
    # Art. 3(3): a new round starts, bets already placed stay; two voids in a row
    ledger.place_bet("S1", "1", Bet("small"), 10)
    ledger.receive(void("1", "S1", game="sicbo"))
    ledger.receive(void("2", "S1", game="sicbo"))
    assert states(ledger, "S1") == [("3", "open", None)]
    ledger.receive(dice("3", (1, 2, 3)))
    (bet,) = ledger.bets("S1")
    assert (bet.status, bet.payout, bet.settled_round, bet.carried_from) == ("won", 20, "3", "1")


def test_void_bets_skip_rounds_that_are_already_settled(ledger: Ledger) -> None:
    # round 1 abstained (confirmed by a person later); round 2 abstained and is voided
    # by a person only after round 3 was read: round 2's bets go to round 4, the first
    # later round without a message, never into a settled one
    ledger.place_bet("T1", "1", Bet("black"), 10)
    ledger.place_bet("T1", "2", Bet("red"), 10)
    ledger.receive(outcome("3", 3))
    ledger.receive(void("2"))
    assert states(ledger) == [("1", "open", None), ("4", "open", None)]
    # the late confirmation of round 1 settles round 1's bets only, not the moved ones
    ledger.receive(manual("1", 2))
    assert states(ledger) == [("1", "won", 20), ("4", "open", None)]


def test_void_with_a_non_numeric_round_holds_bets_until_an_operator_refunds(
    ledger: Ledger,
) -> None:
    ledger.place_bet("S1", "a7", Bet("total", (9,)), 10)
    held = ledger.receive(void("a7", "S1", game="sicbo"))
    assert [b.status for b in held.settled] == ["carried"]  # no next round can be named
    ledger.receive(dice("a8", (3, 3, 3)))  # would have won 70: not paid on a guess
    assert states(ledger, "S1") == [("a7", "carried", None)]
    assert ledger.totals()["carried"] == 10
    assert ledger.refund_carried("S1") == 1
    assert states(ledger, "S1") == [("a7", "returned", 10)]


def test_manual_confirmation_settles_an_abstained_round(ledger: Ledger) -> None:
    ledger.place_bet("T1", "7", Bet("column", (3,)), 10)
    assert ledger.receive(manual("7", 36)).status == "accepted"
    assert states(ledger) == [("7", "won", 30)]


def test_survives_reopening(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l.db") as led:
        led.place_bet("T1", "1", Bet("odd"), 10)
        led.receive(outcome("1", 3))
    with Ledger(tmp_path / "l.db") as led:
        assert states(led) == [("1", "won", 20)]
        assert led.receive(outcome("1", 4)).status == "conflict"
