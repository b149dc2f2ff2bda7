"""Read the dice in a still photo of any resolution (``read-dice``, ``realeval``).

``read_dice``'s pixel constants (the smallest die edge, the morphology disks, the
outline sharpness in L per pixel that tells a die from a soft glare spot, the pip
filters) were set on 640 x 480 photos and on 480p-1080p video frames of the dome. A
photo from a higher-resolution camera shows the same scene with more pixels: its
outlines spread over more of them, so a die's outline gradient per pixel drops below
the glare limit and the die is refused (the ``train_*`` photos enlarged 2x to
1280 x 960, every 6th: count right in 48 of 52; a two-dice photo lost all five dice,
and shrunk back to 800 x 600 it still read none: a soft photo's outlines, enlarged).
So a photo larger than ``max_side`` (640, the size the constants
were set at) on its long side is read shrunk to it, and the dice are mapped back to the
photo's pixels. A smaller photo is read as it is.

Shrinking must not make far dice too small to read: a sharp 1920 x 1440 photo of dice
30 px wide shows them 10 px wide at 640, under the smallest die edge, where the
photo as taken reads them all. So when the shrunk read finds no die, or dice smaller
than ``SMALL_EDGE``, the photo is read again at the scale that makes them
``TARGET_EDGE`` wide (at least twice the first scale when none were found, then at
most as taken), and that read is kept if it finds at least as many dice.

A farther camera shows small dice in a photo of any size, and the same constants
fail there: a die ~25 px wide is read as pieces (a three's diagonal of pips, blurred
together, cuts its blob in two) or its top pips merge. Such a photo is read again
enlarged (cubic) to make the dice ``TARGET_EDGE`` wide, at most ``MAX_ZOOM`` x (an
enlargement spreads outlines too: at 2x some soft dice fall under the glare limit,
as in the hd case above; a read finding fewer dice is not kept). ``SMALL_EDGE`` is
0.8 x ``TARGET_EDGE``: the desk's photos as taken show dice 39 px wide or more (a
median; never looked at again), shrunk to 0.6x (``realeval --transform small``)
from 23 px, where dice went missing. Enlarged pixels are interpolated, and clutter can
pass there for a die (a USB plug, a cable's gap, a side face: pips and CNN disagree,
confidence 0.2-0.35); so a die the first read did not see is kept from the enlarged
one only when its pips and the CNN do not read different faces (``_seen_first``; the
rescue asks the same of a die a second look finds).

A photo's floor is any desk. The blob finder's threshold is 4 x the median floor score
(over the fixed 14), and on the ``train_*`` desk that median is 3.3-7.1; on a strongly
grained, saturated desk (``train_*`` with the hue turned 90 degrees and the saturation
1.8x) it is ~10, and 4 x it (40) is where a pale die's own score sits: a lone die and
dice of three-to-five-dice photos fell apart into pip-sized pieces. The die-sized opening
after the threshold already removes grain streaks thinner than ~9 px, so a median above
``PHOTO_GRAIN_MEDIAN`` (7) counts half (``floor.floor_threshold``): 34 at a median of 10.
3 x the median everywhere read those too but cost two ``train_*`` photos as taken (an
extra die at the top border, a six, read on a cable's clutter; a cluster of three dice
merged further), where this leaves the desk's reads as they were.

A photo's camera may be turned any way. The top-face pick pushes against pips on the
nadir side of a die (``pips._uphill``), and the dome's cameras have the nadir below the
dice; a photo taken upside down has it above, and the push then favours a side face's
rounder pips (``train_*`` turned 180 degrees, every 3rd: die 0.928 against 0.991 as
taken). The side faces that show lie between the top face and the nadir, so each die's
whole blob lies off its top face towards the nadir: the blobs and their top faces
picked without the push give, as the dice' median offset, the photo's own nadir
direction (``nadir_direction``; upright, ``DOWN_XY``, when the side faces show under
``NADIR_MIN_OFFSET`` x the edge: a near-vertical view, round pips, no push), and the
photo is read with it. On the desk's photos as taken the offsets are 0.05-0.33
edge downwards, turned 180 degrees the same upwards. The median, not the mean: a die
whose side face was taken for its top gives the opposite offset (a one read
as a two, ``train_dice_42`` turned 180; confidence is no weight, a two's is capped).
The offsets need no face read (``_level_nadir``: blobs and pips at the working scale,
no CNN, rescue or enlarged look; ~35 ms of a 640 x 480 photo against ~115 ms for the
whole read without the push that gave them before): ``read_photo`` of dice of the usual
size costs one read, not two. Small dice still get the whole read without the push
(at both scales): their tops alone gave flipped nadirs at 0.45x (``_level_nadir``).

A photo may be out of focus: each read (at either scale) also looks for dice whose
outline is too soft for the glare limit and keeps those its pips and CNN agree on
(``photo_soft.with_soft_dice``), for dice whose pips the camera's motion drew out
under the top pips' roundness limit (``photo_squash.with_smeared_pips``), for pale
dice a grained desk's threshold cut away (``photo_faint.with_faint_dice``), and for light
dice a dark object (a cable) joined into one blob too long for a die, looking with what is
much darker than the floor left out (``photo_dark.with_undarkened_dice``); the blobs of
those looks are found in one search (``photo_looks``: the floors computed once); a die a
looser look reads as another face, pips and CNN agreeing there, is at most 0.5 sure
(``photo_soft.doubted``). A streaked
four the CNN reads as a six is a four when the six's middle places show blank face
(``photo_four.with_fours``). Two dice whose top faces lie closer than a cube allows are
one die's pieces: the unsure one is dropped (``one_per_place``).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.sicbo.blob import Blob, DetectParams
from vision.sicbo.detect import find_die_blobs, find_die_blobs_each
from vision.sicbo.dice import DiceParams, DiceReading, DieRead, read_dice, reading_flags
from vision.sicbo.photo_dark import with_undarkened_dice
from vision.sicbo.photo_faint import FAINT_NOISE, with_faint_dice
from vision.sicbo.photo_four import with_fours
from vision.sicbo.photo_soft import SOFT_SHARPNESS, with_soft_dice
from vision.sicbo.photo_squash import with_smeared_pips
from vision.sicbo.pips import PipParams, consistent_edges, find_pips, select_top_face
from vision.sicbo.points import centre_gap_px, same_place

__all__ = ["PHOTO", "PHOTO_MAX_SIDE", "PHOTO_GRAIN_MEDIAN", "nadir_direction", "one_per_place",
           "photo_looks", "read_photo", "work_scale"]

PHOTO_MAX_SIDE = 640
SMALL_EDGE = 32.0      # dice read smaller than this (px) at the working size: look again
TARGET_EDGE = 40.0     # ... at the scale that makes them this wide (as in 640 x 480 photos)
MAX_ZOOM = 2.0         # ... but enlarged at most this much (see the module doc)
PHOTO_GRAIN_MEDIAN = 7.0   # a median floor score above this counts half (see the module doc)
PIECE_APART = 0.75     # two dice's top faces this x the edge apart are one die's pieces
PIECE_CONF = 0.5       # ... and the less sure (this sure at most) is dropped
NADIR_MIN_OFFSET = 0.08    # side faces this x the edge off the top face (median): a nadir seen
DOWN_XY = PipParams().nadir_xy   # the nadir when the dice show none: the video reader's (down)
PHOTO = DiceParams(max_dice=None,      # any number of dice (no sic bo count prior)
                   detect=DetectParams(grain_median=PHOTO_GRAIN_MEDIAN))


def work_scale(shape: tuple[int, ...], max_side: int = PHOTO_MAX_SIDE) -> float:
    """The factor (<= 1) a photo of ``shape`` (H, W, ...) is read at."""
    if max_side < 64:
        raise ValueError(f"max_side must be >= 64 pixels, got {max_side}")
    return min(1.0, max_side / float(max(shape[0], shape[1])))


def read_photo(image_bgr: np.ndarray, *, params: DiceParams = PHOTO,
               max_side: int = PHOTO_MAX_SIDE) -> DiceReading:
    """``read_dice`` of a photo (HxWx3 uint8) at most ``max_side`` pixels long; boxes,
    centres, quads and edges in the photo's own pixels."""
    if image_bgr.ndim != 3 or image_bgr.shape[2] != 3 or image_bgr.dtype != np.uint8:
        raise ValueError(f"image_bgr must be HxWx3 uint8, got {image_bgr.shape} {image_bgr.dtype}")
    if params.pips.uphill_gain <= 0:
        return _read_scaled(image_bgr, params, max_side)
    nadir = _level_nadir(image_bgr, max_side, params)
    return _read_scaled(image_bgr, replace(params, pips=replace(params.pips, nadir_xy=nadir)),
                        max_side)


