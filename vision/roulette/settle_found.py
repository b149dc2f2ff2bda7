"""A spot taken in the pockets that may not be the ball, for the per-round state machine
(``settle``): a look-alike riding with the wheel (a glint on a fret, a chrome part, a white
chip come down) gives way to the ball running on the bowl (``found``), and is dropped as a
fixture when it 'rests' without having hopped.

A mixin of ``RoundTracker``: these methods read and write its state (``pockets_at``,
``found_at``, ``travel``, ``hop``, ``jumped``, ``bowl_run``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vision.roulette.found import back_on_bowl, extend_bowl_run, still_running
from vision.roulette.track import FrameObs, Seen

if TYPE_CHECKING:
    from vision.roulette.settle_params import SettleParams
    from vision.roulette.track import BallTrack

__all__ = ["LookAlikes"]


class LookAlikes:
    """The look-alike half of ``RoundTracker`` (its state lives there)."""

    p: SettleParams
    fps: float
    band: tuple[float, float]
    head: float
    track: BallTrack
    ball: Seen | None
    pockets_at: Seen | None
    found_at: int | None
    travel: float
    hop: float
    jumped: bool
    bowl_run: tuple[Seen, ...]

    def _drop_look_alike(self) -> None:
        """The spot taken in the pockets after the ball was lost on the bowl rests where it
        was found, never hopping: a look-alike riding with the wheel (a glint on a fret, a
        chrome part), not the ball. It becomes a fixture and leaves the ball's path; the
        ball is still on the bowl, unseen (``lost_bowl_s``), and is followed again when it
        shows there or comes down."""
        assert self.pockets_at is not None
        self.track.add_fixture(self.track.history[-1])
        self.track.forget_since(self.found_at if self.found_at is not None
                                else self.pockets_at.frame)
        self.pockets_at, self.travel, self.hop, self.jumped = None, 0.0, 0.0, False

    def _back_on_bowl(self) -> bool:
        """A spot found in the pockets gives way to a ball on the bowl (``back_on_bowl``)."""
        return self.found_at is not None and self.pockets_at is not None and (
            self.ball is not None) and back_on_bowl(
                self.ball, self.track.free, self.track.free_before, travel=self.hop,
                head=self.head, p=self.p)

    def _still_running(self, obs: FrameObs) -> bool:
        """A spot taken in the pockets gives way to a ball running on (``still_running``)."""
        if self.pockets_at is None or self.ball is None:
            self.bowl_run = ()
            return False
        self.bowl_run = extend_bowl_run(self.bowl_run, self.track.free, frame=obs.frame,
                                        zero=obs.zero, head=self.head, fps=self.fps, p=self.p)
        return still_running(self.ball, self.bowl_run, travel=self.hop, frame=obs.frame,
                             band_out=self.band[1], fps=self.fps, p=self.p)
