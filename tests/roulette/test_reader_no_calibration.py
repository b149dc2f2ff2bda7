"""A camera the reader cannot calibrate from (here: no wheel in view) is reported when the
reader gives up, while the table plays on, not at the end of a stream that live never ends
(seed 11301 clip 010: the only event came in the clip's last round). Reported once, though
the reader goes on trying (``test_reader_late_calibration``)."""

from __future__ import annotations

import numpy as np

from vision.footage import StreamInfo
from vision.roulette.reader import CALIBRATION_TRIES, RouletteReader

FPS = 10.0


def test_an_uncalibratable_camera_is_reported_when_the_reader_gives_up() -> None:
    rng = np.random.default_rng(0)
    frames = 1000
    reader = RouletteReader(StreamInfo(fps=FPS, width=320, height=240, frame_count=frames))
    said = []
    for f in range(frames):
        frame = rng.integers(90, 110, (240, 320, 3), dtype=np.uint8)  # felt, no wheel
        said += [(f, e) for e in reader.update(frame, f)]
    assert [e.type for _, e in said] == ["abstain"]
    (frame_index, event), = said
    assert event.reason == "calibration" and event.frame == frame_index
    assert frame_index < frames // 2, "said long before the stream ends"
    assert reader.tries > CALIBRATION_TRIES, "it went on trying (RETRY_S), silently"
    assert reader.finish(frames - 1) == []  # not said twice
