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
the same face, at ``FAINT_CONF`` or more (``photo_soft.add_new``). Grain joined into
a blob at the lower cut has no pip layout the CNN agrees with.

The same threshold can cut a die's blob short: the part kept shows some of its top pips,
and they fit a smaller face's layout. A one is the worst case, a lone pip fitting a
one's layout on any face: ``train_six_56`` on that desk kept the upper half of a two
(blob edge 20 px against its neighbours' 38-41) and read it a one at 0.97, pips and CNN
agreeing on a crop that size. At 3 x the median the whole die shows (edge 42) and reads
a two. So a die whose place lies in a looser blob at least ``GROWN`` x its own edge is
read there too (``grown``), and where that read, pips and CNN agreeing, counts more top
pips than the die did, it replaces the die: the piece's pips lie on the face that holds
them and more (``train_six_56``: the two, at 0.5, as two pips at a two's spacing are
where the edge spans the side faces too; ``train_five_49`` on that desk, a five cut in
two read a three and a four at 0.27 and 0.21: the five, at 0.998, once).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.dice import DiceParams, DiceReading, DieRead, read_dice, reading_flags
from vision.sicbo.photo_soft import add_new, unseen
from vision.sicbo.pips import find_pips, select_top_face
from vision.sicbo.points import in_box

__all__ = ["FAINT_CONF", "FAINT_NOISE", "GROWN", "grown", "with_faint_dice"]

FAINT_NOISE = 3.0    # x the median floor score: the second look's cut (the first's is 4 x)
FAINT_CONF = 0.9     # a faint die is kept when pips and CNN agree at least this sure
GROWN = 1.5          # a looser blob this x a die's edge around its place: the die was a piece


def with_faint_dice(image_bgr: np.ndarray, reading: DiceReading, params: DiceParams,
                    seen: list[Blob], looser: list[Blob]) -> DiceReading:
    """``reading`` (``read_dice`` of ``image_bgr`` with ``params``) and the faint dice it
    missed (see the module doc); ``seen`` and ``looser`` are the photo's blobs at its
    threshold and at ``FAINT_NOISE`` x the median (``photo.photo_looks``)."""
    if params.in_dome or params.detect.noise_factor <= FAINT_NOISE:
        return reading
    new = [b for b in unseen(looser, seen)
           if select_top_face(find_pips(image_bgr, b, params.pips), b, params.pips)]
    cut = any(_in_larger(d, b) for d in reading.dice for b in looser)
    if not new and not cut:
        return reading
    # one read at the looser cut serves both: the cut dice's wholes and the new dice
    again = read_dice(image_bgr, params=replace(params, detect=replace(
        params.detect, noise_factor=FAINT_NOISE)))
    return add_new(grown(reading, again) if cut else reading, again, new, FAINT_CONF)


def grown(reading: DiceReading, again: DiceReading) -> DiceReading:
    """``reading`` with each die replaced by the die of ``again`` (the photo read at the
    looser cut) whose place holds it, whose edge is ``GROWN`` x its own or more, and whose
    pips and CNN read the same face of more pips than the die counted (see the module
    doc); two pieces of one die give that die once."""
    def whole(d: DieRead) -> DieRead:
        for a in again.dice:
            if _in_larger(d, a) and a.pip_face is not None and a.pip_face == a.cnn_face \
                    and a.pip_face > (d.pip_face or 0):
                return a
        return d
    dice: list[DieRead] = []
    for d in map(whole, reading.dice):      # the pieces of one die: that die once
        if not any(d is e for e in dice):
            dice.append(d)
    if len(dice) == len(reading.dice) and all(
            a is d for a, d in zip(dice, reading.dice, strict=True)):
        return reading
    return replace(reading, dice=tuple(dice), flags=reading_flags(dice))


def _in_larger(die: DieRead, larger: Blob | DieRead) -> bool:
    """``larger`` (a looser look's blob or die) holds the die's place and is ``GROWN`` x
    its edge."""
    return larger.edge_px >= GROWN * die.edge_px and in_box(die.center_xy, larger.box_xyxy)
