"""Stage 2: pips of one die, and which of them lie on its TOP face.

Pips are small blobs that contrast with the die body around them: a morphological
black-hat (dark pips on a light die, incl. red pips, which are dark in L) or top-hat
(light pips on a dark die) of the L channel with a kernel larger than a pip, so the
shading of a side face is not mistaken for a pip.
The blobs are measured by ``pipblobs`` (response, exposure, merged pips cut apart).

Which pips are on the top face: with the camera within ~45 degrees of vertical the top
face is the least foreshortened face, so its pips are the roundest and the largest;
side-face pips are squashed ellipses. Steeper than that a side face can look rounder
than the top; then position decides: side faces show on the nadir side of the top
face (``_uphill``). Under top light the top face is also the
brightest face, i.e. the core of the detected blob. The reference pip maximises
roundness x sqrt(area); the top face is the best-ranked pips up to the clearest break
in rank that leaves a standard layout (see ``select_top_face``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.layout import layout_fit
from vision.sicbo.pipblobs import (
    Pip,
    crop_box,
    expose_lum,
    measure_pip,
    odd_kernel,
    pip_contrast,
    split_merged,
)
from vision.sicbo.points import gap_px

__all__ = ["Pip", "PipParams", "TopFace", "big_one", "consistent_edges", "edge_at", "face_fit",
           "face_roundness", "find_pips", "grown_to", "longest_pair", "one_short", "ones_capped",
           "pip_across_px", "pip_span_px", "pips_edge_px", "regrouped", "select_top_face",
           "shaded_one", "short_diagonals", "span_edge_px", "stray_pips",
           "three_is_diagonal", "two_is_diagonal"]


@dataclass(frozen=True, slots=True)
class PipParams:
    """Pip finder settings; sizes are relative to the die edge estimate."""

    min_contrast: float = 45.0        # black-hat / top-hat response in L units (0..255)
    white_lum: float = 190.0          # an under-exposed die is brightened to this L
    rel_contrast: float = 0.45        # ... and >= this x the strongest response on the die
    min_area_rel: float = 0.004       # pip area / edge^2
    max_area_rel: float = 0.16
    pad_rel: float = 0.35             # crop margin around the blob, to see side faces
    min_roundness: float = 0.45       # a top-face pip is at most ~2.2x squashed
    rank_floor: float = 0.5           # a pip ranked below this x the best is never top
    light_power: float = 1.0          # weight of "the face around the pip is bright"
    edge_per_pip: float = 7.0         # face edge <= this x sqrt(pip area) (pip ~0.2 edge)
    one_edge_rel: float = 1.3         # a one's face edge <= this x the image's other faces'
    big_one_rel: float = 0.3          # ... or 1 x theirs when its pip is this x theirs across
    big_one_round: float = 0.75       # ... and this round (no pip joined to a glare spot)
    face_radius_rel: float = 0.62     # top pips lie within this x edge of the face centre
    uphill_gain: float = 32.0         # push against pips on the nadir side (see _uphill)
    nadir_xy: tuple[float, float] = (0.0, 1.0)   # unit image direction to the nadir: down
                                      # (a photo's own: photo.nadir_direction)
    dead_pips: float = 2.4            # ... beyond this x pip size below the highest pip
    dead_edge: float = 0.4            # ... and this x the die edge
    squash_noise: float = 0.12        # mean pip squash that pixel noise alone gives
    two_spacing_rel: float = 0.61     # a two's pips, a three's end pips, are >= this x edge
                                      # apart (see two_is_diagonal, three_is_diagonal)
    squash_off_deg: float = 30.0      # ... along the face's edge as the pips show it where
    max_squash: float = 0.3           # they are squashed along the nadir line (span_edge_px)
    diagonal_rel: float = 0.78        # a two's span, a three's, >= this x the diagonal the
                                      # image's other faces show at its row (short_diagonals)
    min_inside: float = 0.8           # a pip less inside the blob must look like the others
    junk_roundness: float = 0.6       # a best-ranked blob this elongated and 1.5x large: no pip
    blot_area: float = 3.0            # ... any blob this elongated and this x large (_blots)
    blot_ring_rel: float = 0.5        # ... or this large with its surround's median under
                                      # this x the surround's light (half of it no face)
    gap_area: float = 1.5             # ... a blob this x the largest other's area ...
    gap_mid: float = 0.6              # ... its surround's median under this x the others'
                                      # best lit: a gap at the die's outline (_blots)
    group_area: float = 3.0           # a top face's pips within this factor of area (_one_size)
    fill_fit: float = 0.25            # a top face fitting no layout this well ...
    faint_floor: float = 0.3          # ... takes the next pips ranked down to this x the best
    faint_fit: float = 0.8            # ... when they complete a layout this clean (_filled)
    one_ring_rel: float = 0.6         # a lone pip's surround this x darker than the other
                                      # faces' top pips' surrounds: no top face (shaded_one)
    stray_rel: float = 0.45           # a pip left off the top face this near its centre (x edge)
    stray_area: float = 0.4           # ... and this x its pips' median area: a doubtful count
    twin_rel: float = 0.85            # a lone pip's look-alike this near (x edge): no one
                                      # (fuse.twin_pips)
    twin_area: float = 1.6            # ... its area within this factor of the lone pip's
    twin_lum: float = 0.9             # ... its surround at least this x as bright
    twin_mid: float = 0.8             # ... and its surround's median this x: die all round

    def __post_init__(self) -> None:
        if not 0 < self.min_area_rel < self.max_area_rel:
            raise ValueError(f"need 0 < min_area_rel < max_area_rel, got "
                             f"{self.min_area_rel}, {self.max_area_rel}")


@dataclass(frozen=True, slots=True)
class TopFace:
    """The pips judged to lie on the top face, and the face's centre and size."""

    pips: tuple[Pip, ...]
    center_xy: tuple[float, float]
    edge_px: float
    side_pips: tuple[Pip, ...]

    @property
    def count(self) -> int:
        return len(self.pips)


