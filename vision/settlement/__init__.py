"""The reference settlement core: bets and odds, the ledger, the signed HTTP receiver."""
