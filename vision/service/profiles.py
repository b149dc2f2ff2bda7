"""Versioned calibration profiles per table, with an audit trail (who, when, what changed).

Layout under ``DATA_DIR/calibration/<table>/``::

    v0001.json ...     one ``table-calibration/1`` profile per version (never rewritten)
    history.jsonl      one line per save: version, by, at, action, note, changes
    active             the version the table's reader uses

Saving always creates the next version number. Rolling back to version k also creates a
new version (a copy of k's data, ``action: "rollback"``, ``rolled_back_to: k``), so a
version number names one calibration forever and messages that carry
``calibration_version`` stay unambiguous.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from vision.calib import Profile, load_profile, save_profile

__all__ = ["ProfileStore", "VersionInfo", "diff_data"]

BIG = 200  # values whose JSON is longer than this are reported as changed, not shown


@dataclass(frozen=True, slots=True)
class VersionInfo:
    """One saved version of a table's calibration."""

    version: int
    by: str
    at: str
    action: str  # "save", "auto", "rollback", "import"
    note: str = ""
    changes: tuple[dict[str, Any], ...] = ()
    rolled_back_to: int | None = None

    def __post_init__(self) -> None:
        if self.version < 1:
            raise ValueError(f"versions start at 1, got {self.version}")

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "by": self.by, "at": self.at, "action": self.action,
                "note": self.note, "changes": list(self.changes),
                "rolled_back_to": self.rolled_back_to}


def diff_data(old: dict[str, Any] | None, new: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """Fields (dotted paths) whose values differ; big values (images) only by name."""
    before, after = _flatten(old or {}), _flatten(new)
    out = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        if a == b:
            continue
        big = len(json.dumps(a)) > BIG or len(json.dumps(b)) > BIG
        out.append({"field": key} if big else {"field": key, "from": a, "to": b})
    return tuple(out)


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class ProfileStore:
    """Thread-safe: the API saves and rolls back, camera threads read the active path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lock = threading.Lock()

    def _dir(self, table_id: str) -> Path:
        return self.root / table_id

    def path(self, table_id: str, version: int) -> Path:
        return self._dir(table_id) / f"v{version:04d}.json"

    def versions(self, table_id: str) -> list[VersionInfo]:
        """Every saved version, oldest first."""
        history = self._dir(table_id) / "history.jsonl"
        if not history.is_file():
            return []
        out = []
        for line in history.read_text().splitlines():
            try:
                obj = json.loads(line)
                out.append(VersionInfo(**{**obj, "changes": tuple(obj.get("changes", ()))}))
            except (ValueError, TypeError):  # a line cut short by a crash
                continue
        return out

    def active(self, table_id: str) -> int | None:
        marker = self._dir(table_id) / "active"
        try:
            version = int(marker.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None
        return version if self.path(table_id, version).is_file() else None

    def active_path(self, table_id: str) -> Path | None:
        version = self.active(table_id)
        return None if version is None else self.path(table_id, version)

    def load(self, table_id: str, version: int) -> Profile:
        """KeyError for a version that was never saved."""
        path = self.path(table_id, version)
        if not path.is_file():
            raise KeyError(version)
        return load_profile(path)

    def save(self, table_id: str, profile: Profile, *, by: str, action: str = "save",
             note: str = "", rolled_back_to: int | None = None) -> VersionInfo:
        """Store ``profile`` as the next version and make it active."""
        with self._lock:
            known = self.versions(table_id)
            version = (known[-1].version if known else 0) + 1
            current = self.active(table_id)
            old = self.load(table_id, current).data if current is not None else None
            at = _now()
            stored = replace(profile, profile_version=version, created_at=at, created_by=by)
            save_profile(stored, self.path(table_id, version))
            info = VersionInfo(version, by, at, action, note, diff_data(old, profile.data),
                               rolled_back_to)
            with (self._dir(table_id) / "history.jsonl").open("a") as fh:
                fh.write(json.dumps(info.to_json()) + "\n")
            self._activate(table_id, version)
            return info

    def rollback(self, table_id: str, version: int, *, by: str, note: str = "") -> VersionInfo:
        """A new version holding version ``version``'s calibration (KeyError if unknown)."""
        old = self.load(table_id, version)
        return self.save(table_id, old, by=by, action="rollback",
                         note=note or f"rolled back to version {version}",
                         rolled_back_to=version)

    def _activate(self, table_id: str, version: int) -> None:
        marker = self._dir(table_id) / "active"
        tmp = marker.with_suffix(".tmp")
        tmp.write_text(f"{version}\n")
        tmp.replace(marker)
