"""A SQLite file opened for durability: WAL journal, ``synchronous=FULL``, one writer lock.

Shared by the outbox and the settlement ledger. Each write is one ``BEGIN IMMEDIATE``
transaction (it takes SQLite's write lock up front, so concurrent processes serialize
instead of failing half-way); a crash or ``kill -9`` leaves either all of it or none.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["SqliteFile"]


class SqliteFile:
    """One connection to ``path`` shared by the threads of this process; ``schema`` is
    a ``;``-separated list of ``CREATE ... IF NOT EXISTS`` statements run on open."""

    def __init__(self, path: str | Path, schema: str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=30.0
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        with self.write() as db:
            for statement in schema.split(";"):
                if statement.strip():
                    db.execute(statement)

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: committed on normal exit, rolled back on any exception."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """All rows of one query (a consistent snapshot)."""
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def close(self) -> None:
        with self._lock:
            self._db.close()
