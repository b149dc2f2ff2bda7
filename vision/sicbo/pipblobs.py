"""Stage 2a: the pip-like blobs round one die, measured (the image side of ``pips``).

Pip response (``pip_contrast``: a black-hat for dark pips on a light die, a top-hat for
light pips on a dark one) on an exposure-corrected L channel (``expose_lum``), merged
pips cut apart (``split_merged``) and each blob measured as an ellipse (``measure_pip``).
``pips.find_pips`` strings these together; ``pips.select_top_face`` picks the top face.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.morph import ellipse_morph

__all__ = ["RED_PIP", "Pip", "crop_box", "expose_lum", "measure_pip", "odd_kernel",
           "pip_contrast", "split_merged", "whole_red_pip"]

OUTSPAN = 3.0   # a blob spanning this x its outline's fitted ellipse (plus 2 px) is no pip
MIN_FIT_PX = 3.0   # ... judged only for a fit this large (see _outspans)
RED_PIP = 20.0  # Lab a* over neutral: a red pip (``Pip.redness``; ``whole_red_pip``)
CRESCENT = 0.75  # a red pip squashed under this roundness may be a crescent of its pip


@dataclass(frozen=True, slots=True)
class Pip:
    """One pip blob: ellipse in image pixels, roundness = minor / major axis (0..1]."""

    center_xy: tuple[float, float]
    area_px: float
    axes_px: tuple[float, float]
    angle_deg: float
    inside: float          # fraction of the pip inside the blob core (0..1)
    redness: float         # mean a* - 128 of the pip pixels (> ~20: red pip)
    ring_lum: float = 0.0  # 80th percentile L (0..255) of the face around the pip
    ring_mid: float | None = None   # ... its median (None: not measured)

    @property
    def roundness(self) -> float:
        return min(self.axes_px) / max(1e-6, max(self.axes_px))


def odd_kernel(v: float) -> int:
    k = max(3, int(round(v)))
    return k if k % 2 else k + 1


def crop_box(blob: Blob, shape: tuple[int, ...], pad_rel: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = blob.box_xyxy
    pad = int(round(pad_rel * max(x1 - x0, y1 - y0)))
    return max(0, x0 - pad), max(0, y0 - pad), min(shape[1], x1 + pad), min(shape[0], y1 + pad)


def pip_contrast(lum: np.ndarray, core: np.ndarray, kernel: int) -> np.ndarray:
    """Pip response: black-hat (dark pips) on a light die, top-hat (light pips) on a
    dark one; for a mid-tone body (a red die...) whichever map's strongest answers
    inside the die, away from its outline, stand farther over its own level there
    (``_spot``). A face narrower than the kernel answers the top-hat as a whole: fresh
    seed 13804 (spent) clip 005 r4 frame 767, a three tipped 40 degrees against a two,
    its grey tilted and side faces (L 128-133) on a dark floor: top-hat 144 against the
    black-hat's pips 143 at the 99th percentile, so no pip and no die; the two dice read
    were taken for a stack (``pair.pair_pose``), voided dice_stacked (truth leaning)."""
    body = float(np.percentile(lum[core], 75)) if core.any() else 255.0
    dark = ellipse_morph(lum, cv2.MORPH_BLACKHAT, kernel) if body > 80 else None
    light = ellipse_morph(lum, cv2.MORPH_TOPHAT, kernel) if body < 150 else None
    if dark is None or light is None:
        return dark if light is None else light
    inner = cv2.erode(core.astype(np.uint8), np.ones((3, 3), np.uint8),
                      iterations=max(1, kernel // 4)) > 0
    if not inner.any():
        return dark
    return dark if _spot(dark[inner]) >= _spot(light[inner]) else light


def _spot(resp: np.ndarray) -> float:
    """How far a response map's strongest pixels stand over its own level on the die's
    inner part (99th over 50th percentile): pips are spots on a face. A face narrower
    than the kernel (a tipped face, foreshortened) answers the top-hat as a whole."""
    lo, hi = np.percentile(resp, [50, 99])
    return float(hi - lo)


def expose_lum(lum: np.ndarray, region: np.ndarray, white_lum: float) -> np.ndarray:
    """L (uint8) rescaled so the brightest surface around the die (its light body or
    its light pips) reaches ``white_lum``: an under-exposed camera scales every
    contrast down, and the absolute contrast floor and body levels assume a normal
    exposure. Never darkens, and at most x1/0.35."""
    vals = lum[region > 0]
    bright = float(np.percentile(vals, 99)) if vals.size else white_lum
    gain = white_lum / float(np.clip(bright, 0.35 * white_lum, white_lum))
    return lum if gain <= 1.0 else np.clip(lum * gain, 0, 255).astype(np.uint8)


def split_merged(m: np.ndarray, resp: np.ndarray, thresh: float) -> list[np.ndarray]:
    """An elongated pip blob may be pips merged by blur (a row of a 6): cut it at a
    higher response level and give every pixel to the nearest core. [] if it does not
    fall apart (a genuine squashed pip on a side face stays one blob)."""
    top = float(resp[m].max())
    for f in (0.35, 0.55):
        seeds = (m & (resp > thresh + f * (top - thresh))).astype(np.uint8)
        n, lab = cv2.connectedComponents(seeds)
        if n > 2:
            _, nearest = cv2.distanceTransformWithLabels(1 - seeds, cv2.DIST_L2, 5,
                                                         labelType=cv2.DIST_LABEL_CCOMP)
            ids = [int(nearest[lab == i][0]) for i in range(1, n)]
            return [m & (nearest == i) for i in ids]
    return []


def measure_pip(m: np.ndarray, lab: np.ndarray, core: np.ndarray,
             origin: tuple[int, int]) -> Pip | None:
    contours, _ = cv2.findContours(m.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    c = max(contours, key=len)
    area = float(m.sum())
    (a, b), ang = cv2.fitEllipse(c)[1:] if len(c) >= 5 else ((2.0, 2.0), 0.0)
    if max(a, b) <= 0 or area / (np.pi * a * b / 4 + 1e-6) < 0.7:   # not elliptic
        return None
    ys, xs = np.nonzero(m)
    if _outspans(xs, ys, max(a, b)):
        return None
    r = max(2, int(0.5 * np.sqrt(area)))
    mu8 = m.astype(np.uint8)
    ring = cv2.dilate(mu8, np.ones((2 * r + 1, 2 * r + 1), np.uint8)) > cv2.dilate(
        mu8, np.ones((3, 3), np.uint8))
    mid, lit = np.percentile(lab[..., 0][ring], (50, 80)) if ring.any() else (0.0, 0.0)
    return Pip(center_xy=(float(xs.mean() + origin[0]), float(ys.mean() + origin[1])),
               area_px=area, axes_px=(float(a), float(b)), angle_deg=float(ang),
               inside=float(core[m].mean()), redness=float(lab[..., 1][m].mean()) - 128.0,
               ring_lum=float(lit), ring_mid=float(mid))


def _outspans(xs: np.ndarray, ys: np.ndarray, major_px: float) -> bool:
    """A blob whose pixels span far beyond the ellipse fitted to its outline
    (``OUTSPAN`` x its major axis, plus a pixel each side): the fit describes no blob
    of that shape, so the blob is no pip. A pip, filled or a ring, spans its own
    ellipse (within ~1.2x: a small pip's pixels lie outside the outline through their
    centres); the thin dark seams between a top face and its two side faces, one blob
    bent round the face's corner, give a degenerate fit, small and round, and their
    pixels' centre lies in the open face. Seed 11504 (spent) clip 023 r0 frame 84: a
    two of 110 px whose L-shaped seam (114 px across, 236 px, fitted 14 px round) was
    counted as a third top pip, inside the face: pips three against the CNN's two at
    0.97, read two at 0.485, the round abstained. Fits under ``MIN_FIT_PX`` (2-px lines
    fitted 1 px across, seen on 12 of the 39 saved dome crops in tests/data/sicbo) are
    left as they were: what dropping them would change was not measured."""
    span = max(int(np.ptp(xs)), int(np.ptp(ys))) + 1
    return major_px >= MIN_FIT_PX and span > OUTSPAN * major_px + 2


def whole_red_pip(image_bgr: np.ndarray, pip: Pip, edge_px: float,
                  min_red: float = RED_PIP) -> Pip:
    """A red pip measured by its colour (Lab a* at least ``min_red`` over neutral), not
    by its darkness: a glossy red pip's highlight is light, so the dark part the pip
    finder takes may be a crescent of it, squashed. Fresh seed 14804 clip 026 r1 (1280x720,
    camera 26 degrees): a flat Chinese one's pip found as a crescent of 91 px^2, 0.47 round
    against the other faces' 0.85-0.89: read leaning, a false void. Only a squashed pip
    (under ``CRESCENT``) is measured again, and kept so only if its red part, within 0.4
    edge of it, is larger and rounder: a round red pip's red outline takes in its blurred
    fringe (a Chinese four's pips, 0.84-0.96 round by darkness, 0.57-0.90 by colour, spent
    seed 14704 clip 018 r1: read tipped against a one, abstained)."""
    if pip.redness < min_red or pip.roundness >= CRESCENT:
        return pip
    h, w = image_bgr.shape[:2]
    r = max(3, int(round(0.4 * edge_px)))
    cx, cy = int(round(pip.center_xy[0])), int(round(pip.center_xy[1]))
    x0, y0, x1, y1 = max(0, cx - r), max(0, cy - r), min(w, cx + r + 1), min(h, cy + r + 1)
    if not (x0 <= cx < x1 and y0 <= cy < y1):
        return pip
    lab = cv2.cvtColor(image_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2LAB)
    red = (lab[..., 1].astype(np.float32) - 128.0 >= min_red).astype(np.uint8)
    _, labels = cv2.connectedComponents(red)
    k = labels[cy - y0, cx - x0]
    if k == 0:
        return pip
    m = labels == k
    if m.sum() <= pip.area_px:
        return pip
    whole = measure_pip(m, lab, np.ones_like(m), (x0, y0))
    return whole if whole is not None and whole.roundness > pip.roundness else pip
