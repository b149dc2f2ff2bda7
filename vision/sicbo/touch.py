"""Stage 4d: dice whose top faces lie close with no floor between them touch, and a die
touching another may lean on it: neither is trusted.

A die leaning on another rests its raised bottom edge on the support's side face, so
nothing but die lies between the two top faces: the lean's upturned side face, the
support's side face. Two flat dice that close but apart show floor in the gap (a shadow
is floor too: ``floor.floor_mask``). Where the top faces lie:

- within ``merged.close_dice`` (1.6 edges, 1.7 with one face's pips squashed): the
  lean's top face centre is 0.5 + sin(t) + cos(t)/2 edges from the support's (1.3-1.5
  for tilts t of 20-40 degrees), plus a slide along the support;
- farther, up to ``reach_rel`` x edge: the lean's top face is raised and tipped, and a
  tilted camera spreads the two apart. Projected with the synthetic camera model
  (tilts 20-40 degrees, slides up to 0.3 edge, cameras up to 30 degrees off vertical;
  tests/sicbo/test_dice_touch.py): 4% of leans lie 1.6 or more of the support's
  edges away, the farthest 1.74 (a rendered lean projected 1.71 edges off measured
  1.72 with the image's edge, ``pose.scene_edge_px``). ``reach_rel`` stops there, no
  farther: flat dice seen from a tilted camera show a side face towards it, and two
  such dice 1.85 edges apart had no floor between (``tests/baselines/sicbo.json``'s
  seed 7 r0, a 5 and a 3, abstained at ``reach_rel`` 1.85). A die rendered leaning
  40 degrees on a six, camera 25 degrees, pale floor, its face 1.61 edges off, read
  three flat dice surely (and would pay); so did a four leaning 35 degrees on a six
  1.63-1.66 edges off (seed 10404 clip 016 r2, where a luckier read abstained).

Flat dice are apart by the floor between them: at least ``apart_floor_rel`` x edge on
the line joining the two top faces' centres (``floor.floor_run``) within ``close_dice``
(seed 10204 clip 004 r0: a two and a four 1.58-1.60 edges apart, 0.42 edge of floor
between, abstained before; the leaning pairs of seed 9904, 010 r0 and 014 r4, show
none), and over the band across it too (below): on a pale floor the shaded side face of
a die leaning towards the camera, slid along its support, scores as floor on the centre
line but leaves less over the band (a 3 leaning 35-40 degrees on a 6, slid 0.3 edge,
cameras 20-25 degrees: 0.26-0.39 edge on the centre line, 0.17-0.24 over the band; 12 of
24 such rendered leans were read as three flat dice surely, 1 with both measures;
tests/sicbo/test_dice_touch.py). Farther out, two corners pointing at each other leave
little floor on the centre line, so the floor is averaged over ``band_lines`` lines
across a band ``band_rel`` x edge either side of it (110 reads the reader took on seeds
9804/9904: 17 flat pairs 1.6-2.0 edges apart had 0.42-0.85 edge of floor over the band,
one only 0.23 on its centre line; a lean 1.71 edges off, 0.12; seed 10404 clip 016 r2's
lean, 0.07; the rendered 1.61 above, 0.16). A leaning die's shaded side face on a pale
floor can score as floor, but it shows pips: floor within ``pip_reach_rel`` x edge of a
pip (``floor.pip_spots``) is a die's face, not floor (seed 10404 clip 012 r4: a four
leaning on a one, 1.38 edges apart, its side face 0.44 edge of "floor" between, paid).

On a pale floor a lean's shaded side face away from its pips is still floor to this
test (a 3 leaning 40 degrees on a 6, slid 0.3 edge along it, camera 25 degrees: 1.69
edges off, 0.33 edge of "floor" on the centre line, read surely flat, paid). Its top
face is tipped, though: smaller and with flatter pips than its neighbour's (0.79 x the
edge, 0.71 x as round), which flat dice side by side never are by much (``_tipped``:
such a pair touches whatever the floor says). Weak: a lean tipped less than ~30 degrees
on a pale floor keeps most of its face's size. The floor's glare is not
floor either: two flat dice with a glare spot between them look touching (seed 10404
clip 010 r2, 1.89 edges apart, no floor over the band: abstained at ``reach_rel``
2.0). Flat dice closer than ``reach_rel`` with a side face or glare filling the gap
abstain.

The caller caps the confidence of the dice returned (the round abstains unless a lean
is seen some other way); it never calls a pose from this alone. Not where both top faces
are seen alike from a slanted camera (``square_pairs``): flat side by side, the near
die's side face filling the gap (seed 10704 clips 000 r4, 014 r0, 016 r1 and r3).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import Blob, DetectParams
from vision.sicbo.floor import (
    PIP_SPOT_AREA,
    FloorLook,
    floor_coloured,
    floor_look,
    floor_run,
    pip_spot_tiers,
    shadowed_floor,
)
from vision.sicbo.merged import close_dice
from vision.sicbo.pips import TopFace, face_roundness
from vision.sicbo.points import centre_gap_px, offset_px

__all__ = ["TouchParams", "bare_floor", "face_view", "flat_beside", "side_pip_pairs",
           "square_pairs", "tipped_leans", "touch_pairs", "touching_dice", "view_gap"]


FACE_REL = 0.5   # the disk a top face holds about its centre, x its edge (_floor_between)


@dataclass(frozen=True, slots=True)
class TouchParams:
    apart_floor_rel: float = 0.25   # floor this x edge between two close dice: apart
    pip_reach_rel: float = 0.3      # ... not within this x edge of a pip (a die's face)
    pip_dark: float = 30.0          # ... or within faint_reach_rel x edge of a fainter
    faint_reach_rel: float = 0.15   # ... pip, this many L under its rim (bare_floor)
    pip_area_rel: float = 0.13      # ... a pip up to this x edge^2 (a one's; bare_floor)
    reach_rel: float = 1.75         # a lean's top face lies up to this x edge from its support's
    band_rel: float = 0.3           # beyond close_dice, floor measured over a band this x
    band_lines: int = 5             # ... edge either side of the centre line, on this many lines
    tipped_edge: float = 0.87       # within close_dice, a face of 2+ pips this x the other's
    tipped_round: float = 0.8       # ... edge, its pips this x as round: tipped, floor or not
    lean_min_edge: float = 0.75     # tipped_leans: a tipped face keeps this x the edge ...
    lean_conf: float = 0.5          # ... and reads this surely (else a piece of a die)
    square_min_px: float = 36.0     # square_pairs: both faces' edges at least this (px) ...
    square_view: float = 0.45       # ... seen at least asin(this) off their normal ...
    square_one: float = 0.4         # ... each face at least asin(this) ...
    square_diff: float = 0.15       # ... their views this alike (face_view) ...
    square_edge: float = 0.87       # ... and the smaller at least this x the other's edge
    side_pip_rel: float = 1.0       # side_pip_pairs: a lone pip this x edge from a face ...
    side_pip_conf: float = 0.5      # ... read below this: that die's side-face pip
    flat_conf: float = 0.95         # flat_beside: all three dice read this surely ...
    flat_diff: float = 0.17         # ... the pair's faces' views this alike (face_view) ...
    flat_side: float = 0.5          # ... each die's side faces showing the way the third
    #                                 die's do (cosine; and this x as far), ...
    flat_lean: float = 0.08         # ... and that third die's at least this x edge
    squash_round: float = 0.85      # a face's pips this x as round as the other's: the reach
    #                                 is measured in its edge stretched back (_reach_edge)
    beyond_rel: float = 1.9         # up to this x edge, just beyond the reach, a pair ...
    bare_rel: float = 0.05          # ... with under this x edge of floor on every band line
    #                                 touches (touch_pairs)
    turned_floor_rel: float = 0.35  # within the reach, under this x edge of floor over the
    turned_view: float = 0.35       # ... band between faces seen this far apart (view_gap)
    #                                 touches (touch_pairs)

    def __post_init__(self) -> None:
        if not (self.apart_floor_rel > 0 and self.pip_reach_rel >= 0 and self.reach_rel > 1):
            raise ValueError(f"need apart_floor_rel > 0, pip_reach_rel >= 0, reach_rel > 1, "
                             f"got {self}")


def touching_dice(image_bgr: np.ndarray, tops: list[TopFace], edge_px: float,
                  params: TouchParams = TouchParams(),
                  detect: DetectParams | None = None) -> set[int]:
    """Indices (into ``tops``) of dice that may lean on a neighbour: top faces at least
    an edge apart (closer is a stack) and within ``close_dice`` or ``reach_rel`` x
    ``edge_px``, with less than ``apart_floor_rel`` x edge of bare floor between."""
    touching, _ = touch_pairs(image_bgr, tops, edge_px, params, detect)
    return {k for pair in touching for k in pair}


def touch_pairs(image_bgr: np.ndarray, tops: list[TopFace], edge_px: float,
                params: TouchParams = TouchParams(), detect: DetectParams | None = None,
                look: FloorLook | None = None
                ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """``(touching, apart)``: pairs ``(i, j)``, i < j, of top faces at least an edge
    apart: touching as ``touching_dice`` judges (a tipped pair, ``_tipped``, touches),
    and the others (floor between, or farther than a lean reaches). Pairs closer than
    an edge (a stack, or a lean seen from above its support) are in neither. ``look``:
    ``floor_look(image_bgr, detect)``, if the caller has it (``bare_floor``).

    Just beyond the reach (up to ``beyond_rel`` x the reach's edge) a pair touches only
    with no floor on any of the band's lines (under ``bare_rel`` x edge on each): flat
    dice that far apart leave most of an edge of floor between them, which a line or
    two sees even past corners pointing at each other (seed 9804 clip 000: 1.86 edges,
    0.29 edge of floor on the centre line). Fresh seed 15304 clip 014 r2 (1920x1080,
    red floor): a one tipped against a six, its upturned side between them, 1.76 of the
    picture's edges off (the one's lone pip gives no face to stretch the reach by), no
    floor on any line: apart, paid 1-6-6 (truth dice_leaning).

    Within the reach, a pair with some floor between (under ``turned_floor_rel`` x edge
    over the band) whose faces are seen ``turned_view`` or more apart (``view_gap``)
    touches: a lean's top face is tipped 20-40 degrees from its support's, while flat
    dice side by side are seen alike, and on a pale floor a lean's shaded upturned side
    face scores as floor a little over ``apart_floor_rel``. Rendered leans (tests/sicbo/
    test_dice_touch.py's helpers widened, cameras 0-30 degrees, tilts 18-42, slides, pale
    and dark floors): 11 of 1100 random ones read as three flat dice surely (paid), all
    with 0.25-0.33 edge of "floor" over the band, their faces seen 0.36-0.73 apart; a five
    tipped 21 degrees on a five, ivory dice on a pale green floor: 1.33 edges apart, 0.28
    edge, 0.58. Of 482 flat pairs paid 1.0-1.9 edges apart (random gaps, yaws, faces,
    cameras and floors), 7 have both: they abstain (six with a face of 1-3 pips, whose few
    pips give a rough view)."""
    pairs = [(i, j) for i in range(len(tops)) for j in range(i + 1, len(tops))]
    close = [pair for pair in pairs if close_dice([tops[pair[0]], tops[pair[1]]], edge_px)]
    reach = {(i, j): _reach_edge(tops[i], tops[j], edge_px, params) for i, j in pairs}
    gap = {(i, j): centre_gap_px(tops[i], tops[j]) for i, j in pairs}
    far = [pair for pair in pairs if pair not in close
           and edge_px <= gap[pair] < params.reach_rel * reach[pair]]
    beyond = [pair for pair in pairs if pair not in close
              and max(edge_px, params.reach_rel * reach[pair]) <= gap[pair]
              < params.beyond_rel * reach[pair]]
    tipped = {(i, j) for i, j in close if _tipped(tops[i], tops[j], params)}
    close = [pair for pair in close if pair not in tipped]
    spread = {pair for pair in pairs if gap[pair] >= edge_px}
    if not close and not far and not beyond:
        return tipped, spread - tipped
    floor = bare_floor(image_bgr, edge_px, params, detect, look)     # once per picture
    band = tuple(np.linspace(-params.band_rel, params.band_rel, params.band_lines))
    # within the reach little floor over the band touches (close: or on the centre line),
    # and some between faces seen turned apart
    over = {(i, j): _floor_between(floor, tops[i], tops[j], edge_px, band)
            for i, j in (*close, *far)}
    touching = tipped | {(i, j) for (i, j), run in over.items()
                         if run < params.apart_floor_rel * edge_px
                         or (run < params.turned_floor_rel * edge_px
                             and (view_gap(tops[i], tops[j]) or 0.0) >= params.turned_view)
                         or ((i, j) in close
                             and _floor_between(floor, tops[i], tops[j], edge_px, (0.0,))
                             < params.apart_floor_rel * edge_px)}
    touching |= {(i, j) for i, j in beyond
                 if all(_floor_between(floor, tops[i], tops[j], edge_px, (o,))
                        < params.bare_rel * edge_px for o in band)}
    return touching, spread - touching


def _reach_edge(a: TopFace, b: TopFace, edge_px: float, params: TouchParams) -> float:
    """The edge a lean's reach is measured in: ``edge_px``, or a face of 2+ pips seen
    squashed against the other (pips at most ``squash_round`` x as round) stretched back by
    that ratio, if larger. A face tipped t shrinks by ~cos(t), and where it gave the
    picture's edge (``scene_edge_px`` prefers faces of 2+ pips to ones sized by their pip)
    the lean's reach shrinks with it. Fresh seed 15204 clip 020 r4 (1024x576, camera 13
    degrees, green floor): a five tipped 38 degrees against a one, its upturned side between
    them, no floor on any of the band's lines; the five's face 43 px (the picture's edge),
    pips 0.70 round against the one's 0.98, 1.90 of its edges from the one: beyond the
    reach, apart: paid 1-1-5 (truth dice_leaning). Stretched, 60.5 px: 1.36 edges.

    And where both faces are seen larger than the picture's edge, the smaller of theirs:
    the dice on a tilted camera's near side look larger than the picture's (its median)
    edge. Fresh seed 17704 clip 025 r2 (800x600): a six tipped against a one, no floor on
    any line, 1.93 picture edges (40.7 px) apart, the faces 45.6 and 45.0 px, the far
    side's five 35.7: beyond the reach, apart, paid 1-5-6 (truth dice_leaning, a wrong
    outcome); 1.74 of the smaller face's edges. Not one face alone: a two's face sized by
    its blob grown with its shaded sides (53.8 px beside a six's 38.0, spent 16504 clip 025
    r0) would bring a flat pair 1.9 edges apart into a lean's reach."""
    out = max(edge_px, min(a.edge_px, b.edge_px))   # both seen larger than the picture's
    for top, other in ((a, b), (b, a)):
        if top.count >= 2:
            ratio = face_roundness(top) / max(face_roundness(other), 1e-6)
            if ratio <= params.squash_round:
                out = max(out, top.edge_px / max(ratio, 0.5))
    return out


