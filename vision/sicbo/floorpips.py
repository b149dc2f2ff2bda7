"""Stage 1c: a die as pale as the floor, found by its pips alone.

A white die on a near-white floor may differ from it by less than the blob finder's
threshold over its whole body, even the rescue's pale look: its top face and side faces
all score as floor, and only its pips stand out (``floor.pip_spots``: small dark
pieces wholly inside the floor). Seed 10404 clip 026 (800x600, steep wide view, body
and floor 10-20 L apart near the glare): a six in r2 and a two in r4 were never found,
two dice were seen, and the stack and lean rules voided result rounds. On a floor paler
than the dice, parts of a die score off the floor and the pips inside them are spots too
(``piece_pips``).

A group of pip spots lying together (each within ``link_rel`` x the die edge of
another), spanning at most ``span_rel`` x edge, away from every die already found
(``clear_rel``), is given a round blob of ``radius_rel`` x edge about the group's
centre (and one about its largest spots, ``_centrings``): the top face of every
standard layout but the one is centred on its pips. A group short of a pip is not
centred on its face: after every group's disk comes a wider one (``wide_rel``) about
each group, tried only where the first found nothing (``rescue._apart``). Fresh seed
17404 clip 011 r2 frame 1088 (1280x960, white dice on a near-white floor): two threes'
third pips touched their shaded side faces and were no spots; each group of two spots'
disk (0.55 edge) clipped the third pip, read a two, refused by the CNN: one die seen,
abstained ``dice_count``; the 0.8 edge disk holds the three, CNN 0.99. The rescue reads
each blob like any other candidate, so its usual evidence decides: a clean layout of a
plausible size that the face CNN, shown the face crop, reads as the same value surely
and as a die. A lone spot is no die (a one's pip is one dark mark).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import Blob, DetectParams
from vision.sicbo.floor import floor_mask, pip_spots

__all__ = ["FloorPipParams", "PipDisks", "disk_blob", "floor_pip_blobs", "piece_pips", "spot_edge",
           "spot_groups"]


@dataclass(frozen=True, slots=True)
class FloorPipParams:
    link_rel: float = 0.85        # pips of one face lie within this x edge of a neighbour
    span_rel: float = 1.1         # ... and all within this x edge of each other
    min_spots: int = 2            # a lone spot is no die
    # a group's centre at least this x edge from every found face centre (not each spot:
    # a pale die leaning on a found one shows its side face's pips within a die of that
    # face, fresh seed 14604 clip 010 r4, 1.08 edge; its group's centre 1.09)
    clear_rel: float = 0.9
    radius_rel: float = 0.55      # the blob: a disk this x edge about the group's centre
    wide_rel: float = 0.8         # ... and, after every group's, one this x edge about it
    top_rel: float = 0.7          # a group too long: its spots of this x its largest area
    recentre_rel: float = 0.1     # a disk about those too if their centre is this x edge off
    # a spot's area, x edge^2: a pip with its blur halo, up to ~0.39 edge across (a
    # western one); the edge is the found dice' and may be short of this die's
    spot_area: tuple[float, float] = (0.004, 0.12)
    # a spot counts among a group's largest (``top_rel``: a long group's retry, a disk's
    # recentring) only if it fills this much of its enclosing circle: a pip is round
    # (0.9-1.1 counted in pixels; 0.87 foreshortened by a camera 30 deg off vertical), a
    # streak of a side face's shaded edge is not (fresh seed 15804 (spent) clip 024 r1
    # frame 281, 640x480, a pale mint floor: a three's pips 40-42 px, 1.02-1.10; streaks
    # below them 64 and 80 px, 0.24 and 0.31, drew its disk off two of its pips). The
    # streak stays in its group: a leaning die's disk about all its spots holds the
    # side face that shows the lean (test_pale_die_leaning_beside_a_found_one_is_found)
    round_fill: float = 0.5
    piece_rel: float = 1.2        # a piece of a die's face off the floor: at most this
                                  # x edge^2 (``piece_pips``)
    # a lone spot this large (x edge^2) is a one's pip: seed 10804 clip 007, a red one
    # 0.2-0.24 with its halo, the other pips' spots there 0.013-0.028; a western one's pip
    # is ~0.3-0.39 edge across (0.07-0.12); the edge is the found dice' and may be short
    one_area: tuple[float, float] = (0.07, 0.45)
    # ... given a disk about it of this x edge, or ``one_pip_rel`` x the spot's sqrt(area)
    # if larger: the pip finder takes pips up to 0.16 x the blob's area (a die's blob with
    # its side faces is ~1.3-1.5 edge^2; ``radius_rel``'s 0.95 is short for a red one)
    one_radius_rel: float = 0.65
    twin_reach: float = 5.0       # a lone one's pip has no twin within this x its width ...
    twin_cap_rel: float = 1.5     # ... up to this x edge (a shadow's spot is wide)
    one_pip_rel: float = 1.6
    # with no die found to size from (``spot_edge``): a die edge this x the square root of
    # the median spot's area (a pip, 0.17 edge across, with its blur halo: the pip finder's
    # ``PipParams.edge_per_pip`` 7 for the bare pip); at least ``min_groups`` groups
    spot_edge_per_pip: float = 6.0
    min_groups: int = 2


def spot_groups(centres: np.ndarray, edge_px: float,
                params: FloorPipParams = FloorPipParams(),
                areas: np.ndarray | None = None) -> list[np.ndarray]:
    """Indices of ``centres`` (Nx2) in groups linked at ``link_rel`` x edge (single
    linkage), each with at least ``min_spots`` and spanning at most ``span_rel`` x edge.

    With ``areas`` (N, the spots' pixel areas) a group too long is tried again with its
    spots of at least ``top_rel`` x its largest area: a pale die's side faces score as
    floor too and keep their pips, which join the top face's group; the camera looks
    down into the dome, so the top face is the least foreshortened face and its pips
    the largest (seed 10604 clip 006, camera 30 deg off vertical: top pips 150-180 px,
    side pips 78-99 px)."""
    groups = []
    for idx in _linked(centres, np.arange(len(centres)), params.link_rel * edge_px):
        if len(idx) >= params.min_spots and _span(centres[idx]) <= params.span_rel * edge_px:
            groups.append(idx)
        elif areas is not None and len(idx) > params.min_spots:
            top = idx[areas[idx] >= params.top_rel * areas[idx].max()]
            groups += [sub for sub in _linked(centres, top, params.link_rel * edge_px)
                       if len(sub) >= params.min_spots
                       and _span(centres[sub]) <= params.span_rel * edge_px]
    return groups


def _linked(centres: np.ndarray, idx: np.ndarray, link: float) -> list[np.ndarray]:
    """``idx`` in groups of ``centres`` linked within ``link`` (single linkage)."""
    label = np.arange(len(idx))
    for i in range(len(idx)):
        for j in range(i + 1, len(idx)):
            if np.hypot(*(centres[idx[i]] - centres[idx[j]])) <= link and label[i] != label[j]:
                label[label == label[j]] = label[i]
    return [idx[label == k] for k in np.unique(label)]


def _span(pts: np.ndarray) -> float:
    return max((float(np.hypot(*(a - b))) for a in pts for b in pts), default=0.0)


@dataclass(frozen=True, slots=True)
class PipDisks:
    """The round blobs ``floor_pip_blobs`` draws: about groups of spots (``groups``: a
    face of two pips or more) and about lone spots of a one's pip size (``ones``)."""

    groups: tuple[Blob, ...] = ()
    ones: tuple[Blob, ...] = ()


def floor_pip_blobs(image_bgr: np.ndarray, found_xy: list[tuple[float, float]],
                    edge_px: float, detect: DetectParams,
                    params: FloorPipParams = FloorPipParams()) -> PipDisks:
    """Round blobs about groups of pip spots in the floor, and about lone spots of a
    one's pip size, away from ``found_xy`` (the face centres of the dice already
    found); see the module doc."""
    area_rel = (params.spot_area[0], max(params.spot_area[1], params.one_area[1]))
    floor, lab = floor_mask(image_bgr, detect), cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)
    spots = pip_spots(image_bgr, floor, edge_px, area_rel, dark=detect.dark_threshold,
                      core=True, lab=lab) | piece_pips(image_bgr, floor, edge_px, found_xy,
                                                       params, dark=detect.dark_threshold,
                                                       lab=lab)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(spots.astype(np.uint8))
    centres, areas = cents[1:], stats[1:, cv2.CC_STAT_AREA].astype(float)
    pip = areas <= params.spot_area[1] * edge_px ** 2       # an ordinary pip's size
    # the areas a group's largest spots are picked by: a streak's counts for none
    ranked = np.where(_round(labels, stats, params.round_fill), areas, 0.0)
    groups = [np.flatnonzero(pip)[idx] for idx in spot_groups(
        centres[pip], edge_px, params, ranked[pip])]
    found = np.asarray(found_xy, float).reshape(-1, 2)
    grouped = [(pts, params.radius_rel * edge_px) for idx in groups
               for pts in _centrings(centres[idx], ranked[idx], edge_px, params)]
    lone = [(centres[i:i + 1], max(params.one_radius_rel * edge_px,
                                   params.one_pip_rel * float(np.sqrt(areas[i]))))
            for i in lone_ones(centres, areas, edge_px, params)]

    def blobs(disks: list[tuple[np.ndarray, float]]) -> tuple[Blob, ...]:
        out = []
        for pts, radius in disks:
            near = [float(np.hypot(*(pts.mean(axis=0) - f))) for f in found]
            if near and min(near) < params.clear_rel * edge_px:
                continue
            blob = disk_blob(pts.mean(axis=0), radius, spots.shape)
            if blob is not None:
                out.append(blob)
        return tuple(out)

    wide = [(centres[idx], params.wide_rel * edge_px) for idx in groups]
    return PipDisks(blobs(grouped) + blobs(wide), blobs(lone))


