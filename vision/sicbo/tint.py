"""A top face in a colour no die has: a fitting of the table, not a die.

Footage-format section 5: the dice are opaque white or ivory (pips black, or red on
the Chinese one and four). A top face's light is then near grey: ivory under a warm
lamp is its most coloured, about 20 in Lab chroma (seen on seed 13304's dice: 8-22 at
the centre of each decided die's box). The table's fittings are not: seed 13304
(spent) clip 027 (800x600) has an orange marker on the dome's rim (Lab chroma 59),
a pale square with a dark notch that the dice reader read as a leaning one (0.65) on
the lid at the clip's start, before any lid model was known: the round opened on it
and was voided ``dice_leaning`` at frame 8 while the lid stayed on until ~frame 70.

A coloured die with light pips (a red die with white pips, which the dice reader reads
by the pips' polarity: ``pipblobs.pip_contrast``) is left alone: its pips are lighter
than its face. White and ivory dice and the marker (a dark notch read as a pip) have
dark pips; only a coloured face with dark pips is taken for a fitting.

The face's lightest quarter (around its centre, 0.4 edge each way) is measured, so a
red or black pip, however large (a Chinese one's), does not count: only the face
itself. ``MAX_CHROMA`` (40) is twice the most coloured die seen and two thirds of the
marker.

Nor is a face whose every pip is the face's own colour (``pipless``): a pip is a hole
painted another colour, black or red on white, white on red. Fresh seed 17804 clips 025
(1024x576, dark floor, gain 0.78) and 020 (1024x576): a plain olive marker (Lab chroma
34, under ``MAX_CHROMA``) and an orange one (50, its "pip" no darker than its face, so
taken for a coloured die's light pip) were each read as a die on the lid at the clip's
start, every pip found on it within 4 of the face's colour (Lab distance). No lid
model was learnt (a still scene with a die in it is no lid), and 025 r0 was voided
``dice_leaning`` at frame 8 and 020 r0 abstained ``dice_count`` at frame 10, both
with the lid on. Every die ``read_dice`` finds in the 396 real photographs of
``real-dice-dev`` has a pip 53 or more from its face (median 163); ``PIP_FROM_FACE``
is 20.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

__all__ = ["MAX_CHROMA", "PIP_FROM_FACE", "face_chroma", "not_a_die_face",
           "not_dice_coloured", "pipless"]

MAX_CHROMA = 40.0    # Lab chroma (OpenCV 8-bit a, b about 128) of a die face's light, at most
WINDOW_REL = 0.4     # the face measured this x edge each way of its centre
LIGHT_Q = 75         # ... its pixels at or above this percentile of lightness
PIP_FROM_FACE = 20.0  # Lab distance (OpenCV 8-bit) a pip's colour lies from its face's, at least


def _face_lab(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float
              ) -> np.ndarray | None:
    """(3,) float32 Lab (OpenCV 8-bit) median of the lightest quarter of a face's central
    window; None if the window is empty."""
    cx, cy = center_xy
    r = max(2.0, WINDOW_REL * edge_px)
    h, w = image_bgr.shape[:2]
    x0, y0 = max(0, int(cx - r)), max(0, int(cy - r))
    x1, y1 = min(w, int(cx + r) + 1), min(h, int(cy + r) + 1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    lab = cv2.cvtColor(image_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2LAB).reshape(-1, 3)
    light = lab[:, 0] >= np.percentile(lab[:, 0], LIGHT_Q)
    return np.median(lab[light].astype(np.float32), axis=0)


def face_chroma(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float) -> float:
    """Lab chroma of the lightest quarter of a face's central window (0 if empty)."""
    return _chroma(_face_lab(image_bgr, center_xy, edge_px))


def _chroma(face: np.ndarray | None) -> float:
    return 0.0 if face is None else float(np.hypot(face[1] - 128.0, face[2] - 128.0))


def pipless(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
            pips_xy: Sequence[tuple[float, float]]) -> bool:
    """Every pip of ``pips_xy`` (a 3x3 median at its centre) within ``PIP_FROM_FACE`` of
    the face's light colour (Lab): no pip is there. False with no pips in the image."""
    return _pipless(image_bgr, _face_lab(image_bgr, center_xy, edge_px), pips_xy)


def _pipless(image_bgr: np.ndarray, face: np.ndarray | None,
             pips_xy: Sequence[tuple[float, float]]) -> bool:
    h, w = image_bgr.shape[:2]
    inside = [(int(x), int(y)) for x, y in pips_xy if 0 <= x < w and 0 <= y < h]
    if face is None or not inside:
        return False
    for x, y in inside:
        patch = image_bgr[max(0, y - 1):y + 2, max(0, x - 1):x + 2]
        lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
        if float(np.linalg.norm(np.median(lab, axis=0) - face)) >= PIP_FROM_FACE:
            return False
    return True


def not_a_die_face(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
                   pips_xy: Sequence[tuple[float, float]] = ()) -> bool:
    """A fitting of the table, not a die: its face in a colour no die has
    (``not_dice_coloured``), or no pip on it (``pipless``); the face's colour measured
    once for both."""
    face = _face_lab(image_bgr, center_xy, edge_px)
    return _coloured(image_bgr, face, center_xy, edge_px, pips_xy) or _pipless(
        image_bgr, face, pips_xy)


def not_dice_coloured(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
                      pips_xy: Sequence[tuple[float, float]] = ()) -> bool:
    """The face's light is more coloured than a white or ivory die's, and its pips
    (``pips_xy``) are darker than the face (no coloured die with light pips)."""
    return _coloured(image_bgr, _face_lab(image_bgr, center_xy, edge_px), center_xy,
                     edge_px, pips_xy)


def _coloured(image_bgr: np.ndarray, face: np.ndarray | None, center_xy: tuple[float, float],
              edge_px: float, pips_xy: Sequence[tuple[float, float]]) -> bool:
    return _chroma(face) > MAX_CHROMA and not _light_pips(image_bgr, center_xy, edge_px,
                                                          pips_xy)


def _light_pips(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
                pips_xy: Sequence[tuple[float, float]]) -> bool:
    """The pips' grey (a 3x3 median at each centre) at or above the face window's
    median: light pips on a darker body."""
    if not pips_xy:
        return False
    grey = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY) if image_bgr.ndim == 3 else image_bgr
    h, w = grey.shape
    at = [float(np.median(grey[max(0, int(y) - 1):int(y) + 2, max(0, int(x) - 1):int(x) + 2]))
          for x, y in pips_xy if 0 <= x < w and 0 <= y < h]
    cx, cy = center_xy
    r = max(2.0, WINDOW_REL * edge_px)
    win = grey[max(0, int(cy - r)):min(h, int(cy + r) + 1),
               max(0, int(cx - r)):min(w, int(cx + r) + 1)]
    return bool(at) and win.size > 0 and float(np.median(at)) >= float(np.median(win))