def tipped_leans(image_bgr: np.ndarray, tops: list[TopFace], confidences: list[float],
                 edge_px: float, params: TouchParams = TouchParams(),
                 detect: DetectParams | None = None, look: FloorLook | None = None
                 ) -> set[int]:
    """Dice that lean: the smaller face of a tipped pair (``_tipped``) within
    ``close_dice`` with less than ``apart_floor_rel`` x edge of floor on the line joining
    the two faces' centres, read at least ``lean_conf`` surely (``confidences``,
    parallel to ``tops``) and at least ``lean_min_edge`` x the other's edge. Smaller,
    squashed and touching: a face tipped 20-40 degrees keeps 0.77-0.94 of its length
    and its pips' roundness; flat dice side by side show faces alike (close flat pairs
    of seed 10504 clips 008, 025, 029: 0.95-1.0 x the edge, 0.98-1.0 x as round, none
    tipped); a piece of a die
    the blob finder broke off is smaller and squashed too, but read unsurely and
    smaller (seed 10104 clip 018 r3: 0.64 x, read at 0.24; ``pose._piece``). Seed 10504
    clip 029 r4: a four leaning on a three, 0.82 x the edge, pips 0.74 x as round, no
    floor between (abstained before). ``look``: as ``touch_pairs``."""
    pairs = [(i, j) for i in range(len(tops)) for j in range(i + 1, len(tops))
             if _tipped(tops[i], tops[j], params) and close_dice([tops[i], tops[j]], edge_px)]
    if not pairs:
        return set()
    floor = bare_floor(image_bgr, edge_px, params, detect, look)
    out: set[int] = set()
    for i, j in pairs:
        small, large = (i, j) if tops[i].edge_px <= tops[j].edge_px else (j, i)
        if (confidences[small] >= params.lean_conf
                and tops[small].edge_px >= params.lean_min_edge * tops[large].edge_px
                and _floor_between(floor, tops[i], tops[j], edge_px, (0.0,))
                < params.apart_floor_rel * edge_px):
            out.add(small)
    return out


