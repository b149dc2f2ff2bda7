"""A photo's soft dice: dice whose outline the blob finder took for a glare spot's.

``detect`` drops a blob whose outline gradient is under ``min_sharpness`` (4 Lab/px): a
glare spot on the floor fades out, a die's edge is a step. A photo may be out of focus or
shaken, and then a die's step is soft too: ``train_three_3`` blurred (Gaussian sigma 1.5,
``realeval --transform blur``) shows its lone three at 3.87 and the photo read no die.
So a photo whose blobs at ``SOFT_SHARPNESS`` include one the sharp look dropped is read
again at that limit, and a die found there that the first read did not see is kept only
when it is a die by both signals: its pips and the CNN read the same face, at
``SOFT_CONF`` or more. A glare spot has no pip layout the CNN agrees with (its "not a
die" class drops it first), a die does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from vision.sicbo.blob import Blob, DetectParams
from vision.sicbo.dice import DiceParams, DiceReading, DieRead, read_dice, reading_flags
from vision.sicbo.points import in_box, same_place

__all__ = ["SOFT_CONF", "SOFT_SHARPNESS", "SPLIT_CONF", "add_agreed", "add_new", "doubted",
           "read_new", "unseen", "with_soft_dice"]

SOFT_SHARPNESS = 3.0   # Lab/px: a blurred die's outline (glare on the floor ~3, see detect)
SOFT_CONF = 0.9        # a soft die is kept when pips and CNN agree at least this sure
SPLIT_CONF = 0.5       # two looks at one die read two faces: the die at most this sure


def with_soft_dice(image_bgr: np.ndarray, reading: DiceReading, params: DiceParams,
                   seen: list[Blob], looser: list[Blob]) -> DiceReading:
    """``reading`` (``read_dice`` of ``image_bgr`` with ``params``) and the soft dice it
    missed (see the module doc); ``seen`` and ``looser`` are the photo's blobs at its
    sharpness limit and at ``SOFT_SHARPNESS`` (``photo.photo_looks``)."""
    if params.in_dome or params.detect.min_sharpness <= SOFT_SHARPNESS:
        return reading
    return read_new(image_bgr, reading, params, unseen(looser, seen),
                    replace(params.detect, min_sharpness=SOFT_SHARPNESS), SOFT_CONF)


def unseen(looser: list[Blob], seen: list[Blob]) -> list[Blob]:
    """The blobs of ``looser`` (a looser look's) whose centre lies in no blob of ``seen``
    (the first look's): what only the looser look found."""
    return [b for b in looser if not any(in_box(b.center_xy, s.box_xyxy) for s in seen)]


def read_new(image_bgr: np.ndarray, reading: DiceReading, params: DiceParams,
             new: list[Blob], detect: DetectParams, min_conf: float) -> DiceReading:
    """``reading`` and the dice the photo read again with ``detect`` (a looser look)
    finds in ``new`` (blobs that look found and the first did not), when pips and CNN
    agree at ``min_conf`` (``add_agreed``); ``reading`` when there are none."""
    if not new:
        return reading
    return add_new(reading, read_dice(image_bgr, params=replace(params, detect=detect)), new,
                   min_conf)


def add_new(reading: DiceReading, again: DiceReading, new: list[Blob],
            min_conf: float) -> DiceReading:
    """``reading`` and the dice of ``again`` (the photo read with a looser look) in ``new``
    (blobs that look found and the first did not) that pips and CNN agree on at
    ``min_conf`` (``add_agreed``); the dice both looks read, differently, in doubt
    (``doubted``)."""
    return add_agreed(doubted(reading, again), again, min_conf,
                      lambda d: any(in_box(d.center_xy, b.box_xyxy) for b in new))


def doubted(reading: DiceReading, again: DiceReading) -> DiceReading:
    """``reading`` with each die that ``again`` (the photo read with a looser look) reads
    at its place (``points.same_place``) as another face, pips and CNN agreeing there, at
    most ``SPLIT_CONF`` sure: two looks at one die, each a die by both signals, disagree.
    ``train_six_25``, a six (``realeval --transform hue`` and ``blur``): the push against
    nadir-side pips (``pips._uphill``) took its far row of pips for a side face's and left
    a column of three, which fits a three's layout; the CNN, shown a crop centred on that
    column, agreed, and the six was read as a three at 0.96 (0.95 blurred). The looser
    look's blob, larger, held the six: pips and CNN read it a six at 0.98. Its face is not
    taken: on ``train_dice_20`` (hue, blur) the looser look joined two touching ones into
    a blob read as a two."""
    def doubt(d: DieRead) -> DieRead:
        split = any(same_place(a, d) and a.face != d.face and a.pip_face is not None
                    and a.pip_face == a.cnn_face for a in again.dice)
        return replace(d, confidence=min(SPLIT_CONF, d.confidence)) if split else d
    dice = tuple(map(doubt, reading.dice))
    if all(a is d for a, d in zip(dice, reading.dice, strict=True)):
        return reading
    return replace(reading, dice=dice, flags=reading_flags(list(dice)))


def add_agreed(reading: DiceReading, again: DiceReading, min_conf: float,
               where: Callable[[DieRead], bool] = lambda d: True) -> DiceReading:
    """``reading`` with the dice of ``again`` (the same photo read with a looser limit)
    that it lacks (``points.same_place``) and that are dice by both signals: pips and CNN
    read the same face, at ``min_conf`` or more, and ``where`` holds."""
    extra = [d for d in again.dice if d.pip_face is not None and d.pip_face == d.cnn_face
             and d.confidence >= min_conf and where(d)
             and not any(same_place(d, e) for e in reading.dice)]
    if not extra:
        return reading
    dice = sorted(reading.dice + tuple(extra), key=lambda d: d.center_xy[0])
    return replace(reading, dice=tuple(dice), flags=reading_flags(dice))