def piece_pips(image_bgr: np.ndarray, floor: np.ndarray, edge_px: float,
               found_xy: list[tuple[float, float]], params: FloorPipParams = FloorPipParams(),
               dark: float = 45.0, *, lab: np.ndarray | None = None) -> np.ndarray:
    """Pips in pieces of a die's face that score off the floor (bool HxW): a floor paler
    than the dice marks parts of a die as floor and parts not, and a pip inside a part
    that is not is no ``pip_spot`` (not wholly surrounded by floor). In each piece of
    non-floor larger than a pip's spot (``spot_area``) and at most ``piece_rel`` x edge^2,
    holding no found face centre (``found_xy``), its dark cores: spot-sized pieces
    ``dark`` L or more under the piece's median L, clear of its box's border. Fresh seed
    15904 (spent) clip 008 (1280x960, ivory dice on a floor paler than them, 222/241/236
    BGR): r4's two had its lower pip in such a piece, its upper one in the floor: no
    group of two spots, two dice seen on every read, abstained ``dice_count``. ``lab``:
    the image in Lab (uint8), if the caller has it."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats((~floor).astype(np.uint8))
    light = (cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB) if lab is None else lab)[..., 0]
    out = np.zeros(floor.shape, bool)
    spot_lo, spot_hi = params.spot_area[0] * edge_px ** 2, params.spot_area[1] * edge_px ** 2
    piece_hi = params.piece_rel * edge_px ** 2
    taken = {int(labels[int(round(y)), int(round(x))]) for x, y in found_xy
             if 0 <= int(round(y)) < labels.shape[0] and 0 <= int(round(x)) < labels.shape[1]}
    area = stats[:, cv2.CC_STAT_AREA]
    for i in np.flatnonzero((area > spot_hi) & (area <= piece_hi)):   # larger than a spot
        if i == 0 or i in taken:
            continue
        x, y, w, h = stats[i, :4]
        part = labels[y:y + h, x:x + w] == i
        box = light[y:y + h, x:x + w].astype(np.float32)
        core = part & (box <= float(np.median(box[part])) - dark)
        m, lab2, st2, _ = cv2.connectedComponentsWithStats(core.astype(np.uint8))
        for j in range(1, m):
            jx, jy, jw, jh, ja = st2[j]
            if spot_lo <= ja <= spot_hi and jx > 0 and jy > 0 and jx + jw < w and jy + jh < h:
                out[y:y + h, x:x + w] |= lab2 == j
    return out


def _round(labels: np.ndarray, stats: np.ndarray, fill: float) -> np.ndarray:
    """Per spot (the labels' 1..n-1): does it fill ``fill`` or more of its enclosing
    circle (``FloorPipParams.round_fill``)?"""
    out = np.zeros(len(stats) - 1, bool)
    for k in range(1, len(stats)):
        x, y, w, h, area = stats[k]
        pts = cv2.findNonZero((labels[y:y + h, x:x + w] == k).astype(np.uint8))
        _, radius = cv2.minEnclosingCircle(pts)
        out[k - 1] = area >= fill * np.pi * max(radius, 0.5) ** 2
    return out


def _centrings(centres: np.ndarray, areas: np.ndarray, edge_px: float,
               params: FloorPipParams) -> list[np.ndarray]:
    """The spots a group's disks are centred on: all of them, and, where their centre
    lies ``recentre_rel`` x edge or more away, its spots of at least ``top_rel`` x its
    largest area. A flat die's top face shows the largest pips (the least foreshortened
    face); specks of its edge or shadow, smaller, pull the disk off the face. Fresh seed
    14804 (spent) clip 009 r4 frame 1897 (1280x960, a pale grey floor): a three's pips
    78-80 px grouped with two specks of 11 and 17 px below it; the disk about all five
    left the upper pip out and read a two, refused by the CNN: two dice seen, abstained
    ``dice_count``. A die tipped against another may show its side face's pips larger
    than its top face's: the disk about all of them comes first."""
    top = centres[areas >= params.top_rel * areas.max()]
    moved = float(np.hypot(*(top.mean(axis=0) - centres.mean(axis=0))))
    return [centres, top] if moved >= params.recentre_rel * edge_px else [centres]