def side_pip_pairs(tops: list[TopFace], confidences: list[float],
                   pairs: list[tuple[int, int]], params: TouchParams = TouchParams()
                   ) -> set[tuple[int, int]]:
    """The ``pairs`` (indices into ``tops``) that are one die seen twice: a lone pip read
    below ``side_pip_conf`` whose "face" centre lies within ``side_pip_rel`` x the edge of
    the other face, of 2+ pips. A die leaning on another rests beside it, its top face
    0.5 + sin(t) + cos(t)/2 (1.3-1.5) edges from the support's, raised ~0.2 edge above
    it (a camera within 30 degrees of vertical shifts it by ~0.1 edge at most); a die
    lying closer is on top of it (a stack, judged by the stack rules on the faces) or
    is its own side face: on a pale floor the blob finder keeps a die's shaded side face
    and shadow as a blob of their own, and one of its pips as its top face. Seed 10804
    (spent) clip 015 r4: a six's side pip 0.51 round, 0.84 of the six's edge from its
    face, read a three at 0.23; clip 028 r1: a six's side pip 0.67 round, 0.64 edge
    off, read a six at 0.41 (the third die missed): both pairs' blobs met along a long
    contact, voided leaning. Only on a floor nearly as bright as the dice (the caller's
    ``pose.pale_floor``): on a darker one a blob is a die's body, and a lone pip read
    unsurely 0.9 edge from a die's face can be a lean's (seed 10704 (spent) clip 016
    r0, red floor: a die leaning on a three, one pip of its upturned face read a five
    at 0.26; voided leaning by the contact)."""
    out = set()
    for i, j in pairs:
        for pip, face in ((i, j), (j, i)):
            d = centre_gap_px(tops[pip], tops[face])
            if (tops[pip].count == 1 and tops[face].count >= 2
                    and confidences[pip] < params.side_pip_conf
                    and d < params.side_pip_rel * tops[face].edge_px):
                out.add((i, j))
    return out


