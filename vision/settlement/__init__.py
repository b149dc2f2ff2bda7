"""The reference settlement core: what a ``table-outcome/1`` message means for bets.

``bets`` holds every bet of the two regulations with its odds (pure), ``ledger`` stores
messages and bets and settles them, ``receiver`` is the signed HTTP API a forwarder
posts to (and an in-process transport for the embedded default), ``serve`` runs it in
a thread.
"""

from vision.settlement.bets import (
    Bet,
    BetError,
    bet_from_json,
    covered_numbers,
    odds_if_won,
    payout,
)
from vision.settlement.ledger import BetRecord, Ledger, LedgerError, ReceiveResult
from vision.settlement.receiver import EmbeddedTransport, Reply, create_app, handle_message
from vision.settlement.serve import serve_in_thread

__all__ = [
    "Bet",
    "BetError",
    "BetRecord",
    "EmbeddedTransport",
    "Ledger",
    "LedgerError",
    "ReceiveResult",
    "Reply",
    "bet_from_json",
    "covered_numbers",
    "create_app",
    "handle_message",
    "odds_if_won",
    "payout",
    "serve_in_thread",
]
