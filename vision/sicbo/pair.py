"""Stage 5a: two dice seen, and the sizes that judge their blobs.

All three dice are in view and opaque, so with exactly two seen the third lies under or
against one of them, whose blob then holds more than one die (``pair_pose``; the dice'
bodies, ``pair_by_body``, when the blob joins the dome's rim). The scene's die edge
(``scene_edge_px``) sizes the blobs; a floor nearly as bright as the dice
(``pale_floor``) makes blob sizes no evidence. Split out of ``pose`` (the single-die
cues and ``assign_poses``), unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.pips import PipParams, TopFace, pip_across_px, pips_edge_px
from vision.sicbo.points import Centred, offset_px
from vision.sicbo.pose_params import ONE_PIP_REL, PIP_SPREAD, POSE_PARAMS, PoseParams

if TYPE_CHECKING:
    from vision.sicbo.reading import DieRead

__all__ = ["elongation", "face_light", "pair_by_body", "pair_edge_px", "pair_pose", "pale_floor",
           "scene_edge_px", "sized_face"]


def scene_edge_px(blobs: list[Blob], tops: list[TopFace]) -> float:
    """One die edge for the image: the median pip-sized top face edge of the dice showing
    two or more pips (a one's big pip does not tell its face's size), else the smallest
    blob's edge. The pips of one face are one size, so a face whose pips differ by more
    than ``PIP_SPREAD`` x in area is no face (a one's pip and a dark gap or side pip
    beside it: seed 10604 (spent) clip 023 r3, a one on a three, its "two" 108 and 255
    px, edge 75 px for ~57 px dice) and sizes nothing.

    A one's round pip (``PipParams.big_one_round``) bounds the edge from below: no one's
    pip is over ``ONE_PIP_REL`` x its face's edge across (a Chinese one's 0.42, a Western
    one's 0.24), and the dice of one set are one size, so the edge is at least the
    smallest such pip / ``ONE_PIP_REL``. The faces of 2+ pips can all be small: a face
    tipped on a lean shows its pips squashed and, red and small, segmented smaller still.
    Seed 13504 (spent) clip 007 r0 frame 201 (800x600, dice ~40 px): a Chinese four
    tipped 34 degrees against a one, its pips 17-23 px^2 and 0.65-0.82 round, the only
    face of 2+ pips: edge 31.3 px, the two top faces 65 px = 2.08 "edges" apart, beyond
    a lean's reach (``touch``); read 1-1-4 flat at 0.999 (truth: void dice_leaning). The
    ones' pips, 17.4 and 18.5 px across, raise it to 38.7: the four leans (``sided_leans``).
    A Chinese one's pip measured 0.30-0.53 x the faces' edge at the decisions of the
    other rounds of 13404 and 13504 (0.56-0.59 here); the bound rose over it at two of
    them, by 0.5% and 4% (13504 008 r0, 13404 002 r2: both read as before)."""
    sized = [t.edge_px for t in tops if sized_face(t)]
    edge = float(np.median(sized)) if sized else min(b.edge_px for b in blobs)
    ones = [pip_across_px(t.pips[0]) for t in tops
            if t.count == 1 and t.pips[0].roundness >= PipParams().big_one_round]
    return max(edge, min(ones) / ONE_PIP_REL) if ones else edge


def sized_face(top: TopFace) -> bool:
    """The face tells the die's size: two or more pips, all of one size (``PIP_SPREAD``)."""
    areas = [p.area_px for p in top.pips]
    return top.count >= 2 and max(areas) <= PIP_SPREAD * min(areas)