def _tipped(a: TopFace, b: TopFace, params: TouchParams) -> bool:
    """Both faces show 2+ pips and one is both smaller (``tipped_edge`` x the other's
    edge) and squashed (pips ``tipped_round`` x as round): a face tipped by t shrinks
    and flattens its pips by ~cos(t) along the tilt, while two flat dice side by side are
    seen from nearly the same angle and distance. A lean's shaded side face on a pale
    floor can score as floor (a 3 leaning 40 degrees on a 6, slid 0.3 edge along it,
    camera 25 degrees: 0.33 edge of "floor" on the centre line; its face 0.79 x the
    six's edge, pips 0.71 x as round), so such a pair touches whatever the floor test
    says."""
    if min(a.count, b.count) < 2:
        return False
    small, large = (a, b) if a.edge_px <= b.edge_px else (b, a)
    return (small.edge_px <= params.tipped_edge * large.edge_px
            and face_roundness(small) <= params.tipped_round * face_roundness(large))


def _floor_between(floor: np.ndarray, a: TopFace, b: TopFace, edge_px: float,
                   offsets_rel: tuple[float, ...]) -> float:
    """Mean floor run (px) on segments parallel to the one joining the two top faces'
    centres, shifted by ``offsets_rel`` x edge across it. Beyond ``close_dice`` the dice
    lie apart if flat, but two corners pointing at each other leave little floor on the
    centre line (seed 9804 clip 000, flat: 1.86 edges apart, 0.29 edge of floor on it,
    0.39 over the band), while a lean's side face spans the band (0.07-0.16).

    Within ``FACE_REL`` x its edge of a top face's centre (the disk its square face
    holds) the picture is that die, never floor: dice as pale as the floor score as
    floor all over. Fresh seed 14604 clip 009 r4 (1280x960, ivory dice on a pale green
    floor, camera 12 degrees): a five tipped 28.5 degrees against a two, 1.41 edges
    off, its upturned side face (three pips) between them; the run on the centre line
    began inside the five's face: 0.63 edge of "floor", apart, paid 2-2-5 (truth
    dice_leaning). Off the faces: 0.12, touching: both capped, abstained."""
    (ax, ay), (bx, by) = a.center_xy, b.center_xy
    length = max(float(np.hypot(bx - ax, by - ay)), 1e-9)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    faces = [(*t.center_xy, FACE_REL * t.edge_px) for t in (a, b)]
    return float(np.mean([floor_run(floor, (ax + o * edge_px * nx, ay + o * edge_px * ny),
                                    (bx + o * edge_px * nx, by + o * edge_px * ny),
                                    not_floor=faces)
                          for o in offsets_rel]))


