"""The reference ledger: bets, the messages that settle them, and what each bet paid.

What a message means to settlement (``table-outcome/1``, see ``vision.forwarding.message``):

- ``outcome`` or ``manual_confirmation`` for round R of table T settles, with its result,
  every ``open`` bet on T/R. Each becomes ``won`` (``payout`` = stake + odds x stake,
  ``vision.settlement.bets.payout``) or ``lost`` (payout 0). A manual confirmation
  settles exactly like an outcome.
- ``void`` for T/R pays nothing and takes nothing: the open bets of T/R move to the
  table's next round. This follows both regulations: a void roulette round is spun
  again with the bets on the layout (Art. 2(2); Art. 3: bets may not be changed once
  the ball is spun); after a void sic bo round "a new round then starts ... and the
  bets already placed may not be withdrawn" (Art. 3(3)). The camera gives the re-spin
  or new round its own round id, so "next round" needs an order: round ids that are
  decimal integers (the table service numbers rounds 1, 2, 3, ...) move to the
  smallest later number that has no message yet (``carried_from`` keeps the void
  round). A void round whose id is not a number leaves its bets ``carried``: held,
  never paid on a guessed round, until an operator's :meth:`Ledger.refund_carried`.
- One message per round: a second message with the same idempotency key is a
  ``duplicate`` if its content (game, kind, result, void reason) is the same, and
  changes nothing; otherwise it is a ``conflict``, refused, and nothing changes either.
  A round is settled once, by the first message that reached the ledger.

Bets are placed with :meth:`Ledger.place_bet` on a round that has no message yet;
stakes are integers in the smallest currency unit. A bet whose game differs from the
settling message's game (misconfiguration) is ``returned`` with its stake.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vision.forwarding.message import TableMessage, round_key
from vision.forwarding.store import SqliteFile
from vision.settlement.bets import Bet, BetError, bet_from_json, payout

__all__ = ["BetRecord", "Ledger", "LedgerError", "ReceiveResult"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    idempotency_key TEXT NOT NULL UNIQUE,
    message_id TEXT NOT NULL,
    table_id TEXT NOT NULL,
    round_id TEXT NOT NULL,
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    content_key TEXT NOT NULL,
    body BLOB NOT NULL,
    received_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS bets (
    bet_id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL,
    round_id TEXT NOT NULL,
    game TEXT NOT NULL,
    bet TEXT NOT NULL,
    stake INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    payout INTEGER,
    settled_round TEXT,
    settled_by TEXT,
    carried_from TEXT,
    placed_at REAL NOT NULL,
    settled_at REAL
);
CREATE INDEX IF NOT EXISTS bets_table ON bets (table_id, status, round_id)
"""
_BET_COLUMNS = (
    "bet_id, table_id, round_id, bet, stake, status, payout, settled_round, settled_by,"
    " carried_from"
)


class LedgerError(ValueError):
    """A bet or request the ledger cannot take; the text says why."""


@dataclass(frozen=True, slots=True)
class BetRecord:
    """One bet as the ledger holds it; ``payout`` is None until settled."""

    bet_id: int
    table_id: str
    round_id: str
    bet: Bet
    stake: int
    status: str  # open | carried (held) | won | lost | returned
    payout: int | None
    settled_round: str | None
    settled_by: str | None  # message_id
    carried_from: str | None = None  # the void round this bet was first placed on

    def to_json(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in self.__slots__}
        out["bet"] = self.bet.to_json()
        return out


@dataclass(frozen=True, slots=True)
class ReceiveResult:
    """``status``: ``accepted`` (stored and settled), ``duplicate`` or ``conflict``.

    ``stored`` is the message the ledger holds for the round; ``settled`` the bets this
    message settled, or for a void moved on (``round_id`` is then their new round) or
    held as ``carried`` (empty unless accepted).
    """

    status: str
    stored: TableMessage
    settled: tuple[BetRecord, ...] = ()


