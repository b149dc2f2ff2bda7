"""Finding the pocket ring: which pixels turn with the wheel, and the ellipse they lie on.

Stage 1-2 of the roulette self-calibration (``calibrate.py``), pure functions on small
(downscaled) frames:

1. ``ring_pixels``: over a few frames spread across the first seconds, a pixel of the pocket
   ring is sometimes red and sometimes not, because the wheel turns; static red things are
   always red. Pixels whose red/green frequency is between the two are ring pixels.
2. ``ring_candidates``: a 3x3 opening drops the speckle that sensor noise flickers on a red
   cloth; each large connected piece seeds an ellipse, refitted on the pixels at its radii
   (a ring cut in pieces by the frame's edge or an occluder is one band), kept if it goes
   round enough of the ring with an axis ratio a camera within the contract's 35-degree
   tilt can give, and ranked by how densely its band is filled. A ring partly out of the
   frame still fits from its visible arc (a direct least-squares ellipse fit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.roulette.wheel import RingGeometry

__all__ = ["MIN_ARC", "MIN_AXIS_RATIO", "CalibrationFailure", "fit_ring", "ring_candidates",
           "ring_pixels"]

MIN_AXIS_RATIO = 0.7  # minor/major: a 35-degree tilt (the contract's) gives ~0.82, plus slack
MIN_ARC = 0.5  # fraction of the ring's angles the turning pixels must cover
MIN_RING_WIDTH = 0.05  # a ring's major semi-axis over the frame's width, at least: the
# contract's smallest pocket ring (400 px across at 1920 px wide) is twice that; a fit to one
# pocket-sized blob (seed 11301 clip 010) is a quarter of it
CUT_PX = (5, 9)  # closings this wide, in turn, join a ring cut by thin radial gaps
# (``_components``): a wheel turning about a whole number of pockets between the sampled
# frames keeps some pixels one colour in all of them. At 5 px the gaps of fresh seed 16801
# clip 003 (1280x960, camera 26 degrees, frames 0-44) stayed open: the pocket ring fell in
# pieces, the fit to the whole mask took the bowl's speckle in (its pockets fitting 0.71
# where the ring's fit 0.94), the head's edge was put inside the number ring, whose digits
# then passed through the bowl's rows: four false voids. At 7 px and up the ring joined.
# Clip 005 (1280x960 MJPEG): no ring at all at 5 px, the reader calibrated only later
# (a round abstained, two not read); at 9 px it calibrates at once, fit 0.90.


@dataclass(frozen=True, slots=True)
class CalibrationFailure:
    """A calibration that did not succeed; falsy, with a message for the technician."""

    message: str

    def __bool__(self) -> bool:
        return False


def _colour_masks(small_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Strongly red and strongly green pixels: the dominant channel well above both others
    (wood, skin and brass have red leading only a little)."""
    i = small_bgr.astype(np.int16)
    b, g, r = i[..., 0], i[..., 1], i[..., 2]
    red = (r - np.maximum(g, b) > 0.5 * r) & (r > 60)
    green = (g - np.maximum(r, b) > 0.3 * g) & (g > 50)
    return red, green


def ring_pixels(frames_small: Sequence[np.ndarray]) -> np.ndarray:
    """(H, W) bool: pixels red in some but not all frames, or ever green (the turning ring)."""
    red_count = np.zeros(frames_small[0].shape[:2], np.float32)
    green_any = np.zeros(frames_small[0].shape[:2], bool)
    for f in frames_small:
        red, green = _colour_masks(f)
        red_count += red
        green_any |= green
    frac = red_count / len(frames_small)
    return ((frac > 0.12) & (frac < 0.88)) | (green_any & (frac > 0.05))


def _components(mask: np.ndarray, count: int = 4, close: int = 0) -> list[np.ndarray]:
    """The largest connected pieces of ``mask`` after a 3x3 opening (which removes the
    speckle that noise flickers on a red cloth), largest first, as (N, 2) float32 x, y;
    ``close`` (px, one of ``CUT_PX``): then a closing this wide joins a ring cut by thin
    radial gaps."""
    opened = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    if close:
        opened = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (close, close)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
    order = np.argsort(-stats[1:, cv2.CC_STAT_AREA])[:count] + 1
    pieces = []
    for k in order:
        ys, xs = np.nonzero(labels == k)
        pieces.append(np.stack([xs, ys], 1).astype(np.float32))
    return pieces