def find_pips(image_bgr: np.ndarray, blob: Blob, params: PipParams = PipParams()) -> list[Pip]:
    """All pip-like blobs on and around one die (top and side faces alike)."""
    return find_pips_twice(image_bgr, blob, params)[0]


def find_pips_twice(image_bgr: np.ndarray, blob: Blob, params: PipParams = PipParams()
                    ) -> tuple[list[Pip], Callable[[], list[Pip]] | None]:
    """``find_pips``, and a look that finds the pips again with the threshold taken from
    the die's own blob (None where that threshold is not lower): the black-hat answers dark floor
    in a narrow gap between two light dice (inside the region, past the outline) far
    more strongly than a pip, and that answer lifts the threshold over every pip on the
    die (seed 13604 clip 027 r1: a red four's pips ~100 against 0.45 x 234). One
    response map for both looks."""
    cx0, cy0, cx1, cy1 = crop_box(blob, image_bgr.shape, params.pad_rel)
    lab = cv2.cvtColor(image_bgr[cy0:cy1, cx0:cx1], cv2.COLOR_BGR2LAB)
    core = np.zeros(lab.shape[:2], bool)
    bx0, by0, bx1, by1 = blob.box_xyxy
    core[by0 - cy0:by1 - cy0, bx0 - cx0:bx1 - cx0] = blob.mask
    size = max(bx1 - bx0, by1 - by0)
    region = cv2.dilate(core.astype(np.uint8), np.ones((3, 3), np.uint8),
                        iterations=max(1, int(0.18 * size)))
    resp = pip_contrast(expose_lum(lab[..., 0], region, params.white_lum), core,
                        odd_kernel(0.6 * size))

    def thresh_of(inside: np.ndarray) -> float:
        peak = float(np.percentile(inside, 99.5)) if inside.size else 0.0
        return max(params.min_contrast, params.rel_contrast * peak)

    def above(thresh: float) -> list[Pip]:
        pipmask = ((resp > thresh) & (region > 0)).astype(np.uint8)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(pipmask)
        edge2 = blob.area_px
        pips = []
        for k in range(1, n):
            area = float(stats[k, cv2.CC_STAT_AREA])
            if not params.min_area_rel * edge2 <= area <= params.max_area_rel * edge2 \
                    or area < 5:
                continue
            m = labels == k
            pip = measure_pip(m, lab, core, (cx0, cy0))
            if pip is not None and pip.roundness < params.min_roundness:
                parts = [measure_pip(q, lab, core, (cx0, cy0))
                         for q in split_merged(m, resp, thresh)
                         if q.sum() >= max(5.0, params.min_area_rel * edge2)]
                pips.extend(q for q in parts if q is not None)
            elif pip is not None:
                pips.append(pip)
        return pips

    thresh = thresh_of(resp[region > 0])
    on_die = thresh_of(resp[core]) if core.any() else thresh
    return above(thresh), (functools.partial(above, on_die) if on_die < thresh else None)


def _rank(p: Pip, brightest: float, light_power: float, uphill: float = 0.0) -> float:
    """Top-likeness: round (not foreshortened), large (nearest the camera), on a
    bright face (light comes from above, so the top face is the brightest), and
    not on the nadir side of the die (``uphill``: a log-rank push <= 0)."""
    lit = (max(p.ring_lum, 1.0) / max(brightest, 1.0)) ** light_power
    return p.roundness * float(np.sqrt(p.area_px)) * lit * float(np.exp(uphill))


def _uphill(pips: list[Pip], edge_px: float, params: PipParams) -> list[float]:
    """Log-rank push (<= 0) against pips that lie clearly on the nadir side of the die.

    Seen obliquely, every face of a die is squashed along the line towards the nadir
    (the image of the point below the camera), so the pips' minor axes give that line,
    and the side faces that show lie between the top face and the nadir. With the
    camera not rolled by more than ~45 degrees the nadir is below the dice (or at the
    image centre for a vertical camera; ``nadir_xy``, a photo's own from its dice:
    ``photo.nadir_direction``), so a pip farther down that line than the
    top face's own spread (``dead_pips`` x pip size, at least ``dead_edge`` x the die
    edge) below the highest pip is likely on a side face. The push grows with the
    line's share along ``nadir_xy`` and with how squashed the pips are: round pips (a vertical
    view) get none, a steep view, where a side face can look rounder than the top, a
    strong one.
    """
    if params.uphill_gain <= 0 or len(pips) < 2:
        return [0.0] * len(pips)
    squash, u = _squash_line(pips)                         # u: the nadir line
    strength = max(0.0, squash - params.squash_noise)
    along = _centres(pips) @ u * float(u @ np.asarray(params.nadir_xy))  # grows downhill
    pip_px = float(np.median([max(p.axes_px) for p in pips]))
    dead = max(params.dead_edge * edge_px, params.dead_pips * pip_px)
    below = np.maximum(along - along.min() - dead, 0.0) / max(edge_px, 1e-6)
    return list(-params.uphill_gain * strength * below)


def _squash_line(pips: list[Pip] | tuple[Pip, ...]) -> tuple[float, np.ndarray]:
    """How squashed the pips look together (0: round; 1 - roundness, their minor-axis
    directions averaged as doubled angles, weighted by pip size) and the unit image
    direction they are squashed along (their mean minor axis)."""
    ang = np.radians([p.angle_deg + (0.0 if p.axes_px[0] <= p.axes_px[1] else 90.0)
                      for p in pips])                      # minor-axis directions
    squash = np.array([1.0 - p.roundness for p in pips])
    w = np.array([np.sqrt(p.area_px) for p in pips])
    v = np.sum(w * squash * np.stack([np.cos(2 * ang), np.sin(2 * ang)]), axis=1) / w.sum()
    theta = 0.5 * np.arctan2(v[1], v[0])
    return float(np.hypot(*v)), np.array([np.cos(theta), np.sin(theta)])


