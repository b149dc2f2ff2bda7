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
Blobs with a soft outline (``min_sharpness``, over L, a and b) are glare on the floor,
not dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.median import median
from vision.sicbo.morph import ellipse_morph

__all__ = ["Blob", "DetectParams", "expose", "find_die_blobs", "find_die_blobs_each",
           "floor_mask", "floor_threshold", "floor_run", "floor_score", "pip_spots"]


@dataclass(frozen=True, slots=True)
class DetectParams:
    """Thresholds of the blob finder (scores are in Lab units, sizes in pixels)."""

    score_threshold: float = 14.0     # brightness + chroma distance from the local floor
    noise_factor: float = 4.0         # ... and this x the median score (a textured floor)
    grain_median: float = float("inf")  # a median score above this (a grained floor) counts
    # half (floor_threshold): the die-sized opening already removes the grain's streaks
    dark_threshold: float = 45.0      # a pixel this much darker than the floor also counts
    min_edge_px: float = 14.0         # smallest die edge considered
    max_area_frac: float = 0.06       # largest blob, as a fraction of the image area
    min_solidity: float = 0.72        # area / convex hull area after splitting
    max_aspect: float = 2.2           # long / short side of the minimum-area rectangle
    split_solidity: float = 0.88      # below this a blob is tried for a split
    split_aspect: float = 1.5         # ... and above this aspect (two dice side by side)
    split_balance: float = 0.4        # a die-shaped blob is split only into similar parts
    max_split: int = 4                # a blob splitting into more parts is clutter
    min_sharpness: float = 4.0        # outline gradient (Lab/px): real dice >= ~5, glare ~3
    drop_cut: bool = True             # drop blobs cut by the image border (not readable)
    opening_rel: float = 0.7          # opening disk / min_edge_px: cuts thin bridges
    white_lum: float = 190.0          # an under-exposed image is brightened to this L
    oversize: float = 1.6             # a blob this x the other dice' median area ...
    oversize_solidity: float = 0.93   # ... and less convex than this is cut harder
    peel_first: bool = False          # a misshapen blob: peel thin parts off before splitting
    keep_dark: bool = True            # False: much darker than the floor is never a die
    mirror_border: bool = False       # floor filter mirrors the picture past its border
    wide_floor: float = 0.0           # > 0: also a floor this x the largest die edge wide
    # (the 31-cell floor filter is ~1.3 die edges wide for a die of 100 px in 640 x 480:
    # a near die is much of its own floor and does not stand out; see floor_score)
    # (the filter otherwise repeats the border row, so a large die the border cuts is much
    # of its own floor and scores faint; the rescue's look uses it)

    def __post_init__(self) -> None:
        if self.score_threshold <= 0 or self.min_edge_px <= 0:
            raise ValueError(f"thresholds must be > 0, got {self.score_threshold}, "
                             f"{self.min_edge_px}")
        if not 0 < self.max_area_frac <= 1:
            raise ValueError(f"max_area_frac must be in (0, 1], got {self.max_area_frac}")


@dataclass(frozen=True, slots=True)
class Blob:
    """One candidate die: its filled mask inside ``box_xyxy`` (bool, HxW of the box)."""

    box_xyxy: tuple[int, int, int, int]
    mask: np.ndarray
    area_px: float
    solidity: float

    def __post_init__(self) -> None:
        x0, y0, x1, y1 = self.box_xyxy
        if self.mask.shape != (y1 - y0, x1 - x0):
            raise ValueError(f"mask shape {self.mask.shape} does not match box {self.box_xyxy}")

    @property
    def edge_px(self) -> float:
        return float(np.sqrt(self.area_px))

    @property
    def center_xy(self) -> tuple[float, float]:
        ys, xs = np.nonzero(self.mask)
        return float(xs.mean() + self.box_xyxy[0]), float(ys.mean() + self.box_xyxy[1])


