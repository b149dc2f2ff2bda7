"""Stage 2c: a pip washed out by light, looked for where the CNN's face puts it.

Glare or a pale light can wash a pip nearly into its face: its black-hat response
falls under the pip finder's floor and it is never a candidate, so a four is counted
as three pips in an L (no standard layout), the CNN reads a four surely, and the die
is capped at half its confidence (seed 10104 clip 004 r1: a red four's fourth pip pale
pink; the round abstained). When three or more pips were found and they sit where the
CNN's face has pips (a similarity map of its standard layout onto them, the residual
small and the implied face size the top face's), each place the layout has a pip but
none was found is measured: the disc a pip would cover against the ring of face
around it, darker in L or redder in a*. Only when every such place shows a pip, at
least ``faint_rel`` x as strong as the found pips and ``min_signal`` Lab units, is the
face taken as grown to the CNN's count: the pips then agree with it, by an
independent measurement at places the CNN did not choose. Found pips that no other
face's layout holds (a five's centre and three corners) need less (``faint_completed``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.sicbo.layout import LAYOUTS, layout_fit
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, longest_pair

__all__ = ["FaintParams", "blank_grid", "blank_places", "centre_pair_completed",
           "corner_pair_completed", "faint_completed", "lone_corner_completed",
           "no_pip_dropped", "other_row_completed", "row_completed",
           "washed_pip_left", "washed_to"]

PIP_HALF = 0.27          # a corner pip's offset from the face centre, x edge (layout +-1)


@dataclass(frozen=True, slots=True)
class FaintParams:
    min_found: int = 3           # pips found, to place the layout
    max_resid_rel: float = 0.06  # fit residual (RMS), x edge
    size_rel: tuple[float, float] = (0.75, 1.35)   # implied edge / the top face's
    faint_rel: float = 0.2       # a missing pip's signal >= this x the found pips' ...
    min_signal: float = 8.0      # ... and this many Lab units
    alone_rel: float = 0.1       # found pips in the face's layout alone: this x theirs,
    blank_rel: float = 2.0       # ... this x the face's strongest blank place, min_signal
    end_lead: float = 1.5        # centre_pair_completed: one end this x the other's signal


def faint_completed(image_bgr: np.ndarray, top: TopFace, face: int,
                    params: FaintParams = FaintParams()) -> TopFace | None:
    """``top`` grown to ``face`` pips by washed-out pips at the layout's places, or None.

    Found pips that no other face's layout holds (``_alone``: a five's centre with three
    of its corners; a six's two columns short of one pip) are that face with pips lost,
    or another face with a pip made up exactly where the layout has one. Their missing
    places then need not show ``faint_rel`` x the found pips' signal, only
    ``alone_rel`` x it, over the face's own blank places (``blank_rel`` x the strongest)
    and ``min_signal``: glare lifts a pip's grey towards the white it clips the face
    at, so a washed pip keeps less of the found pips' contrast than a pip merely pale.
    Seed 11804 clip 008 r0 (1280x720): a five in the lamp's halo, its face clipped
    white, its lower corner pip washed to 23 Lab units (the found pips' 85-137, need
    24), its blank places 0: counted four pips, the CNN's five (0.55) capped at 0.27 on
    five reads of six, the round abstained."""
    if not params.min_found <= top.count < face <= 6:
        return None
    pts = np.array([p.center_xy for p in top.pips], float)
    fit = _place(pts, LAYOUTS[face], top.edge_px, params)
    if fit is None:
        return None
    missing, blank = fit
    lab, r, found = _measure(image_bgr, top)
    shown = min(_signal(lab, xy, r) for xy in missing)
    if shown >= _need(found, params.faint_rel, params):
        return _grown(top, missing, r)
    blank_shown = max((_signal(lab, xy, r) for xy in blank), default=0.0)
    if shown >= max(_need(found, params.alone_rel, params), params.blank_rel * blank_shown) \
            and _alone(pts, face, top.edge_px, params):
        return _grown(top, missing, r)
    return None


def _alone(pts: np.ndarray, face: int, edge_px: float, params: FaintParams) -> bool:
    """No face but ``face`` has a layout that holds the pips at ``pts`` (``_place``)."""
    return all(_place(pts, LAYOUTS[other], edge_px, params) is None
               for other in range(len(pts), 7) if other != face)


def corner_pair_completed(image_bgr: np.ndarray, top: TopFace,
                          params: FaintParams = FaintParams()) -> TopFace | None:
    """Two pips at adjacent corners (no two: ``pips.two_is_diagonal``) grown to the face
    of 4-6 pips whose other places all show washed-out pips, or None. Two points place a
    layout exactly, either side of the pair, so the evidence is the places alone: the
    faces that show must lie on one side and nest (a four inside a five or six: the
    largest wins). Seed 10504 clip 022 r3 (1280x960, camera straight down): a four under
    the dome's central glare, two pips washed grey, read as two adjacent pips (capped at
    0.5, the round abstained)."""
    if top.count != 2:
        return None
    pts = np.array([p.center_xy for p in top.pips], float)
    lab, r, found = _measure(image_bgr, top)
    need = _need(found, params.faint_rel, params)
    shown = []
    for layout, i, j in _side_pairs():
        m = _similarity(layout[[i, j]], pts)
        scale = float(np.hypot(m[0], m[1]))
        lo, hi = params.size_rel
        if not lo * top.edge_px <= scale / PIP_HALF <= hi * top.edge_px:
            continue
        missing = _apply(m, layout[[k for k in range(len(layout)) if k not in (i, j)]])
        if all(_signal(lab, xy, r) >= need for xy in missing):
            shown.append(missing)
    if not shown:
        shown = _tilted_corner_faces(lab, pts, r, need, top.edge_px, params)
    if not shown:
        return None
    best = max(shown, key=len)
    near = 0.15 * top.edge_px
    if any(np.hypot(*(best - xy).T).min() > near for s in shown for xy in s):
        return None
    return _grown(top, best, r)


# a top face seen within ~40 degrees of square on (the camera within 30 of vertical, and
# the view's half-angle): its side across the pair this x the pair's side (cos 40 ...
# 1 / cos 40) and turned this far from square (asin((1 - s^2) / (1 + s^2)) at s = cos 40)
TILT_RATIO = (0.77, 1.3)
TILT_SKEW_DEG = 15.0


def _tilted_corner_faces(lab: np.ndarray, pts: np.ndarray, r: float, need: float,
                         edge_px: float, params: FaintParams) -> list[np.ndarray]:
    """``corner_pair_completed``'s faces placed for a face seen obliquely: the places
    of each face of 4-6 pips that has the pair at two corners of one side, its other
    side the image of the square's under an affine map (a parallelogram: the far
    corners at the pair plus one vector ``w``, found where both show pips best within
    ``TILT_RATIO`` and ``TILT_SKEW_DEG`` of the square's), when on exactly one side of
    the pair both far corners show washed-out pips (``need``); [] otherwise. A
    similarity map (a face seen square on) puts them a pip's width off on a tilted
    camera. Seed 13004 (spent) clip 028 r1 frame 476 (800x600, camera 29 degrees off
    vertical, the die at the frame's far side): a red four under the glare, two pips
    washed pale (signal 47 and 73 against need 20), the similarity's places 7 px off
    them (signal 0-1): read as two adjacent pips, capped at 0.5: abstained."""
    a, b = pts
    half = 0.5 * (b - a)
    mid = 0.5 * (a + b)
    lo, hi = params.size_rel
    if not lo * edge_px <= 2.0 * float(np.hypot(*half)) / (2 * PIP_HALF) <= hi * edge_px:
        return []
    sides = []
    for sign in (1.0, -1.0):
        square = sign * np.array([-half[1], half[0]])       # the half side across, square on
        best = (0.0, square)
        for k in np.linspace(*TILT_RATIO, 14):
            for t in np.radians(np.linspace(-TILT_SKEW_DEG, TILT_SKEW_DEG, 13)):
                c, s = np.cos(t), np.sin(t)
                w = k * np.array([c * square[0] - s * square[1], s * square[0] + c * square[1]])
                got = min(_signal(lab, mid - half + 2 * w, r),
                          _signal(lab, mid + half + 2 * w, r))
                if got > best[0]:
                    best = (got, w)
        if best[0] >= need:
            sides.append(best[1])
    if len(sides) != 1:
        return []
    w = sides[0]
    shown = []
    for layout, i, j in _side_pairs():
        u = 0.5 * (layout[j] - layout[i])
        n = np.array([-u[1], u[0]])
        o = 0.5 * (layout[i] + layout[j])
        rest = layout[[k for k in range(len(layout)) if k not in (i, j)]] - o
        missing = mid + np.outer(rest @ u, half) + np.outer(np.abs(rest @ n), w)
        if all(_signal(lab, xy, r) >= need for xy in missing):
            shown.append(missing)
    return shown


def _side_pairs() -> Iterator[tuple[np.ndarray, int, int]]:
    """(layout, i, j) for each face of 4-6 pips and each ordered pair of its places at two
    corners of one side (2 layout units apart): where two pips left of a washed face may lie."""
    for face in (4, 5, 6):
        layout = LAYOUTS[face]
        for i, j in itertools.permutations(range(len(layout)), 2):
            if abs(float(np.hypot(*(layout[i] - layout[j]))) - 2.0) <= 1e-6:
                yield layout, i, j


def centre_pair_completed(image_bgr: np.ndarray, top: TopFace,
                          params: FaintParams = FaintParams()) -> TopFace | None:
    """Two pips a corner and the centre apart (no two: ``pips.two_is_diagonal``) grown to
    the three whose third pip shows washed out one step on, in line, or None. Either pip
    may be the centre: exactly one of the two places in line must show a pip
    (``faint_rel`` x the found pips' signal, ``min_signal``), the other none or less than
    1 / ``end_lead`` of its signal, and neither corner across the diagonal may show one (a
    five with corners washed out shows pips there); the CNN must then read the grown face
    as a three (``dice._washed_rows``). Seed 12804 (spent) clip 009 r2 frame 852
    (1280x960): a three in the lamp's glare, its lower corner pip washed grey (61 Lab
    units against the found pips' 150), read as two pips a corner and the centre apart
    (capped at 0.5): abstained low_confidence. A step past a corner pip lies at the face's
    corner, on the die's darker outline: fresh seed 14604 clip 002 r2 frame 977 (1024x576,
    blurred, 43 px dice): a three's upper corner pip lost, the place there 60.0 and the one
    past the lower corner 34.0 (need 27.7): capped at 0.22, abstained low_confidence."""
    if top.count != 2:
        return None
    lab, r, found = _measure(image_bgr, top)
    need = _need(found, params.faint_rel, params)
    a, b = (np.asarray(p.center_xy, float) for p in top.pips)
    ends = [(2 * b - a, b), (2 * a - b, a)]            # (the third place, the centre)
    signal = [_signal(lab, end, r) for end, _ in ends]
    shown = [k for k in (0, 1) if signal[k] >= need and (
        signal[1 - k] < need or signal[k] >= params.end_lead * signal[1 - k])]
    if len(shown) != 1:
        return None
    end, c = ends[shown[0]]
    u = end - c
    across = [c + np.array([-u[1], u[0]]), c - np.array([-u[1], u[0]])]
    if any(_signal(lab, xy, r) >= need for xy in across):
        return None
    return _grown(top, np.array([end]), r)


TWO_DIAG = 2 * PIP_HALF * np.sqrt(2.0)   # a two's pips apart, x edge (square on)


def lone_corner_completed(image_bgr: np.ndarray, top: TopFace, *,
                          edge_px: float | None = None,
                          reach_rel: tuple[float, float] = (0.6, 0.95), step_deg: float = 5.0,
                          spread_deg: float = 30.0, even_rel: float = 0.25,
                          params: FaintParams = FaintParams()) -> TopFace | None:
    """A lone pip grown to the two whose other pip shows washed out one diagonal away, or
    None. ``edge_px``: the face's edge if known better than ``top``'s (a lone pip's face
    is sized by its blob, which glare or a side face can swell).

    Round the pip, on the ring of a two's diagonal (``TWO_DIAG`` x edge, within
    ``reach_rel``: a tilted face's diagonal shrinks), the places that show a pip on the
    face (``faint_rel`` x the found pip's signal, ``min_signal``; the face round it even:
    its ring's 10th percentile of L within ``even_rel`` x the found pip's signal of its
    median, so not the die's outline against the floor) must all lie within
    ``spread_deg`` of one direction (one washed pip, not a neighbour's pips), and neither
    the midpoint (a three's centre) nor the two corners across that diagonal (a four's,
    five's or six's) may show one. The found pip must be a clean one itself (its ring
    even, its signal at least three ``min_signal``). The CNN must then read the grown face
    as a two (``dice._washed_rows``). Fresh seed 13404 (spent) clip 012 r2 frame 806
    (1024x576, green floor): a two in the lamp's glare, its lower right pip washed grey
    (53 Lab units against the found pip's 162) and joined to the glare's halo, read as a
    lone pip (the CNN "not a die" 0.57): a one at 0.5, abstained."""
    if top.count != 1:
        return None
    (px, py), edge = top.pips[0].center_xy, edge_px or top.edge_px
    r = float(np.sqrt(top.pips[0].area_px / np.pi))
    rr = int(np.ceil(2.4 * r)) + 1
    x0, y0, x1, y1 = _surround(image_bgr, (px, py), int(np.ceil(reach_rel[1] * edge)) + rr + 1)
    if x1 - x0 <= 2 * rr or y1 - y0 <= 2 * rr:
        return None
    lab = cv2.cvtColor(image_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2LAB).astype(np.float32)
    pip = np.array([px - x0, py - y0], float)
    found, uneven = _signals(lab, pip[None], r)
    if float(uneven[0]) > even_rel * float(found[0]) or found[0] < 3 * params.min_signal:
        return None                                   # no clean pip to measure against
    need = _need(float(found[0]), params.faint_rel, params)
    angles = np.radians(np.arange(0.0, 360.0, step_deg))
    rels = np.linspace(reach_rel[0], reach_rel[1], 8)
    dirs = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    places = pip + edge * rels[None, :, None] * dirs[:, None, :]        # angle x rel x 2
    sig, spread = _signals(lab, places.reshape(-1, 2), r)
    sig = np.where(spread <= even_rel * float(found[0]), sig, 0.0).reshape(len(angles), -1)
    shown = sig.max(axis=1) >= need
    if not shown.any():
        return None
    k, j = np.unravel_index(int(np.argmax(sig)), sig.shape)
    off_dir = np.abs((angles[shown] - angles[k] + np.pi) % (2 * np.pi) - np.pi)
    if float(off_dir.max()) > np.radians(spread_deg):
        return None
    xy = places[k, j]
    mid, half = 0.5 * (pip + xy), 0.5 * (xy - pip)
    check = np.array([mid, mid + (-half[1], half[0]), mid - (-half[1], half[0])])
    if float(_signals(lab, check, r)[0].max()) >= need:
        return None
    return _grown(top, np.array([xy + (x0, y0)]), r)


def _surround(image: np.ndarray, xy: tuple[float, float],
              reach: int) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1) ``reach`` pixels round ``xy``, clipped to ``image``: the
    only part a check near one face converts to Lab (costly over a whole frame)."""
    h, w = image.shape[:2]
    x, y = int(xy[0]), int(xy[1])
    return max(0, x - reach), max(0, y - reach), min(w, x + reach + 1), min(h, y + reach + 1)


def _signals(lab: np.ndarray, xy: np.ndarray, r: float) -> tuple[np.ndarray, np.ndarray]:
    """``_signal`` (L only: a washed pip is grey) at each place of ``xy`` (N x 2, rounded
    to the pixel), and how uneven the ring round it is (its median L less its 10th
    percentile). Places whose ring leaves ``lab`` give 0 and an infinite spread."""
    rr = int(np.ceil(2.4 * r)) + 1
    dy, dx = np.mgrid[-rr:rr + 1, -rr:rr + 1]
    d = np.hypot(dx, dy)
    disc, ring = d <= 0.8 * r, (d >= 1.6 * r) & (d <= 2.4 * r)
    c = np.rint(xy).astype(int)
    ok = (c[:, 0] >= rr) & (c[:, 1] >= rr) & (c[:, 0] < lab.shape[1] - rr) & \
        (c[:, 1] < lab.shape[0] - rr)
    c = np.where(ok[:, None], c, rr)
    light = lab[..., 0]
    dv = light[c[:, 1, None] + dy[disc][None], c[:, 0, None] + dx[disc][None]]
    rv = light[c[:, 1, None] + dy[ring][None], c[:, 0, None] + dx[ring][None]]
    med = np.median(rv, axis=1)
    sig = np.maximum(0.0, med - np.median(dv, axis=1))
    spread = med - np.percentile(rv, 10, axis=1)
    return np.where(ok, sig, 0.0), np.where(ok, spread, np.inf)


def no_pip_dropped(image_bgr: np.ndarray, top: TopFace, *, no_fit: float = 0.25,
                   clean_fit: float = 0.8, dark_rel: float = 0.1,
                   params: FaintParams = FaintParams()) -> TopFace | None:
    """A top face of 3+ pips in no layout (``no_fit``) less the one "pip" that is no
    darker than the face round it (under ``dark_rel`` x the other pips' median signal
    and ``min_signal``), when the rest form a clean layout (``clean_fit``); or None. The
    pip finder's contrast is taken on the blob's exposure-stretched light, so on a pale
    floor the blob runs into a die's shadow and the shadow's edge can pass for a pip;
    a pip, even washed by glare, keeps a share of its dark (20-40% here). A face in its
    layout is never touched. Seed 12804 (spent) clip 008 r4 frame 1449 (1280x720, pale
    grey floor): a two and, in the shadow at its side, a "pip" of signal 6 against the
    two's 181 and 189: three pips in no layout, the CNN's two at 0.91 capped at 0.46:
    abstained low_confidence."""
    if top.count < 3 or layout_fit(np.array([p.center_xy for p in top.pips])) >= no_fit:
        return None
    lab, r, _ = _measure(image_bgr, top)
    sig = [_signal(lab, p.center_xy, r) for p in top.pips]
    weak = [i for i, v in enumerate(sig)
            if v < params.min_signal and v < dark_rel * float(np.median(sig[:i] + sig[i + 1:]))]
    if len(weak) != 1:
        return None
    rest = tuple(p for i, p in enumerate(top.pips) if i != weak[0])
    pts = np.array([p.center_xy for p in rest], float)
    if layout_fit(pts) < clean_fit:
        return None
    c = pts.mean(axis=0)
    return replace(top, pips=rest, center_xy=(float(c[0]), float(c[1])),
                   side_pips=(*top.side_pips, top.pips[weak[0]]))


def row_completed(image_bgr: np.ndarray, top: TopFace, *, min_round: float = 0.45,
                  params: FaintParams = FaintParams()) -> TopFace | None:
    """Three pips in a row (no three: ``pips.three_is_diagonal``) grown to the six whose
    other row the pip finder found in part, ranked off the top face: the row's pips with
    one to three of the side pips (round, on the die) at a six's places, the places still
    missing showing washed-out pips (``faint_completed``); failing that, the other row
    measured where a six puts it though none of its pips was found
    (``other_row_completed``); None when no such six is there. Three points in a row
    place a six's layout either side of them: a found pip of the other row picks the
    side, else both sides are measured. Seed 12804 (spent) clip 005 r4 frame
    746 (640x480): a six in the lamp's glare, its far row pale (19 px against 27) and its
    last pip washed out, read as a three in a row (capped at 0.5; the CNN, shown a crop
    centred on the row, 0.50 three): abstained low_confidence."""
    if top.count != 3:
        return None
    centre = np.array(top.center_xy, float)      # a six's pips lie within 0.6 edge of it
    reach = 0.6 * params.size_rel[1] * top.edge_px + params.max_resid_rel * top.edge_px
    side = [p for p in top.side_pips if p.roundness >= min_round and p.inside >= 0.5
            and float(np.hypot(*(np.asarray(p.center_xy) - centre))) <= reach]
    for k in (3, 2, 1):
        for extra in itertools.combinations(side, k):
            grown = replace(top, pips=(*top.pips, *extra),
                            side_pips=tuple(p for p in top.side_pips if p not in extra))
            if k == 3:
                pts = np.array([p.center_xy for p in grown.pips], float)
                if _place(pts, LAYOUTS[6], top.edge_px, params) is None:
                    continue
                c = pts.mean(axis=0)
                return replace(grown, center_xy=(float(c[0]), float(c[1])))
            got = faint_completed(image_bgr, grown, 6, params)
            if got is not None:
                return got
    return other_row_completed(image_bgr, top, params)


ROW_APART = np.linspace(0.7, 1.15, 10)   # the other row's distance / a six's, searched
ROW_SHEAR = np.linspace(-0.3, 0.3, 7)    # ... and its shift along the row, x the step


def other_row_completed(image_bgr: np.ndarray, top: TopFace,
                        params: FaintParams = FaintParams()) -> TopFace | None:
    """Three pips in a row grown to the six whose other row the pip finder did not find
    at all (washed out, or off the blob cut short), measured: a six's rows lie twice the
    row's step apart, so the other row is the row moved that far across it, either side;
    the move is searched over ``ROW_APART`` and ``ROW_SHEAR`` (a view's foreshortening
    and skew of the face). One side's three places must each show a pip (``faint_rel``
    x the found pips' signal, ``min_signal``), the other side's best under that and
    under 1 / ``end_lead`` of it; the CNN must then read the grown face as a six
    (``dice._washed_rows``). Spent seed 15204 clip 002 r3 frame 742 (1024x576, pale
    floor): a six whose face the floor's light swallowed but for one row, its other row
    dark but outside the blob (115 Lab units there, 0 across), read as a three in a row
    capped at 0.5: abstained low_confidence."""
    if top.count != 3:
        return None
    lab, r, found = _measure(image_bgr, top)
    pts = np.array([p.center_xy for p in top.pips], float)
    i, j = longest_pair(pts)
    step = 0.5 * (pts[j] - pts[i])
    across = 2.0 * np.array([-step[1], step[0]])

    def best(sign: float) -> tuple[float, np.ndarray]:
        moves = [sign * k * across + t * step for k in ROW_APART for t in ROW_SHEAR]
        shown = [min(_signal(lab, p + m, r) for p in pts) for m in moves]
        k = int(np.argmax(shown))
        return shown[k], pts + moves[k]
    (a, places_a), (b, places_b) = best(1.0), best(-1.0)
    need = _need(found, params.faint_rel, params)
    shown, places, other = (a, places_a, b) if a >= b else (b, places_b, a)
    if shown < need or other >= need or shown < params.end_lead * other:
        return None
    return _grown(top, places, r)


def _measure(image_bgr: np.ndarray, top: TopFace) -> tuple[np.ndarray, float, float]:
    """The image in Lab (float), the found pips' median radius and median signal."""
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    r = float(np.median([np.sqrt(p.area_px / np.pi) for p in top.pips]))
    return lab, r, float(np.median([_signal(lab, p.center_xy, r) for p in top.pips]))


def _need(found: float, rel: float, params: FaintParams) -> float:
    """The signal a washed-out pip must show: ``rel`` x the found pips' (``found``), at
    least ``min_signal``."""
    return max(params.min_signal, rel * found)


def _grown(top: TopFace, missing: np.ndarray, r: float) -> TopFace:
    """``top`` with round pips of radius ``r`` added at ``missing``, centred anew. A pip
    the finder found there but ranked off the top face (faint, so small) is the added
    pip, no longer a side pip: within a pip's diameter (``2 r``) of a place, where no
    other pip of any face can lie (a face's pips are ~2.5 diameters apart). Left in
    ``side_pips`` it was a 'stray' pip inside the face (``pips.stray_pips``) and capped
    the grown face at 0.9: seed 10904 (spent) clip 020 r2, a red four's washed corner
    pair found at 34 px against 57, grown to the four the CNN read at 0.87 -> 0.9,
    abstained."""
    extra = tuple(Pip(center_xy=(float(x), float(y)), area_px=float(np.pi * r * r),
                      axes_px=(2 * r, 2 * r), angle_deg=0.0, inside=1.0, redness=0.0)
                  for x, y in missing)
    allp = (*top.pips, *extra)
    c = np.array([p.center_xy for p in allp]).mean(axis=0)
    side = tuple(p for p in top.side_pips if not len(missing) or float(np.hypot(
        *(np.asarray(missing, float) - p.center_xy).T).min()) > 2 * r)
    return replace(top, pips=allp, center_xy=(float(c[0]), float(c[1])), side_pips=side)


def blank_places(pts: np.ndarray, face: int, edge_px: float,
                 params: FaintParams = FaintParams()) -> np.ndarray | None:
    """The image places (K x 2) of the 3 x 3 grid where ``face``'s layout, mapped onto
    its pips found at ``pts`` (``_place``), has no pip; None when they fit no map."""
    placed = _place(np.asarray(pts, float), LAYOUTS[face], edge_px, params)
    return None if placed is None else placed[1]


def _place(pts: np.ndarray, layout: np.ndarray, edge_px: float,
           params: FaintParams) -> tuple[np.ndarray, np.ndarray] | None:
    """The best similarity map of ``layout``'s slots onto ``pts`` (every assignment):
    the image places of the unassigned slots and of the face's blank places (the
    places of the 3 x 3 grid where the layout has no pip), or None when no map fits
    within ``max_resid_rel`` x edge at a plausible size."""
    best = None
    for slots in itertools.permutations(range(len(layout)), len(pts)):
        src = layout[list(slots)]
        m = _similarity(src, pts)
        resid = float(np.sqrt(((_apply(m, src) - pts) ** 2).sum(axis=1).mean()))
        scale = float(np.hypot(m[0], m[1]))
        lo, hi = params.size_rel
        if resid <= params.max_resid_rel * edge_px and \
                lo * edge_px <= scale / PIP_HALF <= hi * edge_px and \
                (best is None or resid < best[0]):
            rest = [i for i in range(len(layout)) if i not in slots]
            best = (resid, _apply(m, layout[rest]), _apply(m, blank_grid(layout)))
    return None if best is None else (best[1], best[2])


def blank_grid(layout: np.ndarray) -> np.ndarray:
    """The places of the 3 x 3 grid (-1, 0, 1 each way) where ``layout`` has no pip."""
    held = {(float(x), float(y)) for x, y in layout}
    return np.array([(x, y) for x in (-1.0, 0.0, 1.0) for y in (-1.0, 0.0, 1.0)
                     if (x, y) not in held], float)


def _similarity(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Least-squares (a, b, tx, ty): x' = a x - b y + tx, y' = b x + a y + ty."""
    n = len(src)
    rows = np.zeros((2 * n, 4))
    rows[0::2] = np.stack([src[:, 0], -src[:, 1], np.ones(n), np.zeros(n)], axis=1)
    rows[1::2] = np.stack([src[:, 1], src[:, 0], np.zeros(n), np.ones(n)], axis=1)
    return np.linalg.lstsq(rows, dst.reshape(-1), rcond=None)[0]


def _apply(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    a, b, tx, ty = m
    return np.stack([a * pts[:, 0] - b * pts[:, 1] + tx, b * pts[:, 0] + a * pts[:, 1] + ty],
                    axis=1)


def _signal(lab: np.ndarray, xy: tuple[float, float] | np.ndarray, r: float) -> float:
    """How pip-like the disc of radius ``r`` at ``xy`` is: its median L below the ring
    (r*1.6 to r*2.4) around it, or its a* above it, the larger (Lab units, 0 if none)."""
    h, w = lab.shape[:2]
    x, y = float(xy[0]), float(xy[1])
    rr = int(np.ceil(2.4 * r)) + 1
    x0, y0, x1, y1 = max(0, int(x) - rr), max(0, int(y) - rr), min(w, int(x) + rr + 1), \
        min(h, int(y) + rr + 1)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    yy, xx = np.mgrid[y0:y1, x0:x1]
    d = np.hypot(xx - x, yy - y)
    disc, ring = d <= 0.8 * r, (d >= 1.6 * r) & (d <= 2.4 * r)
    if not disc.any() or not ring.any():
        return 0.0
    patch = lab[y0:y1, x0:x1]
    dark = float(np.median(patch[..., 0][ring]) - np.median(patch[..., 0][disc]))
    red = float(np.median(patch[..., 1][disc]) - np.median(patch[..., 1][ring]))
    return max(0.0, dark, red)


def washed_pip_left(image_bgr: np.ndarray, top: TopFace,
                    params: FaintParams = FaintParams()) -> bool:
    """Whether a place where a larger face holding this face's layout has a pip (a two's
    centre and other corners, a three's other corners, a four's centre and middles:
    ``washed_to``) shows a pip as surely as ``faint_completed`` takes a washed one
    (``faint_rel`` x the found pips' signal, ``min_signal``): the face may be that larger
    face read with a pip washed out, so it is not sure (the pips counted and the CNN can
    both miss a pip washed grey). Seed 13104 (spent) clip 015 r1 frame 484 (800x600): a
    five, its centre pip washed to 33 Lab units (its corners' 60-105, median 82), read
    as a four by pips (fit clean) and CNN at 0.962, over the 0.95 floor of a face of 3+
    pips: one read, a second alike would have paid a wrong outcome. Blank places of
    faces read right show 0-3 units (13104 015, 019; 13204 014, 022)."""
    face = top.count
    if not 2 <= face <= 4 or len(top.pips) != face:
        return False
    pts = np.array([p.center_xy for p in top.pips], float)
    placed = _place(pts, LAYOUTS[face], top.edge_px, params)
    if placed is None:
        return False
    grid = [tuple(p) for p in blank_grid(LAYOUTS[face])]
    extra = {grid.index(p) for places in washed_to(face) for p in places}
    x0, y0, x1, y1 = _surround(image_bgr, top.center_xy, int(2 * top.edge_px) + 2)
    if x1 <= x0 or y1 <= y0:
        return False
    off = np.array([x0, y0], float)
    local = replace(top, pips=tuple(replace(q, center_xy=(q.center_xy[0] - x0,
                                                          q.center_xy[1] - y0))
                                    for q in top.pips))
    lab, r, found = _measure(image_bgr[y0:y1, x0:x1], local)
    need = _need(found, params.faint_rel, params)
    return any(_signal(lab, placed[1][i] - off, r) >= need for i in sorted(extra))


def washed_to(face: int) -> list[tuple[tuple[float, float], ...]]:
    """For each way a larger face holds ``face``'s layout (the 8 turns and flips of the
    square), the grid places (as ``blank_grid`` gives them) its pips take beyond
    ``face``'s: the pips glare must have washed out, all of them, for that face to be
    read as ``face``. None for a five or a six (no larger face holds a five's centre)."""
    held = {(float(x), float(y)) for x, y in LAYOUTS[face]}
    out = []
    for other in range(face + 1, 7):
        for sx in (1.0, -1.0):
            for sy in (1.0, -1.0):
                for swap in (False, True):
                    pl = {((y if swap else x) * sx + 0.0, (x if swap else y) * sy + 0.0)
                          for x, y in LAYOUTS[other]}
                    if held <= pl:
                        out.append(tuple(sorted(pl - held)))
    return out
