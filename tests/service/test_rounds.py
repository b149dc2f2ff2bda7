"""Round numbering survives restarts; only abstained rounds take a confirmation."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.service.rounds import Confirmation, RoundBook

T = "2026-11-29T12:00:00.000Z"


def test_numbers_continue_after_a_restart_and_an_unfinished_round_is_abstained(
        tmp_path: Path) -> None:
    book = RoundBook(tmp_path / "t.jsonl")
    book.touch(T)
    assert book.close("outcome", T, result={"number": 17}).number == 1
    book.touch(T)  # round 2 opens, then the service dies before it closes
    again = RoundBook(tmp_path / "t.jsonl")
    assert again.current.number == 3  # round 2 is never reused
    assert again.get(1).result == {"number": 17}
    assert again.get(2).status == "abstain" and again.get(2).reason == "service_restarted"


def test_a_line_cut_short_by_a_crash_is_skipped(tmp_path: Path) -> None:
    book = RoundBook(tmp_path / "t.jsonl")
    book.touch(T)
    book.close("void", T, reason="object_in_bowl")
    with (tmp_path / "t.jsonl").open("a") as fh:
        fh.write('{"number": 2, "sta')
    assert RoundBook(tmp_path / "t.jsonl").current.number == 2


@pytest.mark.parametrize(("status", "error"), [
    # an outcome the camera read is settled; no one overrides it here
    ("outcome", ValueError),
    # a void likewise
    ("void", ValueError),
    # an abstain is what a supervisor confirms
    ("abstain", None),
])  # fmt: skip
def test_only_an_abstained_round_is_confirmed(tmp_path: Path, status: str,
                                              error: type[Exception] | None) -> None:
    book = RoundBook(tmp_path / "t.jsonl")
    book.close(status, T)
    decision = Confirmation(by="alice", at=T, result={"number": 3}, void_reason=None)
    if error is None:
        confirmed = book.confirm(1, decision)
        assert confirmed.status == "confirmed" and confirmed.confirmation == decision
        assert RoundBook(tmp_path / "t.jsonl").get(1).confirmation == decision  # persisted
        with pytest.raises(ValueError, match="only an abstained round"):
            book.confirm(1, decision)
    else:
        with pytest.raises(error):
            book.confirm(1, decision)


def test_confirm_unknown_round_is_a_key_error(tmp_path: Path) -> None:
    with pytest.raises(KeyError):
        RoundBook(tmp_path / "t.jsonl").confirm(7, Confirmation("a", T, None, "dice_stacked"))


def test_a_confirmation_holds_one_decision() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        Confirmation(by="a", at=T, result={"number": 1}, void_reason="object_in_bowl")