def pair_pose(blobs: list[Blob], tops: list[TopFace], reads: list[DieRead],
              poses: list[str], params: PoseParams = POSE_PARAMS, *,
              pale: bool = False) -> tuple[int, str] | None:
    """``(index, pose)`` of the die that is not flat when exactly two dice are seen.

    All three dice are in view and opaque, so a third die not seen is under or against
    one of the two, whose blob then holds more than one die: at least ``pair_area`` x
    edge^2 and ``pair_ratio`` x the other blob. A stack (the die on top carries the lower
    die's sides and the corners of its top face that stick out) keeps a clean top face:
    read at least ``pair_conf`` surely and a blob below ``pair_area_max`` x edge^2 ->
    "stacked". Two dice side by side in one blob (one leaning on the other) give a
    larger blob or a top face the reader is unsure of (two faces, one tilted) ->
    "leaning", and so does a long blob (at least ``pair_long`` x as long as wide: two
    dice side by side; a stack is compact, the die below sticking out by at most a
    fifth of an edge). Two normal-sized blobs (a die merely missed) -> None, and so is
    a larger blob less convex than ``pair_solidity`` (a flat die joined to a shadow, the
    rim or a die lying against it: solidity 0.78-0.83 on five flat rounds of seeds 9704,
    9804 and 9002, one a false stacked void, seed-9704 clip 029 round 4; stacks and
    leaning pairs 0.84-0.98 but for one stack at 0.79, called leaning anyway).
    ``poses``: what
    the blob-pair rules (``merged``) already found; the single-die cues do not stop this
    rule (a stacked die's crop showing the die below misleads them). Blobs that do not
    outline dice (``_die_sized``; ``pale``: a floor nearly as bright as the dice) -> None,
    and so is a blob drawn about a die's pips (``Blob.outlined`` False): fresh seed 14504
    clip 003 r1 (1280x960, white dice on a near-white floor, camera 1 degree): a one found
    by its pip alone got a disk of 1.52 edge^2 (its red pip's halo sizing it), 1.65 x the
    three's blob: voided dice_stacked, truth 1-1-3 (the other one missed). On a pale floor
    the other die must be read at least ``pair_conf`` surely too: read unsurely, its blob
    may be a piece of it (the floor takes in part of its body), no reference. Fresh seed
    17904 clip 020 r4 (1024x576, a pink-white floor paler than the dice, truth 3-4-6, the
    six missed): a three read at 0.23 (its pips one, the CNN three), the four's blob 1.3 x
    its area: voided dice_stacked."""
    if len(blobs) != 2 or any(p != "flat" for p in poses) or not all(b.outlined for b in blobs):
        return None
    area = [float(b.area_px) for b in blobs]
    big = int(np.argmax(area))
    edge = pair_edge_px(blobs, tops, reads, big, params)
    area = [a / edge ** 2 for a in area]
    if area[big] < params.pair_area or area[big] < params.pair_ratio * area[1 - big] \
            or blobs[big].solidity < params.pair_solidity or not _die_sized(area, pale, params) \
            or _piece(blobs[1 - big], tops[1 - big], params):
        return None
    if pale and (_spilled_away(blobs, tops, big, edge, params)
                 or reads[1 - big].confidence < params.pair_conf):
        return None
    clean = (reads[big].confidence >= params.pair_conf and area[big] < params.pair_area_max
             and elongation(blobs[big]) < params.pair_long)
    return big, "stacked" if clean else "leaning"


def _spilled_away(blobs: list[Blob], tops: list[TopFace], big: int, edge: float,
                  params: PoseParams) -> bool:
    """On a pale floor, the larger blob's excess lies away from where a die under its top
    die would show. Seen obliquely, a die shows its side faces toward the camera, and a
    die's blob centroid lies off its top face's centre that way: the one-die blob (the
    reference) gives the direction. A die under the top die, nearer the floor, shows on
    that side too (the upper die is seen displaced away from the camera), so the pair's
    blob is off its top face along the same direction. Judged only when the reference's
    offset is at least ``pair_off_ref`` x edge (a camera tilted enough for side faces to
    show; near vertical the direction is noise): the larger blob's offset must point within
    60 degrees of it (cosine ``pair_off_cos``). Fresh seed 13304 (spent) clip 010 r3
    (1280x960, pale mint floor, a one by the rim, the third die, a one, missed on the
    floor): the one's blob 2.48 edge^2, 1.55 x the five's, spilled into the rim's shading,
    its offset (0.20, 0.03) edge against the five's (-0.02, 0.20): cosine 0.08, voided
    dice_stacked (truth 1-1-5). The real pale-floor stacks: 13204 014 r1 (0.33, 0.38)
    against (0.11, 0.14), cosine 0.99; 13104 014 and 024, reference offsets 0.01-0.05
    edge, not judged."""
    ob, orf = offset_px(blobs[big], tops[big]), offset_px(blobs[1 - big], tops[1 - big])
    ref = float(np.hypot(*orf))
    if ref < params.pair_off_ref * edge:
        return False
    along = (ob[0] * orf[0] + ob[1] * orf[1]) / ref
    return along < params.pair_off_cos * float(np.hypot(*ob))