def _ellipse(pts: np.ndarray) -> RingGeometry | None:
    """Direct least-squares ellipse through (N, 2) points (an arc suffices), or None."""
    if len(pts) < 6:
        return None
    (cx, cy), (d1, d2), ang = cv2.fitEllipseDirect(pts)
    if not (d1 > 1 and d2 > 1 and np.isfinite([cx, cy, d1, d2]).all()):
        return None
    major, minor, ang = (d1, d2, ang) if d1 >= d2 else (d2, d1, ang + 90.0)
    return RingGeometry((cx, cy), (major / 2, minor / 2), np.radians(ang))


def _arc_cover(geom: RingGeometry, pts: np.ndarray) -> float:
    """Fraction of 72 angular sectors of the ring holding some of ``pts``."""
    _, psi = geom.to_rectified(pts[:, 0], pts[:, 1])
    return len(np.unique((psi / (2 * np.pi) * 72).astype(int) % 72)) / 72


def _refit(seed: RingGeometry, piece: np.ndarray, pts: np.ndarray
           ) -> tuple[RingGeometry, np.ndarray] | None:
    """Refit on every pixel (of all pieces: a ring the frame's edge or an occluder cuts in
    two) within the radii the seeding ``piece`` spans around ``seed``; twice, as the fit
    settles. Pieces at other radii (a number ring, a cloth's speckle) stay out."""
    geom, near = seed, piece
    for _ in range(2):
        rho_piece, _ = geom.to_rectified(piece[:, 0], piece[:, 1])
        lo, hi = np.quantile(rho_piece, [0.02, 0.98])
        rho, _ = geom.to_rectified(pts[:, 0], pts[:, 1])
        near = pts[(rho > lo - 0.03) & (rho < hi + 0.03)]
        refit = _ellipse(near)
        if refit is None:
            return None
        geom = refit
    return geom, near


def _fill(geom: RingGeometry, near: np.ndarray, shape: tuple[int, int]) -> float:
    """How densely the fitted band is filled with ring pixels, over its part in the frame:
    a pocket ring turns every pixel red and black in turn (near 1), a ring of red digits
    only some."""
    rho_near, _ = geom.to_rectified(near[:, 0], near[:, 1])
    lo, hi = np.quantile(rho_near, [0.02, 0.98])
    ys, xs = np.mgrid[0:shape[0]:2, 0:shape[1]:2]
    rho, _ = geom.to_rectified(xs.ravel(), ys.ravel())
    area = 4 * np.count_nonzero((rho >= lo) & (rho <= hi))
    return float(np.count_nonzero((rho_near >= lo) & (rho_near <= hi)) / max(area, 1))


def _whole_mask_fit(mask: np.ndarray) -> RingGeometry | None:
    """One ellipse through every mask pixel, refitted twice on those near its median radius
    (the finder's first method: it copes with a ring that occluders cut into odd pieces)."""
    ys, xs = np.nonzero(mask)
    pts = np.stack([xs, ys], 1).astype(np.float32)
    geom = None
    for _ in range(3):
        (cx, cy), (d1, d2), ang = cv2.fitEllipse(pts)
        if not (d1 > 1 and d2 > 1):
            return None
        major, minor, ang = (d1, d2, ang) if d1 >= d2 else (d2, d1, ang + 90.0)
        geom = RingGeometry((cx, cy), (major / 2, minor / 2), np.radians(ang))
        rho, _ = geom.to_rectified(pts[:, 0], pts[:, 1])
        keep = np.abs(rho - np.median(rho)) < 0.25
        if keep.sum() < 200:
            break
        pts = pts[keep]
    return geom


def _piece_fits(pieces: list[np.ndarray], shape: tuple[int, int], wide: float
                ) -> list[tuple[float, RingGeometry, np.ndarray]]:
    """(fill, ring, its pixels) seeded by each piece, refitted on the pixels of every piece in
    its band; those at least ``wide`` (major semi-axis, px) going round ``MIN_ARC`` of it."""
    pts = np.concatenate(pieces)
    found = []
    for piece in pieces:
        seed = _ellipse(piece)
        fitted = _refit(seed, piece, pts) if seed is not None else None
        if (fitted is not None and len(fitted[1]) >= 200 and fitted[0].axes_px[0] >= wide
                and _arc_cover(*fitted) >= MIN_ARC):
            found.append((_fill(*fitted, shape), *fitted))
    return found


