"""Compare metrics with a committed baseline so that a worse reader cannot land quietly.

A regression, per game of the baseline, is any of: fewer ``correct``, ``void_detected`` or
``violation_detected``; more ``wrong``, ``false_void``, ``missed``, ``void_misclassified``,
``void_missed`` or ``violation_false_alarms``; a ``latency_p95_s`` or
``void_latency_p95_s`` more than ``latency_tolerance_s`` above the baseline's (or a
latency where the baseline had one and now there is none). ``abstained`` is free to move:
an abstain is safe, and fewer correct rounds are caught anyway. A baseline for other
rounds (another dataset) is refused, since its counts do not compare.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from vision.errors import UserError
from vision.evaluate.metrics import GameMetrics, aggregate, score_clip
from vision.footage import load_sidecar

__all__ = ["MUST_NOT_FALL", "MUST_NOT_RISE", "load_baseline", "read_and_score", "regressions"]

MUST_NOT_FALL = ("correct", "void_detected", "violation_detected")
MUST_NOT_RISE = ("wrong", "false_void", "missed", "void_misclassified", "void_missed",
                 "violation_false_alarms")
LATENCY_KEYS = ("latency_p95_s", "void_latency_p95_s")
SAME_DATASET_KEYS = ("rounds", "void_rounds", "violation_rounds")


def read_and_score(videos: Sequence[Path], game: str) -> GameMetrics:
    """Read each clip with the game's real reader and score it against its sidecar
    (``<clip>.json`` beside the video): the metrics an accuracy baseline is kept for."""
    from vision.read_cli import read_clip  # imports the readers: only when asked

    return aggregate([score_clip(v.stem, load_sidecar(v.with_suffix(".json")), read_clip(v, game))
                      for v in videos])[game]


def load_baseline(path: Path) -> dict[str, dict[str, Any]]:
    """The ``games`` of a metrics.json written by an earlier run."""
    try:
        body = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(f"baseline not found: {path}") from None
    except json.JSONDecodeError as exc:
        raise UserError(f"baseline {path} is not valid JSON: {exc}") from None
    games = body.get("games") if isinstance(body, dict) else None
    if not isinstance(games, dict) or not all(isinstance(g, dict) for g in games.values()):
        raise UserError(f"baseline {path}: expected a metrics.json "
                        '({"games": {game: {...}}}), got keys '
                        f"{sorted(body) if isinstance(body, dict) else type(body).__name__}")
    return games


def regressions(baseline: Mapping[str, Mapping[str, Any]],
                current: Mapping[str, Mapping[str, Any]],
                latency_tolerance_s: float = 0.1) -> list[str]:
    """One line per way ``current`` is worse than ``baseline``; empty when it is not."""
    found: list[str] = []
    for game, base in baseline.items():
        now = current.get(game)
        if now is None:
            found.append(f"{game}: in the baseline but not scored now")
            continue
        found += _dataset_changed(game, base, now) or _worse(game, base, now,
                                                             latency_tolerance_s)
    return found


def _dataset_changed(game: str, base: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    return [f"{game}: {key} is {now.get(key)} but the baseline has {base.get(key)}: "
            "the baseline is for other footage" for key in SAME_DATASET_KEYS
            if base.get(key) != now.get(key)]


def _worse(game: str, base: Mapping[str, Any], now: Mapping[str, Any],
           tolerance: float) -> list[str]:
    out = [f"{game}: {k} fell from {base[k]} to {now[k]}" for k in MUST_NOT_FALL
           if k in base and now.get(k, 0) < base[k]]
    out += [f"{game}: {k} rose from {base[k]} to {now[k]}" for k in MUST_NOT_RISE
            if k in base and now.get(k, 0) > base[k]]
    for key in LATENCY_KEYS:
        was, isnow = base.get(key), now.get(key)
        if was is None:
            continue
        if isnow is None:
            out.append(f"{game}: {key} was {was} s, now there is none")
        elif isnow > was + tolerance:
            out.append(f"{game}: {key} rose from {was} s to {isnow} s "
                       f"(tolerance {tolerance} s)")
    return out