def bare_floor(image_bgr: np.ndarray, edge_px: float, params: TouchParams = TouchParams(),
               detect: DetectParams | None = None, look: FloorLook | None = None
               ) -> np.ndarray:
    """``floor_mask``, the floor in a deep shadow (``shadowed_floor``) and what has the
    floor's own colour (``floor_coloured``: by the dome's rim), less what lies within
    ``pip_reach_rel`` x edge of a pip in it (``floor.pip_spots``, the blob finder's
    ``dark_threshold`` L under its rim), or within ``faint_reach_rel`` x edge of a fainter
    one (``pip_dark`` L). A lean's side face as pale as the floor shows its pips squashed
    and blurred: 37-40 L under their rim on a rendered two leaning 21 degrees on a four,
    ivory dice on a pale green floor, camera 6 degrees, 0.52 edge of "floor" between the
    faces: paid. A flat die's side face seen at a grazing angle shows such marks too, at
    its top face's edge: at the full reach they ate the shadowed floor between a flat one
    and two 1.7 edges apart (fresh seed 14404, spent, clip 013 r0: abstained; paid at
    0.1-0.25). Pips up to ``pip_area_rel`` x edge^2, a one's: fresh seed 17004 clip 019
    r4 (640x480, camera 0.6 degrees, a grey floor), a four tipped 31 degrees on a five,
    its upturned side face a one as pale as the floor, the one's pip 0.068 x edge^2 (over
    the 0.06 the spots took): 0.52 edge of "floor" between the faces, paid 4-5-5 at
    0.9999, a wrong outcome. ``look``: ``floor_look(image_bgr, detect)``, if the caller
    has it (the blob finder's)."""
    detect = detect or DetectParams()
    if look is None:
        look = floor_look(image_bgr, detect)
    elif look.params != detect or look.lab.shape[:2] != image_bgr.shape[:2]:
        raise ValueError(f"a floor look with {look.params} of a {look.lab.shape} image "
                         f"for {detect} on a {image_bgr.shape} image")
    floor = look.floor
    # the raw image's colours: the look's own unless it was brightened (``expose``)
    lab, floor_lab = (cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB), None) if look.exposed \
        else (look.lab, look.floors[0])
    floor = floor | shadowed_floor(image_bgr, detect, lab=lab, floor_lab=floor_lab) \
        | floor_coloured(image_bgr, floor, lab=lab)
    bare = floor
    tiers = pip_spot_tiers(image_bgr, floor, edge_px, (detect.dark_threshold, params.pip_dark),
                           (PIP_SPOT_AREA[0], params.pip_area_rel), lab=lab)
    for spots, reach in zip(tiers, (params.pip_reach_rel, params.faint_reach_rel), strict=True):
        if spots.any():
            k = int(2 * reach * edge_px) | 1
            disk = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
            bare = bare & (cv2.dilate(spots.astype(np.uint8), disk) == 0)
    return bare