def spot_edge(image_bgr: np.ndarray, detect: DetectParams,
              params: FloorPipParams = FloorPipParams()) -> float | None:
    """A die edge from the pip spots in the floor alone, for a picture where no die was
    found to size them by (every die as pale as the floor): ``spot_edge_per_pip`` x the
    square root of the median area of the spots that, linked at that edge, fall into at
    least ``min_groups`` die-sized groups (``spot_groups``); None without them. Spots
    range from a ``detect.min_edge_px`` die's smallest pip to a ``max_area_frac`` die's
    largest. Seed 10904 (spent) clip 026 r0 (1024x576, dice 46 px on a white floor
    brighter than their faces): no die found on any read, abstained; its pips' spots
    59 px (median) give 46 px."""
    h, w = image_bgr.shape[:2]
    lo = params.spot_area[0] * detect.min_edge_px ** 2
    hi = params.spot_area[1] * detect.max_area_frac * h * w
    spots = pip_spots(image_bgr, floor_mask(image_bgr, detect), 1.0, (lo, hi),
                      dark=detect.dark_threshold)
    n, _, stats, cents = cv2.connectedComponentsWithStats(spots.astype(np.uint8))
    if n < 1 + 2 * params.min_spots:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA].astype(float)
    edge = params.spot_edge_per_pip * float(np.sqrt(np.median(areas)))
    groups = spot_groups(cents[1:], edge, params, areas)
    return edge if len(groups) >= params.min_groups else None


