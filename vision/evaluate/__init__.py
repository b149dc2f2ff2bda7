"""The footage evaluator (contract section 4): score reader events against sidecars.

``scoring`` scores one clip round by round, ``metrics`` aggregates per game, ``oracle``
builds reference events from a sidecar (tests only), ``report`` writes the HTML report and
``cli`` is ``python -m vision evaluate``.
"""

from vision.evaluate.metrics import CONTRACT_KEYS, ClipScore, GameMetrics, aggregate
from vision.evaluate.scoring import KINDS, RoundScore, events_outside_rounds, score

__all__ = [
    "CONTRACT_KEYS", "KINDS", "ClipScore", "GameMetrics", "RoundScore", "aggregate",
    "events_outside_rounds", "score",
]  # fmt: skip
