"""Stage 1b: a second, stricter look for dice the blob finder lost.

Sic bo has three dice. When the first pass finds fewer, the missing die is usually
still there but its blob was refused: joined to a floor glare spot (a soft outline, so
the sharpness test dropped the whole blob), to the bright dome rim, or squeezed into an
elongated shape, or joined to the rim ring, which falls into more pieces than a few
dice would, or joined to a dark object (a cable). The rescue runs the blob finder
again with those tests relaxed, and once more leaving out what is much darker than
the floor (a light die is never darker), and once more with a lower floor-score
threshold (a white die on a near-white floor differs from it by about the threshold:
its top face falls apart into pips and side faces), and
cuts any blob much larger than a die (an opening with a disk of ``cut_rel`` x the die
edge seen on the dice already found, growing until a part reads as a die: it removes
rims and thin joins, not a die), and
keeps a candidate only on strong evidence: a top face in a clean standard layout, of a
plausible size, that the face CNN reads as the same value with confidence and does not
call "not a die". A glare spot has no pips; a lone pip (a one) must be round and the
CNN surer of it. A die whose body the picture's border cuts (the first pass drops
those) is kept when its top face lies wholly inside the picture and shows two or
more pips: a lone pip beside the border is too little to tell a die from a cut object.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.sicbo.detect import Blob, find_die_blobs_each
from vision.sicbo.face import NOT_A_DIE, face_probs
from vision.sicbo.faintpip import faint_completed
from vision.sicbo.floorpips import PipDisks, floor_pip_blobs, spot_edge
from vision.sicbo.merged import contact_px
from vision.sicbo.morph import ellipse_morph
from vision.sicbo.pipblobs import RED_PIP
from vision.sicbo.pips import (
    TopFace,
    big_one,
    face_fit,
    find_pips,
    select_top_face,
    shrunk_to,
)
from vision.sicbo.points import centre_gap_px

if TYPE_CHECKING:
    from vision.sicbo.reading import DiceParams

__all__ = ["RescueParams", "rescue_dice", "rescued_ok"]


@dataclass(frozen=True, slots=True)
class RescueParams:
    min_pips: int = 1             # a rescued die shows at least this many top pips
    one_roundness: float = 0.8    # a lone pip (a one) must be this round (x the found
                                  # dice' top pips' median roundness in the dome) ...
    one_cnn: float = 0.93         # ... and the CNN this sure it is a one (in the dome, ...
    photo_one_cnn: float = 0.97   # ... in a photo; see rescued_ok)
    red_one_cnn: float = 0.85     # ... or this sure, in the dome, for a large red pip
    min_fit: float = 0.8          # ... in a clean layout
    min_cnn: float = 0.8          # the CNN agrees at least this surely ...
    many_pips: int = 4            # ... or, for a face of this many pips or more,
    many_cnn: float = 0.7         # this surely (see rescued_ok)
    unique_fit: float = 0.9       # a five's or six's layout this clean (no other face's) ...
    unique_cnn: float = 0.5       # ... the CNN's best face at least this (see rescued_ok)
    max_not_die: float = 0.2      # and calls it "not a die" at most this
    size_rel: tuple[float, float] = (0.7, 1.45)   # top edge / the found dice' median
    cut_rel: tuple[float, ...] = (0.8, 1.0, 1.2)   # opening disks / die edge, tried in turn
    big_rel: float = 2.2          # a blob larger than this x edge^2 is cut
    max_split: int = 10           # a die joined to the rim ring falls into many pieces
    max_contact: float = 0.5      # outline shared with a found die, x edge (see _apart) ...
    contact_reach: float = 1.2    # ... within this x edge of its top face's centre
    cut_min_pips: int = 2         # a die cut by the border shows at least this many top pips
    one_margin: float = 0.25      # ... or a one's pip this x edge inside (see _inside)
    one_body: float = 0.4         # ... with the body this x edge beyond it
    pale_score: float = 10.0      # a third look with this floor-score threshold ...
    pale_noise: float = 3.0       # ... and noise factor (a white die on a pale floor)
    faint_min: int = 3            # a face of this many pips in no layout may be grown (_completed)
    spot_rel: float = 1.3         # the pip spots' edge this x off the found faces' (_spot_sized)


def rescue_dice(image_bgr: np.ndarray, found: list[tuple[Blob, TopFace]],
                params: DiceParams, rp: RescueParams = RescueParams(), *,
                clutter: Sequence[tuple[Blob, TopFace]] = (),
                confirm: Callable[[TopFace], bool] | None = None,
                sure: Sequence[bool] = ()) -> list[tuple[Blob, TopFace]]:
    """Candidate (blob, top face) pairs away from the dice in ``found`` and from what
    the first look's CNN called "not a die" (``clutter``: a keyboard key's letter seen
    again through a looser blob is still a key); pip evidence checked here, the CNN's
    in ``rescued_ok``. With ``confirm`` (the CNN's check of a face) a candidate it
    refuses is no candidate: it neither ends the search of its blob (the larger cuts)
    nor keeps a later part of the same die out as pressed against it (seed 10504 clip
    009 r1, 1280x960: a two joined to two floor glare spots; the least cut part showed
    a glare-lit gap as a lone pip, "not a die" 0.82 to the CNN, and held off the two
    that another look showed whole, CNN 0.95: two dice seen, abstained).
    ``sure`` (parallel to ``found``): the CNN reads that face as its pip count surely; in
    the dome, found faces none of which is sure may be pieces that size the rescue wrong
    (``_spot_sized``)."""
    dome = params.in_dome        # three dice expected: look harder (_sized too)
    if not found and not dome:
        return []
    relaxed = dataclasses.replace(params.detect, min_sharpness=0.0, max_aspect=3.0,
                                  min_solidity=0.6, max_split=rp.max_split,
                                  peel_first=True, drop_cut=False, mirror_border=True)
    looks = [relaxed, dataclasses.replace(relaxed, keep_dark=False)]
    if dome:
        looks.append(dataclasses.replace(relaxed, score_threshold=rp.pale_score,
                                         noise_factor=rp.pale_noise))
    blobs = [b for found_by in find_die_blobs_each(image_bgr, looks) for b in found_by]
    edge = _found_edge(image_bgr, found, blobs, params, rp)
    by_spots = edge is None and dome and not found
    if by_spots:                              # no die to size by: the floor's pip spots
        edge = spot_edge(image_bgr, params.detect)
    if edge is None:
        return []
    out = _looked(image_bgr, blobs, found, clutter, edge, params, rp, confirm)
    pale = PipDisks()
    if dome and len(found) + len(out) < (params.max_dice or 0):
        # a die as pale as the floor shows only its pips (floorpips)
        pale = floor_pip_blobs(image_bgr, [t.center_xy for _, t in found], edge,
                               params.detect)
        out.extend(_on_disks(image_bgr, pale, found + out, clutter, edge, params, rp,
                             confirm))
    sized = [t.edge_px for _, t in out if t.count >= 2]
    if by_spots and sized and len(out) < (params.max_dice or 0):
        # the spots' edge is a rough guess: look again sized by the faces just found, as
        # if the first look had found them (seed 11904 (spent) clip 012 r0, 1280x960,
        # white dice on a white floor: spots 58.8 px, the twos found 47.0 and 48.7; the
        # one, 38.0 px, CNN 0.98, was under the 0.7 x size floor: abstained dice_count)
        edge = float(np.median(sized))
        out += _looked(image_bgr, blobs, out, clutter, edge, params, rp, confirm)
        # ... and the pip spots' disks too, read at that size (seed 13404 (spent) clip 003
        # r3 frame 587, 1024x576: a red one by its shadow, CNN 0.83 at the spots' 47.6 px,
        # 0.94 at the six's and two's 39.6: two dice seen, abstained dice_count)
        out += _on_disks(image_bgr, pale, out, clutter, edge, params, rp, confirm)
    elif dome and found and sure and len(found) + len(out) < (params.max_dice or 0) \
            and not any(s for (_, t), s in zip(found, sure, strict=True) if t.count >= 2):
        out += _spot_sized(image_bgr, blobs, found + out, clutter, edge, params, rp, confirm)
    return out


def _spot_sized(image_bgr: np.ndarray, blobs: list[Blob], taken: list[tuple[Blob, TopFace]],
                clutter: Sequence[tuple[Blob, TopFace]], edge: float, params: DiceParams,
                rp: RescueParams, confirm: Callable[[TopFace], bool] | None
                ) -> list[tuple[Blob, TopFace]]:
    """The dome still short of dice, and no found face of 2+ pips the CNN reads surely:
    the look again sized by the floor's pip spots (``spot_edge``) where that edge is
    ``spot_rel`` x or more off ``edge``, blobs and pip disks both. Fresh seed 14904
    (spent) clip 016 r1 frame 328 (1280x960, ivory dice on a white floor brighter than
    them): the first look found a piece of the five (26 px, three pips, the CNN 0.59 on
    a four) and the relaxed looks a piece of it too (29.5 px); sized so, the twos' pips
    (45 px dice) linked into no group; the spots size 53 px, and both twos are found
    (CNN 0.99): r1 and r4 of that clip, which abstained, now paid."""
    spots = spot_edge(image_bgr, params.detect)
    if spots is None or max(spots, edge) < rp.spot_rel * min(spots, edge):
        return []
    out = _looked(image_bgr, blobs, taken, clutter, spots, params, rp, confirm)
    pale = floor_pip_blobs(image_bgr, [t.center_xy for _, t in taken + out], spots,
                           params.detect)
    return out + _on_disks(image_bgr, pale, taken + out, clutter, spots, params, rp, confirm)


def _on_disks(image_bgr: np.ndarray, pale: PipDisks, taken: list[tuple[Blob, TopFace]],
              clutter: Sequence[tuple[Blob, TopFace]], edge: float, params: DiceParams,
              rp: RescueParams, confirm: Callable[[TopFace], bool] | None
              ) -> list[tuple[Blob, TopFace]]:
    """The candidates of the disks about pip spots: a group's disk must show a face of
    two pips or more, a lone spot's may show a one. A group's disk is centred on the
    mean of several spots: a lone pip found in it is one of them, the others unread.
    Seed 14804 (spent) clip 001 r1 frame 599 (640x480, white dice on a white floor):
    a two as pale as the floor, its upper pip, a faint lower pip (10 px) and a side
    face's dark edge grouped; in the disk only the upper pip was found and the CNN,
    shown the face about it, read a one 0.994 sure: once the round was read (its lid
    fading off had abstained it at first, ``settle._nothing_seen``), it paid 1-3-6 for
    2-3-6."""
    grouped = dataclasses.replace(rp, min_pips=max(rp.min_pips, 2))
    got = _candidates(image_bgr, list(pale.groups), taken, clutter, edge, params, grouped,
                      confirm)
    return got + _candidates(image_bgr, list(pale.ones), taken + got, clutter, edge, params,
                             rp, confirm)


def _looked(image_bgr: np.ndarray, blobs: list[Blob], found: list[tuple[Blob, TopFace]],
            clutter: Sequence[tuple[Blob, TopFace]], edge: float, params: DiceParams,
            rp: RescueParams, confirm: Callable[[TopFace], bool] | None
            ) -> list[tuple[Blob, TopFace]]:
    """The candidates of ``blobs`` sized by ``edge``, apart from ``found``: each blob much
    larger than a die cut by growing disks until a part shows one."""
    out: list[tuple[Blob, TopFace]] = []
    for blob in blobs:
        for disk_rel in rp.cut_rel if blob.area_px > rp.big_rel * edge ** 2 else (0.0,):
            got = _candidates(image_bgr, _cut(blob, disk_rel * edge, edge), found + out,
                              clutter, edge, params, rp, confirm)
            out.extend(got)
            if got:
                break
    return out


def _candidates(image_bgr: np.ndarray, parts: list[Blob],
                taken: list[tuple[Blob, TopFace]], clutter: Sequence[tuple[Blob, TopFace]],
                edge: float, params: DiceParams, rp: RescueParams,
                confirm: Callable[[TopFace], bool] | None = None
                ) -> list[tuple[Blob, TopFace]]:
    """The (part, top face) pairs of ``parts`` with the rescue's pip evidence (and
    ``confirm``'s), apart from and not the face of a die in ``taken`` or ``clutter``."""
    dome = params.in_dome
    squash = _squash(taken) if dome else 1.0   # of ``taken``: the same for every part
    out: list[tuple[Blob, TopFace]] = []
    for part in parts:     # _apart first: it needs no pips, most blobs are found dice again
        if not _apart(part, taken + out, edge, rp):
            continue
        looked = _die_sized(part, edge) if dome else part
        top = _sized(select_top_face(find_pips(image_bgr, looked, params.pips), looked,
                                     params.pips), edge, dome)
        top = _completed(image_bgr, top, edge, rp, squash) if dome else top
        confirmed = False     # (the CNN's check run once on a face: ``_shrunk``'s, or here)
        if top is not None and not part.outlined and not _plausible(top, edge, rp, squash):
            shrunk = _shrunk(top, part, edge, params, rp, squash, confirm)
            top, confirmed = (top, False) if shrunk is None else (shrunk, True)
        if top is not None and _plausible(top, edge, rp, squash) and _free(
                top, [*taken, *out, *clutter]) and _inside(part, top, edge, image_bgr.shape, rp) \
                and (confirm is None or confirmed or confirm(top)):
            out.append((part, top))
    return out


def _die_sized(part: Blob, edge: float) -> Blob:
    """``part`` as the pip finder should size it: a piece of a die's outline smaller than
    the found dice' face (``edge``^2) is a piece of such a die, whose pips may be as large
    as theirs (``find_pips`` takes pips up to ``PipParams.max_area_rel`` x the blob's
    area, and sizes its top face by the blob's edge). Fresh seed 15804 (spent) clip 024
    r1 frame 281 (640x480, white dice on a pale mint floor, the found six's edge 32.1 px):
    a red one's face scored as floor but for its shaded rim, the looks' blob of it the
    upper part (759 px) with the pip (146 px, round 0.98) over the 121 px that area
    allows: no pip found, the one never read, abstained ``dice_count``."""
    if not part.outlined or part.area_px >= edge ** 2:
        return part
    return dataclasses.replace(part, area_px=edge ** 2)


def _shrunk(top: TopFace, part: Blob, edge: float, params: DiceParams, rp: RescueParams,
            squash: float, confirm: Callable[[TopFace], bool] | None) -> TopFace | None:
    """A die found by its pips alone (``floorpips``: its disk holds no outline) whose pips
    make no face: the largest face of 4+ of them in a clean layout with every pip left
    out off it (``pips.shrunk_to``) that is plausible and that ``confirm`` (the CNN)
    reads so; else None. A pale die leaning on another shows its tipped top face and its
    side face's pips in one disk (rendered: a four's four pips and one of its side face's,
    five pips in no layout, refused)."""
    for face in range(min(top.count - 1, 6), 3, -1):
        got = shrunk_to(top, part, face, params.pips)
        if got is not None and _plausible(got, edge, rp, squash) and (
                confirm is None or confirm(got)):
            return got
    return None


def _completed(image_bgr: np.ndarray, top: TopFace | None, edge: float, rp: RescueParams,
               squash: float) -> TopFace | None:
    """A face of ``faint_min`` or more pips in no clean layout, grown by washed-out pips
    to the one face they complete (``faintpip.faint_completed``: every missing place of
    that face's layout shows a pip); else ``top`` as it was. The CNN must still read
    the grown face's count (``rescued_ok``). Seed 10504 clip 022 r0 (1280x960, camera
    straight down, at 7299cc4): a four under the dome's central glare, the glare-bright
    floor cut its lower corner off the blob and washed one pip: three pips in an L (no
    layout), refused; grown to a four (fit 0.99, five and six complete nothing), the
    CNN reads a four at 0.92; two dice seen, abstained ``dice_count``."""
    if top is None or top.count < rp.faint_min or _plausible(top, edge, rp, squash):
        return top
    grown = [g for face in range(top.count + 1, 7)
             if (g := faint_completed(image_bgr, top, face)) is not None]
    return grown[0] if len(grown) == 1 else top


def _found_edge(image_bgr: np.ndarray, found: list[tuple[Blob, TopFace]], blobs: list[Blob],
                params: DiceParams, rp: RescueParams) -> float | None:
    """The die edge the candidates are sized by: the found faces' of 2+ pips (median);
    with only ones found (a one's edge is a guess from its blob, up to 1.3 x the dice'),
    the relaxed looks' clean faces' (``_seed_edge``), else the ones'. Seed 10504 clip
    023 r2 (1280x720): only a one found first (edge 75.7 px); the rescue's five (54 px)
    passed the 0.7 x size floor by a hair, its four (52.8, CNN 0.98) did not: two dice
    seen, abstained."""
    sized = [t.edge_px for _, t in found if t.count >= 2]
    if sized:
        return float(np.median(sized))
    seeded = _seed_edge(image_bgr, blobs, params, rp)
    if seeded is not None or not found:
        return seeded
    return float(np.median([t.edge_px for _, t in found]))


def _seed_edge(image_bgr: np.ndarray, blobs: list[Blob], params: DiceParams,
               rp: RescueParams) -> float | None:
    """The die edge when the first look found no die in the dome (every die joined to
    the rim's ring line or a glare spot): the median top-face edge of the relaxed looks'
    blobs, uncut, that show ``cut_min_pips`` or more pips in a clean layout (``min_fit``:
    pip spacing sizes a face, a lone pip does not), or None. Seed 10304 clip 004 r2 (at
    f9fa98b): three dice on the ring line, found on one read (two by the first look, one
    rescued), then none on seven, abstained; the relaxed looks show a four and a six
    whole (edges 32.8 and 35.0)."""
    sizes = []
    seen: dict[tuple, float | None] = {}   # the looks find many blobs again, the same
    for blob in blobs:
        key = (blob.box_xyxy, blob.mask.tobytes())
        if key not in seen:
            seen[key] = _clean_edge(image_bgr, blob, params, rp)
        if seen[key] is not None:
            sizes.append(seen[key])
    return float(np.median(sizes)) if sizes else None


def _clean_edge(image_bgr: np.ndarray, blob: Blob, params: DiceParams,
                rp: RescueParams) -> float | None:
    """The blob's top-face edge if it shows ``cut_min_pips`` or more pips in a clean
    layout, else None."""
    top = select_top_face(find_pips(image_bgr, blob, params.pips), blob, params.pips)
    if top is not None and top.count >= rp.cut_min_pips and face_fit(top) >= rp.min_fit:
        return top.edge_px
    return None


def rescued_ok(top: TopFace, probs: np.ndarray | None,
               rp: RescueParams = RescueParams(), *, dome: bool = False) -> bool:
    """The CNN reads the rescued face as its pip count, surely, and as a die.

    In the dome (``dome``: three dice expected, one missing) a lone pip needs the CNN
    ``one_cnn`` sure and ``many_pips`` or more in a clean layout only ``many_cnn``: the
    dice the rescue finds there lie against the rim or a glare spot, which shares the
    CNN's crop (seed-10004 clip 020: a six against the rim's ring line 0.76, ones 0.95
    and 0.97 at the found dice' edge). A five's or six's layout, clean (``unique_fit``),
    is held in no other face's: another face shows it only with pips made up in exactly
    the missing places (``fuse.agreed_conf``), so there the CNN's best face need only be
    the count at ``unique_cnn``; the read still pays only at the outcome floor. Seed 11604
    (spent) clip 001 r3 frame 602 (1280x720): a six by the rim's ring line, cut from it
    whole, six pips at fit 0.98-0.99, the CNN six 0.64 / four 0.28: refused, two dice
    seen, the nearer called stacked (a false void). A photo keeps the stricter
    ``photo_one_cnn`` and ``min_cnn`` (no count prior: keys and print about)."""
    if probs is None or len(probs) <= NOT_A_DIE or probs[NOT_A_DIE] > rp.max_not_die:
        return False
    faces = face_probs(probs)
    if top.count == 1:
        need = (rp.red_one_cnn if _red_one(top) else rp.one_cnn) if dome else rp.photo_one_cnn
    elif dome and top.count >= 5 and face_fit(top) >= rp.unique_fit:
        need = rp.unique_cnn
    else:
        need = rp.many_cnn if dome and top.count >= rp.many_pips else rp.min_cnn
    return int(np.argmax(faces)) + 1 == top.count and float(faces.max()) >= need


def _red_one(top: TopFace) -> bool:
    """A lone top pip red (``RED_PIP``), round and large (``pips.big_one``, at the face's
    edge, which ``_sized`` holds to the found dice'): a Chinese one's pip. No other face
    shows one: a Chinese four's red pips are a corner pip's size (~0.2 edge across against
    the one's ~0.4), and a side face's pip is squashed. The CNN reads such a one on a
    floor as pale as the die less surely: the crop's grey holds the red pip mid-grey, the
    side face's black pips darker. Fresh seed 14904 clip 001 r3 frame 729 (1920x1080, a
    pale yellow floor): a red one 0.46 edge across, CNN 0.917; fresh seed 14804 (spent)
    clip 001 r0 and r3 (640x480, white floor): 0.889 and 0.876; two dice seen in each,
    abstained ``dice_count``. A first look's one is paid from CNN 0.85 or so (the fused
    confidence with a lone pip, ``fuse.agreed_conf``, is then 0.985)."""
    return big_one(top, top.edge_px) and top.pips[0].redness >= RED_PIP


def _sized(top: TopFace | None, edge: float, dome: bool) -> TopFace | None:
    """A one's face edge at most the found dice' (``edge``): its pip says nothing of
    its size and a rescued blob is still joined to what hid it (the dome rim), so the
    CNN was shown the die small among the rim and was unsure (seed-10004 clip 020 r3,
    r4: 0.90 and 0.86 at 1.3-1.4 edges, 0.97 and 0.95 at the found dice' edge)."""
    if top is None or not dome or top.count != 1 or top.edge_px <= edge:
        return top
    return dataclasses.replace(top, edge_px=edge)


def _squash(taken: list[tuple[Blob, TopFace]]) -> float:
    """The median roundness of the top pips of the dice in ``taken`` (at most 1; 1 when
    none): how round a top-face pip looks in this picture. A steep camera squashes every
    top pip: seed 10404 clip 020 r4 (1280x960, camera 30 deg off vertical, at 2991be3):
    a one against the rim's ring line, its pip 0.76 round, the CNN 0.94 sure, refused
    under the fixed 0.8 while the found dice' pips were 0.86-0.91; the round abstained."""
    pips = [p.roundness for _, t in taken for p in t.pips]
    return min(1.0, float(np.median(pips))) if pips else 1.0


def _plausible(top: TopFace, edge: float, rp: RescueParams, squash: float = 1.0) -> bool:
    lo, hi = rp.size_rel
    if top.count < rp.min_pips or not lo * edge <= top.edge_px <= hi * edge:
        return False
    if top.count == 1:
        return top.pips[0].roundness >= rp.one_roundness * squash
    return face_fit(top) >= rp.min_fit


def _inside(blob: Blob, top: TopFace, edge: float, shape: tuple[int, ...],
            rp: RescueParams) -> bool:
    """A blob the border cuts: its top face (centre +- half the dice' edge) lies inside
    the picture and shows ``cut_min_pips`` pips or more; or it shows one pip that is a
    one's centre pip, not the last corner pip of a face the border cuts: the pip is at
    least ``one_margin`` x edge from the border and the die's body reaches at least
    ``one_body`` x edge beyond it on the far side (a corner pip sits ~0.2 edge from the
    face's edge, a centre pip ~0.5)."""
    h, w = shape[:2]
    x0, y0, x1, y1 = blob.box_xyxy
    cut = (x0 <= 1, y0 <= 1, x1 >= w - 1, y1 >= h - 1)      # left, top, right, bottom
    if not any(cut):
        return True
    (cx, cy), half = top.center_xy, 0.5 * edge
    if top.count == 1:
        m, body = rp.one_margin * edge, rp.one_body * edge
        room = (cx, cy, w - cx, h - cy)                       # pip to each border
        reach = (x1 - cx, y1 - cy, cx - x0, cy - y0)          # body beyond the pip, far side
        return all(r >= m and b >= body for c, r, b in zip(cut, room, reach, strict=True) if c)
    return (top.count >= rp.cut_min_pips and cx - half >= 0 and cy - half >= 0
            and cx + half <= w and cy + half <= h)


def _free(top: TopFace, taken: list[tuple[Blob, TopFace]]) -> bool:
    """Not the top face of a die already found (centres at least 0.8 edge apart)."""
    return all(centre_gap_px(top, t)
               > 0.8 * max(t.edge_px, top.edge_px) for _, t in taken)


def _apart(blob: Blob, taken: list[tuple[Blob, TopFace]], edge: float,
           rp: RescueParams) -> bool:
    """Not pressed against a die already found: a rescued blob cut from a merged one
    meets its neighbour along the cut, which the pose stage reads as a die leaning on
    another; such a die is left to the abstain that its missing count gives. Only the
    contact within ``contact_reach`` x edge of the found die's top-face centre counts:
    a die's body with its side faces reaches ~0.75 edge from it; farther, its blob holds
    floor or the rim joined to it. Fresh seed 14904 clip 000 r4 frame 1550 (1280x960, a
    red floor): a four's blob took in a patch of floor and the rim's band beside it,
    which met the third die's blob along 92 px (1.3 edge), all of it 1.45 edge and more
    from the four's centre: refused, two dice seen, abstained ``dice_count``.

    Two disks drawn about pip spots (``floorpips``: neither ``outlined``) share no outline:
    where they meet says nothing of the dice, so they are apart (``_free`` still keeps a
    face from being found twice). Fresh seed 17404 clip 011 r4 frame 1945 (1280x960, red
    fours on a near-white floor, truth 4-4-5): the first four found by its group's wide
    disk, the second four's wide disk (0.8 edge) overlapped it by 7 px and was refused:
    two dice seen, abstained ``dice_count``."""
    return all(contact_px(blob, b, near=(t.center_xy, rp.contact_reach * edge))
               < rp.max_contact * edge for b, t in taken if blob.outlined or b.outlined)


def _cut(blob: Blob, disk_px: float, edge: float) -> list[Blob]:
    """A blob much larger than a die (joined to the rim or a glare spot), opened with a
    disk of ``disk_px`` (0: left whole), in its die-sized parts."""
    if disk_px <= 0:
        return [blob]
    k = max(3, int(disk_px) | 1)
    mask = ellipse_morph(blob.mask.astype(np.uint8), cv2.MORPH_OPEN, k)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    x0, y0 = blob.box_xyxy[:2]
    parts = []
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if area < 0.5 * edge ** 2:
            continue
        sub = labels[y:y + h, x:x + w] == i
        parts.append(Blob(box_xyxy=(x0 + x, y0 + y, x0 + x + w, y0 + y + h), mask=sub,
                          area_px=float(area), solidity=blob.solidity))
    return parts
