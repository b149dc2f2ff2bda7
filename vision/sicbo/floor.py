"""Stage 1a: the floor around each pixel, and how far each pixel stands out from it.

The floor colour is estimated per pixel by a large median filter on a downscaled image
(``floor_parts``); ``look_score`` turns the difference into a score (brighter plus chroma
distance, less 0.6 x darker), ``floor_threshold`` into the blob finder's cut, and
``floor_mask`` into the pixels that are floor. ``pip_spots`` finds pip-sized dark spots on
it (a die as pale as the floor, found by its pips).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import DetectParams
from vision.sicbo.median import median

__all__ = ["LIT_REL", "SHADE_CHROMA", "FloorLook", "expose", "floor_coloured", "floor_look",
           "floor_mask", "floor_parts", "floor_run", "floor_score", "floor_threshold",
           "look_score", "PIP_SPOT_AREA", "pip_spot_tiers", "pip_spots", "shaded",
           "shadowed_floor"]

# A die's top face, lit from above as the floor is, is about as light as the floor times
# the dice' albedo over the floor's (ivory on a white floor ~0.9-1.0); its side faces, lit
# at a slant, and its shadow are darker: a blob of those alone has its lightest tenth at
# 0.63-0.83 of a pale pink floor under strong glare (seed 11004 clip 001, where side faces
# were read as tops), a blob holding a top face ~1 (a stack's, 1.2: seed 11004 007 r3)
LIT_REL = 0.88
PIP_SPOT_AREA = (0.004, 0.06)  # a pip spot's area, least and most, x edge^2 (pip_spots)
# ... and of the floor's or the die's colour, dimmed: 2-4 (a, b) from the band round it
# there, 9 on a pale mint floor; a red die on a pale floor, as dark, 110-125
SHADE_CHROMA = 20.0


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
    return look_score(floor_parts(cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB), params), params)


def floor_mask(image_bgr: np.ndarray, params: DetectParams = DetectParams()) -> np.ndarray:
    """Where the picture is floor (bool HxW): under the blob finder's threshold, as in
    ``find_die_blobs`` (shadows score as floor; glare and die faces, lit or shaded, do
    not). ``floor_look(image_bgr, params).floor``, when the caller has that look."""
    score = floor_score(expose(image_bgr, params.white_lum), params)
    return score < floor_threshold(score, params)


@dataclass(frozen=True, slots=True)
class FloorLook:
    """One picture's floor as the blob finder sees it with ``params`` (``floor_look``):
    what ``find_die_blobs`` and ``touch.bare_floor`` both need, made once per picture
    (the Lab conversion and the floor's median filters are the cost). Its arrays are
    read-only."""

    params: DetectParams
    exposed: bool           # ``expose`` brightened the picture: ``lab`` is not its own colours
    lab: np.ndarray         # uint8 HxWx3: the (exposed) picture in Lab
    floors: tuple[np.ndarray, ...]   # uint8 HxWx3: the floor's Lab (the usual, the wide one)
    parts: tuple[tuple[np.ndarray, np.ndarray], ...]   # ``floor_parts``, one per floor
    score: np.ndarray       # float32 HxW: ``look_score``
    threshold: float        # ``floor_threshold`` of ``score``

    def __post_init__(self) -> None:
        if len(self.parts) != len(self.floors) or self.score.shape != self.lab.shape[:2]:
            raise ValueError(f"{len(self.floors)} floors, {len(self.parts)} parts, score "
                             f"{self.score.shape} for a Lab image {self.lab.shape}")
        for a in (self.lab, self.score, *self.floors, *(x for p in self.parts for x in p)):
            a.setflags(write=False)

    @property
    def floor(self) -> np.ndarray:
        """``floor_mask``: where the picture is floor (bool HxW)."""
        return self.score < self.threshold


def floor_look(image_bgr: np.ndarray, params: DetectParams = DetectParams(), *,
               like: Sequence[FloorLook] = ()) -> FloorLook:
    """The blob finder's look at the floor of ``image_bgr`` (BGR uint8 HxWx3) with
    ``params``; the Lab image and the floors taken from the first of ``like`` (looks at
    the same picture) that has the same (``white_lum``, ``mirror_border``,
    ``wide_floor``, ``max_area_frac`` alike)."""
    same = next((s for s in like if _floor_key(s.params) == _floor_key(params)), None)
    if same is not None:
        exposed, lab, floors, parts = same.exposed, same.lab, same.floors, same.parts
    else:
        bright = expose(image_bgr, params.white_lum)
        exposed, lab = bright is not image_bgr, cv2.cvtColor(bright, cv2.COLOR_BGR2LAB)
        floors = tuple(_floors(lab, params))
        parts = tuple(_bright_score(lab, f) for f in floors)
    score = look_score(list(parts), params)
    return FloorLook(params, exposed, lab, floors, parts, score,
                     floor_threshold(score, params))


def _floor_key(params: DetectParams) -> tuple:
    """What the Lab image and the floors depend on."""
    return params.white_lum, params.mirror_border, params.wide_floor, params.max_area_frac


def floor_threshold(score: np.ndarray, params: DetectParams) -> float:
    """The blob finder's threshold on a floor score (HxW float32): ``score_threshold``, or
    ``noise_factor`` x the median score on a textured floor, that median counted half
    above ``grain_median`` (a strongly grained floor, whose streaks the opening removes;
    photos only, see ``photo.PHOTO``)."""
    m = median(score)
    grain = max(0.0, m - params.grain_median)
    return max(params.score_threshold, params.noise_factor * (m - 0.5 * grain))


def floor_run(floor: np.ndarray, a_xy: tuple[float, float],
              b_xy: tuple[float, float], *,
              not_floor: Sequence[tuple[float, float, float]] = ()) -> float:
    """The longest run of ``floor`` (``floor_mask``) on the segment from ``a_xy`` to
    ``b_xy``, in pixels. Two dice with floor between their top faces do not touch.
    ``not_floor``: disks ``(x, y, radius)`` whose points are no floor whatever ``floor``
    says (a top face as pale as the floor)."""
    (ax, ay), (bx, by) = a_xy, b_xy
    length = float(np.hypot(bx - ax, by - ay))
    t = np.linspace(0.0, 1.0, int(length) + 2)
    h, w = floor.shape
    px, py = ax + (bx - ax) * t, ay + (by - ay) * t
    xs = np.clip(np.round(px).astype(int), 0, w - 1)
    ys = np.clip(np.round(py).astype(int), 0, h - 1)
    on = floor[ys, xs]
    for cx, cy, r in not_floor:
        on = on & (np.hypot(px - cx, py - cy) > r)
    best = run = 0
    for is_floor in on:
        run = run + 1 if is_floor else 0
        best = max(best, run)
    return best * length / max(1, len(t) - 1)


def pip_spots(image_bgr: np.ndarray, floor: np.ndarray, edge_px: float,
              area_rel: tuple[float, float] = PIP_SPOT_AREA, dark: float = 45.0, *,
              core: bool = False, lab: np.ndarray | None = None) -> np.ndarray:
    """Pips lying in ``floor`` (``floor_mask``; bool HxW): small pieces of non-floor
    (``area_rel`` x ``edge_px``^2) wholly surrounded by floor and at least ``dark`` L
    darker than their rim. The floor has no pips; a die's shaded side face on a pale
    floor scores as floor (it is as far from the floor as a shadow) but keeps its pips
    (seed 10404 clip 012 r4: a four leaning on a one, its side face 0.44 edge of
    "floor" between the two top faces).

    With ``core`` a piece's darkness is that of its darker half (the pixels at or below
    its median L): a pip near the edge of a die as pale as the floor can keep a sliver
    of its own face that scores just off the floor, as light as the rim, which dilutes
    the piece's mean though the pip is as dark as any. Seed 13204 (spent) clip 027 r0
    (1024x576, cream dice on a cream floor): a two's lower pip, 155 px with such a
    sliver, 44.0 L under its rim by the mean (45.4 a frame earlier), ~89 by its darker
    half as its other pip (74 px, 89.8); the two was found on the read that fitted the
    dome and lost on every later one: two dice seen, abstained ``dice_count``.
    ``lab``: the image in Lab (uint8), if the caller has it."""
    return pip_spot_tiers(image_bgr, floor, edge_px, (dark,), area_rel, core=core, lab=lab)[0]


def pip_spot_tiers(image_bgr: np.ndarray, floor: np.ndarray, edge_px: float,
                   darks: Sequence[float], area_rel: tuple[float, float] = PIP_SPOT_AREA, *,
                   core: bool = False, lab: np.ndarray | None = None) -> list[np.ndarray]:
    """``pip_spots`` at each darkness of ``darks`` (one bool HxW mask each), the pieces
    found and measured once."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats((~floor).astype(np.uint8))
    light = (cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB) if lab is None else lab)[..., 0]
    outs = [np.zeros(floor.shape, bool) for _ in darks]
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
        box = light[y0:y1, x0:x1].astype(np.float32)   # (cost) the piece's box only
        vals = box[part]
        if core:
            vals = vals[vals <= np.median(vals)]
        under = box[rim].mean() - vals.mean()
        for out, dark in zip(outs, darks, strict=True):
            if under >= dark:
                out[y0:y1, x0:x1] |= part
    return outs