def pair_edge_px(blobs: list[Blob], tops: list[TopFace], reads: list[DieRead], big: int,
                 params: PoseParams = POSE_PARAMS) -> float:
    """The die edge that sizes the two blobs of ``pair_pose``: ``scene_edge_px``, but no
    more than the one-die blob's face's edge when the larger blob's (``big``) face is
    read under ``pair_conf`` and the other face tells its size (``sized_face``). An
    unsure face on a blob that may hold two dice can be pips of both dice taken for one
    face, and it sizes nothing. Fresh seed 13504 (spent) clip 022 r3 (800x600, camera 9
    degrees, red floor): a five leaning 25 degrees on a five, both faces in one blob
    (118 x 61 px), their pips read as one six at 0.28 with a 74.6 px edge for 48 px
    dice: the edge, 61.4 px, the median with the flat six's 48.2, made the pair's blob
    1.47 and its body 1.39 edge^2, under ``pair_area``; the light cue then called it
    stacked (voided dice_stacked, truth dice_leaning). With the six's edge: 2.4 and 2.3."""
    edge = scene_edge_px(blobs, tops)
    other = tops[1 - big]
    if reads[big].confidence < params.pair_conf and sized_face(other):
        return min(edge, other.edge_px)
    return edge


def pair_by_body(big: int, bodies: list[Blob], tops: list[TopFace],
                  params: PoseParams, reads: list[DieRead]) -> bool:
    """The pair rule's larger blob also holds more than one die by its body: at least
    ``pair_area`` x edge^2 and ``body_pair_ratio`` x the other body. Flat dice against
    the rim: bodies 1.11 and 1.06 x the other (fresh seed-10204 clip 011 r0, blob 3.9
    edge^2, 2.4 x; clip 008 r2); stacks (seed 10104 clips 008 r1, 027 r1): bodies 1.28
    and 1.19 x the other (a stack's body loses the lower die's shaded sides too, so
    pair_ratio, 1.3, would lose them)."""
    edge = pair_edge_px(bodies, tops, reads, big, params)
    area = [b.area_px / edge ** 2 for b in bodies]
    return area[big] >= params.pair_area and area[big] >= params.body_pair_ratio * area[1 - big]


def _die_sized(area: list[float], pale: bool, params: PoseParams) -> bool:
    """The two blobs outline dice: the larger is below ``pair_area_top`` x edge^2 and,
    on a pale floor, the smaller (one die, the reference) below ``pair_ref_max``. A blob
    larger than two dice is a die joined to the dome's rim or a glare; a one-die blob
    that large on a floor nearly as bright as the dice means the blob finder spilled
    over it (shadows and shading joined in). Either way blob size says nothing of a
    stack or a lean (fresh seed-10004 set: clip 025 rounds 2 and 3, one die 2.2 edge^2
    on a pale pink floor, the other 4.9 and 3.6; clip 004 round 1, a five joined to the
    rim, 4.6; all flat, voided leaning or stacked. Stacks and leaning pairs on seeds
    9704/9904: larger blob 1.5-3.6; the other 0.9-1.9, and 2.4 for a stack on a dark
    floor, seed-9904 clip 002 round 4). Small dice (30-35 px) seen blurred or tilted have
    one-die blobs of 2-2.3 edge^2 (the blur's rim and the side faces weigh more): two
    dice in one blob are then larger than ``pair_area_top`` but still below
    ``pair_top_rel`` x the one-die blob; a die joined to the rim or a glare is bound by
    neither. Seed 10604 (spent) clip 012 r2: a six leaning on a four, 33 px dice, blob
    4.7 edge^2, 2.06 x the five's 2.3: abstained dice_count."""
    sized = max(area) < max(params.pair_area_top, params.pair_top_rel * min(area))
    return sized and not (pale and min(area) >= params.pair_ref_max)


