"""Does a saved calibration still fit the camera? Align the static scene with a reference.

A calibration is only as good as the camera pose it was made in: a bumped camera, a
changed zoom or a replaced wheel silently move every pixel the reader relies on. At
calibration time we keep a small picture of the *static* scene (``make_reference``):
grayscale, downscaled to ``WORK_WIDTH``, the per-pixel median of the calibration frames,
with a mask of the pixels that stayed still in them (a turning wheel, a rolling ball or
a moving hand are left out), minus any region the caller excludes (a sic bo dome whose
lid comes and goes). Later (``check_drift``) the current static scene is aligned with it:
on gradient images (flat areas say nothing about a pose), a small grid of rotations and
zooms, each shifted by phase correlation and scored by masked correlation. A pose that
moves the scene further than the tolerance (full-resolution pixels) and fits clearly
better than the unmoved camera, or an unmoved fit too poor to trust (the scene is no
longer the same), means the calibration no longer fits.

Profile ``data["drift"]`` (stored next to each game's own calibration data)::

    {"reference_png": "<base64 PNG, grey>", "mask_png": "<base64 PNG, 0/255>",
     "frame_wh": [1280, 720]}

``DriftMonitor`` is the stateful part: one ``update`` per frame samples the scene every
few frames and checks the median of the last samples against the reference.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.calib.images import png_b64_decode, png_b64_encode

__all__ = ["WORK_WIDTH", "Alignment", "DriftCheck", "DriftMonitor", "DriftTolerance",
           "SceneReference", "align", "check_drift", "make_reference", "scene_small"]

WORK_WIDTH = 160
STILL_STD = 12.0  # grey levels: a pixel varying more than this over the calibration moved
MIN_MASK_FRACTION = 0.05


def scene_small(frame_bgr: np.ndarray, width: int = WORK_WIDTH) -> np.ndarray:
    """(H, W, 3) uint8 BGR -> (h, width) float32 grey, area-downscaled and lightly blurred."""
    if frame_bgr.ndim != 3 or frame_bgr.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) BGR frame, got shape {frame_bgr.shape}")
    h, w = frame_bgr.shape[:2]
    height = max(8, int(round(h * width / w)))
    grey = cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(grey, (width, height), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small.astype(np.float32), (3, 3), 0)


@dataclass(frozen=True, slots=True)
class SceneReference:
    """The static scene at calibration time: ``image`` (h, w) float32 grey, ``mask`` (h, w)
    bool (pixels to compare), ``frame_wh`` the full camera size."""

    image: np.ndarray
    mask: np.ndarray
    frame_wh: tuple[int, int]

    def __post_init__(self) -> None:
        if self.image.shape != self.mask.shape or self.image.ndim != 2:
            raise ValueError(f"image and mask must be the same 2-D shape, got "
                             f"{self.image.shape} and {self.mask.shape}")
        if self.frame_wh[0] <= 0 or self.frame_wh[1] <= 0:
            raise ValueError(f"frame_wh must be positive, got {self.frame_wh}")

    @property
    def px_scale(self) -> float:
        """Full-resolution pixels per working pixel."""
        return self.frame_wh[0] / self.image.shape[1]

    def to_data(self) -> dict[str, Any]:
        reference = np.clip(np.rint(self.image), 0, 255).astype(np.uint8)
        return {"reference_png": png_b64_encode(reference),
                "mask_png": png_b64_encode(self.mask.astype(np.uint8) * 255),
                "frame_wh": list(self.frame_wh)}

    @staticmethod
    def from_data(data: dict[str, Any]) -> SceneReference:
        """ValueError names what is missing or malformed."""
        try:
            image = png_b64_decode(data["reference_png"]).astype(np.float32)
            mask = png_b64_decode(data["mask_png"]) > 127
            w, h = (int(v) for v in data["frame_wh"])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"drift reference lacks or mangles {exc}") from None
        return SceneReference(image, mask, (w, h))


def make_reference(frames_bgr: Sequence[np.ndarray],
                   exclude: np.ndarray | None = None) -> SceneReference:
    """The median static scene of ``frames_bgr`` (>= 1); ``exclude`` (h, w) bool at the
    working size (or any size, resized) marks pixels never to compare."""
    if not frames_bgr:
        raise ValueError("make_reference needs at least one frame")
    small = np.stack([scene_small(f) for f in frames_bgr])
    image = np.median(small, axis=0).astype(np.float32)
    mask = small.std(axis=0) < STILL_STD
    border = np.zeros_like(mask)
    border[2:-2, 2:-2] = True
    mask &= border
    if exclude is not None:
        ex = cv2.resize(exclude.astype(np.uint8), mask.shape[::-1],
                        interpolation=cv2.INTER_NEAREST) > 0
        mask &= ~ex
    if mask.mean() < MIN_MASK_FRACTION:  # almost nothing stood still: compare everything
        mask = border if exclude is None else border & ~ex
    h, w = frames_bgr[0].shape[:2]
    return SceneReference(image, mask, (w, h))


@dataclass(frozen=True, slots=True)
class Alignment:
    """How the current scene maps onto the reference: ``warp`` (2, 3) affine (working px,
    reference -> current), ``displacement_px`` the largest move of a compared point
    (full-res px), ``rotation_deg``, ``scale``, ``score`` (masked gradient correlation
    at that pose, -1..1) and ``score_identity`` (the same with the camera unmoved)."""

    warp: np.ndarray
    displacement_px: float
    rotation_deg: float
    scale: float
    score: float
    score_identity: float

    def to_json(self) -> dict[str, Any]:
        return {"displacement_px": round(self.displacement_px, 2),
                "rotation_deg": round(self.rotation_deg, 3), "scale": round(self.scale, 4),
                "score": round(self.score, 4), "score_identity": round(self.score_identity, 4)}


ROTATIONS_DEG = np.arange(-6.0, 6.01, 1.0)
FAST_FIT = 0.9  # an unmoved fit this good skips the rotation/zoom search
SCALES = (0.94, 0.97, 1.0, 1.03, 1.06)


def align(reference: SceneReference, current: np.ndarray) -> Alignment:
    """Best pose of ``current`` (working-size grey, as ``scene_small``) against the
    reference: for each rotation/zoom of a small grid, the shift by phase correlation of
    the gradient images, scored by masked gradient correlation; then refined once. When
    the unmoved camera already fits well (``FAST_FIT``) only a pure shift is tried."""
    if current.shape != reference.image.shape:
        raise ValueError(f"current scene must be {reference.image.shape}, got {current.shape}")
    ref_g, mask = _gradient(reference.image), _compare_mask(reference)
    cur_g = _gradient(current)
    identity = np.array([[1, 0, 0], [0, 1, 0]], np.float32)
    s0 = _score(ref_g, cur_g, mask, identity)
    best = (s0, identity)
    if s0 >= FAST_FIT:  # the usual case: the unmoved camera fits; only a shift to rule out
        shift = _pose(ref_g, cur_g, mask, 0.0, 1.0)
        best = max(best, (_score(ref_g, cur_g, mask, shift), shift), key=lambda t: t[0])
        return _describe(reference, mask, best[1], best[0], s0)
    for rot in ROTATIONS_DEG:
        for scale in SCALES:
            warp = _pose(ref_g, cur_g, mask, float(rot), scale)
            best = max(best, (_score(ref_g, cur_g, mask, warp), warp), key=lambda t: t[0])
    fine = [(_score(ref_g, cur_g, mask, w), w) for w in _around(ref_g, cur_g, mask, best[1])]
    score, warp = max([best, *fine], key=lambda t: t[0])
    return _describe(reference, mask, warp, score, s0)


def _gradient(grey: np.ndarray) -> np.ndarray:
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    return cv2.magnitude(gx, gy)


def _compare_mask(reference: SceneReference) -> np.ndarray:
    """Still pixels near an edge of the reference (flat areas say nothing about a pose)."""
    g = _gradient(reference.image)
    edges = (g > max(8.0, float(np.percentile(g[reference.mask], 70)))).astype(np.uint8) \
        if reference.mask.any() else np.zeros_like(reference.mask, np.uint8)
    near = cv2.dilate(edges, np.ones((5, 5), np.uint8)) > 0
    return reference.mask & near


def _rotation(shape: tuple[int, int], rot_deg: float, scale: float) -> np.ndarray:
    h, w = shape
    return cv2.getRotationMatrix2D((w / 2, h / 2), rot_deg, scale).astype(np.float32)


def _pose(ref_g: np.ndarray, cur_g: np.ndarray, mask: np.ndarray, rot_deg: float,
          scale: float) -> np.ndarray:
    """Rotation/zoom about the centre, then the shift phase correlation finds."""
    warp = _rotation(ref_g.shape, rot_deg, scale)
    back = cv2.warpAffine(cur_g, warp, cur_g.shape[::-1],
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    (dx, dy), _ = cv2.phaseCorrelate(np.where(mask, ref_g, 0).astype(np.float32),
                                     back.astype(np.float32))
    full = np.vstack([warp, [0, 0, 1]]) @ np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]])
    return full[:2].astype(np.float32)


def _around(ref_g: np.ndarray, cur_g: np.ndarray, mask: np.ndarray,
            warp: np.ndarray) -> list[np.ndarray]:
    """Half-step rotations and zooms around ``warp``, each re-shifted."""
    out = []
    for rot in (-0.5, 0.0, 0.5):
        for scale in (0.985, 1.0, 1.015):
            step = np.vstack([_rotation(ref_g.shape, rot, scale), [0, 0, 1]])
            out.append((np.vstack([warp, [0, 0, 1]]) @ step)[:2].astype(np.float32))
    return out


def _score(ref_g: np.ndarray, cur_g: np.ndarray, mask: np.ndarray, warp: np.ndarray) -> float:
    back = cv2.warpAffine(cur_g, warp, cur_g.shape[::-1],
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    return _ncc(ref_g[mask], back[mask]) if mask.any() else 0.0


def _describe(reference: SceneReference, mask: np.ndarray, warp: np.ndarray, score: float,
              score_identity: float) -> Alignment:
    ys, xs = np.nonzero(mask if mask.any() else np.ones_like(mask))
    pts = np.stack([xs, ys, np.ones_like(xs)], 1).astype(np.float32)
    corners = [int(np.argmin(xs + ys)), int(np.argmax(xs + ys)), int(np.argmin(xs - ys)),
               int(np.argmax(xs - ys))]
    moved = pts[corners] @ warp.T
    disp = float(np.hypot(*(moved - pts[corners, :2]).T).max()) * reference.px_scale
    lin = warp[:, :2].astype(np.float64)
    scale = float(np.sqrt(abs(np.linalg.det(lin))))
    rotation = float(np.degrees(np.arctan2(lin[1, 0] - lin[0, 1], lin[0, 0] + lin[1, 1])))
    return Alignment(warp, disp, rotation, scale, score, score_identity)


def _ncc(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a - a.mean(), b - b.mean()
    denom = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / denom) if denom > 1e-6 else 0.0


@dataclass(frozen=True, slots=True)
class DriftTolerance:
    """``max_displacement_frac``: of the frame width (0.006 = 7.7 px at 1280 wide), moved
    further is drift when that pose scores ``margin`` better than the unmoved one;
    ``min_score``: the unmoved score below which the scene is not the calibrated one."""

    max_displacement_frac: float = 0.006
    margin: float = 0.05
    min_score: float = 0.4

    def __post_init__(self) -> None:
        if not 0 < self.max_displacement_frac < 1 or not 0 <= self.margin < 1 \
                or not -1 <= self.min_score < 1:
            raise ValueError(f"need 0 < max_displacement_frac < 1, 0 <= margin < 1, -1 <= "
                             f"min_score < 1, got {self}")


@dataclass(frozen=True, slots=True)
class DriftCheck:
    """One verdict: ``fits`` or not, why, and the alignment it rests on."""

    fits: bool
    reason: str
    alignment: Alignment
    frame: int = -1

    def to_json(self) -> dict[str, Any]:
        return {"fits": self.fits, "reason": self.reason, "frame": self.frame,
                **self.alignment.to_json()}


def check_drift(reference: SceneReference, current: np.ndarray,
                tolerance: DriftTolerance = DriftTolerance(), frame: int = -1) -> DriftCheck:
    """Does the reference still fit ``current`` (working-size grey)?"""
    al = align(reference, current)
    limit = tolerance.max_displacement_frac * reference.frame_wh[0]
    if al.displacement_px > limit and al.score > al.score_identity + tolerance.margin:
        return DriftCheck(False, f"the view moved {al.displacement_px:.1f} px (rotation "
                          f"{al.rotation_deg:+.2f} deg, zoom x{al.scale:.3f}); tolerance "
                          f"{limit:.1f} px", al, frame)
    if al.score_identity < tolerance.min_score:
        return DriftCheck(False, f"the scene no longer matches the calibration (score "
                          f"{al.score_identity:.2f} < {tolerance.min_score})", al, frame)
    return DriftCheck(True, "fits", al, frame)


class DriftMonitor:
    """Samples every ``sample_every`` frames; every ``check_every`` samples (and on
    ``check_now``) checks the median of the last ``window`` samples."""

    def __init__(self, reference: SceneReference, tolerance: DriftTolerance = DriftTolerance(),
                 *, sample_every: int = 5, window: int = 3, check_every: int = 4) -> None:
        if min(sample_every, window, check_every) < 1:
            raise ValueError("sample_every, window and check_every must be >= 1")
        self.reference = reference
        self.tolerance = tolerance
        self.sample_every = sample_every
        self.check_every = check_every
        self.samples: deque[np.ndarray] = deque(maxlen=window)
        self.last: DriftCheck | None = None
        self._count = 0
        self._last_index = -1

    def update(self, frame_bgr: np.ndarray, frame_index: int) -> DriftCheck | None:
        """Feed one frame; a ``DriftCheck`` when a check ran at this frame, else None."""
        if self._count % self.sample_every == 0:
            self.samples.append(scene_small(frame_bgr))
            self._last_index = frame_index
        self._count += 1
        if self._count % (self.sample_every * self.check_every) == 0:
            return self.check_now()
        return None

    def check_now(self) -> DriftCheck | None:
        """Check the median of the recent samples now (None before the first sample)."""
        if not self.samples:
            return None
        current = np.median(np.stack(self.samples), axis=0).astype(np.float32)
        self.last = check_drift(self.reference, current, self.tolerance, self._last_index)
        return self.last

