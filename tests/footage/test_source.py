"""Frame sources decode real files and refuse corrupt ones with a clear message."""

import numpy as np
import pytest

from vision.errors import UserError
from vision.footage import VideoFileSource
from vision.synth.video import ClipWriter


@pytest.mark.parametrize("codec, suffix", [("h264", ".mp4"), ("mjpeg", ".avi")])
def test_written_clip_decodes_frame_for_frame(tmp_path, codec, suffix):
    path = tmp_path / f"c{suffix}"
    with ClipWriter(path, fps=25, width=160, height=120, codec=codec, quality=1.0) as w:
        for i in range(6):
            w.write(np.full((120, 160, 3), 40 * i, np.uint8))
    src = VideoFileSource(path)
    assert (src.info.width, src.info.height, src.info.fps) == (160, 120, 25.0)
    means = [float(f.mean()) for _, f in src]
    assert len(means) == 6
    assert np.allclose(means, [40 * i for i in range(6)], atol=3)


def test_corrupt_video_is_refused(tmp_path):
    bad = tmp_path / "bad.mp4"
    bad.write_bytes(b"\x00\x01 not a video" * 100)
    with pytest.raises(UserError, match="cannot decode video"):
        VideoFileSource(bad)
    with pytest.raises(UserError, match="not found"):
        VideoFileSource(tmp_path / "missing.mp4")