def floor_parts(lab: np.ndarray, params: DetectParams) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each floor (the usual one, and the wide one with ``wide_floor``): the score
    without the dark term, and how much darker than that floor each pixel is (may be
    negative). These need the median filters, the costly part; ``look_score`` finishes
    a look's score from them."""
    return [_bright_score(lab, floor) for floor in _floors(lab, params)]


def _floors(lab: np.ndarray, params: DetectParams) -> list[np.ndarray]:
    """The floor's Lab colour around each pixel (uint8 HxWx3): the usual floor, and the
    wide one with ``wide_floor``."""
    h, w = lab.shape[:2]
    small, scale, k = _shrunk(lab)
    floors = [_median_floor(small, k, (w, h), params)]
    if params.wide_floor > 0:
        k2 = int(params.wide_floor * np.sqrt(params.max_area_frac * h * w) / scale) | 1
        if k2 > k and min(small.shape[:2]) > k2:
            wide = cv2.medianBlur(cv2.copyMakeBorder(small, k2 // 2, k2 // 2, k2 // 2, k2 // 2,
                                                     cv2.BORDER_REFLECT_101), k2)
            floors.append(cv2.resize(wide[k2 // 2:-(k2 // 2), k2 // 2:-(k2 // 2)], (w, h),
                                     interpolation=cv2.INTER_LINEAR))
    return floors


def _shrunk(lab: np.ndarray) -> tuple[np.ndarray, int, int]:
    """``lab`` shrunk to about 160 px across for the floor's median filters: (the small
    image, the shrink factor, the filter's size in small pixels)."""
    h, w = lab.shape[:2]
    scale = max(1, round(max(h, w) / 160))
    small = cv2.resize(lab, (max(1, w // scale), max(1, h // scale)),
                       interpolation=cv2.INTER_AREA)
    return small, scale, 31 if min(small.shape[:2]) > 31 else 5


def _median_floor(small: np.ndarray, k: int, size_wh: tuple[int, int],
                  params: DetectParams) -> np.ndarray:
    """The floor's Lab colour around each pixel: ``small`` (the Lab image shrunk)
    median-filtered over ``k`` px, resized to ``size_wh``."""
    if params.mirror_border:      # see DetectParams.mirror_border
        floor = cv2.medianBlur(cv2.copyMakeBorder(small, k // 2, k // 2, k // 2, k // 2,
                                                  cv2.BORDER_REFLECT_101), k)
        floor = floor[k // 2:-(k // 2), k // 2:-(k // 2)]
    else:
        floor = cv2.medianBlur(small, k)
    return cv2.resize(floor, size_wh, interpolation=cv2.INTER_LINEAR)


def shadowed_floor(image_bgr: np.ndarray, params: DetectParams = DetectParams(), *,
                   min_chroma: float = 20.0, max_hue_deg: float = 20.0,
                   chroma_rel: float = 0.7, min_light: float = 0.25,
                   lab: np.ndarray | None = None,
                   floor_lab: np.ndarray | None = None) -> np.ndarray:
    """Floor in a deep shadow (bool HxW): darker than the floor around it (more than
    ``dark_threshold``, so ``floor_mask`` keeps it as a die's dark part), on a floor of
    at least ``min_chroma`` (a, b), of the floor's hue (within ``max_hue_deg``) and at
    least ``chroma_rel`` x as much of its colour as of its light (a shadow dims a
    colour's chroma with its lightness; a die's shaded side face or a pip is nearly
    grey). Set 11904 clip 018 r3 (orange floor, chroma 54, hue 59 deg): a three's shadow
    between it and a two, L 62-70 against the floor's 124, chroma 31 at hue 57-63; the
    dice' faces, chroma 6-9. A shadow keeps ``min_light`` of the floor's light or more;
    a pip is near black, and on a pale floor of a faint tint its little chroma may have
    the floor's hue (fresh seed 17104 clip 025 r1, 1920x1080, white dice on a pale lilac
    floor: the pips of a lean's upturned side face, L 12-15 against ~220, were shadowed
    floor, and the side faces round them with them: the pair apart, paid 3-4-6 for a
    lean). ``lab``: the image in Lab (uint8), and ``floor_lab`` its usual floor
    (``FloorLook.floors[0]`` of a look at it unexposed), if the caller has them."""
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB) if lab is None else lab
    h, w = lab.shape[:2]
    if floor_lab is None:
        small, _, k = _shrunk(lab)
        floor_u8 = _median_floor(small, k, (w, h), params)
    else:
        floor_u8 = floor_lab
    # (cost) the colour tests only where the floor is that much darker (a few pixels in
    # a hundred): each test is per pixel, so the same answer as over the whole picture
    darker = np.subtract(floor_u8[..., 0], lab[..., 0], dtype=np.int16) > params.dark_threshold
    out = np.zeros((h, w), bool)
    at = np.flatnonzero(darker)
    if not at.size:
        return out
    floor = floor_u8.reshape(-1, 3)[at].astype(np.float32)
    px = lab.reshape(-1, 3)[at].astype(np.float32)
    fa, fb, pa, pb = floor[:, 1] - 128, floor[:, 2] - 128, px[:, 1] - 128, px[:, 2] - 128
    # (cost) whole numbers: np.sqrt of the exact sum is np.hypot's value (_bright_score)
    f_chroma, p_chroma = np.sqrt(fa * fa + fb * fb), np.sqrt(pa * pa + pb * pb)
    cos_hue = (fa * pa + fb * pb) / np.maximum(f_chroma * p_chroma, 1e-6)
    light = px[:, 0] / np.maximum(floor[:, 0], 1.0)
    out.reshape(-1)[at] = ((f_chroma >= min_chroma) & (light >= min_light)
                           & (cos_hue >= np.cos(np.radians(max_hue_deg)))
                           & (p_chroma >= chroma_rel * light * f_chroma)
                           & (p_chroma <= 1.2 * f_chroma))
    return out


def floor_coloured(image_bgr: np.ndarray, floor: np.ndarray, *, min_chroma: float = 20.0,
                   chroma_rel: float = 0.2, min_dist: float = 6.0,
                   light_rel: tuple[float, float] = (0.7, 1.3),
                   lab: np.ndarray | None = None) -> np.ndarray:
    """Pixels of the floor's own colour (bool HxW): within ``chroma_rel`` x its chroma
    (at least ``min_dist``) in (a, b) and ``light_rel`` x its lightness of the median
    colour of ``floor`` (``floor_mask``) in the picture's middle (the middle half across
    and down: a dome crop's floor, its rim and what lies beyond at the sides), on a
    floor of at least ``min_chroma``; nothing on a paler floor. ``floor_mask`` judges a
    pixel against the floor's median around it, which by the dome's rim takes in the
    rim's grey and black: there the floor itself stands out by its colour. White or
    ivory dice, lit or shaded, are far from a coloured floor (chroma 6-9 on an orange
    floor of 54). Set 12004 (spent) clip 023 r4 (orange floor, chroma 40, L 103): two
    flat fives 1.7 edges apart by the rim, the floor between them (L 96-105, 5 from the
    floor's a, b) 30-40 off the median there (its a, b pulled 15-35 towards grey): no
    floor seen between, the pair touched, abstained. Only what joins ``floor`` counts:
    a pip of the floor's colour (a Chinese die's red on a red floor) is held in its
    die's face. ``lab``: the image in Lab (uint8), if the caller has it."""
    h, w = floor.shape
    middle = (slice(h // 4, h - h // 4), slice(w // 4, w - w // 4))
    if not floor[middle].any():
        return np.zeros(floor.shape, bool)
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB) if lab is None else lab
    ref = np.median(lab[middle][floor[middle]].astype(np.float32), axis=0)
    chroma = float(np.hypot(ref[1] - 128, ref[2] - 128))
    if chroma < min_chroma:
        return np.zeros(floor.shape, bool)
    # (cost) each test is of one pixel's L or (a, b) alone: worked out once for every
    # value (float32 as over the picture: the same answers) and looked up per pixel.
    # Whole numbers less a median (whole or half): squares and sum exact in float32, so
    # np.sqrt of it is np.hypot's value to the bit (every pair checked)
    level = np.arange(256, dtype=np.float32)
    da, db = level - ref[1], level - ref[2]
    near_ab = np.sqrt((da * da)[:, None] + (db * db)[None, :]) <= max(min_dist,
                                                                      chroma_rel * chroma)
    lit = ((level >= light_rel[0] * ref[0]) & (level <= light_rel[1] * ref[0])).astype(np.uint8)
    lum, a, b = cv2.split(lab)
    coloured = (np.take(near_ab.ravel(), (a.astype(np.uint16) << 8) | b)
                & (cv2.LUT(lum, lit) > 0))
    n, labels = cv2.connectedComponents((coloured | floor).astype(np.uint8))
    joined = np.zeros(n, bool)      # the parts holding floor (np.isin of np.unique's)
    joined[labels[floor]] = True
    return coloured & joined[labels]


def _bright_score(lab: np.ndarray, floor: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(cost) ``lab`` and ``floor`` (uint8 HxWx3) differ by whole numbers: their squares
    and the sum of two are exact in float32, so ``np.sqrt`` of it is ``np.hypot``'s value
    to the bit (every pair checked) at a fraction of its cost; OpenCV's subtract takes the
    planes apart to float32 in one pass each."""
    (lum, a, b), (flum, fa, fb) = cv2.split(lab), cv2.split(floor)
    dl = cv2.subtract(lum, flum, dtype=cv2.CV_32F)
    da, db = cv2.subtract(a, fa, dtype=cv2.CV_32F), cv2.subtract(b, fb, dtype=cv2.CV_32F)
    chroma = np.sqrt(da * da + db * db)
    darker = np.maximum(-dl, 0.0)
    return np.maximum(dl, 0.0) + np.maximum(chroma - 0.6 * darker, 0.0), -dl


def look_score(parts: list[tuple[np.ndarray, np.ndarray]], params: DetectParams) -> np.ndarray:
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


def shaded(lab: np.ndarray, below_floor: np.ndarray, box_xyxy: tuple[int, int, int, int],
           mask: np.ndarray, lit_rel: float, *, max_chroma: float = SHADE_CHROMA,
           ring_px: int = 6) -> bool:
    """Is a blob (``mask``, bool, in ``box_xyxy`` of ``lab``, uint8 HxWx3) a shaded face
    or a shadow: darker than its floor even at its lightest (the 90th percentile of its L
    under ``lit_rel`` x the floor's median: its L plus ``below_floor``, how much darker
    than the floor, ``floor_parts``) and of the colour round it (median a, b within
    ``max_chroma`` of a ``ring_px`` band's)? A top face is lit as the floor is; side
    faces and shadows are not, so such a blob holds no top face. A coloured die (a red
    die on a pale floor, darker than it) differs in colour."""
    x0, y0, x1, y1 = box_xyxy
    light = lab[y0:y1, x0:x1, 0][mask].astype(np.float32)
    ground = light + below_floor[y0:y1, x0:x1][mask]
    if light.size == 0 or np.percentile(light, 90) >= lit_rel * float(np.median(ground)):
        return False
    h, w = lab.shape[:2]
    px0, py0 = max(0, x0 - ring_px), max(0, y0 - ring_px)
    px1, py1 = min(w, x1 + ring_px), min(h, y1 + ring_px)
    inside = np.zeros((py1 - py0, px1 - px0), np.uint8)
    inside[y0 - py0:y1 - py0, x0 - px0:x1 - px0] = mask
    ring = (cv2.dilate(inside, np.ones((2 * ring_px + 1,) * 2, np.uint8)) > 0) & (inside == 0)
    ab = lab[py0:py1, px0:px1, 1:].astype(np.float32)
    if not ring.any():
        return True
    d = np.median(ab[inside > 0], axis=0) - np.median(ab[ring], axis=0)
    return float(np.hypot(d[0], d[1])) <= max_chroma
