"""A photo's dice joined to a dark object: a light die touching a cable or a dark edge.

The blob finder counts as a die what is much brighter or more coloured than the floor,
and also what is ``dark_threshold`` darker (``DetectParams.keep_dark``: a die's shaded
side faces). A white die lying against a black cable is then one blob with the cable,
too long and too concave for a die, and the blob is dropped. The rescue looks again
with the dark left out (``rescue``), and finds the die whole there, but it asks a lone
pip for the CNN 0.97 sure (``RescueParams.photo_one_cnn``): its looks are relaxed
(no sharpness, aspect or solidity limits) and a photo has no count prior, so a round
thing on a keyboard must not pass for a one. A one against a cable, cut from it clean,
is read 0.92-0.95 by the CNN, and was lost.

So a photo is also looked at with the first look's own limits and the dark left out
(``keep_dark=False``; a light die is never much darker than its floor); when that look
finds a blob the first look lacked that shows a top face of pips, the photo is read again
that way, and a die found only there is kept only when it is a die by both signals: its
pips and the CNN read the same face, at ``DARK_CONF`` or more (``photo_soft.add_new``,
the soft and faint looks' rule). The blob passed the first look's shape and sharpness
tests once the dark object was taken from it, so it is held to what a first-look die
is, not to the rescue's stricter CNN limit for a lone pip.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.dice import DiceParams, DiceReading, read_dice
from vision.sicbo.photo_soft import add_new, unseen
from vision.sicbo.pips import find_pips, select_top_face

__all__ = ["DARK_CONF", "with_undarkened_dice"]

DARK_CONF = 0.9      # a die found with the dark left out: pips and CNN agree this surely


def with_undarkened_dice(image_bgr: np.ndarray, reading: DiceReading, params: DiceParams,
                         seen: list[Blob], light: list[Blob]) -> DiceReading:
    """``reading`` (``read_dice`` of ``image_bgr`` with ``params``) and the dice a dark
    object hid from it (see the module doc); ``seen`` and ``light`` are the photo's
    blobs as ``read_dice`` finds them and with ``keep_dark`` off (``photo.photo_looks``)."""
    if params.in_dome or not params.detect.keep_dark:
        return reading
    new = [b for b in unseen(light, seen)
           if select_top_face(find_pips(image_bgr, b, params.pips), b, params.pips)]
    if not new:
        return reading
    return add_new(reading, read_dice(image_bgr, params=replace(params, detect=replace(
        params.detect, keep_dark=False))), new, DARK_CONF)
