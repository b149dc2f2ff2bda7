"""A photo's smeared dice: dice whose every pip the camera's motion drew out into a streak.

``pips.find_pips`` refuses a pip blob less round than ``PipParams.min_roundness`` (0.45)
that does not fall apart into rounder ones: seen within ~60 degrees of square on, a top
face's pips are rounder than that, and the more squashed ones lie on side faces. A camera
that moves during the exposure (section 5: mild motion blur) draws EVERY pip out along
the motion, top face and side faces alike: a die whose top pips are streaked under 0.45
shows no top face, or a top face of the few pips that stayed round, which the CNN does
not share, and is not read (six rendered dice 44 px wide, four scenes, smeared 12 px:
16 of 24 read; 16 px: 7 of 24; ``train_dice_20``, a one tipped against two other dice,
its lone pip 0.40 round: the photo counted four dice of five).

So a photo with a die blob that no die of the first read lies on, and whose top face
holds more pips when pips down to ``SMEAR_ROUNDNESS`` count, is read again with that
limit, and a die found only there (no die of the first read within half an edge) is
kept only when it is a die by both signals: its pips and the CNN read the same face, at
``SMEAR_CONF`` or more (the rule ``photo_soft`` keeps a soft die by). A side face's
squashed pips are found there too, but a side face's blob is part of its die's blob,
which the first read already read, and it is dropped as near it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.dice import DiceParams, DiceReading, read_dice
from vision.sicbo.photo_soft import add_agreed
from vision.sicbo.pips import PipParams, find_pips, select_top_face
from vision.sicbo.points import in_box

__all__ = ["SMEAR_CONF", "SMEAR_ROUNDNESS", "with_smeared_pips"]

SMEAR_ROUNDNESS = 0.25   # a streaked pip: at most ~4x longer than wide
SMEAR_CONF = 0.9         # a die found only so is kept when pips and CNN agree this sure


def with_smeared_pips(image_bgr: np.ndarray, reading: DiceReading, params: DiceParams,
                      blobs: list[Blob]) -> DiceReading:
    """``reading`` (``read_dice`` of ``image_bgr`` with ``params``) and the dice with
    streaked pips it missed (see the module doc); ``blobs``: the photo's die blobs
    (``photo.photo_looks``)."""
    if params.in_dome or params.pips.min_roundness <= SMEAR_ROUNDNESS:
        return reading
    looser = replace(params.pips, min_roundness=SMEAR_ROUNDNESS)
    if not any(_more_pips(image_bgr, b, params.pips, looser) for b in blobs
               if not any(in_box(d.center_xy, b.box_xyxy) for d in reading.dice)):
        return reading
    again = read_dice(image_bgr, params=replace(params, pips=looser))
    return add_agreed(reading, again, SMEAR_CONF)


def _more_pips(image_bgr: np.ndarray, blob: Blob, strict: PipParams,
               looser: PipParams) -> bool:
    """Does the blob show a top face with more pips when streaked pips count?"""
    counts = [0 if t is None else t.count
              for t in (select_top_face(find_pips(image_bgr, blob, p), blob, p)
                        for p in (strict, looser))]
    return counts[1] > counts[0]