def select_top_face(pips: list[Pip], blob: Blob,
                    params: PipParams = PipParams()) -> TopFace | None:
    """Group the pips of the top face; None when no pip can be on a top face.

    Candidates sorted by rank; the top face is the k best (k <= 6, compact) that
    maximise (log rank gap to the next candidate) x (0.25 + layout fit), i.e. a clear
    break in roundness/size between the top face and the rest, forming a real layout.
    The best-ranked blob may be skipped when it is 1.5x larger than the group's pips
    (two pips merged at a face edge); when it is elongated too (``_junk``: two pips
    merged, or a dark gap between the die and the dome rim) it is no pip at all (seed-9904
    clip 016: such a gap outranked a four's red pips 1.8x and was read as a one). A blob
    partly outside the die's blob that is elongated or large (``_edge_junk``) is no top
    pip either (seed-9904 clips 003, 006: a rim piece and a side-face pip ranked among a
    five's pips and broke it to a three and a six). Nor is an elongated blob far larger
    than the others, whatever its rank (``_blots``); and a face's pips are alike in size
    (``_one_size``): a shadow's patch in the blob makes no face with a pip.
    """
    cands = _blots(_edge_junk([p for p in pips if p.inside >= 0.5
                               and p.roundness >= params.min_roundness], params), params)
    if not cands:
        return None
    brightest = max(p.ring_lum for p in cands)
    up = _uphill(cands, blob.edge_px, params)
    order = sorted(range(len(cands)), key=lambda i: -_rank(cands[i], brightest,
                                                            params.light_power, up[i]))
    ranks = [_rank(cands[i], brightest, params.light_power, up[i]) for i in order]
    cands = [cands[i] for i in order]
    if _junk(cands, params):
        cands, ranks = cands[1:], ranks[1:]
    floor = params.rank_floor * ranks[0]
    radius = params.face_radius_rel * blob.edge_px
    best, top = -1.0, cands[:1]
    for start in (0, 1):       # 1: skip a best-ranked blob that is two pips merged
        for k in range(1, min(6, len(cands) - start) + 1):
            group = cands[start:start + k]
            if ranks[start + k - 1] < floor or not _one_face(group, radius, params):
                break
            if start and cands[0].area_px < 1.5 * np.median([p.area_px for p in group]):
                break
            i = start + k
            nxt = max(ranks[i], floor) if i < len(cands) else floor
            score = np.log(ranks[i - 1] / nxt) * (0.25 + layout_fit(_centres(group)))
            if score > best:
                best, top = score, group
    if top == cands[:len(top)]:
        top = _filled(top, cands, ranks, radius, params)
    cx, cy = _centres(top).mean(axis=0)
    side = tuple(p for p in pips if p not in top)
    return TopFace(pips=tuple(top), center_xy=(float(cx), float(cy)),
                   edge_px=_face_edge(top, blob, params), side_pips=side)


def _filled(top: list[Pip], cands: list[Pip], ranks: list[float], radius: float,
            params: PipParams) -> list[Pip]:
    """A top face whose pips fit no standard layout (``fill_fit``) with the next-ranked
    pips added, down to ``faint_floor`` x the best rank, when they then form a clean
    layout (``faint_fit``) within the face: a pip the glare washed out is small and grey,
    so it ranks under ``rank_floor`` and the face was read with a pip short, in no layout
    (seed 10204 clip 006 r3, at e490821: a five's glared pip 0.7 round and half the
    others' area, ranked 0.50 x the best; four pips in no layout, the CNN sure of a five:
    the round abstained). Only a clean layout counts, and the CNN must still agree."""
    if len(top) >= 6 or layout_fit(_centres(top)) >= params.fill_fit:
        return top
    faint = params.faint_floor * ranks[0]
    for k in range(len(top) + 1, min(6, len(cands)) + 1):
        group = cands[:k]
        if ranks[k - 1] < faint or not _compact(group, radius):
            break
        if layout_fit(_centres(group)) >= params.faint_fit:
            return group
    return top


def grown_to(top: TopFace, blob: Blob, face: int,
             params: PipParams = PipParams()) -> TopFace | None:
    """The top face grown to ``face`` pips (the CNN's read, more than were counted) by
    pips found on the die and ranked under the top face's, down to ``faint_floor`` x the
    best rank, that form with its pips a clean layout (``faint_fit``) within the face;
    None when none do. A two or three is a four or five with one diagonal lost: on a
    steep view the pips nearest the camera get the nadir push (``_uphill``) meant for
    side faces, and the face keeps a clean two (seed 10304 clip 025 r3, at f9fa98b: a
    four's four pips found, fit 0.99 together, the lowest pushed to 0.42 x the best;
    read as a two, the CNN 0.98 sure of a four: the round abstained). The pips found
    where the CNN's face has them are a second, independent signal for it. The grown face's
    pips are alike in size (``_one_size``), as a selected top face's: fresh seed 14404
    clip 001 r3 frame 1481 (1280x960, a pale floor): a two's blob joined to its shadow, a
    dark blot 5.4 x a pip's area (0.78 round) ranked first, a lone "pip"; grown to a two with
    the nearer real pip, sized by the blob (80 px against 61), the CNN 0.49 "not a die",
    capped at 0.5 on every read: abstained. Refused, ``regrouped`` makes the two of its
    own pips. With no such face among the ranked pips, the die's pips ranked lower too,
    in a layout as clean as a shrunk face's (``SHRINK_FIT``): a face tipped against
    another die shows its pips squashed, and the nadir push ranks the lowest under the
    floor. Fresh seed 15004 clip 012 r1 frame 557 (1280x720, camera 26 degrees): a five
    tipped 23 degrees against a five, its pips 0.56-0.75 round; the centre pip alone
    selected, the lowest pip ranked off, the CNN 0.97 sure of a five: capped at 0.48,
    abstained (truth dice_leaning). Grown, fit 0.99, the tipped five leans."""
    if not top.count < face <= 6:
        return None
    for floor, need in ((params.faint_floor, params.faint_fit), (0.0, SHRINK_FIT)):
        got = _grown_group(top, blob, face, dataclasses.replace(params, faint_floor=floor),
                           need)
        if got is not None:
            return got
    return None