def square_pairs(tops: list[TopFace], pairs: set[tuple[int, int]],
                 params: TouchParams = TouchParams()) -> set[tuple[int, int]]:
    """The ``pairs`` (touching, ``touch_pairs``) whose two top faces are seen from the
    same side at the same slant (``face_view``): both flat. A lean's top face is tipped
    20-40 degrees from its support's, which turns its view vector by 0.25 or more (a
    camera 25-35 degrees off the normal); two flat dice side by side differ by
    0.08-0.13 (seed 10704 clips 000 r4, 014 r0, 016 r1, r3: abstained as touching).
    The view's sign is lost (an ellipse), so a face tipped twice the camera's slant
    towards it looks like a flat one: only where the pair is seen ``square_view`` off
    its normal (asin 0.45: 27 degrees; the mean of both faces' squash, each at least
    ``square_one``), so such a lean would tip 54 degrees or more (a 40-degree lean,
    camera 20 degrees, mirrored so: 0.40 and 0.44, mean 0.42), and only faces of
    ``square_min_px`` (pips ~6 px and up: a smaller pip's outline is too coarse). Fresh
    seed 14604 clip 003 r3 (800x600, camera steep): a flat one and six 1.71 edges apart,
    the six's side face filling the gap, views 0.62 and 0.68 (0.06 apart), the six's face
    38.9 px: capped, abstained at 40 px. Rendered leans (90 random: cameras 0-30 degrees,
    tilts 20-40, slides, pale and green floors, 24-36 px faces) paid none at 30 px."""
    return {(i, j) for i, j in pairs if _square(tops[i], tops[j], params)}


