"""The round tracker fed one ``FrameObs`` at a time, as the reader feeds it (the settle
tests' shared runner)."""

from __future__ import annotations

from vision.footage import Event
from vision.roulette.settle import FrameObs, RoundTracker


def track(obs: list[FrameObs], *, fps: float, band: tuple[float, float], head: float,
          sense: int = 1, trusted: bool = True, finish: bool = True) -> list[Event]:
    """Every event of ``obs``; with ``finish``, also those of the stream's end."""
    tracker = RoundTracker(fps=fps, sense=sense, band_rho=band, head_rho=head, trusted=trusted)
    events = [e for o in obs for e in tracker.update(o)]
    return events + tracker.finish(obs[-1].frame) if finish else events


def of(events: list[Event], type_: str) -> list[Event]:
    return [e for e in events if e.type == type_]
