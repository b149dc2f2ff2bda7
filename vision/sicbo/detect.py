"""Stage 1: find die-shaped blobs that stand out from the floor.

Dice are compact blobs whose colour differs from the floor around them. The floor
colour is estimated per pixel by a large median filter on a downscaled image (a die
is small next to the filter, so the filter sees floor), and every pixel gets a
score: how much brighter it is plus how far its chroma is, less 0.6 x how much darker
it is. Shadows (darker, nearly the same chroma) score nothing, so a die's shadow does
not bloat its box, while a red die on a green floor still stands out. Under top
lighting the top face is the brightest face, so the blob is usually the top face
with the side faces at its border; pips are holes, filled before measuring.

An opening with a disk of ``opening_rel`` x the smallest die edge cuts thin bridges
(a cable, a bright table edge) between a die and other objects. Touching dice that
merge into one non-convex blob are split with a distance transform and watershed.
A blob that is mostly thin (a die joined to the rim ring) is peeled instead: an opening
with a disk near the die size leaves the die (``peel_first``; the pass that looks again
for a lost die uses it; it also looks with ``keep_dark`` off, so a light die touching
a dark cable or object is not one blob with it, and mirrors the picture past its border
for the floor filter, ``mirror_border``). Blobs cut by the image border are
dropped (``drop_cut``): a cut die is not readable (the rescue reads one whose top
face is inside).
In the dome (``raise_inside``), a blob too large for a die and not die-shaped is cut again
at its own Otsu level of the score (``_raised_parts``): by the dome's wall the floor
filter's window takes in the dark rim beyond, a band of floor stands out from it, and dice
lying in that band are one blob with it, standing far above it. The parts it cuts out are
added to what the other cuts found there, where no such die holds them (``_with_raised``).
A blob too large for a few dice (2.5 x the largest die blob) is no die; in the dome only
its raised parts are taken: on a dark floor the threshold is low, and the band, the rim's
ring and the dice by the wall are one blob all round the dome (fresh seed 17304 clip 014
r1, 1024x576, an orange floor: threshold 14, one 51276 px blob, a three in it never seen;
tests/sicbo/test_dice_ring_band.py).
Blobs with a soft outline (``min_sharpness``, over L, a and b) are glare on the floor,
not dice. With ``lit_rel`` (the dome), blobs much darker than their floor are a die's
side faces or shadow on a floor paler than the dice, not a top face (``floor.shaded``).
A soft-ish blob mostly dimmer than half its height is a die in the glare's halo: its
lit cores with a sharp outline are kept instead (``_sharp_parts``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

from vision.sicbo.blob import Blob, DetectParams
from vision.sicbo.floor import (
    FloorLook,
    expose,
    floor_look,
    floor_mask,
    floor_run,
    floor_score,
    floor_threshold,
    pip_spots,
    shaded,
)
from vision.sicbo.glare import lit_cores
from vision.sicbo.morph import ellipse_morph

__all__ = ["Blob", "DetectParams", "expose", "find_die_blobs", "find_die_blobs_each",
           "floor_mask", "floor_threshold", "floor_run", "floor_score", "pip_spots"]

def _fill_holes(mask: np.ndarray, max_hole_px: float) -> np.ndarray:
    """Fill holes (pips) up to ``max_hole_px``; larger enclosed areas (the floor inside
    a bright dome rim) stay empty."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats((mask == 0).astype(np.uint8),
                                                           connectivity=4)
    small = np.zeros(n, bool)
    small[1:] = stats[1:, cv2.CC_STAT_AREA] <= max_hole_px
    out = mask.copy()
    out[small[labels] & (mask == 0)] = 255
    return out