def _square(a: TopFace, b: TopFace, params: TouchParams) -> bool:
    sa, sb = _squash(a), _squash(b)
    if sa is None or sb is None:
        return False
    va, vb, both = _view(sa), _view(sb), _view(0.5 * (sa + sb))
    small, large = sorted((a.edge_px, b.edge_px))
    return (small >= params.square_min_px and small >= params.square_edge * large
            and float(np.hypot(*both)) >= params.square_view
            and min(float(np.hypot(*va)), float(np.hypot(*vb))) >= params.square_one
            and _gap(va, vb) <= params.square_diff)


def view_gap(a: TopFace, b: TopFace) -> float | None:
    """How far apart the two faces' views lie (``face_view``, the sign lost either way),
    or None where a face has no pips."""
    va, vb = face_view(a), face_view(b)
    return None if va is None or vb is None else _gap(va, vb)


def _gap(va: np.ndarray, vb: np.ndarray) -> float:
    return min(float(np.hypot(*(va - vb))), float(np.hypot(*(va + vb))))


def face_view(top: TopFace) -> np.ndarray | None:
    """The top face's normal projected on the image (x, y), its sign unknown, from its
    pips' ellipses: a round pip seen t off the face's normal is squashed to cos(t)
    along the normal's image direction, so ``(1 - r**2) ** 0.5`` = sin(t) (r: minor /
    major axis); None without pips."""
    squash = _squash(top)
    return None if squash is None else _view(squash)