def expose(image_bgr: np.ndarray, white_lum: float) -> np.ndarray:
    """The image brightened so its brightest surfaces (99.5th percentile of L) reach
    ``white_lum`` (at most x1/0.35; never darkened): the score thresholds are Lab
    units at a normal exposure, and an under-exposed camera scales every contrast down."""
    small = image_bgr[::4, ::4]
    lum = cv2.cvtColor(np.ascontiguousarray(small), cv2.COLOR_BGR2LAB)[..., 0]
    gain = white_lum / float(np.clip(np.percentile(lum, 99.5), 0.35 * white_lum, white_lum))
    if gain <= 1.02:
        return image_bgr
    return np.clip(image_bgr.astype(np.float32) * gain, 0, 255).astype(np.uint8)


def floor_score(image_bgr: np.ndarray, params: DetectParams) -> np.ndarray:
    """Per-pixel score (float32 HxW): how much a pixel stands out from the local floor.

    With ``wide_floor`` the score is also taken against a floor filtered over that many
    times the largest die edge allowed (``max_area_frac``), and the larger of the two
    kept: a die the usual filter is too narrow for stands out from the wide floor."""
    return _look_score(_floor_parts(cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB), params), params)


def floor_mask(image_bgr: np.ndarray, params: DetectParams = DetectParams()) -> np.ndarray:
    """Where the picture is floor (bool HxW): under the blob finder's threshold, as in
    ``find_die_blobs`` (shadows score as floor; glare and die faces, lit or shaded, do
    not)."""
    score = floor_score(expose(image_bgr, params.white_lum), params)
    return score < floor_threshold(score, params)


def floor_threshold(score: np.ndarray, params: DetectParams) -> float:
    """The blob finder's threshold on a floor score (HxW float32): ``score_threshold``, or
    ``noise_factor`` x the median score on a textured floor, that median counted half
    above ``grain_median`` (a strongly grained floor, whose streaks the opening removes;
    photos only, see ``photo.PHOTO``)."""
    m = median(score)
    grain = max(0.0, m - params.grain_median)
    return max(params.score_threshold, params.noise_factor * (m - 0.5 * grain))


def floor_run(floor: np.ndarray, a_xy: tuple[float, float],
              b_xy: tuple[float, float]) -> float:
    """The longest run of ``floor`` (``floor_mask``) on the segment from ``a_xy`` to
    ``b_xy``, in pixels. Two dice with floor between their top faces do not touch."""
    (ax, ay), (bx, by) = a_xy, b_xy
    length = float(np.hypot(bx - ax, by - ay))
    t = np.linspace(0.0, 1.0, int(length) + 2)
    h, w = floor.shape
    xs = np.clip(np.round(ax + (bx - ax) * t).astype(int), 0, w - 1)
    ys = np.clip(np.round(ay + (by - ay) * t).astype(int), 0, h - 1)
    best = run = 0
    for is_floor in floor[ys, xs]:
        run = run + 1 if is_floor else 0
        best = max(best, run)
    return best * length / max(1, len(t) - 1)


