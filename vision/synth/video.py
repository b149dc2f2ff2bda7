"""Video writers for synthetic clips: H.264 MP4 (ffmpeg from imageio-ffmpeg) or MJPEG AVI (OpenCV).

Both are formats the contract (section 5) lists; the compression level is part of the
sampled capture conditions.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from types import TracebackType

import cv2
import numpy as np

CODECS = ("h264", "mjpeg")


def clip_suffix(codec: str) -> str:
    return {"h264": ".mp4", "mjpeg": ".avi"}[codec]


class ClipWriter:
    """Write BGR frames ((H, W, 3) uint8) to ``path`` at a constant ``fps``.

    ``quality`` is 0..1 (1 = best): mapped to x264 CRF 30..16 or JPEG quality 55..95.
    """

    def __init__(self, path: str | Path, *, fps: float, width: int, height: int,
                 codec: str = "h264", quality: float = 0.7) -> None:
        if codec not in CODECS:
            raise ValueError(f"codec must be one of {CODECS}, got {codec!r}")
        self.path, self.size, self.codec = Path(path), (width, height), codec
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.frames = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._cv: cv2.VideoWriter | None = None
        if codec == "h264":
            import imageio_ffmpeg

            crf = int(round(30 - 14 * quality))
            cmd = [imageio_ffmpeg.get_ffmpeg_exe(), "-y", "-loglevel", "error",
                   "-f", "rawvideo", "-pix_fmt", "bgr24", "-s", f"{width}x{height}",
                   "-r", f"{fps}", "-i", "-", "-an", "-c:v", "libx264", "-preset", "veryfast",
                   "-crf", str(crf), "-pix_fmt", "yuv420p", "-threads", "1",
                   "-movflags", "+faststart", str(self.path)]
            self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE)
        else:
            self._cv = cv2.VideoWriter(str(self.path), cv2.VideoWriter.fourcc(*"MJPG"), fps,
                                       (width, height))
            self._cv.set(cv2.VIDEOWRITER_PROP_QUALITY, 55 + 40 * quality)
            if not self._cv.isOpened():
                raise RuntimeError(f"OpenCV cannot open an MJPEG writer for {self.path}")

    def write(self, frame_bgr: np.ndarray) -> None:
        if frame_bgr.shape != (self.size[1], self.size[0], 3) or frame_bgr.dtype != np.uint8:
            raise ValueError(f"expected a ({self.size[1]}, {self.size[0]}, 3) uint8 frame, "
                             f"got {frame_bgr.shape} {frame_bgr.dtype}")
        if self._proc is not None:
            assert self._proc.stdin is not None
            self._proc.stdin.write(np.ascontiguousarray(frame_bgr).tobytes())
        elif self._cv is not None:
            self._cv.write(frame_bgr)
        self.frames += 1

    def close(self) -> None:
        if self._proc is not None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            if self._proc.wait() != 0:
                raise RuntimeError(f"ffmpeg failed writing {self.path}")
            self._proc = None
        if self._cv is not None:
            self._cv.release()
            self._cv = None

    def __enter__(self) -> ClipWriter:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