def nadir_direction(reading: DiceReading) -> tuple[float, float]:
    """The unit image direction (x, y) from the dice towards the nadir, from where each
    die's whole blob lies around its top face (median; see the module doc); ``DOWN_XY`` when the
    side faces show less than ``NADIR_MIN_OFFSET`` x the edge (a near-vertical view)."""
    return _nadir_of([((0.5 * (d.box_xyxy[0] + d.box_xyxy[2]) - d.center_xy[0]) / d.edge_px,
                       (0.5 * (d.box_xyxy[1] + d.box_xyxy[3]) - d.center_xy[1]) / d.edge_px)
                      for d in reading.dice if d.edge_px > 0])


def _level_nadir(image_bgr: np.ndarray, max_side: int, params: DiceParams) -> tuple[float, float]:
    """``nadir_direction`` from the blobs and their top faces picked without the push, at
    the working scale: the offsets need no face read (no CNN, rescue or second look). Small
    dice (under ``SMALL_EDGE`` there, median) are read whole, without the push, as before: from
    their tops alone, at either scale, the nadir flips on some ``train_*`` at 0.45x (a side
    face taken for the top: train_dice_27, dice_46, two_29, dice_42 read worse)."""
    f = work_scale(image_bgr.shape, max_side)
    found = _level_tops(image_bgr, f, params)
    edges = [top.edge_px for _, top in found]
    if edges and float(np.median(edges)) < SMALL_EDGE:    # as seen at scale f
        level = replace(params, pips=replace(params.pips, uphill_gain=0.0))
        return nadir_direction(_read_scaled(image_bgr, level, max_side))
    offs = []
    for blob, top in found:
        if top.edge_px <= 0:
            continue
        if blob.edge_px > 1.5 * top.edge_px:     # joined: ``die_read`` boxes the face
            offs.append((0.0, 0.0))
            continue
        x0, y0, x1, y1 = blob.box_xyxy
        offs.append(((0.5 * (x0 + x1) - top.center_xy[0]) / top.edge_px,
                     (0.5 * (y0 + y1) - top.center_xy[1]) / top.edge_px))
    return _nadir_of(offs)