def _split(mask: np.ndarray, min_edge: float, level: float = 0.6) -> list[np.ndarray]:
    """Split a merged blob of touching dice at its distance-transform peaks (above
    ``level`` x the highest)."""
    dist = cv2.distanceTransform(mask, cv2.DIST_L2, 5)
    peaks = (dist > level * dist.max()).astype(np.uint8)
    n, markers = cv2.connectedComponents(peaks)
    if n <= 2 or dist.max() < min_edge / 3:
        return [mask]
    markers = (markers + 1).astype(np.int32)
    markers[(mask > 0) & (peaks == 0)] = 0
    cv2.watershed(cv2.cvtColor(mask, cv2.COLOR_GRAY2BGR), markers)   # fills markers in place
    return [((markers == k) & (mask > 0)).astype(np.uint8) * 255 for k in range(2, n + 1)]


# ``peel_first`` peels at each of these (x the largest inscribed radius): a rim band
# nearly as wide as a die keeps pieces at 0.6 (seed 10504 clip 028 r4, 1280x960: a six
# against a ring band 0.55 of its width, left in one piece with it), a die in it keeps
# its core at 0.9
PEEL_RELS = (0.6, 0.75, 0.9)
SPLIT_LEVELS = (0.7, 0.8)  # the peaks a joined blob is cut at, in turn (``_split_at_peaks``)
REST_CHROMA = 10.0    # a peeled blob's rest this close in chroma to its die part ...
REST_LIGHT = 0.5      # ... and this light against it: a die too (``_die_coloured``)
RAISE_MIN = 2.0       # a misshapen blob's own Otsu level this x the threshold: dice in it
OVER_RAISED = 2.0    # a found blob this x the one raised part it holds: that part is it
DIE_SOLIDITY = 0.95  # ... unless it is as convex as a lone die (its sides under the level)
DIE_ASPECT = 1.2     # ... and as square
GROW_REL = 0.15       # ... each cut out grown back by this x its size within the blob


def _unique(blobs: list[Blob]) -> list[Blob]:
    """``blobs`` without repeats (the same box and mask), in order."""
    seen: set = set()
    out = []
    for b in blobs:
        key = (b.box_xyxy, b.mask.tobytes())
        if key not in seen:
            seen.add(key)
            out.append(b)
    return out


def _inscribed(mask: np.ndarray) -> float:
    """The largest inscribed radius of a uint8 mask (its distance transform's peak)."""
    return float(cv2.distanceTransform(mask, cv2.DIST_L2, 5).max())


def _peel(mask: np.ndarray, rel: float = 0.6, inscribed: float | None = None
          ) -> list[np.ndarray]:
    """Dice joined to a thin structure (a bright dome rim): open with a disk of ``rel``
    x the largest inscribed radius (``inscribed``, if the caller has it), which removes
    the rim and keeps the dice."""
    radius = rel * (_inscribed(mask) if inscribed is None else inscribed)
    if radius < 3:
        return []
    k = int(2 * radius) | 1
    opened = ellipse_morph(mask, cv2.MORPH_OPEN, k)
    if opened.sum() > 0.6 * mask.sum():      # mostly solid: not dice on a thin rim
        return []
    n, labels = cv2.connectedComponents(opened)
    return [(labels == i).astype(np.uint8) * 255 for i in range(1, n)]


def _shape_ok(mask: np.ndarray, params: DetectParams,
              max_area: float) -> tuple[bool, float, float]:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return False, 0.0, 0.0
    c = max(contours, key=cv2.contourArea)
    area = cv2.contourArea(c)
    if not params.min_edge_px ** 2 <= area <= max_area:
        return False, 0.0, 0.0
    hull = cv2.contourArea(cv2.convexHull(c))
    solidity = area / hull if hull > 0 else 0.0
    (_, _), (rw, rh), _ = cv2.minAreaRect(c)
    aspect = max(rw, rh) / max(1e-6, min(rw, rh))
    return solidity >= params.min_solidity and aspect <= params.max_aspect, solidity, aspect


