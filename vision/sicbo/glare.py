"""Stage 1 (scene): the glass's static glare, and whether it can have hidden a die's pips.

- ``glare_mask``: static highlights on the glass (bright, grey, not a die, and clipped or
  far above the floor: not a pale floor's lit centre), learnt once per camera;
- ``glare_hides_pips``: could the learnt glare have washed out pips that change a face;
- ``white_level`` and ``glare_on_face``: is the glare on this die's face in this frame.
- ``lit_cores``: a blob's parts lit over half its height (a die in the glare's halo).

Split out of ``dome.py`` (which still exports these names) unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.faintpip import blank_grid, blank_places, washed_to
from vision.sicbo.layout import LAYOUTS

if TYPE_CHECKING:
    from vision.sicbo.dome import DomeRegion

__all__ = ["bloom_beside", "floor_cover", "glare_hides_pips", "glare_mask", "glare_on_face",
           "glare_spared", "red_four",
           "lit_cores", "white_level"]


def glare_mask(frame_bgr: np.ndarray, dice_boxes: list[tuple[float, float, float, float]],
               *, dome: DomeRegion | None = None, min_value: int = 235,
               max_saturation: int = 40, paler: float = 0.6, above_floor: float = 60.0,
               clip_margin: float = 6.0) -> np.ndarray:
    """(H, W) bool: the glass's highlights outside the dice boxes: near-white pixels (grey,
    or at most ``paler`` x the frame's median saturation: a highlight on a coloured floor
    takes some of its colour) that are a highlight, not a pale floor (``_strong_light``)."""
    hsv = cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2HSV)
    sat = hsv[..., 1]
    pale = max(float(max_saturation), paler * float(np.median(sat)))
    mask = (hsv[..., 2] >= min_value) & (sat <= pale)
    outside = np.ones(mask.shape, bool)
    for x0, y0, x1, y1 in dice_boxes:
        outside[max(0, int(y0)):max(0, int(y1) + 1), max(0, int(x0)):max(0, int(x1) + 1)] = False
    return mask & outside & _strong_light(frame_bgr, outside, dome, above_floor, clip_margin)


def _strong_light(frame_bgr: np.ndarray, outside: np.ndarray, dome: DomeRegion | None,
                  above_floor: float, clip_margin: float) -> np.ndarray:
    """(H, W) bool: where the glass adds enough light to wash a pip out.

    The glare is light ADDED to what lies below it: it changes nothing of a pip's contrast
    with its face until the face clips, and washes the pip out only when it is strong (a
    lamp's core, well over a hundred grey levels on a dark pip). On the floor such a
    light shows as a spot either clipped (``white_level``, less ``clip_margin`` for the
    3x3 blur's noise) or far above the floor (more than ``above_floor`` over the median
    grey of the floor inside ``dome``, or of the frame if no dome is known: a floor
    darker round it then counts as glare, the fail-safe side). A pale floor's lit centre
    is neither: seed 10604 clip 017 (floor ~215, 1280x960), its centre 230-242 grey in
    a frame clipping at 250, ~15 over the floor's median, was all taken as glare and
    every die on it doubted."""
    grey = cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY)
    inside = outside.copy()
    if dome is not None:
        inside &= _floor_disc(dome, grey.shape, 1.0)
    floor = float(np.median(grey[inside])) if inside.any() else 0.0
    lit = cv2.blur(grey, (3, 3)).astype(np.float32)
    return (lit >= white_level(frame_bgr) - clip_margin) | (lit >= floor + above_floor)


def floor_cover(glare_small: np.ndarray, dome: DomeRegion | None, scale: float) -> float:
    """The share of the floor (``dome``'s ellipse, full-res px, drawn at ``scale`` small
    px per full-res px) that the learnt glare mask (bool, small) covers; of the whole
    frame when no dome is known."""
    if dome is None:
        return float(glare_small.mean())
    inside = _floor_disc(dome, glare_small.shape, scale)
    return float(glare_small[inside].mean()) if inside.any() else float(glare_small.mean())


def _floor_disc(dome: DomeRegion, shape: tuple[int, ...], scale: float) -> np.ndarray:
    """(H, W) bool of ``shape``: inside the dome's ellipse (full-res px) drawn at ``scale``
    px per full-res px."""
    disc = np.zeros(shape[:2], np.uint8)
    centre = (round(dome.center_xy[0] * scale), round(dome.center_xy[1] * scale))
    axes = (max(1, round(dome.axes_px[0] * scale / 2)), max(1, round(dome.axes_px[1] * scale / 2)))
    cv2.ellipse(disc, centre, axes, dome.angle_deg, 0, 360, 1, -1)
    return disc > 0


def glare_hides_pips(glare_small: np.ndarray, scale: float, center_xy: tuple[float, float],
                     edge_px: float, face: int | None, *, cover: float | None = None,
                     max_cover: float = 0.1, centre_rel: float = 0.2,
                     big_cover: float = 0.25, big_pip: bool = False) -> bool:
    """Could the static glare have washed out pips that would change this face's value?

    Only where the glare is strong can it wash a dark pip out, and there it also lifts
    the floor to near-white, so the learnt mask (near-white floor) is where pips can go.
    One washed pip turns a 3 into a 2 or a 5 into a 4 only if it is the CENTRE pip (no
    other one-pip subset of a layout is a layout), so a 2 or a 4 is unsure when the mask
    comes within ``centre_rel`` edges of the face centre. Washing two or more pips (a
    5 read as a 3 or a 1, a 6 as a 4) needs the glare over much of the face: any face but
    a six is unsure when the mask covers ``big_cover`` of the disc of half an edge round
    the centre. A six cannot be a washed-out anything, nor a one whose lone pip is as
    large as a one's (``big_pip``: ``pips.big_one``, ~0.4 edge across on a Chinese one):
    glare takes pips away and shrinks what it leaves, so the pip left of a washed three
    or five is its small centre pip (~0.2 edge). Seed 11604 (spent) clip 009 r1 frame 244
    (1920x1080): a red one in the lamp's halo, pip 0.39 edge across (the four's 0.16),
    pips and CNN 0.991 sure, capped at 0.5: the round abstained. A "glare" covering more than
    ``max_cover`` of the floor (``cover``: ``floor_cover``; None: the mask's share of the
    frame) is a pale floor, not highlights, and says nothing: a lamp's reflection in the
    dome is compact (0.5-1.7% of the floor on the rendered floors of tests/sicbo and seed
    11104 clips 010, 014, 018), while a floor paler than the dice lit to the clip covers
    a fifth of it (seed 11104 clip 029, 1920x1080: 20.7% of the floor, 8.1% of the
    frame, under the frame's 0.2 that this rule used; every die there doubted, four rounds
    abstained). (A pip missed for another reason, next to the glare, is
    ``pips.two_is_diagonal``'s case.)"""
    share = float(glare_small.mean()) if cover is None else cover
    if face is None or face == 6 or (face == 1 and big_pip) or share > max_cover:
        return False
    window, px, _ = _face_window(glare_small.shape, scale, center_xy, edge_px)
    box = glare_small[window]
    if box.size == 0 or not box.any():
        return False
    dist = px / max(edge_px * scale, 1e-6)
    disc = dist <= 0.5
    if disc.any() and float(box[disc].mean()) >= big_cover:
        return True
    return face in (2, 4) and bool(box[dist <= centre_rel].any())


def glare_spared(glare_small: np.ndarray, scale: float, center_xy: tuple[float, float],
                 edge_px: float, face: int | None,
                 pips_xy: tuple[tuple[float, float], ...], *, min_fill: float = 0.6) -> bool:
    """Has the glare by this face (``glare_hides_pips``) spared every place where a pip washed out
    would change it? A blank place of the face (the 3 x 3 grid's places its layout has no
    pip at, placed by its found pips: ``faintpip._place``) may have lost a pip only when it
    lies nearer the core of a spot of the learnt glare (within half an edge of the face's
    centre) than every found pip does. A lamp's reflection is brightest at its core and
    fades out from it, so a blank place farther from the core than a pip that still shows
    had less light added than that pip: a pip there would show too. The spot's centroid is
    taken for its core, so the spot must be compact (``min_fill`` of its box; a disc fills
    0.79). A face read short is a larger face with every one of its extra pips washed (a
    three is a five whose other two corners are gone), so the face is spared when every such
    larger face has an extra place farther from the core than a pip that shows
    (``washed_to``), even if another blank place lies nearer: a pip there would make no
    face. (A three is then spared by any one compact spot: the centre pip lies midway
    between a five's two other corners, so nearer the core than one of them; a four with the
    core by its centre is not: both middles, a six's, lie nearer than its corners.) Seed
    13004 (spent) clip 016 r2 frame 1122 (640x480): a three, the lamp's spot over its upper
    edge, a middle place (no face) 0.6 px and one of a five's corners 9.6 px from the core,
    its pips 10.5-10.6 px, the five's other corner 23.2 px: pips and CNN 0.989, capped at
    0.5 on every read: abstained low_confidence. Needs the face's pips all found
    (``pips_xy``, as many as ``face``, 2 to 5: a one's lone pip places no grid; a five's are
    no other face's anyway).
    Seed 12804 (spent) clip 024 r2 frame 1013 (1920x1080, a pale floor, every die's face
    clipped white): a four, the lamp's spot over one corner pip (7 px from the spot's
    centre, washed to a pale pink but found), the centre and middles 21-31 px from it and
    blank; pips and CNN 0.977, capped at 0.5 on every read: abstained low_confidence.
    A five whose five pips fit its layout is spared whatever the spot's shape: its centre
    pip shows, and no larger face has one (a six with any one pip washed fits no five's
    layout within ``faintpip``'s residual), so no washed pip can have made it. Seed 13304
    (spent) clip 010 r2 frame 949 (1280x960, pale mint floor): a five in a lamp's spot that
    fills 0.49 of its box (2105 px in 64 x 67), pips and CNN sure, capped at 0.5 on every
    read: abstained low_confidence."""
    if face is None or not 2 <= face <= 5 or len(pips_xy) != face:
        return False
    pts = np.array(pips_xy, float)
    blank = blank_places(pts, face, edge_px)
    if blank is None:
        return False
    if not washed_to(face):
        return True
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(glare_small.astype(np.uint8))
    window, px, r = _face_window(glare_small.shape, scale, center_xy, edge_px)
    spots = set(np.unique(labels[window][px <= r]).tolist()) - {0}
    if not spots:
        return False
    washable = np.zeros(len(blank), bool)
    for k in spots:
        if stats[k, cv2.CC_STAT_AREA] < min_fill * stats[k, cv2.CC_STAT_WIDTH] * \
                stats[k, cv2.CC_STAT_HEIGHT]:
            return False
        core = (centroids[k] + 0.5) / scale
        washable |= np.hypot(*(blank - core).T) < float(np.hypot(*(pts - core).T).min())
    grid = [tuple(p) for p in blank_grid(LAYOUTS[face])]
    return not any(all(washable[grid.index(p)] for p in extra)
                   for extra in washed_to(face))


def red_four(frame_bgr: np.ndarray, face: int | None,
             pips_xy: tuple[tuple[float, float], ...],
             box_xyxy: tuple[float, float, float, float] | None, *,
             min_red: float = 25.0, min_above: float = 20.0) -> bool:
    """A four whose four pips are all red (Lab a* at least ``min_red`` above neutral and
    ``min_above`` above the die's box, its face's median): the Chinese style's four. Glare
    takes pips away, it does not paint them red: a five or a six, whose pips are black in
    both styles (footage-format section 5: red pips on the one and the four only), read
    as a four with a pip washed would show black pips. Seed 13204 (spent) clip 027 r4
    frame 1744 (1024x576): a red four in the lamp's spot, its centre (a five's centre pip's
    place) under the spot's core, pips a* 178-186 (black pips there 122-137, the face
    ~138), pips and CNN 0.994, capped at 0.5 on every read: abstained low_confidence.
    One pip washed paler (still ``min_above`` over the face, under ``min_red``) is allowed:
    three red pips are a four's already (no other face has more than one red pip). Seed
    13604 (spent) clip 009 r2 (green floor, face a* 120): pips a* 174, 178, 161 and one
    washed to 143-146 by the glare, capped on every read: abstained low_confidence."""
    if face != 4 or len(pips_xy) != 4 or box_xyxy is None:
        return False
    h, w = frame_bgr.shape[:2]
    x0, y0 = max(0, int(box_xyxy[0])), max(0, int(box_xyxy[1]))
    x1, y1 = min(w, int(np.ceil(box_xyxy[2]))), min(h, int(np.ceil(box_xyxy[3])))
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    a = cv2.cvtColor(frame_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2LAB)[..., 1].astype(np.float32)
    face_a = float(np.median(a))
    pale = 0
    for x, y in pips_xy:
        cx, cy = int(round(x)) - x0, int(round(y)) - y0
        if not (1 <= cx < a.shape[1] - 1 and 1 <= cy < a.shape[0] - 1):
            return False
        pip_a = float(a[cy - 1:cy + 2, cx - 1:cx + 2].mean())
        if pip_a - face_a < min_above:
            return False
        pale += pip_a - 128.0 < min_red
    return pale <= 1


def _face_window(shape: tuple[int, int], scale: float, center_xy: tuple[float, float],
                 edge_px: float) -> tuple[tuple[slice, slice], np.ndarray, float]:
    """The window of a mask at ``scale`` round a face's disc of half an edge: its slices,
    each cell's distance (mask pixels) from the face's centre, and the disc's radius."""
    h, w = shape
    x, y, r = center_xy[0] * scale, center_xy[1] * scale, 0.5 * edge_px * scale
    x0, y0 = max(0, int(x - r)), max(0, int(y - r))
    x1, y1 = min(w, int(np.ceil(x + r)) + 1), min(h, int(np.ceil(y + r)) + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    return (slice(y0, y1), slice(x0, x1)), np.hypot(xx + 0.5 - x, yy + 0.5 - y), r


def white_level(frame_bgr: np.ndarray, *, margin: float = 4.0) -> float:
    """The grey level where this camera clips (the glare's core, the brightest light in
    the picture): the 99.9th percentile of the frame's grey (every other pixel), less
    ``margin`` for noise and compression. A frame with nothing clipped gives its
    brightest surface (the dice), under which every die counts as washed (fail-safe)."""
    grey = cv2.cvtColor(np.ascontiguousarray(frame_bgr[::2, ::2]), cv2.COLOR_BGR2GRAY)
    return float(np.percentile(grey, 99.9)) - margin


def glare_on_face(frame_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
                  white: float, *, min_frac: float = 0.06) -> bool:
    """Is the glare on this die's top face in THIS frame (full-res BGR uint8)?

    The glass's glare is light added to what lies below it: a dark pip is washed out only
    where the sum comes near the camera's clipping level (``white_level``), and the
    white body round it is then clipped too. So a top face with less than ``min_frac``
    of its disc (half an edge round the centre) at grey >= ``white`` has no glare on it
    strong enough to hide a pip (a pip is ~4% of that disc, and the glare that washes it
    is wider than it), whatever the learnt mask (``glare_hides_pips``) says of the place.
    Seed 10104 clip 007 (white level 248): a four and a one beside the glare, both
    signals sure, 1.9% and 0% of their faces that white; the five whose centre pip the
    glare washed out (read as a four) 82%; clip 021 r4, a four on a bright face by the
    glare, 35% (capped)."""
    h, w = frame_bgr.shape[:2]
    r = 0.5 * edge_px
    x0, y0 = max(0, int(center_xy[0] - r)), max(0, int(center_xy[1] - r))
    x1, y1 = min(w, int(np.ceil(center_xy[0] + r)) + 1), min(h, int(np.ceil(center_xy[1] + r)) + 1)
    if x1 <= x0 or y1 <= y0:
        return True
    grey = cv2.cvtColor(frame_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    disc = np.hypot(xx - center_xy[0], yy - center_xy[1]) <= r
    return bool(disc.any()) and float((grey[disc] >= white).mean()) >= min_frac


def lit_cores(image_bgr: np.ndarray, blob: Blob, *, min_area_px: float = 0.0,
              ring_px: int = 4) -> list[Blob]:
    """The parts of ``blob`` brighter than half-way from the floor round it (the median
    L of a ``ring_px`` band outside it) to its brightest (95th percentile L), each of at
    least ``min_area_px``.

    A die is a step over its floor: blurred, its outline sits at half the step's height,
    so the cut keeps its top face whole. The dome's glare is light added in a smooth
    hump: on a dark floor its faint halo scores as "not floor" wide round a lamp's
    reflection, and a die lying in the halo is one soft blob with it, refused whole
    and too round for an opening to cut (seed 10704 clip 009 r1, 1024x576: a two
    beside the glare, blob of 7357 px, 5 die areas). Half the hump's height cuts the
    halo away and keeps at most the lamp's core, which has no pips."""
    x0, y0, x1, y1 = blob.box_xyxy
    h, w = image_bgr.shape[:2]
    px0, py0 = max(0, x0 - ring_px), max(0, y0 - ring_px)
    px1, py1 = min(w, x1 + ring_px), min(h, y1 + ring_px)
    light = cv2.cvtColor(image_bgr[py0:py1, px0:px1], cv2.COLOR_BGR2LAB)[..., 0]
    inside = np.zeros(light.shape, np.uint8)
    inside[y0 - py0:y1 - py0, x0 - px0:x1 - px0] = blob.mask
    ring = (cv2.dilate(inside, np.ones((2 * ring_px + 1,) * 2, np.uint8)) > 0) & (inside == 0)
    if not ring.any() or not inside.any():
        return []
    mid = 0.5 * (float(np.median(light[ring])) + float(np.percentile(light[inside > 0], 95)))
    core = ((light > mid) & (inside > 0)).astype(np.uint8)
    outside = np.zeros((core.shape[0] + 2, core.shape[1] + 2), np.uint8)
    cv2.floodFill(core.copy(), outside, (0, 0), 1)     # pips: dark holes, filled
    core = (outside[1:-1, 1:-1] == 0).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(core, connectivity=4)
    parts = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area < max(1.0, min_area_px):
            continue
        sub = labels[y:y + bh, x:x + bw] == i
        parts.append(Blob(box_xyxy=(px0 + x, py0 + y, px0 + x + bw, py0 + y + bh), mask=sub,
                          area_px=float(area), solidity=blob.solidity))
    return parts


def bloom_beside(frame_bgr: np.ndarray, dice: list[tuple[float, float, float]], k: int,
                 white: float, *, centre_rel: float = 0.2, clipped: float = 0.9,
                 ring: tuple[float, float] = (0.9, 1.3), lift: float = 30.0) -> bool:
    """Does a lamp's bloom lie on die ``k`` of ``dice`` ((x, y, edge px) each, three) in
    THIS frame: its face clipped white about its centre (``clipped`` of the disc of
    ``centre_rel`` edge, at grey >= ``white``), where a washed centre pip leaves a two of a
    three and a four of a five, and the floor round it (the ``ring`` of edges about its
    centre) ``lift`` grey levels or more above the floor round the other dice (median of
    each)? The learnt glare (``glare_mask``) leaves the dice' boxes out, since a white face
    is as white as a highlight: a bloom on a die the first still read saw is nowhere in
    it, but light added to the die spills on the floor beside it. Fresh seed 15104 013 r0
    (1920x1080, every face clipped): a three under the lamp, its centre pip washed, read a
    two 0.99 sure, the learnt glare empty; its floor ring 174 grey, the other dice' 137 and
    139. (That round abstained: the three was missed in three of five reads.) A floor lit
    unevenly lifts a ring too: spent 14804 028 r0, a right two 27 above (not capped)."""
    if len(dice) < 3:
        return False
    h, w = frame_bgr.shape[:2]

    def rings(x: float, y: float, e: float) -> tuple[np.ndarray, np.ndarray]:
        r = int(np.ceil(ring[1] * e)) + 1
        x0, y0, x1, y1 = max(0, int(x) - r), max(0, int(y) - r), min(w, int(x) + r + 1), min(
            h, int(y) + r + 1)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        d = np.hypot(xx - x, yy - y) / e
        g = cv2.cvtColor(frame_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)  # (only the window)
        return g[d <= centre_rel], g[(d >= ring[0]) & (d <= ring[1])]

    centre, mine = rings(*dice[k])
    if not centre.size or not mine.size or float((centre >= white).mean()) < clipped:
        return False
    others = [rings(*d)[1] for j, d in enumerate(dice) if j != k]
    if any(not o.size for o in others):
        return False
    return float(np.median(mine)) >= max(float(np.median(o)) for o in others) + lift