def _grown_group(top: TopFace, blob: Blob, face: int, params: PipParams,
                 need: float) -> TopFace | None:
    """``grown_to``'s face of the pips ranked down to ``params.faint_floor``, in a
    layout of fit ``need`` or more; None when none is."""
    extra = [p for p in _ranked_pips(top, blob, params) if p not in top.pips]
    radius = params.face_radius_rel * blob.edge_px
    groups = [[*top.pips, *more] for more in itertools.combinations(extra, face - top.count)]
    fits = [(layout_fit(_centres(g)), -_unlike(g), i) for i, g in enumerate(groups)
            if _one_face(g, radius, params)]
    fit, _, i = max(fits, default=(0.0, 0.0, -1))
    if fit < need:
        return None
    return _face_of(groups[i], top, blob, params)


def _unlike(group: list[Pip]) -> float:
    """How unlike a face's pips look: the log of their largest area over their smallest,
    plus their roundness's range. ``_grown_group`` breaks ties of fit by it: a face's pips
    are printed alike and seen alike, and any two points fit a two's layout perfectly.
    Spent seed 16404 clip 001 r4 frames 1513-1518 (1024x576): a two's blob read a one (the
    right pip, 20 px, 0.99 round), the CNN's two grown by the next pip listed, the dark
    corner where its side faces meet (31 px, 0.64 round), not its left pip (17 px, 0.78
    round), left off as a stray: capped at ``fuse.DOUBTFUL`` on every read, abstained."""
    areas = [p.area_px for p in group]
    rounds = [p.roundness for p in group]
    return float(np.log(max(areas) / max(min(areas), 1e-6))) + max(rounds) - min(rounds)


def _ranked_pips(top: TopFace, blob: Blob, params: PipParams) -> list[Pip]:
    """The die's pips (top and side, inside the face, round enough, no edge junk) ranked
    (``_rank`` with the nadir push, ``_uphill``) down to ``faint_floor`` x the best rank:
    those ``grown_to`` and ``regrouped`` may build a face of."""
    cands = _edge_junk([p for p in (*top.pips, *top.side_pips) if p.inside >= 0.5
                        and p.roundness >= params.min_roundness], params)
    if not cands:
        return []
    brightest = max(p.ring_lum for p in cands)
    ranks = [_rank(p, brightest, params.light_power, u)
             for p, u in zip(cands, _uphill(cands, blob.edge_px, params), strict=True)]
    faint = params.faint_floor * max(ranks)
    return [p for p, r in zip(cands, ranks, strict=True) if r >= faint]


def _face_of(group: list[Pip], top: TopFace, blob: Blob, params: PipParams) -> TopFace:
    """``top`` rebuilt on the pips ``group``: centred on them, sized by them
    (``_face_edge``), every other pip of the die a side pip."""
    cx, cy = _centres(group).mean(axis=0)
    return TopFace(pips=tuple(group), center_xy=(float(cx), float(cy)),
                   edge_px=_face_edge(group, blob, params),
                   side_pips=tuple(p for p in (*top.pips, *top.side_pips) if p not in group))


def regrouped(top: TopFace, blob: Blob, face: int,
              params: PipParams = PipParams()) -> TopFace | None:
    """A lone top "pip" at least 1.5 x the area of the others (as ``select_top_face``
    lets its best-ranked blob be skipped: two pips merged, or no pip) replaced by ``face``
    (2-6: the CNN's read) of the die's other pips, ranked down to ``faint_floor`` x the
    best rank (as ``grown_to`` takes them), that form that face's layout cleanly
    (``faint_fit``) within the face; None when none do. ``select_top_face`` weighs a
    lone blob, whose single point fits a one's layout perfectly, by its rank's lead: a
    dark gap between two dice (or a shadow, a floor mark) joined to the die's blob can
    outrank a whole face's pips, and ``grown_to`` keeps it. The caller has the CNN read
    the regrouped face again (``face.look_again``). Seed 13004 (spent) clip 014 r1 frame
    664 (1920x1080, camera 24 degrees off vertical): a six's blob joined to the gap
    between it and the next die, a 837 px "pip" (0.64 round, rank 12.1) over the six's
    round 78-84 px pips (7.4-8.3, fit clean): read a one, the CNN's six at 0.74, capped
    at 0.37 on every read: abstained low_confidence."""
    if top.count != 1 or not 2 <= face <= 6:
        return None
    lone = top.pips[0]
    others = [p for p in _ranked_pips(top, blob, params) if p is not lone]
    radius = params.face_radius_rel * blob.edge_px
    best, group = params.faint_fit, None
    for g in itertools.combinations(others, face):
        if lone.area_px < 1.5 * float(np.median([p.area_px for p in g])) \
                or not _compact(list(g), radius):
            continue
        fit = layout_fit(_centres(list(g)))
        if fit >= best:
            best, group = fit, list(g)
    return None if group is None else _face_of(group, top, blob, params)


ONE_SHORT_MAX = 8   # one_short: at most this many ranked pips (C(8, 5) = 56 groups)


def one_short(top: TopFace, blob: Blob, face: int,
              params: PipParams = PipParams()) -> list[TopFace]:
    """Faces of ``face`` - 1 (3-5) of the die's pips, ranked as ``grown_to`` takes them,
    alike in size and within the face: ``face`` (4-6: the CNN's read) with one pip lost,
    for the caller to look for it washed out (``faintpip.faint_completed``). None (an
    empty list) when the die holds more than ``ONE_SHORT_MAX`` such pips (a cluttered
    blob: too many groups to look at on every read)."""
    if not 4 <= face <= 6:
        return []
    ranked = _ranked_pips(top, blob, params)
    if len(ranked) > ONE_SHORT_MAX:
        return []
    radius = params.face_radius_rel * blob.edge_px
    groups = (list(g) for g in itertools.combinations(ranked, face - 1))
    return [_face_of(g, top, blob, params) for g in groups if _one_face(g, radius, params)]


OFF_FACE = 1.3   # a pip this x farther from a face's centre than its farthest pip: off it
SHRINK_FIT = 0.9  # ... the face left without such pips: a layout this clean (shrunk_to)
SIDE_ROUND = 0.75      # a two or three shrunk so: each pip left out this round at most ...
SIDE_ROUND_REL = 0.85  # ... and this x the face's least round pip (a side face's, squashed)
TWO_SPAN = 0.45        # ... a two's pips this x the die's blob edge apart (a diagonal, not a
# three's corner and centre)