def _piece(blob: Blob, top: TopFace, params: PoseParams) -> bool:
    """The one-die blob (the reference) is a piece of its die: its pips, of one size
    (``sized_face``), say the face is over 1 / ``pair_ref_piece`` x the blob's edge
    (``pips.pips_edge_px``; a blob outlines a die's top face and the
    side faces it shows, so it is never much smaller than that). Its size is then the
    blob finder's, not the die's, and so is the scene's edge (``scene_edge_px``: a face's
    edge is bounded by its blob): blob sizes say nothing. Seed 12404 (spent) clip 029 r4
    (1280x720, pale floor, H.264 at low quality): three flat dice of 45-48 px, one
    missed, a five's piece 20 px read as a two (pips 45 px^2: a 47 px face), the one's
    blob 40 px then 4.2 "edge^2": voided leaning."""
    if not sized_face(top):
        return False
    return blob.edge_px < params.pair_ref_piece * pips_edge_px(top.pips)


def pale_floor(image_bgr: np.ndarray, tops: Sequence[Centred], edge_px: float,
               params: PoseParams = POSE_PARAMS) -> bool:
    """The floor round the dice is nearly as bright as their top faces: the median over
    the dice of the floor's median luminance over the face's (``face_light``) is at least
    ``pale_floor`` (dark and coloured floors 0.05-0.55 on seeds 9704/9904, pale ones
    0.8-0.95)."""
    ratios = [floor / max(face, 1.0) for face, floor in
              (face_light(image_bgr, t.center_xy, edge_px) for t in tops) if face is not None]
    return bool(ratios) and float(np.median(ratios)) >= params.pale_floor


def face_light(image_bgr: np.ndarray, centre_xy: Sequence[float], edge_px: float
               ) -> tuple[float | None, float]:
    """``(face, floor)`` luminance (Lab L, 0-255) about a top face's centre: the face
    body's 80th percentile within 0.4 edge (its pips left out), the floor's median in a
    ring 1.3-2.2 edges off; None, 0.0 where the window holds neither."""
    r = int(2.2 * edge_px) + 1
    cx, cy = centre_xy
    x0, y0 = max(0, int(cx) - r), max(0, int(cy) - r)
    win = image_bgr[y0:int(cy) + r + 1, x0:int(cx) + r + 1]
    if win.size == 0:
        return None, 0.0
    lum = cv2.cvtColor(win, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    yy, xx = np.mgrid[:lum.shape[0], :lum.shape[1]]
    dist = np.hypot(xx + x0 - cx, yy + y0 - cy) / edge_px
    body, ring = lum[dist < 0.4], lum[(dist > 1.3) & (dist < 2.2)]
    if not body.size or not ring.size:
        return None, 0.0
    return float(np.percentile(body, 80)), float(np.median(ring))


def elongation(blob: Blob) -> float:
    """Long / short axis of the blob (square roots of its pixel covariance's
    eigenvalues): ~1.0-1.3 for one die, up to ~1.8 for a die on another (the die below
    sticks out by at most a fifth of an edge), ~2 for two dice side by side."""
    ys, xs = np.nonzero(blob.mask)
    if len(xs) < 3:
        return 1.0
    small, large = np.linalg.eigvalsh(np.cov(np.stack([xs, ys]).astype(float)))
    return float(np.sqrt(large / max(small, 1e-9)))
