"""Stage 3c: a face found in part, read again at the dice' size.

On a floor nearly as pale as the dice the blob finder keeps only part of a die: a patch
of its top face about a pip or two, or a piece with its shadow. The pips outside the
piece are never counted and the CNN, shown a crop of the piece's size, sees the same few
pips, so the face is read small and wrong, and ``dice._partial`` caps it (the round
abstains). Here such a face (its edge under ``partial_rel`` x the largest face of 2+
pips the CNN reads as its count surely, ``SURE``, or one the CNN reads surely as more
pips than it holds, ``_more_seen``; with no such face, the dice' edge the video reader
learnt on this camera, ``DiceParams.die_edge_px``) is read again in a disk of
``disk_rel`` x that edge about it (``one_disk_rel`` about a lone pip; ``floorpips``'
disks: not the die's outline): the pips there, the face they make, and the CNN shown
that face. The grown face replaces the piece only when it keeps every pip of the piece,
counts at least as many, is of the dice' size (``size_rel``; a one is given that edge,
its pip says nothing of it), lies in a clean layout, its pips as round as the sure
faces' (``round_rel``: a face tipped against another die shows squashed pips, and its
disk its side face's too; with no sure face, not asked) and the CNN reads it as the
rescue asks (``rescue.rescued_ok``). A photo is left alone: its dice may be of any sizes.

Fresh seed 14804 (spent) clip 009 r0 frame 231 (1280x960, white dice on a pale grey
floor, noise): the four's blob held one pip and a strip between two others (28 px,
read a one, capped), the top three's held its three pips only (32 px); the other
three 49 px, sure. Read again in disks of 37 px: a four and a three at 48 px, CNN 0.99
and 0.97: truth 3-3-4, abstained ``low_confidence`` before.

Fresh seed 16104 (spent) clip 022 r0 frame 181 (800x600, ivory dice on a floor paler
than them, 238/245/234): the top faces scored as floor, only pips and side faces off it;
the five's blob held two of its pips (26 px, the CNN 0.51 four) and the two's its lower
pip and side face (26 px, a one), no face was sure to size them by, so nothing was grown
and the one in the middle was never found: two dice seen, abstained ``dice_count``.
Grown with the camera's learnt edge (50 px, from the reads of three before it): the five
at 0.998, and the two, its upper pip 40 px (0.84 edge) from the lower, in the lone pip's
wider disk, at 0.999; the rescue then found the one: paid 1-2-5. A pale floor in seed
16004 (spent) clip 009 (227/253/249): r3 and r4 paid, abstained before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.face import face_probs
from vision.sicbo.floorpips import disk_blob
from vision.sicbo.merged import pips_on
from vision.sicbo.pips import (
    PipParams,
    TopFace,
    face_fit,
    face_roundness,
    find_pips,
    select_top_face,
)
from vision.sicbo.points import same_place
from vision.sicbo.rescue import rescued_ok

if TYPE_CHECKING:
    from vision.sicbo.reading import DiceParams

__all__ = ["RegrowParams", "regrown_partials", "sure_read"]

SURE = 0.9      # a face the CNN reads as its count this surely sizes the others


@dataclass(frozen=True, slots=True)
class RegrowParams:
    disk_rel: float = 0.75            # read again in a disk of this x that edge about it
    # ... a lone pip's in one of this x: it may be a two's or a three's corner pip, the
    # opposite corner's 0.8-0.85 edge from it (``regrown_partials``)
    one_disk_rel: float = 1.0
    size_rel: tuple[float, float] = (0.8, 1.25)   # the grown face's edge / the ruler's
    min_fit: float = 0.9              # ... in a layout this clean (pips.face_fit)
    keep_rel: float = 0.15            # a piece's pip within this x edge of a grown pip
    round_rel: float = 0.9            # its pips this x as round as the sure faces' (median)
    # the disk's pips at most this x their median area: a disk, not the die's outline,
    # also holds its side faces' pips, seen obliquely, merged with the face's shaded
    # edge, 3-4 x the top pips' area (``_grown``). Not the piece's pips' area: a piece
    # may hold a pip's sliver alone (spent seed 15904 clip 008 r2 frame 961: 27 px, the
    # four's pips about it 104-208)
    alike: float = 2.0


def regrown_partials(image_bgr: np.ndarray, found: list[tuple[Blob, TopFace]],
                     probs: list, classify: Callable[[list[TopFace]], list],
                     params: DiceParams, rp: RegrowParams = RegrowParams()
                     ) -> tuple[list[tuple[Blob, TopFace]], list]:
    """``found`` and ``probs`` (the CNN's, per face) with each piece of a face
    (``params.partial_rel``) replaced by the face grown about it and its disk (see the
    module doc); ``classify`` is the CNN on a list of faces. A piece grown to a die
    already in the list (``points.same_place``: another face, or another piece grown to
    it) is dropped: one die, found in pieces (fresh seed 14904 (spent) clip 016 r1: a
    five's two pieces, 19 and 21 px, and the five itself rescued whole)."""
    sure = [t for (_, t), p in zip(found, probs, strict=True)
            if t.count >= 2 and sure_read(p, t.count)]
    if sure:
        ruler = max(t.edge_px for t in sure)
        round_ = rp.round_rel * float(np.median([q.roundness for t in sure for q in t.pips]))
    elif params.die_edge_px:     # the camera's learnt edge: no sure pips to say how round
        ruler, round_ = float(params.die_edge_px), 0.0
    else:
        return found, probs
    out_f, out_p = list(found), list(probs)
    for i, ((_, top), p) in enumerate(zip(found, probs, strict=True)):
        if top.edge_px >= params.partial_rel * ruler and not _more_seen(p, top.count):
            continue
        grown = _grown(image_bgr, top, ruler, round_, params.pips, rp)
        if grown is None:
            continue
        again = classify([grown[1]])[0]
        if rescued_ok(grown[1], again, dome=True):
            out_f[i], out_p[i] = grown, again
    kept = [i for i in range(len(found)) if out_f[i] is found[i]]     # not grown
    for i in range(len(found)):
        if out_f[i] is not found[i] and not any(same_place(out_f[i][1], out_f[j][1])
                                                for j in kept):
            kept.append(i)
    kept.sort()
    return [out_f[i] for i in kept], [out_p[i] for i in kept]


def _more_seen(p: np.ndarray | None, count: int) -> bool:
    """A face of 2+ pips the CNN (``p``) reads, ``SURE`` or more of its six faces'
    probability, as more pips than it holds: a piece of a face though not much smaller
    than the others (the dice' sizes differ across a wide frame). Fresh seed 15804
    (spent) clip 019 r4 frame 1760 (1920x1080, white dice on a near-white floor): a six
    whose blob held its lower part (61 px, 0.76 x the two's 81, over ``partial_rel``'s
    0.7), four of its pips found, the CNN six 0.91; the six grown in the disk, 87 px, fit
    0.99, CNN 0.99; truth 1-2-6, abstained ``low_confidence`` before."""
    if p is None or count < 2:
        return False
    faces = face_probs(p)
    best = int(np.argmax(faces))
    return best + 1 > count and float(faces[best]) >= SURE


def sure_read(p: np.ndarray | None, count: int) -> bool:
    """The CNN (``p``, its probabilities, or None) reads ``count`` pips, ``SURE`` or more."""
    return p is not None and int(np.argmax(p)) + 1 == count and float(p[count - 1]) >= SURE


def _grown(image_bgr: np.ndarray, top: TopFace, ruler: float, round_: float,
           pips: PipParams, rp: RegrowParams) -> tuple[Blob, TopFace] | None:
    """The disk about ``top`` and the face found in it (of the disk's pips not far larger
    than most, ``alike``), if it holds ``top``'s pips and more or as many, at the
    ruler's size in a clean layout, its pips ``round_`` round (median) or more; else
    None. Fresh seed 16104 (spent) clip 022 r4 frame 1949 (a floor paler than the dice):
    a six's blob held its left two columns (32 px); its disk held its six pips, 45-48 px
    in area, and its side face's three, 131-198 px, and the face found in it was one
    side pip alone: the six stayed a piece (0.32) and the round abstained."""
    disk = disk_blob(np.asarray(top.center_xy, float),
                     (rp.one_disk_rel if top.count == 1 else rp.disk_rel) * ruler,
                     image_bgr.shape[:2])
    if disk is None:
        return None
    found = find_pips(image_bgr, disk, pips)
    size = float(np.median([q.area_px for q in found])) if found else 0.0
    cands = [q for q in found if q.area_px <= rp.alike * size]
    got = select_top_face(cands, disk, pips)
    if got is None or got.count < top.count:
        return None
    if got.count == 1:
        got = replace(got, edge_px=ruler)
    lo, hi = rp.size_rel
    if not lo * ruler <= got.edge_px <= hi * ruler or face_fit(got) < rp.min_fit \
            or face_roundness(got) < round_:
        return None
    return (disk, got) if pips_on(top, got, rp.keep_rel * ruler) else None