def ring_candidates(mask: np.ndarray) -> list[RingGeometry] | CalibrationFailure:
    """Ellipses the turning ring may be, best first, from a pixel mask of it.

    Each of the largest connected pieces seeds a fit, refitted on the pixels of every piece
    that lie in its band; the fits that go round at least ``MIN_ARC`` of the ring, with an
    axis ratio a camera within the contract's tilt gives, are ordered by how densely their
    band is filled; second comes one fit to all the concentric bands together (a pocket
    ring and a number ring of one wheel). The first two, then one fit to the whole mask
    (for a ring cut into odd pieces) are returned. A ring partly out of the frame still
    fits from its visible arc (a direct least-squares ellipse fit)."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 200:
        return CalibrationFailure(f"found {len(xs)} turning red/green pixels, expected a "
                                  "pocket ring (is the wheel turning and in view?)")
    pieces = _components(mask)
    if not pieces:
        return CalibrationFailure("the turning red/green pixels are only scattered specks, "
                                  "not a ring (is the wheel turning and in view?)")
    wide = MIN_RING_WIDTH * mask.shape[1]
    whole = _whole_mask_fit(mask)
    last = [whole] if whole is not None and whole.axes_px[0] >= wide and \
        whole.axes_px[1] >= MIN_AXIS_RATIO * whole.axes_px[0] else []
    found = _piece_fits(pieces, mask.shape, wide)
    whole_first = False
    if not _round(found):
        # no piece went round as a ring: a ring cut by thin radial gaps, joined, may (seed
        # 11301 clip 010: a wheel turning about a pocket between the sampled frames, red
        # pockets narrower than black ones, left a pixel wide strip in ~18 places never
        # red). Tried also when the whole mask fits an ellipse: speckle on a dark red bowl
        # pulls that fit off the ring to a wider one that still looks like a ring (seed
        # 13201 007: the pocket ring cut into pocket-sized pieces, the whole-mask fit the
        # bowl's, 459 x 322 px for the ring's 258 x 233, its pockets fitting 0.27: every
        # round abstained or lost); the pocket pattern's fit then picks among them, the
        # whole-mask fit tried first as before (taken if it fits well: ``calibrate_frames``).
        found = _joined(mask, wide) or found
        whole_first = bool(last)
    if not found and not last:
        return CalibrationFailure("the turning red/green pixels do not form a ring around "
                                  "the wheel (is the wheel turning and in view? a ring "
                                  f"{2 * MIN_RING_WIDTH:.0%} of the frame's width at least)")
    ratios = [g.axes_px[1] / g.axes_px[0] for _, g, _ in found]
    if max(ratios, default=0.0) < MIN_AXIS_RATIO:
        if last:
            return last
        # flatter than any camera within the contract gives: either the camera is tilted
        # further, or (the usual case) only part of the ring was found; say both, in the
        # order a technician can check them
        return CalibrationFailure(
            f"the turning ring found is too flat for a whole wheel seen from within 35 degrees "
            f"of its axis (axis ratio {max(ratios):.2f}, expected >= {MIN_AXIS_RATIO}): is the "
            "whole pocket ring in view, lit and unblocked? If so, tilt the camera closer to "
            "looking straight down on the wheel")
    found = sorted((f for f, r in zip(found, ratios, strict=True) if r >= MIN_AXIS_RATIO),
                   key=lambda f: -f[0])
    rings = [g for _, g, _ in found]
    centre, size = np.array(rings[0].center_xy), rings[0].axes_px[0]
    bands = [p for _, g, p in found if np.hypot(*(np.array(g.center_xy) - centre)) < 0.1 * size]
    both = _ellipse(np.concatenate(bands)) if len(bands) > 1 else None
    if both is not None and both.axes_px[1] >= MIN_AXIS_RATIO * both.axes_px[0]:
        rings.insert(1, both)
    return last + rings[:2] if whole_first else rings[:2] + last


def _joined(mask: np.ndarray, wide: float) -> list[tuple[float, RingGeometry, np.ndarray]]:
    """``_piece_fits`` of the mask closed by the narrowest of ``CUT_PX`` that makes a ring
    (``_round``), or by the narrowest where none does."""
    narrowest = None
    for cut in CUT_PX:
        fits = _piece_fits(_components(mask, close=cut), mask.shape, wide)
        if _round(fits):
            return fits
        narrowest = fits if narrowest is None else narrowest
    return narrowest or []


def _round(fits: list[tuple[float, RingGeometry, np.ndarray]]) -> bool:
    """Does one of ``_piece_fits``'s rings go round as a camera within the contract's tilt
    sees a wheel (``MIN_AXIS_RATIO``)?"""
    return any(g.axes_px[1] >= MIN_AXIS_RATIO * g.axes_px[0] for _, g, _ in fits)


def fit_ring(mask: np.ndarray) -> RingGeometry | CalibrationFailure:
    """The likeliest ring ellipse (see ``ring_candidates``)."""
    rings = ring_candidates(mask)
    return rings[0] if isinstance(rings, list) else rings