def _side_pips_out(kept: tuple[Pip, ...], pips: tuple[Pip, ...]) -> bool:
    """Every pip of ``pips`` not ``kept`` is squashed as a side face's: under
    ``SIDE_ROUND`` round and ``SIDE_ROUND_REL`` x the least round kept pip."""
    least = min(p.roundness for p in kept)
    return all(p.roundness < min(SIDE_ROUND, SIDE_ROUND_REL * least)
               for p in pips if p not in kept)


def shrunk_to(top: TopFace, blob: Blob, face: int,
              params: PipParams = PipParams()) -> TopFace | None:
    """The top face shrunk to ``face`` (1-6: the CNN's read, fewer than were counted) of
    its own pips, when they form that face's layout cleanly (``SHRINK_FIT``) and every
    pip left out lies off that face: farther from its centre than ``OFF_FACE`` x its
    farthest pip. On a face every pip lies within its corner pips' radius, so a pip
    beyond them is a side face's or the floor's that ``select_top_face`` let in
    (``face_radius_rel`` bounds the group by the blob, which holds the side faces too);
    a pip inside (a five's centre, a six's middles) is never left out, so a five is not
    made a four. Any two points fit a two's layout and three in a row a three's, whatever
    lies beside them: a two or a three only where each pip left out is also squashed as a
    side face's pips are (``SIDE_ROUND``, ``SIDE_ROUND_REL``), a two's across the face
    (``TWO_SPAN``: a three's corner and centre make no two; fresh seed 15004 clip 001 r2
    frame 868, 1920x1080: a two with its side face's lowest pip, 13 x 20 px and 0.65
    round, at its edge, counted a three in no layout against the CNN's two 0.81; capped at
    0.41, abstained). None when no such face is found; the caller
    has the CNN read the shrunk face again (``face.look_again``). Seed 13104 (spent)
    clip 013 r3 frames 718-724 (1280x960): a five whose front face's pips, squashed into
    one 74 px blob 0.9 round, lay 0.68 edge from the five's centre (its corners 0.38):
    six pips counted in no layout, the CNN's five 0.91, capped at 0.46 on every read:
    abstained low_confidence. A one as a two or three is, where each pip left out is
    squashed as a side face's: fresh seed 16404 (spent) clip 023 r4 frame 759 (1920x1080,
    camera 8 degrees): a one's pip (244 px, 0.97 round) and its side face's three pips
    blurred into one blob below it (593 px, 0.57 round), counted a two against the CNN's
    one, capped at 0.22 on every read: abstained."""
    if not 1 <= face < top.count:
        return None
    best, group = SHRINK_FIT, None
    for g in itertools.combinations(top.pips, face):
        pts = _centres(list(g))
        fit = layout_fit(pts)
        if fit < best or (face < 4 and not _side_pips_out(g, top.pips)) or (
                face == 2 and float(np.hypot(*(pts[0] - pts[1]))) < TWO_SPAN * blob.edge_px):
            continue
        centre = pts.mean(axis=0)
        reach = OFF_FACE * float(np.hypot(*(pts - centre).T).max())
        if all(float(np.hypot(*(np.asarray(p.center_xy, float) - centre))) > reach
               for p in top.pips if p not in g):
            best, group = fit, list(g)
    return None if group is None else _face_of(group, top, blob, params)


def _face_edge(top: list[Pip], blob: Blob, params: PipParams) -> float:
    """A blob still joined to other bright things is too big: a pip's size bounds the face."""
    return min(blob.edge_px, pips_edge_px(top, params))


def pips_edge_px(pips: list[Pip] | tuple[Pip, ...], params: PipParams = PipParams()) -> float:
    """The largest face edge its pips allow: ``edge_per_pip`` x their median size."""
    return params.edge_per_pip * float(np.sqrt(np.median([p.area_px for p in pips])))


def edge_at(tops: list[TopFace]) -> Callable[[float], float] | None:
    """The edge of the image's faces of 2+ pips at an image row (dice in one picture are
    about the same size, those nearer a tilted camera, lower in the picture, larger):
    interpolated between their rows (faces on one row: their mean), the nearest one's
    beyond them; None with no such face."""
    ref = sorted((t.center_xy[1], t.edge_px) for t in tops if t.count >= 2)
    if not ref:
        return None
    rows, edges = np.array(ref, float).T
    rows, at = np.unique(rows, return_inverse=True)
    edges = np.bincount(at, edges) / np.bincount(at)
    return lambda row: float(np.interp(row, rows, edges))


def consistent_edges(tops: list[TopFace], params: PipParams = PipParams()) -> list[TopFace]:
    """The same top faces with a one's edge capped at ``one_edge_rel`` x the edge of the
    image's faces of 2+ pips at the one's image row (dice in one picture are about the
    same size, those nearer a tilted camera, lower in the picture, larger): interpolated
    between their rows, the nearest one's beyond them.

    A one's pip is no guide to its face's size (a Chinese one is ~0.45 edge across, a
    Western one ~0.2) and its blob is often joined to a shadow or the dome rim, so its
    edge estimate can be twice the real one; the face CNN then reads a crop showing the
    die small among its surroundings and is unsure (the main cause of unsure ones on
    synthetic footage). The row matters on a steep view: seed 10304 clip 009 r1 (at
    f9fa98b), a one beside a five of edge 45 (9 px higher) and a four of 58 (258 px
    lower), was capped at 1.3 x their median, 67 px, and the CNN was 0.60 sure (0.81 at
    58, 0.93 at 45): every read 0.96, under the one's outcome floor, abstained. With no
    face of 2+ pips to compare with, nothing changes.

    A one whose pip is large (``big_one_rel`` x the faces' edge across, or more: a Chinese
    one, ~0.4 edge) is capped at 1 x their edge: no face's corner pip is that large (they are
    ~0.2 edge), so a tight crop cuts off no pip of the face it is; a round one (``big_one_round``:
    a pip joined to a glare spot is large too, and elongated). Seed 10704 clip 023 r3 (at
    4496d98): a Chinese one at the dome's top, above the other faces (45 and 48 px), its blob
    joined to its side faces (80 px), capped at 59 px: the CNN 0.67 sure (0.94 at 45), every
    read 0.967-0.970, under the one's 0.97 floor: abstained."""
    return ones_capped(tops, lambda t, near: near if big_one(t, near, params)
                       else params.one_edge_rel * near)