def lone_ones(centres: np.ndarray, areas: np.ndarray, edge_px: float,
              params: FloorPipParams = FloorPipParams()) -> list[int]:
    """The indices of spots (``centres`` Nx2, ``areas`` N px) of a one's pip size
    (``one_area`` x edge^2) with no spot of ``top_rel`` x their area or more within
    ``link_rel`` x edge, nor within ``twin_reach`` x their own width (up to
    ``twin_cap_rel`` x edge: a one found by its shadow's spot): the edge may be short
    (sized by a piece of a die), while a pip's width sizes its die. A one's pip is
    the largest on any die (a Western one's ~0.25 edge across, a Chinese one's ~0.4;
    other faces' ~0.17, 0.2-0.5 x its area), so no pip near it is as large; a two's or
    three's pips, alike, lie ~4 widths apart. Fresh seed 14904 clip 016 r1 frame 328
    (1280x960, ivory dice on a brighter floor): the edge 26 px from a five's piece (the
    dice ~45), a two's pips (78-79 px, 34 px apart) each taken as a lone one and read a
    one 0.99."""
    lo, hi = (a * edge_px ** 2 for a in params.one_area)
    out = []
    for i in np.flatnonzero((areas >= lo) & (areas <= hi)):
        dist = np.hypot(*(centres - centres[i]).T)
        width = 2 * float(np.sqrt(areas[i] / np.pi))
        reach = max(params.link_rel * edge_px, min(params.twin_reach * width,
                                                    params.twin_cap_rel * edge_px))
        rivals = (dist <= reach) & (areas >= params.top_rel * areas[i])
        if rivals.sum() == 1:                                   # itself only
            out.append(int(i))
    return out


def disk_blob(centre: np.ndarray, radius: float, shape: tuple[int, int]) -> Blob | None:
    """A filled disk about ``centre``, clipped to the picture; None if it leaves it."""
    cx, cy = float(centre[0]), float(centre[1])
    h, w = shape
    x0, y0 = max(0, int(cx - radius)), max(0, int(cy - radius))
    x1, y1 = min(w, int(np.ceil(cx + radius)) + 1), min(h, int(np.ceil(cy + radius)) + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return None
    ys, xs = np.mgrid[y0:y1, x0:x1]
    mask = np.hypot(xs - cx, ys - cy) <= radius
    return Blob(box_xyxy=(x0, y0, x1, y1), mask=mask, area_px=float(mask.sum()),
                solidity=1.0, outlined=False)
