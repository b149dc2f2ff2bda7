"""Capture conditions of contract section 5, sampled from a seed, and the degradations they imply.

A renderer draws a clean linear-ish BGR float32 frame (0..255); ``Degrader.apply``
turns it into what a real camera would deliver: lighting level, tint and its slow
drift, vignetting, mild lens distortion, optical blur, sensor noise. Compression is
applied by the video writer (``codec``/``quality``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

RESOLUTIONS = ((640, 480), (800, 600), (1024, 576), (1280, 720), (1280, 960), (1920, 1080))
FRAME_RATES = (25.0, 30.0, 50.0, 60.0)


@dataclass(frozen=True, slots=True)
class Conditions:
    width: int
    height: int
    fps: float
    codec: str  # "h264" | "mjpeg"
    quality: float  # 0..1, 1 = least compression
    gain: float  # overall exposure multiplier
    tint_bgr: tuple[float, float, float]  # white balance multipliers
    drift_amplitude: float  # relative slow lighting change over the clip
    drift_period_s: float
    drift_phase: float
    vignette: float  # 0 = none, 0.4 = strong corner fall-off
    distortion_k1: float  # radial distortion, negative = barrel
    blur_sigma_px: float  # optical blur
    noise_sigma: float  # sensor noise, in 0..255 units

    def to_json(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in self.__slots__}  # type: ignore[attr-defined]


def sample_conditions(rng: np.random.Generator, *, width: int | None = None,
                      height: int | None = None, fps: float | None = None) -> Conditions:
    """Draw capture conditions uniformly over the contract's section 5 ranges."""
    if width is None or height is None:
        width, height = RESOLUTIONS[int(rng.integers(len(RESOLUTIONS)))]
    return Conditions(
        width=int(width), height=int(height),
        fps=float(fps if fps is not None else FRAME_RATES[int(rng.integers(len(FRAME_RATES)))]),
        codec="h264" if rng.random() < 0.7 else "mjpeg",
        quality=float(rng.uniform(0.25, 1.0)),
        gain=float(rng.uniform(0.7, 1.2)),
        tint_bgr=tuple(float(v) for v in rng.uniform(0.88, 1.12, 3)),  # type: ignore[arg-type]
        drift_amplitude=float(rng.uniform(0.0, 0.12)),
        drift_period_s=float(rng.uniform(20.0, 90.0)),
        drift_phase=float(rng.uniform(0, 2 * np.pi)),
        vignette=float(rng.uniform(0.0, 0.35)),
        distortion_k1=float(rng.uniform(-0.08, 0.03)),
        blur_sigma_px=float(rng.uniform(0.0, 1.1)),
        noise_sigma=float(rng.uniform(0.5, 6.0)),
    )


class Degrader:
    """Precomputes per-clip maps once so that ``apply`` costs a few ms per 720p frame."""

    def __init__(self, cond: Conditions, seed: int) -> None:
        self.cond = cond
        w, h = cond.width, cond.height
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy, f = w / 2.0, h / 2.0, float(max(w, h))
        r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / f**2
        vig = 1.0 - cond.vignette * r2 / max(float(r2.max()), 1e-6)
        self._shade = (vig[..., None] * np.array(cond.tint_bgr, np.float32)).astype(np.float32)
        scale = 1.0 + cond.distortion_k1 * r2
        self._map_x = (cx + (xx - cx) * scale).astype(np.float32)
        self._map_y = (cy + (yy - cy) * scale).astype(np.float32)
        rng = np.random.default_rng(seed)
        self._noise = [rng.normal(0, cond.noise_sigma, (h, w, 3)).astype(np.float32)
                       for _ in range(4)]
        self._rng = rng

    def gain_at(self, t_s: float) -> float:
        c = self.cond
        return c.gain * (1.0 + c.drift_amplitude * np.sin(2 * np.pi * t_s / c.drift_period_s
                                                          + c.drift_phase))

    def apply(self, frame: np.ndarray, t_s: float) -> np.ndarray:
        """(H, W, 3) float32 0..255 clean render -> (H, W, 3) uint8 camera frame."""
        img = cv2.remap(frame, self._map_x, self._map_y, cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
        if self.cond.blur_sigma_px > 0.3:
            img = cv2.GaussianBlur(img, (0, 0), self.cond.blur_sigma_px)
        img = img * (self._shade * np.float32(self.gain_at(t_s)))
        noise = self._noise[int(self._rng.integers(len(self._noise)))]
        shift = int(self._rng.integers(0, 64))
        img += np.roll(noise, shift, axis=1)
        return np.clip(img, 0, 255).astype(np.uint8)