def _level_tops(image_bgr: np.ndarray, f: float, params: DiceParams) -> list:
    """(blob, top face) of the photo scaled by ``f``, tops picked without the push."""
    h, w = image_bgr.shape[:2]
    img = image_bgr if f == 1.0 else cv2.resize(
        image_bgr, (max(1, round(f * w)), max(1, round(f * h))),
        interpolation=cv2.INTER_AREA if f < 1.0 else cv2.INTER_CUBIC)
    level = replace(params.pips, uphill_gain=0.0)
    found = [(b, t) for b in find_die_blobs(img, replace(
        params.detect, wide_floor=params.photo_wide_floor))
        if (t := select_top_face(find_pips(img, b, level), b, level)) is not None]
    return list(zip([b for b, _ in found], consistent_edges([t for _, t in found], level),
                    strict=True))


def _nadir_of(offs: list[tuple[float, float]]) -> tuple[float, float]:
    if not offs:
        return DOWN_XY
    v = np.median(np.array(offs), axis=0)
    norm = float(np.hypot(*v))
    return DOWN_XY if norm < NADIR_MIN_OFFSET else (float(v[0] / norm), float(v[1] / norm))


def _read_scaled(image_bgr: np.ndarray, params: DiceParams, max_side: int) -> DiceReading:
    """``read_dice`` at the working scale, and again at a larger one for small dice."""
    f = work_scale(image_bgr.shape, max_side)
    reading = _read_at(image_bgr, f, params)
    f2 = _second_scale(reading, f)
    if f2 is not None:
        again = _read_at(image_bgr, f2, params)
        again = _seen_first(again, reading) if f2 > 1.0 else again
        if len(again.dice) >= len(reading.dice):
            return again
    return reading


def _seen_first(again: DiceReading, first: DiceReading) -> DiceReading:
    """The enlarged read's dice, less those the first read did not find (centres within
    half an edge) whose pips and CNN read different faces (see the module doc; pips not
    counted are no contradiction: a six 26 px wide, rendered, CNN alone 0.47)."""
    def seen(a: DieRead) -> bool:
        return any(same_place(a, d) for d in first.dice)
    kept = [a for a in again.dice if None in (a.pip_face, a.cnn_face)
            or a.pip_face == a.cnn_face or seen(a)]
    return again if len(kept) == len(again.dice) else replace(
        again, dice=tuple(kept), flags=reading_flags(kept))


