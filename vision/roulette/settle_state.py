"""The state every mixin of the per-round state machine (``settle.RoundTracker``) reads:
declared once here so the mixins (``settle_way``, ``settle_found``, ``settle_idle``) type-check
against the same fields; ``RoundTracker.__init__`` sets them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vision.roulette.settle_params import SettleParams
    from vision.roulette.track import BallTrack, Seen

__all__ = ["TrackerState"]


class TrackerState:
    """Annotations only: the tracker's parameters, frame rate, pocket band, head edge,
    ball track and the ball in play."""

    p: SettleParams
    fps: float
    band: tuple[float, float]
    head: float
    track: BallTrack
    ball: Seen | None
