"""Stage 5b: a die stacked on another, when only two dice show.

All three dice are in view and opaque, so when exactly two are seen the third is
hidden: under one of them (stacked), against one (leaning), or merely missed by the
blob finder. ``pose.pair_pose`` calls a stack from a blob holding more than one die;
the blob finder often leaves the lower die's shaded sides out, and then the stack's
blob looks one die's size. This stage looks at the light instead.

Under top lighting a die's top face is its brightest face, and a stacked pair shows two
lit top faces of nearly the same size, one above the other: the upper die's, and the
corners of the lower die's that stick out from under it (the upper die lies turned and
shifted on it). The lit region around a top face (pixels as bright and as coloured as
that face's body, pips closed, the component over the face's centre: ``lit_top``)
reaches about half a diagonal (0.71 edge) from a flat die's centre; with the lower
die's corners (shifted out) it reaches 0.74-1.0 edge. A die is called stacked
when its lit region reaches at least ``min_reach`` x edge, ``reach_margin`` further
than the other die's (the same camera, floor and light: the other die is the
reference), and neither lit region is cut by the search window (the floor or a glare
is as bright as a die: no reference). The lower die's corners often stick out at one
side only (a small turn), so the far pixels need not surround the face. Or when its lit
region is longer than a face (``min_span``) and ``span_ratio`` x the other die's: the
lower die's top showing along a side of the upper face, within its half diagonal.

The pair rule also calls a large or long blob with a clean top face "leaning" (two dice
side by side); a stack seen at a slant is as large, the lower die's sides running round
and under the upper one. A die leaning on another lies BESIDE its support, so such a
blob's centroid lies well off the support's top face; a stack's lies at the upper top
face's middle (``centred_top``, ``stacked_index``), and its blob is about as long as
wide (``compact_pair``), where two dice side by side run about two edges by one.

A tilted camera sees the upper die's side faces on the nadir side of its top face, and
past them, where the lower die sticks out, a strip of the lower die's top, lit but cut
off from the upper top face by those shaded sides (``lowered_top``): small lit pieces,
inside the die's blob, within a die's reach towards the nadir, where the other die shows
none.

Weak: a lower die lined up under the upper one (turned by a multiple of 90 degrees and
barely shifted) hides its top face; only its shaded sides show, and this stage does not
see it (the round then abstains ``dice_count``); a flat die whose side face is lit as
brightly as its top (light low on that side) can look like a stack, by its reach
(seed-9804 clip 016 round 2, the one such false void in 410 replayed rounds) or its span
(3 of 190 flat dice of clean rounds on seeds 10704-10904, a third die missed being
needed on top for a void); a pale floor cuts the lit region (no reference). Measured on the
seed-9704/9804/9904/9002 reads (see the commit messages).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.body import die_bodies
from vision.sicbo.deep_stack import DeepParams, deep_stack
from vision.sicbo.pips import PipParams, TopFace
from vision.sicbo.points import offset_px
from vision.sicbo.pose import (
    PoseParams,
    elongation,
    pair_pose,
    scene_edge_px,
    second_face,
    sized_face,
)

if TYPE_CHECKING:
    from vision.sicbo.reading import DieRead

__all__ = ["LitTop", "StackParams", "centred_top", "compact_pair", "joined_stack", "lit_beside",
           "lit_top", "lowered_top", "stacked_die", "stacked_index", "stacked_pose",
           "towards_nadir"]


@dataclass(frozen=True, slots=True)
class StackParams:
    lit_drop: float = 0.12        # lit: at least (1 - lit_drop) x the face body's L ...
    lit_chroma: float = 12.0      # ... and this close to its colour (Lab a, b units)
    window_rel: float = 1.4       # the lit region is looked for within this x edge
    min_reach: float = 0.74       # a stack's lit region reaches this x edge or more ...
    reach_margin: float = 0.1     # ... this much further than the other die's
    min_span: float = 1.08        # or its lit region's longer side spans this x edge ...
    span_ratio: float = 1.12      # ... and this x the other die's (``LitTop.span_rel``)
    beside_reach: float = 1.1     # a lit region reaching this x edge ...
    beside_span: float = 1.35     # ... and this long lies beside the die: a lean (lit_beside)
    lowered_max_rel: float = 0.35  # ... unless within beside_reach of the lower die's top,
                                   # the other blob at most this x edge off its face (tilt)
    lowered_area: float = 1.25    # ... and the lit region at most this x the other die's
    central_rel: float = 0.3      # pair rule's "leaning" blob centred on its top face: a stack
    nadir_min_rel: float = 0.1    # ... or off it towards the nadir (the other die's blob this
    nadir_cos: float = 0.9        # x edge off its face, the two offsets this aligned)
    beyond_rel: float = 0.15      # ... not centred, lying this x edge short of the other's
                                  # offset towards the nadir (``_off_beyond``)
    compact_long: float = 1.55    # ... or no longer than this x its width (unsure top face)
    compact_ratio: float = 1.5    # ... and below pair_area_max x edge^2 or this x the other blob
    posed_ratio: float = 1.15     # a die already leaning: its blob this x the other (_posed_pair)
    pressed_away: float = 0.9     # lit regions joined: each kept this x edge off the other face
    low_far: float = 1.15         # lowered_top: lit pieces apart from the top face, wholly
    low_down: float = 0.45        # ... within this x edge of its centre, this far towards
    low_blob: float = 0.8         # ... the nadir, this share of each inside the die's blob,
    low_min: float = 0.02         # ... together at least this x edge^2 ...
    low_max: float = 0.3          # ... and at most this (the lower die's top, seen past the
    low_none: float = 0.005       # upper one's side faces); the other die: under this
    deep: DeepParams = field(default_factory=DeepParams)   # no lower top seen: its depth

    def __post_init__(self) -> None:
        if not 0 < self.lit_drop < 1 or self.window_rel <= self.min_reach:
            raise ValueError(f"need 0 < lit_drop < 1 and window_rel > min_reach, got {self}")


# a face's lit window: its lit region (bool), each pixel's distance from the face centre
# (x edge), the window's half size, and its whole lit mask (uint8 0/1) (``_lit_window``)
LitWindow = tuple[np.ndarray, np.ndarray, int, np.ndarray]


@dataclass(frozen=True, slots=True)
class LitTop:
    """The lit region around one top face: ``reach_rel`` its furthest pixel from the
    face centre (x edge); ``span_rel`` the longer side of its minimum-area rectangle (x
    edge); ``cut`` True when it reaches the search window's border (the floor or a glare
    is as bright as the die)."""

    area_px: float
    reach_rel: float
    cut: bool
    span_rel: float = 0.0

    def __post_init__(self) -> None:
        if self.area_px < 0 or self.reach_rel < 0 or self.span_rel < 0:
            raise ValueError(f"area_px, reach_rel and span_rel must be >= 0, got {self}")


def lit_top(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
            params: StackParams = StackParams()) -> LitTop | None:
    """The lit region over the top face centred at ``center_xy`` (BGR uint8 image), or
    None when the face's own centre is not lit (no body colour to grow from)."""
    got = _lit_region(image_bgr, center_xy, edge_px, params)
    return None if got is None else _lit_of(got[0], got[1], edge_px, params)