def pip_spots(image_bgr: np.ndarray, floor: np.ndarray, edge_px: float,
              area_rel: tuple[float, float] = (0.004, 0.06), dark: float = 45.0) -> np.ndarray:
    """Pips lying in ``floor`` (``floor_mask``; bool HxW): small pieces of non-floor
    (``area_rel`` x ``edge_px``^2) wholly surrounded by floor and at least ``dark`` L
    darker than their rim. The floor has no pips; a die's shaded side face on a pale
    floor scores as floor (it is as far from the floor as a shadow) but keeps its pips
    (seed 10404 clip 012 r4: a four leaning on a one, its side face 0.44 edge of
    "floor" between the two top faces)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats((~floor).astype(np.uint8))
    light = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    out = np.zeros(floor.shape, bool)
    lo, hi = area_rel[0] * edge_px ** 2, area_rel[1] * edge_px ** 2
    area = stats[:, cv2.CC_STAT_AREA]
    for i in np.flatnonzero((area >= lo) & (area <= hi)):
        if i == 0:      # the floor's own label
            continue
        x, y, w, h = stats[i, :4]
        x0, y0 = max(0, x - 3), max(0, y - 3)
        x1, y1 = min(floor.shape[1], x + w + 3), min(floor.shape[0], y + h + 3)
        part = labels[y0:y1, x0:x1] == i
        rim = cv2.dilate(part.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~part
        box = light[y0:y1, x0:x1]
        if box[rim].mean() - box[part].mean() >= dark:
            out[y0:y1, x0:x1] |= part
    return out


def _floor_parts(lab: np.ndarray, params: DetectParams) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each floor (the usual one, and the wide one with ``wide_floor``): the score
    without the dark term, and how much darker than that floor each pixel is (may be
    negative). These need the median filters, the costly part; ``_look_score`` finishes
    a look's score from them."""
    h, w = lab.shape[:2]
    scale = max(1, round(max(h, w) / 160))
    small = cv2.resize(lab, (max(1, w // scale), max(1, h // scale)),
                       interpolation=cv2.INTER_AREA)
    k = 31 if min(small.shape[:2]) > 31 else 5
    if params.mirror_border:      # see DetectParams.mirror_border
        floor = cv2.medianBlur(cv2.copyMakeBorder(small, k // 2, k // 2, k // 2, k // 2,
                                                  cv2.BORDER_REFLECT_101), k)
        floor = floor[k // 2:-(k // 2), k // 2:-(k // 2)]
    else:
        floor = cv2.medianBlur(small, k)
    lab_f = lab.astype(np.float32)
    parts = [_bright_score(lab_f, cv2.resize(floor, (w, h), interpolation=cv2.INTER_LINEAR))]
    if params.wide_floor > 0:
        k2 = int(params.wide_floor * np.sqrt(params.max_area_frac * h * w) / scale) | 1
        if k2 > k and min(small.shape[:2]) > k2:
            wide = cv2.medianBlur(cv2.copyMakeBorder(small, k2 // 2, k2 // 2, k2 // 2, k2 // 2,
                                                     cv2.BORDER_REFLECT_101), k2)
            wide = cv2.resize(wide[k2 // 2:-(k2 // 2), k2 // 2:-(k2 // 2)], (w, h),
                              interpolation=cv2.INTER_LINEAR)
            parts.append(_bright_score(lab_f, wide))
    return parts


def _bright_score(lab_f: np.ndarray, floor: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    d = lab_f - floor.astype(np.float32)
    chroma = np.hypot(d[..., 1], d[..., 2])
    darker = np.maximum(-d[..., 0], 0.0)
    return np.maximum(d[..., 0], 0.0) + np.maximum(chroma - 0.6 * darker, 0.0), -d[..., 0]


def _look_score(parts: list[tuple[np.ndarray, np.ndarray]], params: DetectParams) -> np.ndarray:
    """The floor score of one look: the bright/chroma score, with ``keep_dark`` also
    what is ``dark_threshold`` darker than the floor, the larger over the floors."""
    score = None
    for bright, minus_dl in parts:
        s = bright
        if params.keep_dark:
            dark = minus_dl - params.dark_threshold
            s = np.maximum(s, np.where(dark > 0, params.score_threshold + dark, 0.0))
        score = s if score is None else np.maximum(score, s)
    return cv2.GaussianBlur(score, (0, 0), 1.2)


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


def _peel(mask: np.ndarray, rel: float = 0.6) -> list[np.ndarray]:
    """Dice joined to a thin structure (a bright dome rim): open with a disk of ``rel``
    x the largest inscribed radius, which removes the rim and keeps the dice."""
    radius = rel * float(cv2.distanceTransform(mask, cv2.DIST_L2, 5).max())
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


def find_die_blobs(image_bgr: np.ndarray, params: DetectParams = DetectParams()) -> list[Blob]:
    """Candidate dice in a BGR uint8 image (HxWx3), largest first; pips not yet checked."""
    return _find(image_bgr, params, {})


def find_die_blobs_each(image_bgr: np.ndarray,
                        looks: Sequence[DetectParams]) -> list[list[Blob]]:
    """``find_die_blobs`` of one image with each of ``looks``: the exposure, the Lab
    image and the floors (median filters) are computed once for the looks that share
    them (same ``white_lum``, ``mirror_border``, ``wide_floor``, ``max_area_frac``)."""
    cache: dict = {}
    return [_find(image_bgr, look, cache) for look in looks]


def _find(image_bgr: np.ndarray, params: DetectParams, cache: dict) -> list[Blob]:
    key = (params.white_lum, params.mirror_border, params.wide_floor, params.max_area_frac)
    if key not in cache:
        lab = cv2.cvtColor(expose(image_bgr, params.white_lum), cv2.COLOR_BGR2LAB)
        cache[key] = (lab, _floor_parts(lab, params))
    lab, floors = cache[key]
    score = _look_score(floors, params)
    thresh = floor_threshold(score, params)
    mask = (score > thresh).astype(np.uint8) * 255
    max_area = params.max_area_frac * mask.size
    mask = _fill_holes(cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)),
                       0.25 * max_area)
    k = max(3, int(params.opening_rel * params.min_edge_px) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    blobs: list[Blob] = []
    for k in range(1, n):
        x, y, w, h, area = stats[k]
        if area < params.min_edge_px ** 2 or area > 2.5 * max_area:
            continue
        comp = (labels[y:y + h, x:x + w] == k).astype(np.uint8) * 255
        parts = [comp]
        ok, solidity, aspect = _shape_ok(comp, params, max_area)
        if not ok and params.peel_first:
            peeled = _unique([b for rel in PEEL_RELS for part in _peel(comp, rel)
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
        if not found and not ok:
            found = [b for part in _peel(comp) for b in _to_blob(part, x, y, params, max_area)]
            found = found if len(found) <= params.max_split else []
        blobs.extend(found)
    blobs = [b for b in blobs if _edge_sharpness(lab, b) >= params.min_sharpness]
    blobs = _split_oversized(blobs, params, max_area)
    if params.drop_cut:
        h, w = mask.shape
        blobs = [b for b in blobs if min(b.box_xyxy[:2]) > 1
                 and b.box_xyxy[2] < w - 1 and b.box_xyxy[3] < h - 1]
    return sorted(blobs, key=lambda b: -b.area_px)


def _split_oversized(blobs: list[Blob], params: DetectParams, max_area: float) -> list[Blob]:
    """Two dice touching along a face make a blob that is still fairly convex, so the
    first split did not try it; it gives itself away by its size: ~2x the image's other
    die-shaped blobs (dice in one picture are about the same size). Such a blob is cut
    at ever higher distance-transform peaks until it falls into similar die shapes."""
    single = [i for i, b in enumerate(blobs) if b.solidity >= params.split_solidity]
    out = []
    for i, b in enumerate(blobs):
        others = [blobs[j].area_px for j in single if j != i]
        big = len(others) >= 2 and b.area_px >= params.oversize * float(np.median(others))
        parts = _resplit(b, params, max_area, float(np.median(others))) if (
            big and b.solidity < params.oversize_solidity) else []
        out.extend(parts or [b])
    return out


def _resplit(blob: Blob, params: DetectParams, max_area: float, ref: float) -> list[Blob]:
    mask = blob.mask.astype(np.uint8) * 255
    x, y = blob.box_xyxy[:2]
    for level in (0.7, 0.8):
        split = _split(mask, params.min_edge_px, level)
        parts = [b for part in split for b in _to_blob(part, x, y, params, max_area)]
        if 2 <= len(parts) == len(split) <= 3 and min(p.area_px for p in parts) >= 0.5 * ref:
            return parts
    return []


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