def find_die_blobs(image_bgr: np.ndarray, params: DetectParams = DetectParams(), *,
                   look: FloorLook | None = None) -> list[Blob]:
    """Candidate dice in a BGR uint8 image (HxWx3), largest first; pips not yet checked.
    ``look``: ``floor_look(image_bgr, params)``, if the caller has it (it shares it with
    ``touch.bare_floor``)."""
    if look is None:
        look = floor_look(image_bgr, params)
    elif look.params != params or look.lab.shape[:2] != image_bgr.shape[:2]:
        raise ValueError(f"a floor look with {look.params} of a {look.lab.shape} image "
                         f"for {params} on a {image_bgr.shape} image")
    return _find(image_bgr, look)


def find_die_blobs_each(image_bgr: np.ndarray,
                        looks: Sequence[DetectParams]) -> list[list[Blob]]:
    """``find_die_blobs`` of one image with each of ``looks``: the exposure, the Lab
    image and the floors (median filters) are computed once for the looks that share
    them (same ``white_lum``, ``mirror_border``, ``wide_floor``, ``max_area_frac``)."""
    seen: list[FloorLook] = []
    for params in looks:
        seen.append(floor_look(image_bgr, params, like=seen))
    return [_find(image_bgr, look) for look in seen]


def _find(image_bgr: np.ndarray, look: FloorLook) -> list[Blob]:
    params, lab, floors = look.params, look.lab, look.parts
    mask = (look.score > look.threshold).astype(np.uint8) * 255
    max_area = params.max_area_frac * mask.size
    mask = _fill_holes(cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)),
                       0.25 * max_area)
    mask = _bridges_cut(mask, params)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    blobs: list[Blob] = []
    for k in range(1, n):
        x, y, w, h, area = stats[k]
        if area < params.min_edge_px ** 2:
            continue
        comp = (labels[y:y + h, x:x + w] == k).astype(np.uint8) * 255
        if area > 2.5 * max_area:   # no die: in the dome, dice lying in it (the rim's band)
            blobs.extend(_raised_parts(look, comp, x, y, max_area) if params.raise_inside
                         else [])
            continue
        parts = [comp]
        ok, solidity, aspect = _shape_ok(comp, params, max_area)
        if not ok and params.peel_first:
            top = _inscribed(comp)   # (cost) once for the three peels
            peeled = _unique([b for rel in PEEL_RELS for part in _peel(comp, rel, top)
                              for b in _to_blob(part, x, y, params, max_area)])
            if 0 < len(peeled) <= params.max_split:
                blobs.extend(peeled)
                continue
        if not ok or solidity < params.split_solidity or aspect > params.split_aspect:
            split = _split(comp, params.min_edge_px)
            areas = [float(p.sum()) for p in split]
            if len(split) > params.max_split:
                parts = []            # a keyboard, a textured object: not a few dice
            elif not ok or min(areas) >= params.split_balance * max(areas):
                parts = split
        found = [b for part in parts for b in _to_blob(part, x, y, params, max_area)]
        if not found and not ok and params.split_long and not params.peel_first:
            found = _long_parts(comp, x, y, params, max_area, solidity, aspect)
        if not found and not ok:
            found = [b for part in _peel(comp) for b in _to_blob(part, x, y, params, max_area)]
            found = found if len(found) <= params.max_split else []
        if not ok and params.raise_inside and area > max_area:
            found = _with_raised(found, _raised_parts(look, comp, x, y, max_area))
        blobs.extend(found)
    blobs = [part for b in blobs for part in _sharp_parts(image_bgr, lab, b, params, max_area)]
    if params.lit_rel > 0:          # a die's shaded side faces, not a top face
        blobs = [b for b in blobs
                 if not shaded(lab, floors[0][1], b.box_xyxy, b.mask, params.lit_rel)]
    blobs = _split_oversized(blobs, params, max_area, lab)
    if params.drop_cut:
        h, w = mask.shape
        blobs = [b for b in blobs if min(b.box_xyxy[:2]) > 1
                 and b.box_xyxy[2] < w - 1 and b.box_xyxy[3] < h - 1]
    return sorted(blobs, key=lambda b: -b.area_px)