def ones_capped(tops: list[TopFace],
                cap: Callable[[TopFace, float], float]) -> list[TopFace]:
    """The same top faces with each one's edge capped at ``cap(one, near)``, ``near`` the
    edge of the image's faces of 2+ pips at the one's row (``edge_at``); all as they were
    with no such face."""
    at = edge_at(tops)
    if at is None:
        return list(tops)
    out = []
    for t in tops:
        most = cap(t, at(t.center_xy[1])) if t.count == 1 else t.edge_px
        out.append(dataclasses.replace(t, edge_px=most) if t.edge_px > most else t)
    return out


def big_one(top: TopFace, edge_px: float, params: PipParams = PipParams()) -> bool:
    """One top pip, round (``big_one_round``) and at least ``big_one_rel`` x ``edge_px``
    across: a one's pip (a Chinese one's, ~0.4 edge), larger than any other face's (~0.2)."""
    return top.count == 1 and pip_across_px(top.pips[0]) >= params.big_one_rel * edge_px \
        and top.pips[0].roundness >= params.big_one_round


def shaded_one(top: TopFace, tops: list[TopFace], params: PipParams = PipParams()) -> bool:
    """A lone top pip whose surround (``ring_lum``) is under ``one_ring_rel`` x the median
    surround of the top pips of the image's faces of 2+ pips: not on a top face. The dice
    of one set lie under one light and the top face is each die's brightest, so a "one"
    ringed by shade lies on a side face, in a shadow or on the floor. Seed 10504 clip 000
    r0 (1024x576): a red one on a red floor, its blob joined to the floor by the rim; the
    side face's three pips, merged, taken as a one (surround 0.52 x the other dice'),
    the CNN "not a die" 0.62, the real top face never read: abstained. On the tuning
    set's settled frames (seed 10504, 30 clips, first look) real ones read 0.72-1.32,
    the lone pips of faces with no one 0.06-0.64."""
    ref = [p.ring_lum for t in tops if t.count >= 2 for p in t.pips]
    return top.count == 1 and bool(ref) and \
        top.pips[0].ring_lum < params.one_ring_rel * float(np.median(ref))


def stray_pips(top: TopFace, params: PipParams = PipParams()) -> tuple[Pip, ...]:
    """Pips found on the die but left off its top face that lie within the face
    (``stray_rel`` x edge of its centre: a side face's pips lie beyond its edge, >= 0.5)
    and look like its pips: round, inside the die, at least ``stray_area`` x their median
    area. A face read without them is doubtful: its pips were chosen by rank, and a blurred
    pip ranks low (seed 10604 clip 021 r0, at 4496d98: a six of 41 px whose two middle pips,
    found at 17 and 32 px against 20-42, ranked under the rest; its four corners were read as
    a four at 0.95)."""
    if not top.pips:
        return ()
    cx, cy = top.center_xy
    area = float(np.median([p.area_px for p in top.pips]))
    return tuple(p for p in top.side_pips
                 if gap_px(p.center_xy, (cx, cy))
                 <= params.stray_rel * top.edge_px
                 and p.roundness >= params.min_roundness and p.inside >= params.min_inside
                 and p.area_px >= params.stray_area * area)


def _edge_junk(cands: list[Pip], params: PipParams) -> list[Pip]:
    """Drop candidates partly outside the blob (``min_inside``) that do not look like the
    others: elongated (``junk_roundness``) or 1.5x their median area (a side-face pip,
    the neighbour's, a piece of the dome rim). A top pip the blob's outline clips (a
    blob cut short) stays: it is round and pip-sized."""
    if not cands:
        return cands
    median = float(np.median([p.area_px for p in cands]))
    return [p for p in cands if p.inside >= params.min_inside
            or (p.roundness >= params.junk_roundness and p.area_px < 1.5 * median)]


def _one_size(group: list[Pip], params: PipParams) -> bool:
    """The pips of one face are alike in size: the largest at most ``group_area`` x the
    smallest's area (foreshortening, blur and glare change it by 2 x at most). Fresh seed
    14404 clip 013 r0 frame 188 (1920x1080, a pale floor): a one's blob held its shadow,
    a dark patch 4.8 x the pip's area and 0.68 round; the two made a "two", no two's
    diagonal, capped at 0.5 on every read of the round, which abstained."""
    areas = [p.area_px for p in group]
    return max(areas) <= params.group_area * min(areas)


def _blots(cands: list[Pip], params: PipParams) -> list[Pip]:
    """Drop candidates elongated (``junk_roundness``) and ``blot_area`` x the median area
    of the others or more, whatever their rank: no pip, nor two pips run together (2 x),
    but a dark patch (a shadow's edge, a gap) that the dot filter let through. Ranked
    second it paired with the top pip as a two: fresh seed 14404 clip 001 r2 frame 1054
    (1280x960, a pale floor): a two's pip and a blob of the die's shadow (18 x 41 px, 9 x
    a pip's area) beside it, the real second pip left off; the face, no two's diagonal,
    capped at 0.5 on every read of the round, which abstained.

    Nor is a blob that large, round or not, whose surround is half dark (its median
    luminance under ``blot_ring_rel`` x its 80th percentile): a pip lies in its face, a
    gap does not. Fresh seed 16604 clip 023 r3 frame 560 (800x600): a three by the dome's
    rim, the blob joined to the rim's line, the floor enclosed between them a 324 px "pip"
    0.66 round (11 x the three's pips, its surround's median 74 against 190) taken as the
    top face, the three's pips left as side pips; the die read a one, dropped, a glare
    spot kept as the third die: a false void. A gap at the die's outline goes first, with
    any number of candidates (``_outline_gap``)."""
    cands = [p for k, p in enumerate(cands)
             if not _outline_gap(p, [q for m, q in enumerate(cands) if m != k], params)]
    if len(cands) < 3:
        return cands
    out = []
    for k, p in enumerate(cands):
        others = [q.area_px for m, q in enumerate(cands) if m != k]
        if p.area_px >= params.blot_area * float(np.median(others)) and (
                p.roundness < params.junk_roundness or _half_dark(p, params)):
            continue
        out.append(p)
    return out