def _squash(top: TopFace) -> np.ndarray | None:
    """The pips' squash at double angle, ``(1 - r**2) (cos 2a, sin 2a)`` (a: the minor
    axis' direction), averaged: an ellipse's two ends agree there."""
    if not top.pips:
        return None
    acc = np.zeros(2)
    for pip in top.pips:
        w, h = pip.axes_px
        r = min(w, h) / max(w, h, 1e-6)
        a = np.deg2rad(pip.angle_deg) + (0.0 if w <= h else np.pi / 2)   # minor axis
        acc += (1.0 - r * r) * np.array([np.cos(2 * a), np.sin(2 * a)])
    return acc / len(top.pips)


def _view(squash: np.ndarray) -> np.ndarray:
    half = 0.5 * float(np.arctan2(squash[1], squash[0]))
    return float(np.sqrt(np.hypot(*squash))) * np.array([np.cos(half), np.sin(half)])


def flat_beside(blobs: list[Blob], tops: list[TopFace], confidences: list[float],
                pairs: set[tuple[int, int]], apart: set[tuple[int, int]],
                params: TouchParams = TouchParams(), *, leaning: frozenset[int] = frozenset()
                ) -> set[tuple[int, int]]:
    """The touching ``pairs`` (no lean seen) that lie flat side by side: a third die,
    apart from both and not ``leaning``, and all three read at least ``flat_conf``
    surely; the pair's top faces seen from the same slant (``face_view``, within
    ``flat_diff``), and each die's side faces showing the way the third die's do (its
    blob runs past its top face towards the camera: ``_side_way``, within cosine
    ``flat_side`` and at least ``flat_side`` x as far that way; the third die's shows
    them ``flat_lean`` x edge or more: a camera slanted enough that a lean could mirror
    a flat face).

    A lean's top face is tipped 20-40 degrees from its support's, which turns its view
    unless it is tipped towards the camera by twice the camera's slant (``square_pairs``:
    the ellipse's sign is lost); such a lean lies on the camera's side of its support
    and rests on it by its upturned side face, so that face shows on the far side of its
    top face, where a flat die shows none: its blob runs past its top face away from the
    camera.

    ``flat_diff`` was 0.15 (flat pairs measured 0.06-0.13; 13604 014 r1, two ones, 0.168):
    fresh seed 15404 (spent) clip 008 r0, two flat sixes side by side towards the nadir,
    0.151 apart, stayed capped and abstained. A lean's pair can be seen as alike as that (68
    touching pairs of rendered leans, cameras 0-32 degrees, tilts 18-42, slides, pale and
    pale-green floors: 0.08, 0.12, 0.15 and 0.15, the rest 0.24 or more), so the side faces'
    way is what rules them out here. Of 210 other rendered leans none paid at 0.17 that did
    not at 0.15; four paid at both (all four seen apart by ``touch_pairs``:
    docs/known-cases.md, session 57)."""
    out: set[tuple[int, int]] = set()
    for i, j in pairs:
        if min(confidences[i], confidences[j]) < params.flat_conf:
            continue
        gap = view_gap(tops[i], tops[j])
        if gap is None or gap > params.flat_diff:
            continue
        for k in range(len(tops)):
            if k in (i, j) or k in leaning or confidences[k] < params.flat_conf \
                    or (min(i, k), max(i, k)) not in apart or (min(j, k), max(j, k)) not in apart:
                continue
            ref = _side_way(blobs[k], tops[k])
            if float(np.hypot(*ref)) < params.flat_lean * tops[k].edge_px:
                continue
            size = float(np.hypot(*ref))
            unit = ref / size
            ways = [_side_way(blobs[x], tops[x]) for x in (i, j)]
            if all(_cosine(w, unit) >= params.flat_side
                   and float(np.dot(w, unit)) >= params.flat_side * size for w in ways):
                out.add((i, j))
                break
    return out


def _side_way(blob: Blob, top: TopFace) -> np.ndarray:
    """From the top face's centre to the blob's centroid (px): where its side faces show."""
    return np.array(offset_px(blob, top))


def _cosine(v: np.ndarray, unit: np.ndarray) -> float:
    n = float(np.hypot(*v))
    return float(np.dot(v, unit)) / n if n > 0 else 0.0
