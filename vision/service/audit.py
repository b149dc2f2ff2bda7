"""The audit trail of people's actions: ``DATA_DIR/audit.jsonl``, one JSON object a line.

Every mutating request that passed authentication and body validation is recorded,
accepted or refused: who (token holder and role), when (UTC), what (action, table,
round, request body) and the answer. Requests without a valid token or with a
malformed body never reach a route and show only in the access log.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from vision.forwarding import utc_iso
from vision.service.auth import Principal

__all__ = ["AuditLog"]


class AuditLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)

    def record(self, who: Principal, action: str, answer: str, **details: Any) -> None:
        entry = {"at": utc_iso(), "by": who.name, "role": who.role, "action": action,
                 "answer": answer, **details}
        with self._lock, self.path.open("a") as fh:
            fh.write(json.dumps(entry, sort_keys=True) + "\n")

    def entries(self) -> list[dict[str, Any]]:
        if not self.path.is_file():
            return []
        return [json.loads(line) for line in self.path.read_text().splitlines() if line]
