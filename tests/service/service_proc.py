"""Test launcher: the real ``python -m vision serve`` with a deterministic fake reader.

Run from the project root as a process of its own, so a test can SIGKILL it::

    python -m tests.service.service_proc --config tables.json --port 8123

Everything is the production path (``vision.cli.main(["serve", ...])``: settings from
the config file and ``VISION_*`` variables, ``create_app``, uvicorn, camera threads,
outbox, forwarder) except the table reader: ``create_app``'s documented
``reader_factory`` parameter is bound to :func:`segment_reader_factory`, because the
real readers need real footage and are far too slow for a kill test.

The clip (:func:`write_segment_clip`) is a loop of segments, each a few noisy dark
frames followed by a grey patch whose level encodes one roulette number. The reader
decides one outcome per segment, the number read back from the picture (the forward
model: the test knows which numbers the clip holds, the reader only sees pixels).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.footage import Event, RouletteResult, StreamInfo, abstain, outcome

__all__ = ["SegmentReader", "main", "segment_reader_factory", "write_segment_clip"]

PATCH = (slice(40, 80), slice(60, 100))  # rows, cols of the result patch
SEEN_TO_DECIDE = 3  # frames the patch must be seen before the reader decides


def patch_level(number: int) -> int:
    """Grey level that encodes roulette ``number`` (0..36)."""
    return 100 + 4 * number


def write_segment_clip(path: Path, numbers: Sequence[int], *, fps: float = 25.0,
                       dark_frames: int = 4, patch_frames: int = 6, seed: int = 0) -> Path:
    """A 160x120 MJPEG clip: per number, ``dark_frames`` noisy dark frames, then
    ``patch_frames`` frames with the patch encoding it. Returns ``path``."""
    rng = np.random.default_rng(seed)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (160, 120))
    for number in numbers:
        for i in range(dark_frames + patch_frames):
            frame = rng.normal(30, 8, (120, 160, 3)).clip(0, 255).astype(np.uint8)
            if i >= dark_frames:
                frame[PATCH] = patch_level(number)
            writer.write(frame)
    writer.release()
    return path


class SegmentReader:
    """Fake TableReader: one outcome per patch segment, read from the patch's level."""

    game = "roulette"
    model_version = "segment-reader/1"

    def __init__(self, info: StreamInfo) -> None:
        self.info = info
        self.seen = 0

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> list[Event]:
        level = float(frame_bgr[PATCH].mean())
        self.seen = self.seen + 1 if level > 80 else 0
        if self.seen != SEEN_TO_DECIDE:
            return []
        number = round((level - 100) / 4)
        if 0 <= number <= 36:
            return [outcome(frame_index, RouletteResult(number), 0.99)]
        return [abstain(frame_index, "low_confidence")]

    def finish(self, last_frame_index: int) -> list[Event]:
        return []  # the clip loops: a round open at its end goes on in the next pass


def segment_reader_factory(game: str, info: StreamInfo, profile: Path | None) -> SegmentReader:
    if game != "roulette":
        raise ValueError(f"the segment reader reads roulette tables, got {game!r}")
    return SegmentReader(info)


def main(argv: Sequence[str]) -> int:
    """``python -m vision serve ARGV`` with the segment reader."""
    cv2.setNumThreads(1)
    import vision.service.app as service_app
    from vision.cli import main as vision_main

    service_app.create_app = functools.partial(service_app.create_app,  # type: ignore[assignment]
                                               reader_factory=segment_reader_factory)
    return vision_main(["serve", *argv])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
