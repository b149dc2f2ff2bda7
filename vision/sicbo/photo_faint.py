"""A photo's faint dice: dice a grained floor's threshold cut away.

The blob finder's threshold is ``noise_factor`` (4) x the median floor score where that
is over ``score_threshold`` (``floor.floor_threshold``): a textured floor's grain scores
high, and so must a die. The floor's grain is its colour's (its chroma), a pale die
stands out from it mostly by lightness: on a saturated desk (``train_six_45`` with the
hue turned 90 degrees and saturation 1.8x, ``realeval --transform hue``) the median was
8.6 and the cut 31, where two of its five sixes scored 27-28 (their boxes' median) and
fell under it.

So a photo is also looked at with ``FAINT_NOISE`` x the median (the same cut where
``score_threshold`` sets it), and when that look finds a blob the first look lacked that
shows a top face of pips, the photo is read again there, and a die found only there, in
such a blob, is kept only when it is a die by both signals: its pips and the CNN read
the same face, at ``FAINT_CONF`` or more (``photo_soft.read_new``). Grain joined into
a blob at the lower cut has no pip layout the CNN agrees with.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.dice import DiceParams, DiceReading
from vision.sicbo.photo_soft import read_new, unseen
from vision.sicbo.pips import find_pips, select_top_face

__all__ = ["FAINT_CONF", "FAINT_NOISE", "with_faint_dice"]

FAINT_NOISE = 3.0    # x the median floor score: the second look's cut (the first's is 4 x)
FAINT_CONF = 0.9     # a faint die is kept when pips and CNN agree at least this sure


def with_faint_dice(image_bgr: np.ndarray, reading: DiceReading, params: DiceParams,
                    seen: list[Blob], looser: list[Blob]) -> DiceReading:
    """``reading`` (``read_dice`` of ``image_bgr`` with ``params``) and the faint dice it
    missed (see the module doc); ``seen`` and ``looser`` are the photo's blobs at its
    threshold and at ``FAINT_NOISE`` x the median (``photo.photo_looks``)."""
    if params.in_dome or params.detect.noise_factor <= FAINT_NOISE:
        return reading
    new = [b for b in unseen(looser, seen)
           if select_top_face(find_pips(image_bgr, b, params.pips), b, params.pips)]
    return read_new(image_bgr, reading, params, new,
                    replace(params.detect, noise_factor=FAINT_NOISE), FAINT_CONF)
