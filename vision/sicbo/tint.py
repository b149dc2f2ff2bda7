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
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

__all__ = ["MAX_CHROMA", "face_chroma", "not_dice_coloured"]

MAX_CHROMA = 40.0    # Lab chroma (OpenCV 8-bit a, b about 128) of a die face's light, at most
WINDOW_REL = 0.4     # the face measured this x edge each way of its centre
LIGHT_Q = 75         # ... its pixels at or above this percentile of lightness


def face_chroma(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float) -> float:
    """Lab chroma of the lightest quarter of a face's central window (0 if empty)."""
    cx, cy = center_xy
    r = max(2.0, WINDOW_REL * edge_px)
    h, w = image_bgr.shape[:2]
    x0, y0 = max(0, int(cx - r)), max(0, int(cy - r))
    x1, y1 = min(w, int(cx + r) + 1), min(h, int(cy + r) + 1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return 0.0
    lab = cv2.cvtColor(image_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2LAB).reshape(-1, 3)
    light = lab[:, 0] >= np.percentile(lab[:, 0], LIGHT_Q)
    a = float(np.median(lab[light, 1].astype(np.float32))) - 128.0
    b = float(np.median(lab[light, 2].astype(np.float32))) - 128.0
    return float(np.hypot(a, b))


def not_dice_coloured(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
                      pips_xy: Sequence[tuple[float, float]] = ()) -> bool:
    """The face's light is more coloured than a white or ivory die's, and its pips
    (``pips_xy``) are darker than the face (no coloured die with light pips)."""
    return face_chroma(image_bgr, center_xy, edge_px) > MAX_CHROMA and not _light_pips(
        image_bgr, center_xy, edge_px, pips_xy)


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
