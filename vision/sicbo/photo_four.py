"""A photo's four read as a six: the six's middle pips are not there.

The face CNN reads a four whose pips are streaked (the die still moving, or the camera
shaken) as a six: each streak looks like two pips of a six's column. A six's corner
pips are a four's layout; its two other pips lie at the midpoints of two opposite sides
of that square. So where the pips found on a die form a clean four (layout fit >=
``CLEAN_FIT``) and the CNN reads a six the pips did not count, the image is looked at
in those places (``middle_darkness``; 0 the blank centre's L, 1 the pips'): when no side's
midpoint is the darkest place along that side (``no_middle_pip``), no six shows there and
the die is a four. It stays unsure (0.5 at most, the two signals disagreed): only the
face changes.

On the ``train_*`` photos (every 5th) a six's middle places read 0.97-1.06 dark, at least
0.37 darker than the places 0.2 of the side nearer its corners (gaps between pips); a
four's side midpoints read 0.0-0.02, under those places' 0.1-0.27. On ``train_four_50``
the dice are streaked along a side, so the streaks reach towards the midpoints of the
sides they run along: 0.34-0.62 there, yet 0.15-0.25 under the places nearer the
corners. Its two streaked fours the CNN read as sixes (pips 4 and 1) are fours now.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.detect import find_die_blobs
from vision.sicbo.dice import DiceParams, DiceReading, DieRead, reading_flags
from vision.sicbo.layout import layout_fit
from vision.sicbo.middles import middle_darkness, no_middle_pip
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import find_pips
from vision.sicbo.points import gap_px

__all__ = ["CLEAN_FIT", "with_fours"]

CLEAN_FIT = 0.9       # the four pips' layout fit


def with_fours(image_bgr: np.ndarray, reading: DiceReading, params: DiceParams) -> DiceReading:
    """``reading`` with each six the pips did not count that is a four (module doc)."""
    doubt = [i for i, d in enumerate(reading.dice)
             if d.face == 6 and d.cnn_face == 6 and d.pip_face != 6]
    if not doubt:
        return reading
    blobs = find_die_blobs(image_bgr, replace(params.detect, wide_floor=params.photo_wide_floor))
    lum = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    dice = list(reading.dice)
    for i in doubt:
        blob = _blob_of(dice[i], blobs)
        if blob is None:
            continue
        four = _four(find_pips(image_bgr, blob, params.pips), dice[i], params)
        if four is None:
            continue
        dark = middle_darkness(lum, four)
        if dark is not None and all(no_middle_pip(side) for side in dark):
            dice[i] = replace(dice[i], face=4, confidence=min(dice[i].confidence, 0.5))
    return replace(reading, dice=tuple(dice), flags=reading_flags(dice))


def _blob_of(die: DieRead, blobs: list[Blob]) -> Blob | None:
    x, y = die.center_xy
    inside = [b for b in blobs if b.box_xyxy[0] <= x <= b.box_xyxy[2]
              and b.box_xyxy[1] <= y <= b.box_xyxy[3]]
    return min(inside, key=lambda b: np.hypot(x - 0.5 * (b.box_xyxy[0] + b.box_xyxy[2]),
                                               y - 0.5 * (b.box_xyxy[1] + b.box_xyxy[3])),
               default=None)


def _four(pips: list[Pip], die: DieRead, params: DiceParams) -> np.ndarray | None:
    """The four pips on the die nearest its top face's centre, when they are a clean four."""
    cands = [p for p in pips if p.inside >= 0.5 and p.roundness >= params.pips.min_roundness]
    if len(cands) < 4:
        return None
    x, y = die.center_xy
    cands.sort(key=lambda p: gap_px(p.center_xy, (x, y)))
    pts = np.array([p.center_xy for p in cands[:4]], float)
    return pts if layout_fit(pts) >= CLEAN_FIT else None