def _outline_gap(p: Pip, others: list[Pip], params: PipParams) -> bool:
    """Is ``p`` a gap at the die's outline (the floor between the die and the dome's rim,
    a shadowed corner), not a pip: larger than every other candidate (``gap_area`` x the
    largest) with its surround's median under ``gap_mid`` x the best lit other's, where a
    top pip's surround is its face, as lit as its fellows'. Fresh seed 17404 clip 000 r4
    frame 1802: a two by the rim, the floor's corner between its face and its side face a
    379 px blob (2.7 x its pips), surround median 81 against 239: a third pip, the face
    read three against the CNN's two, 0.40, abstained; clip 008 r2 frame 1078: a red one
    against the rim, the gap 623 px (1.8 x the pip, half outside the blob), 131 against
    252: read two against the CNN's one, 0.14, abstained."""
    lit = [q.ring_mid for q in others if q.ring_mid is not None]
    return p.ring_mid is not None and bool(lit) \
        and p.area_px >= params.gap_area * max(q.area_px for q in others) \
        and p.ring_mid < params.gap_mid * max(lit)


def _half_dark(p: Pip, params: PipParams) -> bool:
    """Is ``p``'s surround half dark: its median under ``blot_ring_rel`` x its light?"""
    return p.ring_mid is not None and p.ring_mid < params.blot_ring_rel * p.ring_lum


def _junk(ranked: list[Pip], params: PipParams) -> bool:
    """The best-ranked blob is elongated (``junk_roundness``) and 1.5x the area of the
    next ones (median of up to five): no top-face pip (a flat die's pips are round)."""
    if len(ranked) < 2 or ranked[0].roundness >= params.junk_roundness:
        return False
    return ranked[0].area_px >= 1.5 * float(np.median([p.area_px for p in ranked[1:6]]))


def pip_across_px(p: Pip) -> float:
    """A pip's diameter (of the disc of its area)."""
    return 2.0 * float(np.sqrt(p.area_px / np.pi))


def _centres(pips: list[Pip]) -> np.ndarray:
    return np.array([p.center_xy for p in pips], float)


def longest_pair(pts: np.ndarray) -> tuple[int, int]:
    """Indices ``(i, j)`` of the two points (N x 2, N >= 2) farthest apart, the first such
    pair in row order."""
    d = pts[:, None, :] - pts[None, :, :]
    i, j = np.unravel_index(int(np.argmax(np.hypot(d[..., 0], d[..., 1]))), d.shape[:2])
    return int(i), int(j)


def _compact(group: list[Pip], radius: float) -> bool:
    pts = _centres(group)
    return bool(np.all(np.hypot(*(pts - pts.mean(axis=0)).T) <= radius))


def _one_face(group: list[Pip], radius: float, params: PipParams) -> bool:
    """Pips that may be one face's: within ``radius`` of their centre (``_compact``) and
    alike in size (``_one_size``)."""
    return _compact(group, radius) and _one_size(group, params)


def two_is_diagonal(top: TopFace, params: PipParams = PipParams()) -> bool:
    """Do two top pips lie at opposite corners, as a two's do (~0.71 edge apart)?

    Two pips at ADJACENT corners (~0.5 edge apart) are what is left of a 4, 5 or 6 whose
    other pips were missed (washed out by glare, say): both the pip count and the CNN then
    say "two" with every signal sure. On fresh seed-9804 clips twos read 0.70-0.71, the
    adjacent corners of fours 0.51-0.52, and a four under glare read as a two 0.58. The
    edge is taken along the span as the squashed pips show it (``span_edge_px``): seen
    obliquely, a span along the nadir line shrinks more than the face's edge."""
    return top.count != 2 or pip_span_px(top) >= params.two_spacing_rel * span_edge_px(top, params)


def three_is_diagonal(top: TopFace, params: PipParams = PipParams()) -> bool:
    """Do a three's end pips lie at opposite corners, as a two's do (``two_is_diagonal``)?

    Three pips in a row along one side (ends ~0.5 edge apart) are a six's row whose other
    row was washed out: the row fits a three's layout (in line, evenly spaced) and the CNN
    may agree. Seed 11704 (spent) clip 000 r1 frame 453 (1920x1080, camera 28 degrees): a
    six in the lamp's halo, its lower row pale grey, read as a three at 0.95 (ends 0.54
    edge apart), the round paid 1-3-6 (truth 1-6-6). On ~290 saved dome crops of spent
    sets the threes read 0.70-0.83 (one at 0.43, already doubted). In the dome only
    (``fuse.die_read``): a photo may look at a three steeply, its diagonal foreshortened
    (real-dice-dev train_three_3.jpg: 0.49)."""
    return top.count != 3 or pip_span_px(top) >= params.two_spacing_rel * span_edge_px(top, params)


def _longest_squashed(top: TopFace, params: PipParams
                      ) -> tuple[float, np.ndarray, np.ndarray, float | None]:
    """The face's (2+ pips) longest pip pair: its span, the vector across it, the line its
    pips show squashed along (``_squash_line``), and the squash's factor (1 - squash, at
    least 1 - ``max_squash``), or None where that line lies over ``squash_off_deg`` off the
    nadir line (or the span is 0): what ``span_edge_px`` and ``face_span_px`` undo."""
    pts = _centres(list(top.pips))
    i, j = longest_pair(pts)
    across = pts[i] - pts[j]
    span = float(np.hypot(*across))
    squash, u = _squash_line(top.pips)
    nadir = np.asarray(params.nadir_xy, float)
    if span <= 0 or abs(float(u @ nadir)) < np.cos(np.radians(params.squash_off_deg)) \
            * float(np.hypot(*nadir)):
        return span, across, u, None
    return span, across, u, max(1.0 - squash, 1.0 - params.max_squash)


