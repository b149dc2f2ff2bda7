"""Aggregate round scores into per-game metrics (the contract's ``metrics.json``).

``rounds`` counts EVERY round of the game's clips, with a result or void: in the
contract's example 12 rounds = 9 correct + 0 wrong + 0 false void + 1 abstained + 0 missed
(10 rounds with a result) + 2 void rounds (2 detected). So, as :func:`aggregate` checks,

    rounds == correct + wrong + false_void + abstained + missed
              + void_detected + void_misclassified + void_missed

with ``wrong`` counting wrong rounds of both sorts ("void rounds included");
``void_rounds`` and ``violation_rounds`` are subsets, not further rows of that sum.
``violation_false_alarms`` counts rounds (not events) holding a violation event although
ball and wheel turned opposite ways. Latency percentiles are over correct outcomes
(``latency_*``) and detected voids (``void_latency_*``), linear interpolation, None when
there is none. A game's metrics cover only the clips that were scored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from vision.evaluate.distance import miss_label
from vision.evaluate.scoring import KINDS, WRONG_CAUSES, RoundScore, events_outside_rounds, score
from vision.footage import Event, Sidecar

__all__ = ["CONTRACT_KEYS", "ClipScore", "GameMetrics", "aggregate", "per_clip", "percentile"]

# The keys the contract's metrics.json example shows, in its order.
CONTRACT_KEYS = (
    "rounds", "correct", "wrong", "false_void", "abstained", "missed",
    "void_rounds", "void_detected", "void_misclassified", "void_missed",
    "violation_rounds", "violation_detected", "violation_false_alarms",
    "latency_median_s", "latency_p95_s",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ClipScore:
    """The scored rounds of one clip (``clip`` is its file stem)."""

    clip: str
    game: str
    fps: float
    rounds: tuple[RoundScore, ...]
    events_outside_rounds: int = 0


@dataclass(frozen=True, slots=True)
class GameMetrics:
    rounds: int
    correct: int
    wrong: int
    false_void: int
    abstained: int
    missed: int
    void_rounds: int
    void_detected: int
    void_misclassified: int
    void_missed: int
    violation_rounds: int
    violation_detected: int
    violation_false_alarms: int
    latency_median_s: float | None
    latency_p95_s: float | None
    # extras
    clips: int = 0
    result_rounds: int = 0
    violation_missed: int = 0
    void_latency_median_s: float | None = None
    void_latency_p95_s: float | None = None
    latency_max_s: float | None = None
    wrong_by_cause: dict[str, int] = field(default_factory=dict)
    wrong_distance: dict[str, int] = field(default_factory=dict)  # "+1 pocket": n, "1 die": n
    correct_confidence_min: float | None = None  # can a confidence threshold part right from
    wrong_confidence_max: float | None = None  # wrong outcomes? (if max < min, yes)
    abstain_reasons: dict[str, int] = field(default_factory=dict)
    void_by_reason: dict[str, dict[str, int]] = field(default_factory=dict)
    events_outside_rounds: int = 0

    def __post_init__(self) -> None:
        parts = (self.correct + self.wrong + self.false_void + self.abstained + self.missed
                 + self.void_detected + self.void_misclassified + self.void_missed)
        if parts != self.rounds:
            raise ValueError(f"kinds must add up to rounds: expected {self.rounds}, got {parts}")
        if self.result_rounds + self.void_rounds != self.rounds:
            raise ValueError(f"result_rounds {self.result_rounds} + void_rounds "
                             f"{self.void_rounds} != rounds {self.rounds}")

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        for key, value in out.items():
            if isinstance(value, float):
                out[key] = round(value, 4)
        return out


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (linear interpolation), None for no values."""
    return float(np.percentile(np.asarray(values, dtype=np.float64), q)) if values else None


def score_clip(name: str, sidecar: Sidecar, events: Sequence[Event]) -> ClipScore:
    """One clip's events scored round by round, with its count of events outside every round."""
    return ClipScore(name, sidecar.game, sidecar.fps, score(sidecar, events),
                     events_outside_rounds(sidecar, events))


def aggregate(clips: Sequence[ClipScore]) -> dict[str, GameMetrics]:
    """Per-game metrics over the given clips, games in name order."""
    games: dict[str, list[ClipScore]] = {}
    for clip in clips:
        games.setdefault(clip.game, []).append(clip)
    return {game: _game_metrics(games[game]) for game in sorted(games)}


def per_clip(clips: Sequence[ClipScore]) -> dict[str, GameMetrics]:
    """Each clip's own metrics, by clip name (to find the one camera a reader fails on)."""
    return {clip.clip: _game_metrics([clip]) for clip in clips}


def _game_metrics(clips: Sequence[ClipScore]) -> GameMetrics:
    scores = [s for clip in clips for s in clip.rounds]
    kinds = Counter(s.kind for s in scores)
    latencies = _latencies(scores, "correct")
    void_lat = _latencies(scores, "void_detected")
    violation = Counter(s.violation for s in scores)
    return GameMetrics(
        rounds=len(scores),
        **{k: kinds[k] for k in KINDS},
        void_rounds=sum(s.is_void_round for s in scores),
        violation_rounds=sum(s.truth.same_direction for s in scores),
        violation_detected=violation["detected"],
        violation_false_alarms=violation["false_alarm"],
        latency_median_s=percentile(latencies, 50),
        latency_p95_s=percentile(latencies, 95),
        clips=len(clips),
        result_rounds=sum(not s.is_void_round for s in scores),
        violation_missed=violation["missed"],
        void_latency_median_s=percentile(void_lat, 50),
        void_latency_p95_s=percentile(void_lat, 95),
        latency_max_s=max(latencies) if latencies else None,
        wrong_by_cause={c: n for c in WRONG_CAUSES
                        if (n := sum(s.cause == c for s in scores))},
        wrong_distance=_wrong_distance(scores),
        correct_confidence_min=min(_confidences(scores, "correct"), default=None),
        wrong_confidence_max=max(_confidences(scores, "wrong"), default=None),
        abstain_reasons=dict(Counter(s.decisive.reason or "" for s in scores
                                     if s.kind == "abstained" and s.decisive)),
        void_by_reason=_void_by_reason(scores),
        events_outside_rounds=sum(c.events_outside_rounds for c in clips),
    )


def _wrong_distance(scores: Sequence[RoundScore]) -> dict[str, int]:
    """How far the wrong results were from the truth, most frequent first."""
    misses = Counter(miss_label(s.truth.result, s.decisive.result) for s in scores
                     if s.cause == "other_result" and s.truth.result and s.decisive
                     and s.decisive.result)
    return dict(misses.most_common())


def _confidences(scores: Sequence[RoundScore], kind: str) -> list[float]:
    """Confidences of the deciding outcome events of ``kind`` rounds (where given)."""
    return [s.decisive.confidence for s in scores if s.kind == kind and s.decisive
            and s.decisive.type == "outcome" and s.decisive.confidence is not None]


def _latencies(scores: Sequence[RoundScore], kind: str) -> list[float]:
    return [s.latency_s for s in scores if s.kind == kind and s.latency_s is not None]


def _void_by_reason(scores: Sequence[RoundScore]) -> dict[str, dict[str, int]]:
    """Per true void reason: how many rounds, and how each was scored."""
    out: dict[str, dict[str, int]] = {}
    for s in scores:
        if s.truth.void is None:
            continue
        row = out.setdefault(s.truth.void.reason, {"rounds": 0})
        row["rounds"] += 1
        row[s.kind] = row.get(s.kind, 0) + 1
    return out