def _lit_of(region: np.ndarray, dist: np.ndarray, edge_px: float,
            params: StackParams) -> LitTop:
    """``lit_top``'s measures of a lit region (bool mask of its window)."""
    ys, xs = np.nonzero(region)
    _, (w, h), _ = cv2.minAreaRect(np.stack([xs, ys], axis=1).astype(np.float32))
    return LitTop(area_px=float(region.sum()), reach_rel=float(dist[region].max()),
                  cut=bool((region & (dist > params.window_rel - 0.05)).any()),
                  span_rel=float(max(w, h)) / edge_px)


def _lit_region(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
                params: StackParams) -> tuple[np.ndarray, np.ndarray, int] | None:
    """``lit_top``'s region (bool mask of the window), each window pixel's distance from
    the face centre (x edge) and the window's half size, or None."""
    got = _lit_window(image_bgr, center_xy, edge_px, params)
    return None if got is None else got[:3]


def _lit_window(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
                params: StackParams) -> LitWindow | None:
    """``_lit_region``'s region, distances and half size, and the window's whole lit mask
    (uint8 0/1: every pixel as bright and as coloured as the face body), or None."""
    r = int(params.window_rel * edge_px) + 2
    m = np.float32([[1, 0, r - center_xy[0]], [0, 1, r - center_xy[1]]])
    win = cv2.warpAffine(image_bgr, m, (2 * r, 2 * r), borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(win, cv2.COLOR_BGR2LAB).astype(np.float32)
    yy, xx = np.mgrid[:2 * r, :2 * r]
    dist = np.hypot(xx - r, yy - r) / edge_px
    mask = _lit_mask(lab, dist < 0.4, edge_px, params)
    region, over = _centre_component(mask, dist)
    if over < 0.2 * np.pi * (0.45 * edge_px) ** 2:
        return None
    return region, dist, r, mask


def _lit_windows(image_bgr: np.ndarray, tops: list[TopFace], edges: list[float],
                 params: StackParams) -> list[LitWindow | None]:
    """``_lit_window`` of each face, measured with its edge (``_face_edges``)."""
    return [_lit_window(image_bgr, t.center_xy, e, params)
            for t, e in zip(tops, edges, strict=True)]


def _lit_mask(lab: np.ndarray, inner: np.ndarray, edge_px: float,
              params: StackParams) -> np.ndarray:
    """Pixels as bright and as coloured as the face body (uint8 0/1), pips closed."""
    lum = lab[..., 0]
    body_l = float(np.percentile(lum[inner], 80))
    body = inner & (lum > body_l - 10)
    ab = np.median(lab[..., 1:][body], axis=0)
    chroma = np.hypot(lab[..., 1] - ab[0], lab[..., 2] - ab[1])
    mask = ((lum >= body_l * (1 - params.lit_drop)) & (chroma < params.lit_chroma)).astype(np.uint8)
    k = max(3, int(0.25 * edge_px) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def stacked_die(image_bgr: np.ndarray, tops: list[TopFace], edge_px: float,
                params: StackParams = StackParams()) -> int | None:
    """Index of the die that lies on another when exactly two dice are seen, else None.
    ``edge_px``: the scene's die edge (a one's face size is a guess; see
    ``pose.scene_edge_px``), used for a face showing one pip, and for a face read
    smaller than it: the die on top is nearer the camera, so its face is at least the
    scene's size, and a face measured short makes its lit region reach further for
    its edge (fresh seed-10204 clip 008 r2: a flat four at the rim read at 56 px
    against the five's 75, reach 0.82 against 0.63, voided stacked; 0.70 with the
    scene's 65.5). A face whose pips differ in size (``pose.sized_face``) is sized by
    the scene too (seed 10604 clip 023 r3: a one on a three read as a "two" of a 108 and
    a 255 px pip, 75 px; reach 0.65 at 75 px, 0.78 at the scene's 62 against the flat
    one's 0.49)."""
    got = _lit_stack(image_bgr, tops, edge_px, params)
    return None if got is None else got[0]


def _lit_stack(image_bgr: np.ndarray, tops: list[TopFace], edge_px: float,
               params: StackParams, wins: list[LitWindow | None] | None = None
               ) -> tuple[int, LitTop] | None:
    """``stacked_die``'s die and its lit region, or None (``wins``: the two faces'
    ``_lit_window``, when the caller has them)."""
    if len(tops) != 2:
        return None
    edges = _face_edges(tops, edge_px)
    lits, joined = _lit_pair(image_bgr, tops, edges, params, wins)
    if any(x is None or x.cut for x in lits):
        return None
    a, b = lits                                   # type: ignore[misc]
    for i, (mine, other) in enumerate(((a, b), (b, a))):
        if (mine.reach_rel >= params.min_reach
                and mine.reach_rel >= other.reach_rel + params.reach_margin) \
                or (_wide(mine, other, params) and not _wide(other, mine, params)):
            return None if joined and lit_beside(mine, params) else (i, mine)
    return None


def _face_edges(tops: list[TopFace], edge_px: float) -> list[float]:
    """The edge each face's lit region is measured with: the scene's, or the face's own
    where its pips size it larger (``stacked_die``)."""
    return [max(t.edge_px, edge_px) if sized_face(t) else edge_px for t in tops]


def _lit_pair(image_bgr: np.ndarray, tops: list[TopFace], edges: list[float],
              params: StackParams, wins: list[LitWindow | None] | None = None
              ) -> tuple[list[LitTop | None], bool]:
    """``lit_top`` of each of the two top faces, and whether their lit regions join.
    Two dice pressed together join their lit top faces (and the lit side faces between
    them) into one region, which runs out of either die's window (``cut``): neither
    gave a reference, and a stack pressed against a flat die went unseen. Where a
    region holds the other face's centre it is kept to its own side of the line halfway
    between the two centres and beyond ``pressed_away`` x the other's edge from the
    other's centre: a die turned against its neighbour pokes a corner (0.71 edge from its
    centre) past the halfway line, and a tilted camera shows its side face beyond that;
    split at the halfway line alone, 5 of 96 rendered flat pairs pressed or close (5-30
    degree cameras) were called stacked by their span, none at 0.9 edge. The caller
    takes no stack from joined regions whose lit region lies beside the die
    (``lit_beside``: a neighbour's lit side face, not a lower die's corners). Fresh seed
    13004 (spent) clip 015 r4 (1280x720, camera 9 degrees, 65 px dice): a two on a two,
    its lower die's corner pressed against a flat one's lit side: both regions reached
    1.8-2.0 edges, cut; kept apart, the one's reaches 0.64 edge, the stack's 1.00 (1.29
    long): abstained dice_count (truth dice_stacked)."""
    if wins is None:
        wins = _lit_windows(image_bgr, tops, edges, params)
    got = [None if w is None else w[:3] for w in wins]
    out: list[LitTop | None] = []
    joined = False
    for k, g in enumerate(got):
        if g is None:
            out.append(None)
            continue
        region, dist, r = g
        (cx, cy), (ox, oy) = tops[k].center_xy, tops[1 - k].center_xy
        x, y = int(round(ox - cx)) + r, int(round(oy - cy)) + r
        if 0 <= x < region.shape[1] and 0 <= y < region.shape[0] and region[y, x]:
            yy, xx = np.mgrid[:region.shape[0], :region.shape[1]]
            dx, dy = xx - r, yy - r                   # from this face's centre (px)
            d_other = (dx - (ox - cx)) ** 2 + (dy - (oy - cy)) ** 2   # from the other's
            away = (params.pressed_away * edges[1 - k]) ** 2
            mine = (dx * dx + dy * dy <= d_other) & (d_other > away)
            region, over = _centre_component(region & mine, dist)
            region = region if over else None
            joined = True
        out.append(None if region is None else _lit_of(region, dist, edges[k], params))
    return out, joined


def _centre_component(region: np.ndarray, dist: np.ndarray) -> tuple[np.ndarray, int]:
    """The component of ``region`` (a window's mask) most over the face's centre (within
    0.45 edge: ``dist``), and how many of its pixels lie there (0: none does)."""
    n, labels = cv2.connectedComponents(region.astype(np.uint8, copy=False))
    overlap = np.bincount(labels[dist < 0.45].ravel(), minlength=n)
    overlap[0] = 0
    best = int(np.argmax(overlap))
    return labels == best, int(overlap[best])


def lit_beside(lit: LitTop, params: StackParams = StackParams()) -> bool:
    """The lit region runs past where a lower die's top can show: at least ``beside_reach``
    x edge from the face centre and ``beside_span`` long. The die below a stack lies
    under the upper one, sticking out by at most a fifth of an edge, so its lit corners
    lie within ~0.9 edge of the upper face's centre (a turned lower die makes the union
    an octagon ~1.3 edges across at most): stacks reach 0.74-1.0 edge (seed-9704/9804/
    9904 reads), a stack of seed 11704 (spent) clip 011 r0 0.98, 1.20 long. A die leaning
    against the one seen lies beside it, its upturned faces as lit as a top: fresh seed
    11804 clip 015 r1 (spent; 1920x1080, pale floor), a die leaning on a six, its tipped
    one and its upturned side face joined to the six's lit top: reach 1.19, 1.53 long,
    the lean's own face not found; voided dice_stacked (truth dice_leaning)."""
    return lit.reach_rel >= params.beside_reach and lit.span_rel >= params.beside_span


def stacked_pose(image_bgr: np.ndarray, blobs: list[Blob], tops: list[TopFace],
                 reads: list[DieRead], edge_px: float, params: StackParams = StackParams(),
                 pose: PoseParams | None = None, *, pale: bool = False,
                 bodies: Callable[[], list[Blob]] | None = None) -> tuple[int, str] | None:
    """``(index, pose)`` of the die lying on or against the hidden third, exactly two
    dice seen: ``stacked_index``'s die, "stacked"; but where both read flat and the
    light cue's lit region runs beside the die (``lit_beside``), "leaning": the round
    voids as before, for the reason the light shows. ``bodies``: the caller's
    ``die_bodies`` of these blobs and faces, cut once per frame (None: cut where asked)."""
    if len(tops) == 2 and [r.pose for r in reads] == ["flat", "flat"]:
        wins = _lit_windows(image_bgr, tops, _face_edges(tops, edge_px), params)
        got = _lit_stack(image_bgr, tops, edge_px, params, wins)
        if got is None:
            i = lowered_top(image_bgr, blobs, tops, edge_px, params, wins)
            if i is None:                # no lower die's top seen: its sides, by their depth
                i = deep_stack(image_bgr, blobs, tops, reads, edge_px, params.deep, pale=pale,
                               bodies=bodies)
            return None if i is None else (i, "stacked")
        i, lit = got
        beside = lit_beside(lit, params) and not _lowered_stack(image_bgr, blobs, tops, i,
                                                               edge_px, params)
        return i, "leaning" if beside else "stacked"
    i = stacked_index(image_bgr, blobs, tops, reads, edge_px, params, pose, pale=pale,
                      bodies=bodies)
    return None if i is None else (i, "stacked")


def _lowered_stack(image_bgr: np.ndarray, blobs: list[Blob], tops: list[TopFace], i: int,
                   edge_px: float, params: StackParams) -> bool:
    """``lit_beside``'s long lit region round die ``i`` lies within a stack's reach
    (``beside_reach``) of the upper top face's centre or of where the lower die's top
    face shows, one die's height further towards the nadir, and is no larger than
    ``lowered_area`` x the other die's lit region. A tilted camera sees a die's side
    faces on the nadir side, the other (one-die) blob off its top face by half their
    depth (a top face of area 1 and a side strip 1 x h: centroid h / 2 off), so the lower
    die's top lies 2 x that offset from the upper's on the image. The offset counts only
    pointing to the nadir (``PipParams.nadir_xy``, down: within ``nadir_cos``),
    ``nadir_min_rel`` to ``lowered_max_rel`` x edge long (the other blob joined to a
    shadow runs wherever the light throws it). A die leaning on the seen one towards the
    nadir can lie there too, but its tipped face and upturned side add a face's worth of
    lit area (1.33-1.43 x the other die's on rendered leans at a 28-degree camera; the
    lower die's corners of a stack: 0.82-1.18). Fresh seed 12804 (spent) clip 004 r3
    (800x600, camera 28 degrees, dark floor): a five on a die, the lower die's lit
    corner showing under the five's side face: reach 1.22, 1.51 long, 0.98 x the flat
    four's lit area, whose blob lies (0.04, 0.21) off its face: 0.94 from either
    centre; the reads went leaning, leaning, stacked: voided dice_leaning (truth
    dice_stacked)."""
    if len(blobs) != 2 or len(tops) != 2:
        return False
    ref = np.asarray(_offset_rel(blobs[1 - i], tops[1 - i], edge_px))
    n_ref = float(np.hypot(*ref))
    nadir = np.asarray(PipParams().nadir_xy, float)
    if not params.nadir_min_rel <= n_ref <= params.lowered_max_rel \
            or float(ref @ nadir) < params.nadir_cos * n_ref:
        return False
    edge = max(tops[i].edge_px, edge_px) if sized_face(tops[i]) else edge_px  # _lit_stack's
    got = _lit_region(image_bgr, tops[i].center_xy, edge, params)
    if got is None:
        return False
    region, dist, r = got
    top = tops[1 - i]
    other = lit_top(image_bgr, top.center_xy,
                    max(top.edge_px, edge_px) if sized_face(top) else edge_px, params)
    ys, xs = np.nonzero(region)
    sx, sy = 2.0 * ref
    lowered = np.hypot((xs - r) / edge - sx, (ys - r) / edge - sy)
    if other is None or float(region.sum()) > params.lowered_area * other.area_px:
        return False
    return float(np.minimum(dist[region], lowered).max()) < params.beside_reach


def lowered_top(image_bgr: np.ndarray, blobs: list[Blob], tops: list[TopFace],
                edge_px: float, params: StackParams = StackParams(),
                wins: list[LitWindow | None] | None = None) -> int | None:
    """Index of the die lying on another, exactly two dice seen, by the lower die's top
    showing past the upper die's side faces, else None. A tilted camera sees the upper
    die's side faces on the nadir side of its top face, and beyond them, where the lower
    die sticks out, a strip of the lower die's top: lit as brightly as a top face, but
    cut off from the upper top face by the shaded side faces between, so the lit region
    over the face (``lit_top``) leaves it out. Taken here: lit pieces of the window apart
    from that region, each wholly within ``low_far`` x edge of the face centre (a die
    beside it, lying or leaning, shows a whole face, reaching farther), its centroid at
    least ``low_down`` x edge towards the nadir (``PipParams.nadir_xy``) and at least
    ``low_blob`` of it inside the die's blob (the same body, not a glare on the floor),
    together ``low_min`` to ``low_max`` x edge^2; the other die shows under ``low_none``
    and neither lit region is cut (a floor as bright as the dice gives no reference). A
    flat die's side faces, lit or not, join its top face, and below them lies the floor.
    Fresh seed 13504 (spent) clip 010 r0 (1920x1080, camera 20 degrees, dark floor, 81 px
    dice): a two on a die, read flat at 0.997 beside a flat three; blobs 2.05 and 1.90
    edge^2 (no pair), lit reach 0.66 and 0.64; two lit pieces of the lower die's top below
    the two's side faces, 0.04 and 0.03 edge^2, 0.78-0.99 edge off at (0.44, 0.73) and
    (-0.32, 0.84), none by the three: abstained dice_count (truth dice_stacked).
    ``wins``: the two faces' ``_lit_window``, when the caller has them."""
    if len(blobs) != 2 or len(tops) != 2:
        return None
    nadir = np.asarray(PipParams().nadir_xy, float)
    edges = _face_edges(tops, edge_px)
    if wins is None:
        wins = _lit_windows(image_bgr, tops, edges, params)
    shown = []
    for blob, top, edge, got in zip(blobs, tops, edges, wins, strict=True):
        if got is None or _lit_of(got[0], got[1], edge, params).cut:
            return None
        shown.append(_lowered_area(blob, top, edge, got, nadir, params))
    for i in (0, 1):
        if params.low_min <= shown[i] <= params.low_max and shown[1 - i] < params.low_none:
            return i
    return None


def _lowered_area(blob: Blob, top: TopFace, edge_px: float,
                  got: LitWindow, nadir: np.ndarray,
                  params: StackParams) -> float:
    """``lowered_top``'s lit pieces round one top face: their area (x edge^2)."""
    region, dist, r, mask = got
    n, labels, stats, cents = cv2.connectedComponentsWithStats(mask)
    keep = np.zeros(n, bool)
    keep[1:] = stats[1:, cv2.CC_STAT_AREA] >= params.low_none * edge_px ** 2
    keep[np.unique(labels[region])] = False
    keep &= ((cents - r) @ nadir) / edge_px >= params.low_down
    if not keep.any():
        return 0.0
    x0, y0, x1, y1 = blob.box_xyxy
    ox, oy = int(round(top.center_xy[0])) - r, int(round(top.center_xy[1])) - r
    inside = np.zeros(mask.shape, bool)
    bx0, by0, bx1, by1 = max(x0 - ox, 0), max(y0 - oy, 0), min(x1 - ox, 2 * r), min(y1 - oy, 2 * r)
    if bx0 < bx1 and by0 < by1:
        sy, sx = oy - y0, ox - x0                   # window -> blob mask
        inside[by0:by1, bx0:bx1] = blob.mask[by0 + sy:by1 + sy, bx0 + sx:bx1 + sx]
    area = 0
    for k in np.flatnonzero(keep):                 # a few pieces: each measured alone
        piece = labels == k
        if float(dist[piece].max()) <= params.low_far \
                and int(np.count_nonzero(piece & inside)) >= params.low_blob * piece.sum():
            area += int(stats[k, cv2.CC_STAT_AREA])
    return area / edge_px ** 2


def _wide(mine: LitTop, other: LitTop, params: StackParams) -> bool:
    """``mine`` spans a face and more (``min_span``), ``span_ratio`` x ``other``'s span:
    the lower die's lit top shows along a side of the upper die's face. A flat die's
    lit region is its top face less the shaded rim: 0.79-1.06 edge long on 182 of 190
    flat dice of clean rounds (one a clip, seeds 10704/10804/10904, spent); the other 8
    show a side face lit nearly as brightly as the top (1.11-1.30; three of them in one
    scene, alike). Taken two by two as if the third die were missed, 7 of 183 pairs
    call one stacked (four dice). A lower die turned or shifted a little under the upper
    one keeps its top's corners within the upper face's half diagonal (``min_reach``
    misses them) but lengthens the lit region's side: 1.12-1.17 edge against the other
    die's 0.86-0.97 (seeds 10904 clips 009 r1, 010 r0 r4, 014 r4, 028 r2; 10804 019 r2,
    025 r3, 026 r1; 10704 004 r4; spent, all abstained ``dice_count``)."""
    return (mine.span_rel >= params.min_span
            and mine.span_rel >= params.span_ratio * other.span_rel)


def centred_top(blob: Blob, top: TopFace, edge_px: float,
                params: StackParams = StackParams()) -> bool:
    """The blob's centroid lies within ``central_rel`` x edge of its top face's centre:
    whatever makes the blob large lies round and under that face, not beside it."""
    return float(np.hypot(*_offset_rel(blob, top, edge_px))) < params.central_rel


def stacked_index(image_bgr: np.ndarray, blobs: list[Blob], tops: list[TopFace],
                  reads: list[DieRead], edge_px: float, params: StackParams = StackParams(),
                  pose: PoseParams | None = None, *, pale: bool = False,
                  bodies: Callable[[], list[Blob]] | None = None) -> int | None:
    """Index of the stacked die when exactly two dice are seen, else None. Both flat:
    the light cue (``stacked_die``). One called leaning by the pair rule
    (``pose.pair_pose``: a large or long blob) whose top face is read cleanly (at least
    ``pair_conf``) and sits at the blob's middle (``centred_top``): a stack. A die
    leaning on another lies beside it, so the pair's blob runs from the support's top
    face to one side (centroid 0.64-0.68 edge away on the seed-9704/9804/9002/9904
    reads); a stacked pair's blob is the upper die with the lower die's sides round and
    under it (0.06-0.12 edge on the three stacks of seed 9904 called leaning), or off it
    towards the nadir (``towards_nadir``) unless the blob shows a second face
    (``pose.second_face``: the tipped face of a die leaning on it; fresh seed 13004
    (spent) clip 024 r4, 640x480, camera 28 degrees: a four tipped 32 degrees against a
    three, the three's blob 3.3 edge^2 at (-0.72, 0.15), the flat one's at (-0.33, 0.10),
    the four's pips in the three's blob: voided dice_stacked, truth dice_leaning). So is
    one whose blob is compact (``compact_pair``), however its face reads, and one read
    cleanly whose lower die's top shows past its side faces (``lowered_top``: fresh seed
    14704 clip 005 r0, 640x480, a six on a die, its blob 0.72 edge off the face straight
    down, the flat three's 0.12 off its own 31 degrees aside, too far from one direction
    for ``towards_nadir``: voided dice_leaning, truth dice_stacked; on 80 rendered
    stacks and leans, cameras 5-32 degrees, nothing changed).
    ``pale``: the floor is nearly as bright as the dice (``pose.pale_floor``); ``bodies``:
    the caller's ``die_bodies`` of these blobs and faces (None: cut where asked)."""
    if len(tops) != 2:
        return None
    pose = pose or PoseParams()
    poses = [r.pose for r in reads]
    if poses == ["flat", "flat"]:
        return stacked_die(image_bgr, tops, edge_px, params)
    pair = pair_pose(blobs, tops, reads, ["flat", "flat"], pose, pale=pale) \
        or _posed_pair(blobs, tops, reads, params, pose)
    if pair is None or pair[1] != "leaning" or poses[1 - pair[0]] != "flat":
        return None
    i = pair[0]
    if reads[i].confidence >= pose.pair_conf and (
            _lies_stacked(blobs, tops, i, edge_px, params, pose)
            # ... or the lower die's top shows past its side faces
            or lowered_top(image_bgr, blobs, tops, edge_px, params) == i):
        return i
    if compact_pair(blobs, tops, i, params, pose):
        return i
    return i if _centred_body(image_bgr, blobs, tops, reads, i, edge_px, params, pose,
                              bodies) else None


def _centred_body(image_bgr: np.ndarray, blobs: list[Blob], tops: list[TopFace],
                  reads: list[DieRead], i: int, edge_px: float, params: StackParams,
                  pose: PoseParams, bodies: Callable[[], list[Blob]] | None = None) -> bool:
    """The pair rule's blob ``i`` joined to its shadow or the dome's rim: the blob's own
    centroid says nothing, but the die's body (``body.die_bodies``: shadow and rim cut
    away) lies centred on its top face (``centred_top``), as a stack's does; a die
    leaning on another lies beside its support, body and all. Its top face read at least
    ``pair_conf`` surely. Fresh seed 12404 (spent) clip 002 r1 (1280x960, camera 20
    degrees, 103 px dice, dark floor): a two on a die, blob 3.6 edge^2 (solidity 0.87)
    0.38 edge off the two's face at (-0.30, 0.23), body 2.05 edge^2 0.26 off at (0.09,
    0.24), the flat four's body 0.09 off its face: voided dice_leaning (truth
    dice_stacked). Or the body runs off its top face towards the nadir as the other
    die's body does off its own (``towards_nadir``, as ``joined_stack`` judges bodies),
    with no second face in the blob: fresh seed 13004 (spent) clip 010 r2 (1024x576,
    camera 19 degrees): a two on a die, blob 3.1 edge^2 at (0.40, 0.42) off the two's
    face (the shadow), body 2.07 edge^2 at (0.09, 0.33), the flat three's body at
    (0.02, 0.17): voided dice_leaning (truth dice_stacked)."""
    if reads[i].confidence < pose.pair_conf:
        return False
    cut = bodies() if bodies is not None else die_bodies(image_bgr, blobs, tops)
    return _lies_stacked(cut, tops, i, edge_px, params, pose)


def _lies_stacked(blobs: list[Blob], tops: list[TopFace], i: int, edge_px: float,
                  params: StackParams, pose: PoseParams) -> bool:
    """Blob (or body) ``i`` lies as a stack's does: centred on its top face
    (``centred_top``) but not off it away from the nadir (``_off_beyond``), or off it
    towards the nadir (``towards_nadir``) with no second face in it (``pose.second_face``:
    the tipped face of a die leaning on it)."""
    return (centred_top(blobs[i], tops[i], edge_px, params)
            and not _off_beyond(blobs, tops, i, edge_px, params)) or (
        towards_nadir(blobs, tops, i, edge_px, params) and second_face(tops[i], pose) is None)


def _off_beyond(blobs: list[Blob], tops: list[TopFace], i: int, edge_px: float,
                params: StackParams) -> bool:
    """Blob (or body) ``i`` lies off its top face away from the nadir: along the other
    (one-die) blob's offset off its own face (a tilted view's nadir side, that offset at
    least ``nadir_min_rel`` x edge), at least ``beyond_rel`` x edge short of it. A stack's
    upper die shows its sides on the nadir side and the die under it further that way: its
    blob lies off its face as far towards the nadir as a lone die's, or further. A die
    leaning on it from beyond (away from the camera) adds its body on the far side. Fresh
    seed 14204 clip 000 r3 (1920x1080): a five leaning on a three from beyond, one blob,
    the three's body (0.17, -0.23) off its face, 0.29 edge, the flat six's (0.03, 0.14):
    0.33 short; centred enough, the three read stacked on a hidden die (truth
    dice_leaning). Rendered at cameras 20 and 28 degrees: 0.25 and 0.37 short."""
    ref, off = (_offset_rel(blobs[k], tops[k], edge_px) for k in (1 - i, i))
    n_ref = float(np.hypot(*ref))
    if n_ref < params.nadir_min_rel:
        return False
    along = (ref[0] * off[0] + ref[1] * off[1]) / n_ref
    return along <= n_ref - params.beyond_rel


def towards_nadir(blobs: list[Blob], tops: list[TopFace], i: int, edge_px: float,
                  params: StackParams = StackParams()) -> bool:
    """Blob ``i`` lies off its top face towards the camera's nadir, as the other (one-die)
    blob does off its own: that blob at least ``nadir_min_rel`` x edge off its face (a
    tilted view: its side faces show on the nadir side), the two offsets within
    ``nadir_cos`` of one direction. Seen from a tilted camera the upper die of a stack
    shows its side faces on the nadir side, and the die below it, lower down, is seen
    further towards the nadir still: the stack's blob runs from the upper top face
    towards the nadir, whatever the dice' turn. A die leaning on another lies beside its
    support on any side. Seed 10704 (spent) clip 029 r4 (1920x1080, camera 24 deg): a two
    on a die, blob 2.96 edge^2 and 2.17 long, its centroid 0.77 edge off the two's face
    at (-0.05, 0.77); the five's blob (0.03, 0.17) off its face: voided leaning."""
    ref, off = (_offset_rel(blobs[k], tops[k], edge_px) for k in (1 - i, i))
    n_ref, n_off = float(np.hypot(*ref)), float(np.hypot(*off))
    if n_ref < params.nadir_min_rel or n_off < params.central_rel:
        return False
    return (ref[0] * off[0] + ref[1] * off[1]) / (n_ref * n_off) >= params.nadir_cos


def joined_stack(bodies: list[Blob], tops: list[TopFace], reads: list[DieRead], i: int,
                 edge_px: float, params: StackParams = StackParams(),
                 pose: PoseParams | None = None) -> bool:
    """The die ``i`` that ``sidebyside.joined_pair`` calls leaning (its blob joined to a
    shadow, two dice' body) lies on the hidden die: its top face read cleanly (at least
    ``pair_conf``) and its body (``body.die_bodies``: the shadow cut away) running off
    that face towards the nadir, as the other die's body does off its own
    (``towards_nadir``). The blob itself, with the shadow, runs wherever the light
    throws it. Fresh seed-11404 clip 021 r4 (spent; camera 16 degrees, white floor): a
    five on a die, blob 4.2 edge^2 of solidity 0.72 (the stack's shadow), body 2.3
    edge^2 and 2.0 long, 0.34 edge off the five's face at (0.02, 0.34), the other body
    (0.05, 0.21) off its face: voided dice_leaning (truth dice_stacked). Or its body
    centred on that face (``centred_top``), as ``stacked_index`` takes the pair rule's
    blob: a camera nearly straight down shows the other die no side faces to compare
    with (fresh seed 14904 (spent) clip 026 r3, 800x600, camera 7 degrees: a six on a
    die, body 1.9 edge^2, 0.11 edge off its face, the five's 0.07 off its own: voided
    dice_leaning); a die leaning on another lies beside it, the pair's body off its top
    face."""
    pose = pose or PoseParams()
    return len(tops) == 2 and reads[i].confidence >= pose.pair_conf \
        and reads[1 - i].pose == "flat" and (towards_nadir(bodies, tops, i, edge_px, params)
                                             or centred_top(bodies[i], tops[i], edge_px, params))


def _offset_rel(blob: Blob, top: TopFace, edge_px: float) -> tuple[float, float]:
    """The blob's centroid off its top face's centre, in die edges."""
    dx, dy = offset_px(blob, top)
    return dx / edge_px, dy / edge_px


def compact_pair(blobs: list[Blob], tops: list[TopFace], i: int,
                 params: StackParams = StackParams(), pose: PoseParams | None = None) -> bool:
    """The pair rule's blob ``i`` (two dice' size: see ``pose.pair_pose``) is compact:
    no longer than ``compact_long`` x its width and below ``pair_area_max`` x edge^2.
    Two dice side by side (a lean) run about two edges by one; a stack is one die's
    outline with the lower die's sides round and under it. The pair rule calls such a
    blob leaning when its top face reads unsurely, but on a stack the face is misread for
    its own reasons: the side faces' pips beside it (fresh seed-10404 clip 014 r1: a two
    read as a five at 0.14, blob 2.1 edge^2, 1.33 long, its centroid 0.40 edge off the
    face at a 18-degree camera) or a pressed pair capping it (seed 9904 clip 007 r0: 0.5,
    2.7 edge^2, 1.50). Leans the pair rule called leaning with an unsure face: 2.2-2.4
    long (seed 10304 clips 000 r3, 006 r0, 019 r1); a compact lean (seed 10304 009 r2,
    1.14 long) has a 3.3 edge^2 blob. Small dice seen blurred have one-die blobs of 2-2.5
    edge^2, and a stack's blob is then past ``pair_area_max`` but below ``compact_ratio``
    x the other (one-die) blob, where two dice side by side are about twice it (fresh
    seed-11404 clip 013 r0, spent: 1024x576, blur 1.1 px, 27 px dice, camera 5 degrees;
    a three on a die, blob 3.41 edge^2 and 1.15 long, the four's 2.54: voided
    dice_leaning, truth dice_stacked; the two-dice leans of seeds 11204-11404 at their
    void reads: 1.6-2.6 x the other blob, or 1.85 long and more)."""
    pose = pose or PoseParams()
    edge = scene_edge_px(blobs, tops)
    other = params.compact_ratio * blobs[1 - i].area_px / edge ** 2
    return (elongation(blobs[i]) < params.compact_long
            and blobs[i].area_px / edge ** 2 < max(pose.pair_area_max, other))


def _posed_pair(blobs: list[Blob], tops: list[TopFace], reads: list[DieRead],
                params: StackParams, pose: PoseParams) -> tuple[int, str] | None:
    """``(index, "leaning")`` of a die the single-die cues already call leaning, the other
    flat, whose blob holds two dice' worth (``pair_area`` x edge^2) but falls short of
    the pair rule's ``pair_ratio`` x the other blob, that blob joined to its own shadow:
    at least ``posed_ratio`` x it. Only renames a die not flat (the round voids either
    way). Fresh seed 11804 (spent) clip 009 r4 (800x600, tilted camera): a two on a die,
    the pip stage took a side pip for its face (a five at 0.13, leaning); blob 1.79
    edge^2 and 1.41 long, the flat six's 1.25 on one read (the pair rule: compact ->
    stacked) and 1.51 with its shadow on the next two (1.19 x: no pair, leaning stood):
    voided dice_leaning (truth dice_stacked)."""
    if len(blobs) != 2 or sorted(r.pose for r in reads) != ["flat", "leaning"]:
        return None
    i = 0 if reads[0].pose == "leaning" else 1
    edge = scene_edge_px(blobs, tops)
    area = [b.area_px / edge ** 2 for b in blobs]
    if area[i] >= pose.pair_area and area[i] >= params.posed_ratio * area[1 - i]:
        return i, "leaning"
    return None