def _bridges_cut(mask: np.ndarray, params: DetectParams) -> np.ndarray:
    """``mask`` (uint8) opened with a disk of ``opening_rel`` x the smallest die edge: thin
    bridges between a die and other things cut."""
    return ellipse_morph(mask, cv2.MORPH_OPEN,
                         max(3, int(params.opening_rel * params.min_edge_px) | 1))


def _raised_parts(look: FloorLook, comp: np.ndarray, x: int, y: int,
                  max_area: float) -> list[Blob]:
    """Dice inside a blob too large for one die that no cut made die-shaped, standing
    out from the blob itself: the blob's pixels above its own Otsu level of the floor
    score, when that level is ``RAISE_MIN`` x the threshold or more (two kinds of pixel
    in it, not one gradient). Not in a blob of a die's size: on a pale floor, a pale
    die's shaded lower half (found whole by its pips, ``floorpips``) came out as a piece
    read as a five 0.17 sure (tests/sicbo/test_dice_floorpips.py).
    At the floor's edge the floor filter's window takes in the dark rim beyond, so a band
    of floor scores over the threshold and dice lying in it are one misshapen blob with
    it. Fresh seed 14104 (spent) clip 014 r0 (800x600, green floor, dark rim): two dice
    against the wall joined the band (38275 px, scores 19-38 at its 10th-50th
    percentile, the dice 90-200); the blob's Otsu level, 112, cut out the three dice
    lying in it (1524-1843 px); none was found before (the rescue found one), and the
    round abstained ``dice_count``; now it abstains ``low_confidence``: both threes read
    0.94-0.95 (the CNN unsure), under the 0.95 a three is paid at. Each die cut out is
    grown back within the blob (``_grown``): cut at the Otsu level a die is its top face
    alone, and the pose cues, which judge a blob's side faces against its top face, read
    a flat four touching a three as leaning (tests/sicbo/test_dice_sided_lean.py; the
    rescue had found the four whole)."""
    params = look.params
    scores = look.score[y:y + comp.shape[0], x:x + comp.shape[1]]
    inside = comp > 0
    values = np.clip(scores[inside], 0, 255).astype(np.uint8).reshape(-1, 1)
    level, _ = cv2.threshold(values, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if level < RAISE_MIN * look.threshold:
        return []
    raised = _fill_holes((inside & (scores > level)).astype(np.uint8) * 255, 0.25 * max_area)
    raised = _bridges_cut(raised, params)
    n, labels = cv2.connectedComponents(raised)
    parts = [b for i in range(1, n)
             for b in _to_blob(_grown(labels == i, comp), x, y, params, max_area)]
    return parts if len(parts) <= params.max_split else []


def _with_raised(found: list[Blob], raised: list[Blob]) -> list[Blob]:
    """The dice a cut found in a misshapen blob, and the raised parts (``_raised_parts``)
    whose centre lies in none of them: a peel of the floor's band by the wall keeps a die
    that the opening leaves whole and loses one the band still holds (fresh seed 15404
    clip 013 r3, 1024x576, blue floor: a four 28 px from the rim's ring lay in the band's
    11171 px remainder while the peel cut out the other four; the band's Otsu level cut it
    out; the reads saw two dice and voided dice_stacked, truth 1-4-4).

    A found blob holding one raised part and ``OVER_RAISED`` x its area or more is that die
    with a piece of the band: the raised part replaces it. Fresh seed 17104 (spent) clip 029
    r4 frame 948 (640x480, purple floor): the peel kept a two by the wall with the band
    below it (6436 px against the two's 2604, solidity 0.83), and the cut of that oversized
    blob at its peaks left a round part mostly of band, holding the two's lower pip alone:
    read a one at 0.95 (truth 2-3-4), the round abstained. Not a blob shaped as one die
    (``_die_shaped``): the band's level may leave out a die's shaded sides, half its blob
    (fresh seed 17204 clip 027 r4 frame 1457: a two's blob 2453 px, solidity 0.98, its
    raised part 1224; cut to that, the two was read 0.25 sure and the round abstained)."""
    def inside(b: Blob, c: tuple[float, float]) -> bool:
        x0, y0, x1, y1 = b.box_xyxy
        i, j = int(round(c[1])) - y0, int(round(c[0])) - x0
        return 0 <= i < y1 - y0 and 0 <= j < x1 - x0 and bool(b.mask[i, j])
    def die_of(b: Blob) -> list[Blob]:
        held = [r for r in raised if inside(b, r.center_xy)]
        return held if len(held) == 1 and b.area_px >= OVER_RAISED * held[0].area_px \
            and not _die_shaped(b) else [b]
    found = [d for b in found for d in die_of(b)]
    return found + [r for r in raised if not any(inside(b, r.center_xy) for b in found)]


def _die_shaped(blob: Blob) -> bool:
    """As convex as a lone die (``DIE_SOLIDITY``) and as square (``DIE_ASPECT``, its box)."""
    x0, y0, x1, y1 = blob.box_xyxy
    w, h = x1 - x0, y1 - y0
    return blob.solidity >= DIE_SOLIDITY and max(w, h) <= DIE_ASPECT * min(w, h)


def _grown(part: np.ndarray, comp: np.ndarray, rel: float = GROW_REL) -> np.ndarray:
    """``part`` (bool) grown within ``comp`` (uint8) by ``rel`` x its size (the root of its
    area): the die's side faces, under the Otsu level, back at its border as in any blob."""
    k = int(2 * rel * np.sqrt(part.sum())) | 1
    grown = ellipse_morph(part.astype(np.uint8) * 255, cv2.MORPH_DILATE, k)
    return np.minimum(grown, comp)


def _sharp_parts(image_bgr: np.ndarray, lab: np.ndarray, blob: Blob, params: DetectParams,
                 max_area: float, *, soft: float = 2.0, core_frac: float = 0.5) -> list[Blob]:
    """``[blob]`` if its outline is sharp (``min_sharpness``); a blob with a soft-ish one
    (under ``soft`` x that) that is mostly dim (its lit cores, ``glare.lit_cores``, under
    ``core_frac`` of it) is a die in the glare's halo: its lit cores that have a die's
    shape and a clearly sharp outline (``soft`` x ``min_sharpness``: a die's step; a glare
    spot's core, cut at half its hump, is soft still) instead. Seed 10704 clip 009 r1
    (1024x576, dark floor, dome crop): a two beside the glare, one blob with the halo
    (4452 px, outline 4.5) whose one pip in view read as a one at 0.96."""
    sharpness = _edge_sharpness(lab, blob)
    if sharpness < soft * params.min_sharpness:
        cores = lit_cores(image_bgr, blob, min_area_px=params.min_edge_px ** 2)
        if cores and sum(c.area_px for c in cores) < core_frac * blob.area_px:
            parts = [p for c in cores for p in _to_blob(
                c.mask.astype(np.uint8) * 255, c.box_xyxy[0], c.box_xyxy[1], params, max_area)]
            parts = [p for p in parts if _edge_sharpness(lab, p) >= soft * params.min_sharpness]
            if parts:
                return parts
    return [blob] if sharpness >= params.min_sharpness else []


def _split_oversized(blobs: list[Blob], params: DetectParams, max_area: float,
                     lab: np.ndarray) -> list[Blob]:
    """Two dice touching along a face make a blob that is still fairly convex, so the
    first split did not try it; it gives itself away by its size: ~2x the image's other
    die-shaped blobs (dice in one picture are about the same size). Such a blob is cut
    at ever higher distance-transform peaks until it falls into similar die shapes, or,
    that failing, peeled (``_peeled``: a die joined to a band of floor)."""
    single = [i for i, b in enumerate(blobs) if b.solidity >= params.split_solidity]
    out = []
    for i, b in enumerate(blobs):
        others = [blobs[j].area_px for j in single if j != i]
        ref = float(np.median(others)) if len(others) >= 2 else 0.0
        parts: list[Blob] = []
        if ref and b.area_px >= params.oversize * ref and b.solidity < params.oversize_solidity:
            parts = _resplit(b, params, max_area, ref) or _peeled(b, params, max_area, ref, lab)
        out.extend(parts or [b])
    return out


def _peeled(blob: Blob, params: DetectParams, max_area: float, ref: float,
            lab: np.ndarray) -> list[Blob]:
    """The die of an oversized ``blob`` no cut at its peaks fell into dice: a die joined
    to a band of floor by the dome's wall that scores over the threshold (the floor
    filter's window there takes in the pale rim ring), the band thinner than the die:
    peeled off (``_peel``, at each of ``PEEL_RELS`` until one leaves one part of a die's
    size, ``ref`` the other blobs' median area, within ``oversize`` of it either way).
    Fresh seed 15104 002 r4: a three against the wall, 6925 px with its band, solid
    enough (0.76) to be taken whole; never read, the round abstained ``dice_count``.
    Two parts are two dice, kept whole, and so is a blob whose peel leaves one part and
    a rest coloured as it is (``_die_coloured``): a die leaning on another, a shaded die
    (the pair rule, ``pose.pair_pose``, calls a blob that large with a clean face
    leaning; seed 14804 019 r3 and 023 r4, peeled to the upper die, abstained instead of
    voiding: the rest L 160 against the die's 255 at its 90th percentile, chroma 4 off;
    15104 002's band L 64, chroma 19 off)."""
    x, y = blob.box_xyxy[:2]
    mask = blob.mask.astype(np.uint8) * 255
    top = _inscribed(mask)
    for rel in PEEL_RELS:
        parts = [b for part in _peel(mask, rel, top)
                 for b in _to_blob(part, x, y, params, max_area)
                 if ref / params.oversize <= b.area_px <= params.oversize * ref]
        if len(parts) == 1:
            return [] if _die_coloured(lab, blob, parts[0]) else parts
    return []


def _die_coloured(lab: np.ndarray, blob: Blob, part: Blob) -> bool:
    """Is what peeling ``part`` off ``blob`` leaves (a rim band of floor, or a die) coloured
    as the part is: its median chroma within ``REST_CHROMA`` of the part's and its median
    lightness at least ``REST_LIGHT`` x the part's 90th percentile?"""
    x, y = blob.box_xyxy[:2]
    h, w = blob.mask.shape
    kept = np.zeros((h, w), np.uint8)
    px, py = part.box_xyxy[:2]
    kept[py - y:py - y + part.mask.shape[0], px - x:px - x + part.mask.shape[1]] = part.mask
    rest = blob.mask.astype(bool) & ~ellipse_morph(kept, cv2.MORPH_DILATE, 5).astype(bool)
    if not rest.any():
        return True
    sub = lab[y:y + h, x:x + w].astype(np.float32)
    mine, left = sub[kept.astype(bool)], sub[rest]
    chroma = float(np.hypot(*(np.median(left[:, 1:], axis=0) - np.median(mine[:, 1:], axis=0))))
    return chroma <= REST_CHROMA and float(np.median(left[:, 0])) >= REST_LIGHT * float(
        np.percentile(mine[:, 0], 90))


def _resplit(blob: Blob, params: DetectParams, max_area: float, ref: float) -> list[Blob]:
    x, y = blob.box_xyxy[:2]
    return _split_at_peaks(blob.mask.astype(np.uint8) * 255, x, y, params, max_area,
                           lambda areas: min(areas) >= 0.5 * ref)


def _split_at_peaks(mask: np.ndarray, x: int, y: int, params: DetectParams, max_area: float,
                    fair: Callable[[list[float]], bool]) -> list[Blob]:
    """``mask`` cut at ever higher distance-transform peaks (``SPLIT_LEVELS``) into two or
    three die blobs, each part one blob, their areas ``fair``; [] when it does not fall so."""
    for level in SPLIT_LEVELS:
        split = _split(mask, params.min_edge_px, level)
        parts = [b for part in split for b in _to_blob(part, x, y, params, max_area)]
        if 2 <= len(parts) == len(split) <= 3 and fair([b.area_px for b in parts]):
            return parts
    return []


def _long_parts(comp: np.ndarray, x: int, y: int, params: DetectParams, max_area: float,
                solidity: float, aspect: float) -> list[Blob]:
    """A blob refused only as too long for one die (``max_aspect``), as convex as a die
    (``min_solidity``), that the first split left whole: two or three dice in a row, a
    die leaning on its support or pressed against it, cut at ever higher
    distance-transform peaks (``_split_at_peaks``) into two or three die-shaped parts of
    like size (``split_balance``); [] when it does not fall so. Dropped whole, its dice
    were left to the rescue, which refuses a die cut against a die already found, and to
    ``sidebyside.long_pair``, which refuses a blob holding one: the two flickered in and
    out between reads of one still scene as the blob's aspect crossed ``max_aspect``
    (fresh seed 13604 (spent) clip 019 r4, 640x480: a two tipped 34 degrees against a
    three, the lean's two faces and the three in one blob 2.18 long on one read, cut at
    0.8 into the lean and its support and voided leaning; 2.23 long on the next three,
    dropped, only the lean's faces rescued as a flat four: abstained ``dice_count``)."""
    if solidity < params.min_solidity or aspect <= params.max_aspect:
        return []    # refused for its area (solidity 0) or its outline, not its length
    return _split_at_peaks(comp, x, y, params, max_area,
                           lambda areas: min(areas) >= params.split_balance * max(areas))


def _edge_sharpness(lab: np.ndarray, blob: Blob) -> float:
    """75th percentile of the Lab gradient (distance units per pixel, over L, a and b)
    along the blob's outline: a die's edge is a step, a glare spot on the floor fades
    out. All three channels, as the floor score: a die that differs from its floor more
    by colour than by lightness (a pale pink die on a pale lavender floor: train_* photos
    with the floor's hue turned, L step 3.91 against ``min_sharpness`` 4) has a sharp
    outline too."""
    x0, y0, x1, y1 = blob.box_xyxy
    px0, py0 = max(0, x0 - 4), max(0, y0 - 4)
    crop = lab[py0:y1 + 4, px0:x1 + 4].astype(np.float32)
    m = np.zeros(crop.shape[:2], np.uint8)
    m[y0 - py0:y1 - py0, x0 - px0:x1 - px0] = blob.mask
    ring = cv2.dilate(m, np.ones((3, 3), np.uint8)) > cv2.erode(m, np.ones((3, 3), np.uint8))
    if not ring.any():
        return 0.0
    # the gradient's magnitude on the outline only (the whole crop's was the cost)
    gx, gy = cv2.Sobel(crop, cv2.CV_32F, 1, 0)[ring], cv2.Sobel(crop, cv2.CV_32F, 0, 1)[ring]
    return float(np.percentile(np.sqrt((gx * gx + gy * gy).sum(axis=1)) / 8, 75))


def _to_blob(part: np.ndarray, x: int, y: int, params: DetectParams,
             max_area: float) -> list[Blob]:
    ok, solidity, _ = _shape_ok(part, params, max_area)
    if not ok:
        return []
    ys, xs = np.nonzero(part)
    x0, y0, x1, y1 = xs.min(), ys.min(), xs.max() + 1, ys.max() + 1
    sub = part[y0:y1, x0:x1] > 0
    box = (int(x + x0), int(y + y0), int(x + x1), int(y + y1))
    return [Blob(box_xyxy=box, mask=sub, area_px=float(sub.sum()), solidity=float(solidity))]