class Ledger:
    """The ledger file at ``path`` (created if absent); thread- and process-safe."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self._file = SqliteFile(path, _SCHEMA)
        self._clock = clock
        columns = {row[1] for row in self._file.read("PRAGMA table_info(bets)")}
        if "carried_from" not in columns:  # a ledger file from before carry-over tracking
            with self._file.write() as db:
                db.execute("ALTER TABLE bets ADD COLUMN carried_from TEXT")

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def place_bet(self, table_id: str, round_id: str, bet: Bet, stake: int) -> int:
        """Record an open bet on a round that has no message yet; returns its ``bet_id``."""
        if isinstance(stake, bool) or not isinstance(stake, int) or stake <= 0:
            raise LedgerError(f"stake must be a positive integer (smallest unit), got {stake!r}")
        with self._file.write() as db:
            row = db.execute(
                "SELECT kind FROM messages WHERE idempotency_key = ?",
                (round_key(table_id, round_id),),
            ).fetchone()
            if row is not None:
                raise LedgerError(f"round {table_id}:{round_id} already has its {row[0]}: "
                                  "bets are closed")  # fmt: skip
            games = db.execute("SELECT DISTINCT game FROM messages WHERE table_id = ?",
                               (table_id,)).fetchall()  # fmt: skip
            if games and games[0][0] != bet.game:
                raise LedgerError(f"table {table_id} plays {games[0][0]}; a {bet.kind} bet "
                                  f"is a {bet.game} bet")  # fmt: skip
            cur = db.execute(
                "INSERT INTO bets (table_id, round_id, game, bet, stake, placed_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, round_id, bet.game, json.dumps(bet.to_json()), stake, self._clock()),
            )
            return int(cur.lastrowid or 0)

    def receive(self, message: TableMessage) -> ReceiveResult:
        """Store ``message`` and settle its round in one transaction (module docstring)."""
        with self._file.write() as db:
            row = db.execute(
                "SELECT body, content_key FROM messages WHERE idempotency_key = ?",
                (message.idempotency_key,),
            ).fetchone()
            if row is not None:
                same = row[1] == message.content_key()
                stored = TableMessage.from_body(row[0])
                return ReceiveResult("duplicate" if same else "conflict", stored)
            db.execute(
                "INSERT INTO messages (idempotency_key, message_id, table_id, round_id, game,"
                " kind, content_key, body, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (message.idempotency_key, message.message_id, message.table_id,
                 message.round_id, message.game, message.kind, message.content_key(),
                 message.body(), self._clock()),
            )  # fmt: skip
            settled = self._settle(db, message)
        return ReceiveResult("accepted", message, settled)

    def _settle(self, db: Any, message: TableMessage) -> tuple[BetRecord, ...]:
        if message.kind == "void":
            return self._carry(db, message)
        now, out = self._clock(), []
        for row in self._open_bets(db, message):
            record = _record(row)
            status, paid = _settle_one(record, message)
            db.execute(
                "UPDATE bets SET status = ?, payout = ?, settled_round = ?, settled_by = ?,"
                " settled_at = ? WHERE bet_id = ?",
                (status, paid, message.round_id, message.message_id, now, record.bet_id),
            )
            out.append(_record((*row[:5], status, paid, message.round_id,
                                message.message_id, row[9])))  # fmt: skip
        return tuple(out)

    def _carry(self, db: Any, message: TableMessage) -> tuple[BetRecord, ...]:
        target = _next_free_round(db, message.table_id, message.round_id)
        out = []
        for row in self._open_bets(db, message):
            origin = row[9] or message.round_id
            if target is None:
                db.execute("UPDATE bets SET status = 'carried', carried_from = ?, settled_by = ?"
                           " WHERE bet_id = ?", (origin, message.message_id, row[0]))  # fmt: skip
                out.append(_record((*row[:5], "carried", None, None, message.message_id, origin)))
            else:
                db.execute("UPDATE bets SET round_id = ?, carried_from = ? WHERE bet_id = ?",
                           (target, origin, row[0]))  # fmt: skip
                out.append(_record((row[0], row[1], target, *row[3:9], origin)))
        return tuple(out)

    def _open_bets(self, db: Any, message: TableMessage) -> list[tuple[Any, ...]]:
        return db.execute(
            f"SELECT {_BET_COLUMNS} FROM bets WHERE table_id = ? AND round_id = ?"
            " AND status = 'open' ORDER BY bet_id",
            (message.table_id, message.round_id),
        ).fetchall()

    def refund_carried(self, table_id: str) -> int:
        """Operator action: return the stakes of table ``table_id``'s carried bets."""
        with self._file.write() as db:
            cur = db.execute(
                "UPDATE bets SET status = 'returned', payout = stake, settled_at = ?"
                " WHERE table_id = ? AND status = 'carried'",
                (self._clock(), table_id),
            )
            return cur.rowcount

    def message(self, table_id: str, round_id: str) -> TableMessage | None:
        """The message that settled (or voided) a round, if any."""
        rows = self._file.read("SELECT body FROM messages WHERE idempotency_key = ?",
                               (round_key(table_id, round_id),))  # fmt: skip
        return TableMessage.from_body(rows[0][0]) if rows else None

    def messages(self, limit: int = 1000) -> list[TableMessage]:
        """Messages in the order they reached the ledger."""
        rows = self._file.read("SELECT body FROM messages ORDER BY seq LIMIT ?", (limit,))
        return [TableMessage.from_body(r[0]) for r in rows]

    def bets(self, table_id: str | None = None, round_id: str | None = None) -> list[BetRecord]:
        """Bets of a table (and round: placed on, settled by or carried from it), in order."""
        where, args = "1", ()
        if table_id is not None:
            where, args = "table_id = ?", (table_id,)
        if round_id is not None:
            where += " AND ? IN (round_id, settled_round, carried_from)"
            args = (*args, round_id)
        sql = f"SELECT {_BET_COLUMNS} FROM bets WHERE {where} ORDER BY bet_id"
        return [_record(r) for r in self._file.read(sql, args)]

    def totals(self) -> dict[str, int]:
        """Money and bet counts: staked, paid out, and the stakes still open or carried."""
        (row,) = self._file.read(
            "SELECT COALESCE(SUM(stake), 0), COALESCE(SUM(payout), 0),"
            " COALESCE(SUM(CASE WHEN status = 'open' THEN stake END), 0),"
            " COALESCE(SUM(CASE WHEN status = 'carried' THEN stake END), 0), COUNT(*) FROM bets"
        )
        return dict(zip(("staked", "paid", "open", "carried", "bets"), row, strict=True))


def _next_free_round(db: Any, table_id: str, round_id: str) -> str | None:
    """The smallest integer round after ``round_id`` with no message; None if not a number."""
    if not (round_id.isascii() and round_id.isdigit()):
        return None
    n = int(round_id) + 1
    while db.execute("SELECT 1 FROM messages WHERE idempotency_key = ?",
                     (round_key(table_id, str(n)),)).fetchone():  # fmt: skip
        n += 1
    return str(n)


def _settle_one(record: BetRecord, message: TableMessage) -> tuple[str, int]:
    if record.bet.game != message.game or message.result is None:
        return "returned", record.stake
    paid = payout(record.bet, record.stake, message.result)
    return ("won" if paid else "lost"), paid


def _record(row: tuple[Any, ...]) -> BetRecord:
    try:
        bet = bet_from_json(json.loads(row[3]))
    except (BetError, ValueError) as exc:  # only if the file was edited by hand
        raise LedgerError(f"bet {row[0]} in the ledger is unreadable: {exc}") from None
    return BetRecord(row[0], row[1], row[2], bet, row[4], row[5], row[6], row[7], row[8], row[9])
