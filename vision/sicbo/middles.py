"""How dark a face is at the midpoints of the sides of its four corner pips' square.

A six's corner pips are a four's layout; its two other pips lie at the midpoints of two
opposite sides of that square, and a four is blank there. So the image itself, looked
at in those places, tells a six from a four whatever the pip finder or the face CNN
made of it: ``middle_darkness`` (0 the blank centre's L, 1 the corner pips') along each
side. A photo's streaked four that the CNN reads as a six shows no pip at any side's
midpoint (``no_middle_pip``, used by ``photo_four``); a six the CNN reads as a four
shows its two middle pips at full darkness on two opposite sides, the other two sides
blank (``six_middles_seen``, used by ``fuse``).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.layout import layout_fit
from vision.sicbo.pips import TopFace

__all__ = ["MIN_CONTRAST", "PIP_DARK", "middle_darkness", "no_middle_pip", "six_middles_seen"]

MIN_CONTRAST = 30.0   # L: the pips this much darker than the blank centre, to judge at all
ALONG = (0.5, 0.3, 0.7)   # places along a side, from corner to corner
PIP_DARK = 0.8            # a side's midpoint this dark holds a pip
SAMPLE_REL = 0.18     # sample disks of this x the four's side (a pip is ~0.3 of it)
CLEAN_FIT = 0.9       # the six pips' layout fit


def middle_darkness(lum: np.ndarray, four: np.ndarray) -> list[tuple[float, ...]] | None:
    """Darkness (0: the blank centre's L, 1: the pips') along each of the four sides of
    ``four`` (4x2 pip centres), at ``ALONG`` (its midpoint, then between it and either
    corner); None when the pips are too faint to judge."""
    c = four.mean(axis=0)
    order = np.argsort(np.arctan2(four[:, 1] - c[1], four[:, 0] - c[0]))
    q = four[order]
    side = float(np.mean([np.hypot(*(q[k] - q[k - 1])) for k in range(4)]))
    r = max(1.0, SAMPLE_REL * side)
    blank = _mean_disk(lum, c, r)
    pip = float(np.mean([_mean_disk(lum, p, r) for p in q]))
    if blank - pip < MIN_CONTRAST:
        return None
    return [tuple((blank - _mean_disk(lum, (1 - t) * q[k - 1] + t * q[k], r)) / (blank - pip)
                  for t in ALONG) for k in range(4)]


def no_middle_pip(side: tuple[float, ...]) -> bool:
    """No pip at a side's midpoint (``middle_darkness``'s three values): a pip there
    makes it the darkest place on the side, a streak from the corners darkens the places
    nearer them more; a midpoint ``PIP_DARK`` dark is a pip's in any case."""
    mid, *between = side
    return mid < PIP_DARK and mid <= min(between)


def six_middles_seen(image_bgr: np.ndarray, top: TopFace) -> bool:
    """Whether a top face's six pips (a clean six layout, fit >= ``CLEAN_FIT``) are a
    six in the image: the midpoints of two opposite sides of its corner pips' square
    (the four pips farthest from its centre) are each ``PIP_DARK`` dark and the darkest
    place on their side (a pip's, not a shadow's or a streak's), the other two sides'
    midpoints ``1 - PIP_DARK`` dark at most (blank face)."""
    if top.count != 6:
        return False
    pts = np.array([p.center_xy for p in top.pips], float)
    if layout_fit(pts) < CLEAN_FIT:
        return False
    far = np.argsort(np.hypot(*(pts - pts.mean(axis=0)).T))[2:]
    lum, origin = _local_lum(image_bgr, pts, top.edge_px)
    dark = middle_darkness(lum, pts[far] - origin)
    if dark is None:
        return False
    pip = [s[0] >= PIP_DARK and s[0] > max(s[1:]) for s in dark]
    blank = [s[0] <= 1 - PIP_DARK for s in dark]
    return any(pip[k] and pip[k + 2] and blank[k + 1] and blank[(k + 3) % 4] for k in (0, 1))


def _local_lum(image_bgr: np.ndarray, pts: np.ndarray, edge_px: float
               ) -> tuple[np.ndarray, np.ndarray]:
    """The L channel (float) of the image around ``pts`` (an edge's margin), and its origin."""
    h, w = image_bgr.shape[:2]
    x0, y0 = (max(0, int(v - edge_px)) for v in pts.min(axis=0))
    x1, y1 = min(w, int(pts[:, 0].max() + edge_px) + 1), min(h, int(pts[:, 1].max() + edge_px) + 1)
    crop = np.ascontiguousarray(image_bgr[y0:y1, x0:x1])
    lum = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    return lum, np.array([x0, y0], float)


def _mean_disk(lum: np.ndarray, xy: np.ndarray, r: float) -> float:
    h, w = lum.shape
    x0, x1 = max(0, int(xy[0] - r)), min(w, int(xy[0] + r) + 1)
    y0, y1 = max(0, int(xy[1] - r)), min(h, int(xy[1] + r) + 1)
    if x1 <= x0 or y1 <= y0:
        return float("nan")
    yy, xx = np.mgrid[y0:y1, x0:x1]
    inside = (xx - xy[0]) ** 2 + (yy - xy[1]) ** 2 <= r * r
    patch = lum[y0:y1, x0:x1]
    return float(patch[inside].mean()) if inside.any() else float(patch.mean())