def _second_scale(reading: DiceReading, f: float) -> float | None:
    """The scale to look again at (see the module doc), or None: the dice were large
    enough, or no die was found in a photo already read as taken."""
    edges = [f * d.edge_px for d in reading.dice]           # as seen at scale f
    if not edges:
        f2 = min(1.0, 2.0 * f)
    elif float(np.median(edges)) < SMALL_EDGE:
        f2 = min(MAX_ZOOM, f * TARGET_EDGE / float(np.median(edges)))
    else:
        return None
    return f2 if f2 > 1.2 * f else None


def _read_at(image_bgr: np.ndarray, f: float, params: DiceParams) -> DiceReading:
    """``read_dice`` of the photo scaled by ``f``, dice in the photo's pixels."""
    if f == 1.0:
        return _looked(image_bgr, params)
    h, w = image_bgr.shape[:2]
    small = cv2.resize(image_bgr, (max(1, round(f * w)), max(1, round(f * h))),
                       interpolation=cv2.INTER_AREA if f < 1.0 else cv2.INTER_CUBIC)
    reading = _looked(small, params)
    sx, sy = w / small.shape[1], h / small.shape[0]
    return replace(reading, dice=tuple(_scaled(d, sx, sy) for d in reading.dice))


def _looked(image_bgr: np.ndarray, params: DiceParams) -> DiceReading:
    """``read_dice`` of the photo as it is, with its soft and faint dice, its dice of
    streaked pips and its fours read as sixes looked at again, one die to a place."""
    seen, soft, faint, light = photo_looks(image_bgr, params)
    reading = with_soft_dice(image_bgr, read_dice(image_bgr, params=params), params, seen, soft)
    reading = with_faint_dice(image_bgr, reading, params, seen, faint)
    reading = with_undarkened_dice(image_bgr, reading, params, seen, light)
    reading = with_smeared_pips(image_bgr, reading, params, seen)
    return one_per_place(with_fours(image_bgr, reading, params))


def photo_looks(image_bgr: np.ndarray, params: DiceParams
                ) -> tuple[list[Blob], list[Blob], list[Blob], list[Blob]]:
    """The photo's die blobs as ``read_dice`` finds them, at ``SOFT_SHARPNESS``, at
    ``FAINT_NOISE`` x the median floor score and with the dark left out (``keep_dark``
    off), in one search (the floors computed once)."""
    sharp = replace(params.detect, wide_floor=params.photo_wide_floor)
    seen, soft, faint, light = find_die_blobs_each(image_bgr, [
        sharp, replace(sharp, min_sharpness=SOFT_SHARPNESS),
        replace(sharp, noise_factor=FAINT_NOISE), replace(sharp, keep_dark=False)])
    return seen, soft, faint, light


def one_per_place(reading: DiceReading) -> DiceReading:
    """``reading`` without the unsure dice (confidence <= ``PIECE_CONF``) whose top face's
    centre lies within ``PIECE_APART`` x the larger edge of a surer die's: two dice's top
    faces are a cube's edge apart at least, so the two are pieces of one die (a die's blob
    cut in two: ``train_five_49`` on another desk, ``realeval --transform hue``, a five read
    as a three and a four at 0.27 and 0.21, centres 0.64 edge apart)."""
    def sure(d: DieRead) -> tuple:
        return d.confidence, d.edge_px, d.center_xy

    def piece(d: DieRead) -> bool:
        return d.confidence <= PIECE_CONF and any(
            sure(e) > sure(d) and centre_gap_px(d, e)
            < PIECE_APART * max(d.edge_px, e.edge_px) for e in reading.dice if e is not d)
    kept = [d for d in reading.dice if not piece(d)]
    return reading if len(kept) == len(reading.dice) else replace(
        reading, dice=tuple(kept), flags=reading_flags(kept))


def _scaled(die: DieRead, sx: float, sy: float) -> DieRead:
    x0, y0, x1, y1 = die.box_xyxy
    cx, cy = die.center_xy
    return replace(die, box_xyxy=(x0 * sx, y0 * sy, x1 * sx, y1 * sy),
                   center_xy=(cx * sx, cy * sy),
                   top_quad=tuple((x * sx, y * sy) for x, y in die.top_quad),
                   edge_px=die.edge_px * 0.5 * (sx + sy))