def span_edge_px(top: TopFace, params: PipParams = PipParams()) -> float:
    """The face's edge (``TopFace.edge_px``) as it shows along its pip span's direction
    (``pip_span_px``), the ruler of ``two_is_diagonal`` and ``three_is_diagonal``.

    Seen obliquely a face is squashed along the nadir line: a span along it shrinks by
    the squash c, a span across it not at all, while the edge, from pip or blob areas,
    shrinks by sqrt(c) whatever the span's direction. Circular pips show the squash as
    ellipses (``_squash_line``), so the edge is taken along the span as the pips' own
    size is: x r / sqrt(c), r the radius along the span of an ellipse of minor axis c
    (major 1); the ratio span / edge is then the face's own, from any view. Only where
    the pips are squashed along the nadir line (``nadir_xy``, within ``squash_off_deg``),
    as a tilted camera squashes them; the squash at most ``max_squash`` (a flat face
    seen within ~45 degrees of its normal); elsewhere the edge as it is.

    Fresh seed 13004 (spent) clip 024 r2 (640x480, camera 28 degrees): a two at the
    dome's far side, its pips 0.77-0.82 round and their span along the nadir line,
    0.609 of the edge apart (the other two 0.76) and so capped as a washed face's
    adjacent corners: every read 0.5, abstained. Along its span the edge is 0.90 x as
    long and the span 0.68 of it. Pairs of corner pips of the faces read at rest in all
    30 clips of that set (368 dice, one frame a round): opposite corners 0.609-0.93 of
    the edge, 0.654-0.96 of the edge along them; adjacent corners 0.46-0.651 either way
    (3 of 712 over 0.61 either way, pips shrunk under the lamp: the pip-size edge's own
    weakness). Rendered (tests/sicbo/test_dice_two_squashed.py): a two at the far side
    of a dome seen 31 degrees off, 0.58 -> 0.67; a four's adjacent corners there
    0.43-0.58 -> 0.46-0.53, its diagonals 0.59-0.79 -> 0.66-0.72. Weak: pips 4-5 px
    across show their squash roughly (0.15-0.5 where the view gives 0.27)."""
    if top.count < 2:
        return top.edge_px
    span, v, u, c = _longest_squashed(top, params)
    if c is None:
        return top.edge_px
    cos_a = abs(float(u @ v)) / span                     # the span against the squash
    r = 1.0 / np.sqrt(cos_a ** 2 / c ** 2 + (1.0 - cos_a ** 2))
    return float(top.edge_px * r / np.sqrt(c))


def face_span_px(top: TopFace, params: PipParams = PipParams()) -> float:
    """The face's pip span (``pip_span_px``) stretched back across the squash its pips
    show along the nadir line (as ``span_edge_px`` takes it: within ``squash_off_deg`` of
    the nadir line, at most ``max_squash``): the span the face would show seen square on,
    at its distance."""
    if top.count < 2:
        return 0.0
    span, v, u, c = _longest_squashed(top, params)
    if c is None:
        return span
    along = float(u @ v)
    return float(np.hypot(along / c, np.sqrt(max(span ** 2 - along ** 2, 0.0))))


def short_diagonals(tops: list[TopFace], params: PipParams = PipParams(), *,
                    sure: list[bool] | None = None) -> set[int]:
    """Faces of two or three pips whose span is under ``diagonal_rel`` x the span of the
    image's other faces of 2+ pips at its image row (interpolated between their rows, the
    nearest one's beyond them; spans taken square on, ``face_span_px``): not a two's or
    three's opposite corners, which lie as far apart as any face's diagonal (1 x), but
    two corners of one side (1 / sqrt 2 = 0.71 x), what a washed four or six leaves.

    ``two_is_diagonal`` measures the span against the face's own edge, from its blob or
    its pips' size; where the die's body is as pale as the floor the blob holds only the
    face's lit part and the edge comes out short. Fresh seed 13104 clip 019 r3 frame 756
    (800x600, camera 8 degrees, ivory dice on a pale floor): a four whose right-hand pips
    the glare washed grey, its left pips 21.1 px apart, the blobs of all three dice 27-28
    px across (the dice ~39 px): 0.77 of the edge, taken for a two's diagonal; pips and
    CNN (0.92) agreed, 0.995 sure, outcome 1-2-3 at 0.999 (truth 1-3-4). The three beside
    it spans 30.1 px: the four's pair 0.70 of it. Only faces read sure (``sure``, all by
    default) are the ruler: a face with a stray pip spans too far."""
    spans = [face_span_px(t, params) if t.count >= 2 else 0.0 for t in tops]
    out = set()
    for k, t in enumerate(tops):
        if t.count not in (2, 3):
            continue
        ref = sorted((u.center_xy[1], spans[m]) for m, u in enumerate(tops)
                     if m != k and u.count >= 2 and (sure is None or sure[m]))
        if not ref:
            continue
        rows, sp = np.array(ref, float).T
        rows, at = np.unique(rows, return_inverse=True)
        sp = np.bincount(at, sp) / np.bincount(at)
        if spans[k] < params.diagonal_rel * float(np.interp(t.center_xy[1], rows, sp)):
            out.add(k)
    return out


def face_fit(top: TopFace) -> float:
    """How well the face's pips fit its count's layout (``layout.layout_fit``)."""
    return layout_fit(_centres(list(top.pips)))


def face_roundness(top: TopFace) -> float:
    """The median roundness of a face's pips: how squashed the face is seen (a tilted face
    squashes its pips)."""
    return float(np.median([p.roundness for p in top.pips]))


def pip_span_px(top: TopFace) -> float:
    """The longest distance between two of the face's pips (px): for faces 2-6 the
    diagonal between opposite corner pips, measured from sub-pixel pip centres (a size
    far steadier than one from pip areas, ``_face_edge``); 0 with fewer than 2."""
    if len(top.pips) < 2:
        return 0.0
    p = _centres(list(top.pips))
    return float(np.max(np.hypot(*(p[:, None, :] - p[None, :, :]).transpose(2, 0, 1))))
