"""Stage 4c: two dice side by side in one blob (a lean), mostly when fewer than three
dice are seen.

A die leaning on another (or wedged between two) merges with its support into one
blob twice as long as a die. The blob finder drops a blob that long (``DetectParams.
max_aspect``: a bright bar, a piece of the rim), and the pose stage's pair rule
(``pose.pair_pose``) needs exactly two blobs, so such a pair was not seen at all and
the round abstained ``dice_count`` (fresh seed-10204 clip 003 r2: a four, a one
leaning on it and a two in one blob of 2.6 edge^2, elongation 2.3, only the third die
found; seed-9804 clip 022 r0, 3.0 edge^2, 2.4; seed-10204 clip 018 r2: a four leaning
on a four, one blob of 2.8 edge^2, elongation 1.8, the third die missed on a white
floor).

- ``long_pair``: with fewer than three dice found, look again with a longer aspect
  allowed (``long_aspect``) for a blob apart from the dice found, the size of two or
  three dice (``long_area`` to ``long_area_max`` x edge^2), long (``long_elong`` x as
  long as wide: ``pose.elongation``), convex (``long_solidity``: not a die joined to
  the rim's arc) and holding a top face (pips in a layout). Rim pieces and the dome's
  markers the longer aspect lets in are under 0.6 edge^2 on those frames.
- ``lone_pair``: exactly one die seen, and its blob holds more than one die:
  ``one_area`` x its top face's edge^2 (a face of two or more pips: a one's face
  size is a guess), ``one_elong`` long and ``long_solidity`` convex.
- ``joined_pair``: exactly two dice seen, the larger blob less convex than the pair rule
  takes (a lean joined by its shadow), its body (``body.die_bodies``) still two dice'.
- ``two_pip_face``: a blob holding more than one die shows, beside its top face, a
  second face of two pips nearly as round and large as the top face's: turned up
  towards the camera, as no flat die's side face is.

Any of these is leaning as far as the round is concerned: two dice pressed side by side
cannot be told from a lean from above (``merged``'s rule for flat dice touching), and
the round is voided for a person to confirm, never paid. A stack is compact (the die
below sticks out by at most a fifth of an edge: ``pose.elongation``), so it is not
called here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from vision.sicbo.detect import Blob, DetectParams, find_die_blobs
from vision.sicbo.pips import PipParams, TopFace, face_roundness, find_pips, select_top_face
from vision.sicbo.points import centre_gap_px
from vision.sicbo.pose import elongation, scene_edge_px

__all__ = ["SideBySideParams", "joined_pair", "lone_pair", "long_pair", "ones_pair",
           "two_pip_face"]


@dataclass(frozen=True, slots=True)
class SideBySideParams:
    long_aspect: float = 3.2      # the second look lets blobs this long in (default 2.2)
    long_area: float = 1.8        # a blob of two dice: at least this x edge^2 ...
    long_area_max: float = 4.2    # ... and below this (``pose.PoseParams.pair_area_top``)
    long_elong: float = 1.9       # ... this x as long as wide (``pose.PoseParams.pair_long``)
    long_solidity: float = 0.84   # ... and this convex (``pose.PoseParams.pair_solidity``)
    one_area: float = 2.2         # one die seen: its blob at least this x its face's edge^2
    one_elong: float = 1.6        # ... and this long
    joined_solidity: float = 0.6  # two dice seen, the larger blob less convex (see
    joined_body: float = 1.6      # ``joined_pair``): its body this x the other's ...
    joined_area: float = 1.45     # ... and this x edge^2 (``pose.PoseParams.pair_area``)
    joined_sure: float = 0.5      # dice read this surely size the edge
    joined_other: float = 2.0     # the other body below this x edge^2 (one die)
    twin_round: float = 0.75      # two pips of a second face (``two_pip_face``): this round
    twin_round_rel: float = 0.85  # ... and this x the top face's pips
    twin_area_rel: float = 0.7    # ... this x as large
    twin_apart: tuple[float, float] = (0.6, 0.95)   # ... this far apart (x edge)
    twin_gap: float = 0.75        # ... their middle this far from the top face's centre
    ones_area: float = 0.7        # a "two" whose pips are each this x a one's pip found
    ones_round: float = 0.75      # apart, this round, and this x the other faces' edge
    ones_apart: float = 0.95      # apart (a two's: ~0.7) is two ones (``ones_pair``)

    def __post_init__(self) -> None:
        if not 0 < self.long_area < self.long_area_max or self.long_aspect <= 1:
            raise ValueError(f"need 0 < long_area < long_area_max and long_aspect > 1, "
                             f"got {self}")


def long_pair(image_bgr: np.ndarray, found: list[tuple[Blob, TopFace]], edge_px: float,
              detect: DetectParams, pips: PipParams,
              params: SideBySideParams = SideBySideParams()) -> tuple[Blob, TopFace] | None:
    """A blob of two dice side by side that the blob finder dropped as too long, apart
    from the dice ``found`` (blob, top face pairs), or None. ``edge_px``: the scene's
    die edge (``pose.scene_edge_px`` of the dice found)."""
    if edge_px <= 0:
        return None
    for blob in find_die_blobs(image_bgr, replace(detect, max_aspect=params.long_aspect,
                                                        split_long=False)):
        area = blob.area_px / edge_px ** 2
        if not params.long_area <= area < params.long_area_max \
                or blob.solidity < params.long_solidity or _holds_found(blob, found):
            continue
        if elongation(blob) < params.long_elong:
            continue
        top = select_top_face(find_pips(image_bgr, blob, pips), blob, pips)
        if top is not None:
            return blob, top
    return None


def lone_pair(blobs: list[Blob], tops: list[TopFace],
              params: SideBySideParams = SideBySideParams()) -> bool:
    """Exactly one die seen and its blob holds more than one die (see the module)."""
    if len(blobs) != 1 or tops[0].count < 2:
        return False
    blob, edge = blobs[0], tops[0].edge_px
    return (blob.area_px >= params.one_area * edge ** 2 and blob.solidity >= params.long_solidity
            and elongation(blob) >= params.one_elong)


def joined_pair(blobs: list[Blob], tops: list[TopFace], confidences: list[float],
                bodies: Callable[[], list[Blob]],
                params: SideBySideParams = SideBySideParams()) -> int | None:
    """Exactly two dice seen and the larger blob, less convex than the pair rule takes
    (``long_solidity``, as ``pose.PoseParams.pair_solidity``), holds two dice by its
    body: the index of that blob, or None. The other body is one die's (below
    ``joined_other`` x edge^2).

    A die leaning on another, seen across the lean, joins its support into an L- or
    T-shaped blob: the leaning die is narrower than its support and sits off its middle
    (fresh seed-10304 clip 001 r1: a two leaning on a one, blob 3.8 edge^2, solidity
    0.74, body 1.9 x the other die's; clip 019 r1: a one leaning on a one, solidity
    0.83, body 2.2 x). The pair rule (``pose.pair_pose``) leaves a blob that concave to
    a flat die joined to a shadow or the rim; the body (``bodies``: ``body.die_bodies``,
    called only when the blob rules hold) has those cut away, and must stay at least
    ``joined_body`` x the other body (flat dice at the rim: 1.06-1.11) and
    ``joined_area`` to ``long_area_max`` x edge^2 (the blob itself may be larger: 001 r1
    on its first still frame, 5.0 edge^2, solidity 0.69, body 2.1). The edge is that of
    the dice read at least ``joined_sure`` surely (a face read unsurely may be two dice'
    pips: seed 10304 019 r1, a "six" of 1.8 x the other die's edge). Leaning, as far
    as the round is concerned."""
    if len(blobs) != 2:
        return None
    sized = [t.edge_px for t, c in zip(tops, confidences, strict=True)
             if t.count >= 2 and c >= params.joined_sure]
    edge = float(np.median(sized)) if sized else scene_edge_px(blobs, tops)
    area = [b.area_px / edge ** 2 for b in blobs]
    big = int(np.argmax(area))
    if not params.joined_solidity <= blobs[big].solidity < params.long_solidity \
            or area[big] < params.joined_area:
        return None
    body = [b.area_px / edge ** 2 for b in bodies()]
    if params.joined_area <= body[big] < params.long_area_max \
            and body[1 - big] < params.joined_other \
            and body[big] >= params.joined_body * body[1 - big]:
        return big
    return None


def two_pip_face(blob: Blob, top: TopFace,
                 params: SideBySideParams = SideBySideParams()) -> bool:
    """``blob`` holds more than one die (``joined_area`` x the top face's edge^2) and
    beside its top face a second face shows two pips nearly as round and as large as the
    top face's (``twin_*``): a face turned up towards the camera, which a flat die never
    shows beside its top face (its side faces lie 60 degrees or more from a camera within
    30 degrees of vertical: pips at most ~0.55 round). Two pips, not three (``pose.
    second_face``): a two, or a larger face whose other pips the blob's edge or glare
    cut. Fresh seed-10304 clip 018 r2 (camera 19 degrees off vertical, pale floor): a
    three leaning on a six shows its upturned side, a two, 0.83-0.86 round against the
    six's 0.93, 0.75 edge apart, their middle 0.82 edge from the six's centre; the
    joined blob (2.9 edge^2, solidity 0.75) kept only 1.4 edge^2 of body on the pale
    floor, too little for ``joined_pair``."""
    edge = top.edge_px
    if blob.area_px < params.joined_area * edge ** 2 or not top.pips:
        return False
    ref_round = face_roundness(top)
    ref_area = float(np.median([p.area_px for p in top.pips]))
    cands = [p for p in top.side_pips if p.inside >= 0.5
             and p.roundness >= max(params.twin_round, params.twin_round_rel * ref_round)
             and p.area_px >= params.twin_area_rel * ref_area]
    lo, hi = params.twin_apart
    for i, a in enumerate(cands):
        for b in cands[i + 1:]:
            (ax, ay), (bx, by) = a.center_xy, b.center_xy
            mid = ((ax + bx) / 2 - top.center_xy[0], (ay + by) / 2 - top.center_xy[1])
            if lo * edge <= np.hypot(ax - bx, ay - by) <= hi * edge \
                    and np.hypot(*mid) >= params.twin_gap * edge:
                return True
    return False


def _holds_found(blob: Blob, found: list[tuple[Blob, TopFace]]) -> bool:
    """``blob``'s box holds the top face centre of a die found, or its centre lies in a
    found die's box: the same die again."""
    x0, y0, x1, y1 = blob.box_xyxy
    cx, cy = blob.center_xy
    for other, top in found:
        ox0, oy0, ox1, oy1 = other.box_xyxy
        tx, ty = top.center_xy
        if (x0 <= tx < x1 and y0 <= ty < y1) or (ox0 <= cx < ox1 and oy0 <= cy < oy1):
            return True
    return False


def ones_pair(tops: list[TopFace], params: SideBySideParams = SideBySideParams()) -> set[int]:
    """The faces of two pips each as large as a one's pip found on another die of the
    image (``ones_area`` x its area, round: ``ones_round``) and a die's edge apart
    (``ones_apart`` x the other faces' median edge; a two's lie 0.7 edge
    apart): no two, but two ones side by side, their dice one blob (dice whose pips are
    all alike in size put a two's pips a diagonal apart). Fresh seed 15004 clip 025 r2
    (1280x720, Chinese ones, a blue floor): a one leaning 38 degrees on a one, their red
    pips (255-257 px, 69 px apart) read as a two 92 px across, the third die a one apart
    (its pip 268 px, 55 px die); the light cue took the two lit tops for a stack: voided
    dice_stacked (truth dice_leaning). Leaning, as ``lone_pair``'s two dice in one blob."""
    ones = [t.pips[0].area_px for t in tops if t.count == 1
            and t.pips[0].roundness >= params.ones_round]
    if not ones:
        return set()
    least = params.ones_area * max(ones)
    out = set()
    for i, t in enumerate(tops):
        others = [o.edge_px for j, o in enumerate(tops) if j != i]
        if t.count != 2 or not others or not all(
                p.area_px >= least and p.roundness >= params.ones_round for p in t.pips):
            continue
        if centre_gap_px(*t.pips) >= params.ones_apart * float(np.median(others)):
            out.add(i)
    return out
