"""The reader interface every game implements, and the factory that picks one.

A reader is one small stateful object fed one frame at a time (``update``), as it
runs live; it returns the events it decided at that frame. It calibrates itself
from the clip's first seconds unless given a profile.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import numpy as np

from vision.footage import Event, StreamInfo


class TableReader(Protocol):
    game: str

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
        """Consume frame ``frame_index`` ((H, W, 3) uint8 BGR); return events decided now."""
        ...

    def finish(self, last_frame_index: int) -> list[Event]:
        """The stream ended after ``last_frame_index``: close the open round (e.g. abstain)."""
        ...


def make_reader(game: str, info: StreamInfo, profile: Path | None = None) -> TableReader:
    if game == "roulette":
        from vision.roulette.reader import RouletteReader

        return RouletteReader.create(info, profile)
    if game == "sicbo":
        from vision.sicbo.reader import SicBoReader

        return SicBoReader.create(info, profile)
    raise ValueError(f"game must be 'roulette' or 'sicbo', got {game!r}")
