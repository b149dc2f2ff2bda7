"""Stage 5: is each die flat, leaning, or stacked on another die?

Heuristics, from the top view alone (documented because they are guesses, not
measurements):

- stacked: two dice whose top faces are closer than ~0.9 of a die edge cannot both
  lie on the floor; the one that looks larger (nearer the camera) is on top and is
  marked "stacked" (its neighbour below keeps its own pose).
- leaning: a leaning die's top face is tipped, so its pips are foreshortened. A die
  is "leaning" when its top pips' median roundness is below ``lean_roundness`` x the
  roundest top face among the other dice in the image (below ``lean_roundness_abs``
  when it is alone). Weak: a die leaning towards the camera's tilt looks flat from
  one view, and a side face turned up is not yet used (it fired on flat dice seen
  from beyond 30 degrees in the real photo set).
- leaning on another die: the two dice merge into one blob and only one top face is
  selected; the other die's upturned face still shows as a second full face in the
  same blob, away from the first (``second_face``): at least ``second_min_pips`` pips
  in a clean standard layout, nearly as round and as large as the top face's. A flat
  die's side faces are seen at a grazing angle (pips squashed to roundness ~0.3-0.55)
  and rarely show three or more pips at once. Both dice of that blob are leaning as
  far as the round is concerned (the top face's die is marked).
- two dice seen (``pair.pair_pose``): all three are in view and opaque, so the third is
  under or against one of them, whose blob then holds more than one die (at least
  ``pair_area`` x edge^2 and ``pair_ratio`` x the other blob). A clean top face on a
  blob below ``pair_area_max`` is a stack; an unsure face, a larger blob or a long one
  (``pair_long``: two dice side by side) is a leaning pair. It runs before the
  single-die cues (a stacked die's crop shows the die below and misleads them). On the
  fresh seed-9704 set (replayed reads) this voids 8 of 13 stacked rounds (2 more called
  leaning) and lifts leaning from 6 to 10 of 13. Weak: a stack whose blob looks
  one die's size (the die below hidden under a tilted view or lined up with the one on
  top) is not told from a die merely missed; the round abstains (``dice_count``), but
  for the video reader's cue of a die larger than a flat one at its place (``height``).
- a die against the dome's rim: its blob joins the rim's ring, band and shadow, so in
  the dome the blob-size rules (a side face showing, ``pair_pose``) must hold for the
  dice' bodies too (``body.die_bodies``; ``bodies`` of ``assign_poses``).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.layout import layout_fit
from vision.sicbo.pair import (
    elongation,
    pair_by_body,
    pair_pose,
    pale_floor,
    scene_edge_px,
    sized_face,
)
from vision.sicbo.pips import Pip, TopFace, face_roundness, pip_span_px
from vision.sicbo.points import centre_gap_px, gap_px
from vision.sicbo.pose_params import PIP_SPREAD, POSE_PARAMS, PoseParams

if TYPE_CHECKING:
    from vision.sicbo.reading import DieRead

__all__ = ["PIP_SPREAD", "PoseParams", "assign_poses", "elongation", "others_pip_area",
           "pair_pose", "pale_floor", "scene_edge_px", "second_face", "sided_leans",
           "sized_face", "small_one", "stretched_leans"]





def assign_poses(reads: list[DieRead], blobs: list[Blob], tops: list[TopFace],
                 params: PoseParams = POSE_PARAMS, *,
                 leaning: set[int] = frozenset(),  # type: ignore[assignment]
                 pale: bool = False,
                 third_seen: bool = False,
                 bodies: Callable[[], list[Blob]] | None = None) -> list[DieRead]:
    """New reads with ``pose`` set; inputs are parallel lists, one entry per die.
    ``leaning``: indices already known to lean (``merged.holds_two_dice``); ``pale``: the
    floor is nearly as bright as the dice (``pale_floor``); ``third_seen``: a die the reader
    could not read is in view apart from those read (``dice._unread_die``), so no blob hides
    a third die and the two-dice rule (``pair_pose``) stands aside; ``bodies``: gives the
    blobs cut to the dice' bodies (``body.die_bodies``; None: not known), called once and
    only when a blob-size rule fires (it costs ~10 ms a read). A blob joined to the dome's
    rim is large for what is in it, so the blob-size rules (``_side_showing``,
    ``pair_pose``) must hold for the bodies too. When the blobs show no pair, the bodies are
    judged by the same rule: the one-die blob joined to the rim or a shadow is as large as
    the pair's (seed 10704 (spent) clip 027 r1, 1280x960: a die leaning on a one, blobs 2.30
    and 2.29 edge^2, bodies 2.10 (2.36 long) and 1.04: read as two flat dice, abstained
    dice_count). Not on a floor nearly as bright as the dice (``pale``): the bodies are cut
    from blobs that do not outline the dice there, and a one-die body shrinks to 1.3 edge^2
    beside another's 1.9 (fresh seed 13204 (spent) clip 014 r3 and r4, 1280x720, camera 15
    degrees: a third die under the glass's glare missed, blobs 1.99 / 1.60 and 1.80 / 1.41
    edge^2, no pair; bodies 1.92 / 1.29 and 1.76 / 1.32: voided dice_stacked, truth 2-5-6
    and 1-2-6; now dice_count). With two dice seen, one blob hides the third: once the pair
    rule finds it, the other die's second face is its own side face, seen on a steep view,
    and that die is flat unless its own face or blob tips it (seed 11004 (spent) clip 013
    r1, camera 27 degrees: a five's side face showed a clean six beside its top, a one on a
    die beside it; both read leaning, voided dice_leaning, truth dice_stacked)."""
    cut = functools.cache(bodies) if bodies is not None else lambda: None
    poses = ["leaning" if i in leaning else "flat" for i in range(len(reads))]
    rounds = [face_roundness(t) for t in tops]
    two_faces = {i for i, t in enumerate(tops) if second_face(t, params) is not None
                 and not _misread_one(i, reads, tops, params)}
    tipped = set(leaning)
    own = set(leaning)                # leaning by its own face or blob, not a second face
    for i in range(len(tops)):
        tilted = _leaning(i, rounds, params) and not (_lone_pip(i, reads, tops, params)
                                                      or _piece(i, reads, tops, params)
                                                      or small_one(i, tops, params))
        side = _side_showing(i, blobs, reads, tops, params) and _body_large(i, cut(), params)
        if tilted or side or i in two_faces:
            poses[i] = "leaning"
        if tilted:
            tipped.add(i)
        if tilted or side:
            own.add(i)
    for i in _stacked_by_size(reads, tipped, params):
        poses[i] = "stacked"
    known = ["leaning" if i in leaning else "flat" for i in range(len(reads))]
    pair = None if third_seen else pair_pose(blobs, tops, reads, known, params, pale=pale)
    if pair is not None and bodies is not None and not pair_by_body(pair[0], cut(), tops,
                                                                     params, reads):
        pair = None                   # the large blob is a die joined to the rim
    if pair is None and bodies is not None and len(blobs) == 2 and not (pale or third_seen):
        pair = pair_pose(cut(), tops, reads, known, params)   # both blobs joined
    if pair is not None and not (pair[1] == "stacked" and pair[0] in two_faces):
        poses[pair[0]] = pair[1]      # a second face beside the top one: side by side
        if 1 - pair[0] not in own:    # the third die is in the pair's blob, not this one's
            poses[1 - pair[0]] = "flat"
    return [dataclasses.replace(r, pose=p) for r, p in zip(reads, poses, strict=True)]


def _stacked_by_size(reads: list[DieRead], tipped: set[int], params: PoseParams) -> set[int]:
    """Dice lying on another: a face closer than ``stack_distance_rel`` x edge to another
    die's and ``stack_size_ratio`` x its size (the upper die is nearer the camera), both
    read at least ``stack_conf`` surely. Not when the smaller face is tipped (``tipped``:
    its pips squashed, ``_leaning``, or already known to lean): a tilted face looks
    smaller for its tilt, not its distance, and a die under another shows no whole face
    beside it. Seed 10704 (spent) clip 002 r3 (1280x960, camera 3 deg): a six tipped
    against a flat five, its upturned side face read as a six at 0.98, 60 px against the
    five's 70 (1.16 x), 0.81 edge from it, pips 0.58 round against 0.98: the five was
    called stacked, the round voided dice_stacked (truth dice_leaning)."""
    out = set()
    for i, a in enumerate(reads):
        for j, b in enumerate(reads):
            d = centre_gap_px(a, b)
            near = d < params.stack_distance_rel * max(a.edge_px, b.edge_px)
            sure = min(a.confidence, b.confidence) >= params.stack_conf
            if i != j and near and sure and j not in tipped \
                    and a.edge_px >= params.stack_size_ratio * b.edge_px:
                out.add(i)
    return out





def stretched_leans(blobs: list[Blob], tops: list[TopFace], reads: list[DieRead],
                    pairs: set[tuple[int, int]], bodies: Callable[[], list[Blob]],
                    params: PoseParams = POSE_PARAMS) -> set[int]:
    """Of three dice, a die of a touching pair not seen alike (``pairs``: the caller's
    ``touch - alike``, which would cap both and abstain) whose blob is stretched by a
    side face: at least ``stretch_area`` x each other die's blob area and
    ``stretch_long`` x as elongated, its body (``bodies``: shadow and rim cut away) at
    least ``stretch_body`` x each other body's area, while its top face, read at least
    ``side_conf`` surely, is no larger than ``stretch_face`` x theirs (so the blob is not
    larger for being nearer the camera): it leans. A die tipped against another turns a
    side face up beside its top face and its face shrinks a little; ``_side_showing``
    (a wall lean, its face looking larger) asks for a larger face. Fresh seed 13104
    (spent) clip 027 r1 (1280x960, camera 9.6 degrees, 54 px dice): a two tipped 31.5
    degrees against a two, touching (1.57 edges, no floor between), its blob 2.19
    edge^2 and 1.74 long against 1.34-1.40 and 1.14-1.19, body 1.82 against 1.27-1.34,
    face 0.97 x theirs; two-pip faces give no layout (``lean_view``), the pips 7 px:
    both capped, abstained low_confidence (truth dice_leaning)."""
    if len(blobs) != 3 or len(tops) != 3:
        return set()
    out: set[int] = set()
    cands = {k for pair in pairs for k in pair}
    cut: list[Blob] | None = None
    for k in sorted(cands):
        others = [m for m in range(3) if m != k]
        face_ref = float(np.median([reads[m].edge_px for m in others]))
        if (reads[k].confidence < params.side_conf or tops[k].count < 2
                or reads[k].edge_px > params.stretch_face * face_ref
                or any(blobs[k].area_px < params.stretch_area * blobs[m].area_px
                       or elongation(blobs[k]) < params.stretch_long * elongation(blobs[m])
                       for m in others)):
            continue
        cut = bodies() if cut is None else cut
        if all(cut[k].area_px >= params.stretch_body * cut[m].area_px for m in others):
            out.add(k)
    return out


def sided_leans(blobs: list[Blob], tops: list[TopFace], reads: list[DieRead],
                pairs: set[tuple[int, int]], bodies: Callable[[], list[Blob]], edge_px: float,
                params: PoseParams = POSE_PARAMS) -> set[int]:
    """Of three dice, a die of a touching pair not seen alike (``pairs``: the caller's
    ``touch - alike``, which would cap both and abstain) whose outline runs out towards
    its partner: a die tipped against another turns the side face that faced it up,
    between its top face and the support, so its blob and body reach at least
    ``side_reach`` x edge from its top face's centre towards the partner (a flat die's
    half edge: ~0.5), and its tipped top face is foreshortened on the far side (no more
    than ``side_near`` x edge the other way). A camera off vertical shows flat dice's side
    faces too, but on every die alike and the same way in the image: each other die's
    blob and body must reach at least ``side_margin`` x edge less in that direction, or
    be that much less lopsided that way (``_beyond``). Measured on the blob and the body
    (shadow and rim cut away) at the 1st/99th percentile of the pixels' projections.
    Fresh seed 13204 (spent) 003 r2, 007 r1, 017 r0 (leans, both capped and abstained
    low_confidence): the lean's blob and body reached 0.84-0.97 edge towards its support
    and 0.36-0.42 away, the other two dice 0.48-0.66 that way; in the flat touching
    pairs of 006 r0 and 016 r3 (abstained, still do) the die reaching 0.88-0.95 towards
    its partner had the others reach 0.75-0.97 alike.
    Fresh seed 13304 (spent) 012 r1: a five tipped 23 degrees against a one reached 1.0
    towards it and 0.50 away (its far side hardly foreshortened at that tilt), the others
    0.59-0.68 that way: ``side_near`` 0.55, not 0.5 (abstained low_confidence before).
    The far side is judged on the body alone: the blob keeps the die's cast shadow, which
    falls where the light puts it, not where the die is. Fresh seed 14004 (spent) clip 011
    r1 f290 (1024x576, camera 18 degrees, 45 px dice): a two tipped 34.5 degrees against a
    five reached 0.93 (blob) and 0.91 (body) towards it, the other two dice 0.50-0.55 that
    way; away, its body 0.38 but its blob 0.56, a lobe of shadow off its far corner: both
    capped, abstained low_confidence (truth dice_leaning)."""
    if len(blobs) != 3 or len(tops) != 3 or edge_px <= 0:
        return set()
    out: set[int] = set()
    for k, s in sorted({(i, j) for i, j in pairs} | {(j, i) for i, j in pairs}):
        if reads[k].confidence < params.side_conf:
            continue
        d = np.subtract(tops[s].center_xy, tops[k].center_xy)
        n = float(np.hypot(*d))
        if n <= 0:
            continue
        u = d / n                                  # from the die towards its partner
        cut = bodies()                             # cut once by the caller (cached)
        reach = [_reach(b[k], tops[k].center_xy, u, edge_px) for b in (blobs, cut)]
        if any(fw < params.side_reach for fw, _ in reach) or reach[1][1] > params.side_near:
            continue                               # away: the body's (no shadow) alone
        if all(_beyond(_reach(b[m], tops[m].center_xy, u, edge_px), reach[i], params)
               for i, b in enumerate((blobs, cut)) for m in range(3) if m != k):
            out.add(k)
    return out


def _beyond(other: tuple[float, float], lean: tuple[float, float],
            params: PoseParams) -> bool:
    """The lean's outline (its reach ``(towards, away)`` along the line to its partner)
    runs out farther than another die's beyond what the camera shows of every die: the
    other reaches ``side_margin`` x edge less that way, or its outline is that much less
    lopsided that way (reach towards less reach away). A camera off vertical shows each
    flat die's side faces the same way in the image, which makes every outline lopsided
    alike; a die turned on the floor (its corner, 0.71 edge out, towards the partner)
    reaches farther both ways, lopsided no more. Fresh seed 13304 (spent) clip 003 r3
    (a four tipped 36 degrees against a one): the four reached 0.93 edge towards the one
    and 0.47 away (0.46 lopsided); the one, turned corner-on, 0.77-0.83 that way and
    0.68-0.71 the other (0.09-0.12), the third die 0.52 and 0.53: both capped, abstained
    low_confidence (truth dice_leaning)."""
    return (other[0] <= lean[0] - params.side_margin
            or other[0] - other[1] <= lean[0] - lean[1] - params.side_margin)


def _reach(blob: Blob, centre: tuple[float, float], u: np.ndarray,
           edge_px: float) -> tuple[float, float]:
    """How far (x edge) ``blob`` runs from ``centre`` along ``u`` and against it (99th
    and 1st percentiles of its pixels' projections)."""
    ys, xs = np.nonzero(blob.mask)
    if len(xs) == 0:
        return 0.0, 0.0
    x0, y0 = blob.box_xyxy[:2]
    proj = (xs + x0 - centre[0]) * u[0] + (ys + y0 - centre[1]) * u[1]
    return float(np.percentile(proj, 99)) / edge_px, float(-np.percentile(proj, 1)) / edge_px


def _body_large(i: int, bodies: list[Blob] | None, params: PoseParams) -> bool:
    """Die ``i``'s body is at least ``body_rel`` x the largest other body (True when
    the bodies are not known). A flat die against the rim: blob 1.71 x the others',
    body 1.11 (fresh seed-10204 clip 015 r0, voided leaning); the rendered 20-degree
    wall leans of tests/sicbo/test_reader_dice.py: bodies 1.32 and 1.35."""
    if bodies is None or len(bodies) < 2:
        return True
    return bodies[i].edge_px >= params.body_rel * max(
        b.edge_px for j, b in enumerate(bodies) if j != i)






def _lone_pip(i: int, reads: list[DieRead], tops: list[TopFace], params: PoseParams) -> bool:
    """One pip on a face read unsurely (< ``lone_conf``) while all three dice lie apart:
    that pip's roundness is no tilt evidence (a 3 seen corner-on on a pale floor was one
    merged pip: fresh seed-9704 set, a false void). With two dice seen the pair rule
    (``pair_pose``) judges the merged blob instead."""
    return len(reads) >= 3 and tops[i].count == 1 and reads[i].confidence < params.lone_conf


def small_one(i: int, tops: list[TopFace], params: PoseParams = POSE_PARAMS) -> bool:
    """A top face of one pip whose pip's area is under ``small_one_rel`` x the median pip
    of the other faces of 2+ pips: no one's pip (a one's is larger than a corner pip, ~2
    x its area for a Western one, more for a Chinese one; tipped 40 degrees it keeps 0.77
    of that), but a side face's pip or a speck the pip stage took for the top face. Its
    shape is no tilt evidence, and the face is not known (the caller, ``dice``, does not
    trust it: the round abstains rather than void or pay). Fresh seed 13304 (spent) clip
    011 r2 frame 447 (1024x576): a flat one (red pip 153 px^2 in the whole frame's read)
    read within the dome's box by a red side pip of 20 px^2, 0.51 round, against the
    two's 55-56 px^2 0.87-0.90: leaning, voided dice_leaning; truth 1-1-2, all flat."""
    if tops[i].count != 1:
        return False
    ref = others_pip_area(i, tops)
    return ref is not None and tops[i].pips[0].area_px < params.small_one_rel * ref


def others_pip_area(i: int, tops: list[TopFace]) -> float | None:
    """The median area of the top pips of the faces of 2+ pips other than ``i`` (px^2),
    or None with fewer than two such pips: what a pip looks like in this picture."""
    areas = [p.area_px for j, t in enumerate(tops) if j != i and t.count >= 2 for p in t.pips]
    return float(np.median(areas)) if len(areas) >= 2 else None


def _misread_one(i: int, reads: list[DieRead], tops: list[TopFace],
                 params: PoseParams) -> bool:
    """A top face of one pip that the read calls another face, unsurely (< ``lone_conf``):
    the pip stage took a pip for the top face that is not one, so the pips beside it are
    no second die's face (fresh seed-10504 clip 026 r2, at 7299cc4: a flat six on a
    steep view, one pip of its side face taken as the top, a column of three of its top
    face as a second face; read a six at 0.40, voided leaning). Such a read is under
    every outcome floor: the round abstains at worst."""
    return tops[i].count == 1 and reads[i].face != 1 and reads[i].confidence < params.lone_conf


def _piece(i: int, reads: list[DieRead], tops: list[TopFace], params: PoseParams) -> bool:
    """A face read unsurely (< ``lone_conf``) and below ``piece_rel`` x the other dice'
    face edge (median of those with 2+ pips), three dice or more seen: a piece of a die
    the blob finder broke off, whose pips are cut, not foreshortened (fresh seed 10104
    clip 018 r3: two flat dice touching, a piece of one read as a six at 0.24, 0.64 x
    the others' edge, its pips 0.46 round against 0.87: voided leaning). A die tipped
    20-40 degrees keeps 0.77-0.94 of its face's length."""
    sized = [t.edge_px for j, t in enumerate(tops) if j != i and t.count >= 2]
    return (len(reads) >= 3 and bool(sized) and reads[i].confidence < params.lone_conf
            and tops[i].edge_px < params.piece_rel * float(np.median(sized)))


def _leaning(i: int, rounds: list[float], params: PoseParams) -> bool:
    others = [r for j, r in enumerate(rounds) if j != i]
    ref = params.lean_roundness * max(others) if others else params.lean_roundness_abs
    return rounds[i] < ref


def _side_showing(i: int, blobs: list[Blob], reads: list[DieRead], tops: list[TopFace],
                  params: PoseParams) -> bool:
    """Blob and top face both much larger than the other dice', and the blob longer for
    its width than theirs (``lean_elong_rel`` x their median ``elongation``): a side face
    shows, stretching the silhouette along the tilt. A flat die nearer the camera looks
    larger all over but keeps its shape (fresh seed-10004 clip 028 r3, a flat six near
    the camera on a steep view: blob 1.39 and top 1.30 x the others', elongation 1.10
    against their 1.19-1.24, voided leaning; the rendered 20-degree wall lean of
    tests/sicbo/test_reader_dice.py: 1.38-1.72 against 1.08-1.25). A face read unsurely
    (below ``side_conf``) is no evidence: its edge is not a face's (fresh seed-9904 clip
    006 r4: a flat one read as two pips at 0.30, its "face" 1.56 x the others', voided
    leaning; the wall lean's face reads at 0.99)."""
    if len(reads) < 3 or tops[i].count < 2:      # one pip: its face edge is a guess
        return False
    if reads[i].confidence < params.side_conf:
        return False
    blob_ref = max(b.edge_px for j, b in enumerate(blobs) if j != i)   # a die half found is no ref
    elong_ref = float(np.median([elongation(b) for j, b in enumerate(blobs) if j != i]))
    return (blobs[i].edge_px >= params.lean_blob_rel * blob_ref
            and _top_large(i, reads, tops, params)
            and elongation(blobs[i]) >= params.lean_elong_rel * elong_ref)


def _top_large(i: int, reads: list[DieRead], tops: list[TopFace], params: PoseParams) -> bool:
    """Die ``i``'s top face at least ``lean_top_rel`` x the other dice' (median) by its
    edge from pip areas and, where it and another face show 2+ pips, by its pips' span
    too (``pips.pip_span_px``: opposite corner pips, the same for faces 2-6; a pip taken
    off a side face could lengthen it, so it only vetoes). An edge from pip areas
    follows how much of each pip the threshold kept:
    seed 12404 (spent) clip 006 r2 (1280x720, camera 22 degrees), flat dice of 48-55 px
    (by the scene), a six by the rim read 48 px, a five and a three 41 and 40: 1.19 x,
    voided leaning; spans 1.0 x; clip 008 r4, a six at the rim 41 px against fives of
    38 and 29 (the scene: 40-41): 1.22 x, span 1.03 x. The rendered 20-degree wall leans
    (tests/sicbo/test_reader_dice.py): spans 1.26 and 1.37 x (edges 1.28, 1.36)."""
    top_ref = float(np.median([r.edge_px for j, r in enumerate(reads) if j != i]))
    if reads[i].edge_px < params.lean_top_rel * top_ref:
        return False
    spans = [pip_span_px(t) if t.count >= 2 else 0.0 for t in tops]
    others = [s for j, s in enumerate(spans) if j != i and s > 0]
    return not (spans[i] > 0 and others) or \
        spans[i] >= params.lean_top_rel * float(np.median(others))


def second_face(top: TopFace, params: PoseParams = POSE_PARAMS) -> tuple[Pip, ...] | None:
    """Pips of a second, upturned face in the top face's blob (another die leaning on
    or under it), or None. Candidates are the non-top pips on the blob, at least
    ``second_gap_rel`` x edge from the top face; each candidate seeds a group of the
    candidates within 0.75 edge of it, trimmed to 0.62 edge of the group's centre.

    A one's big pip is no size reference for the others' pips, nor its edge (sized from
    the other dice) for the gap: ``one_pip_area`` and ``one_gap_rel`` (fresh seed 10104
    clip 010 r1: a three leaning on a one, its pips 0.13 x the one's pip area and
    0.68-0.98 of the one's edge from it; not seen, the pair voided stacked)."""
    edge = top.edge_px
    ref_round = min(face_roundness(top), 0.85)     # one or two pips: a noisy reference
    ref_area = float(np.median([p.area_px for p in top.pips]))
    gap = params.second_gap_rel
    if top.count == 1:
        ref_area, gap = params.one_pip_area * ref_area, params.one_gap_rel
    cands = [p for p in top.side_pips if p.inside >= 0.5
             and gap_px(p.center_xy, top.center_xy) >= gap * edge]
    for seed in cands:
        group = [p for p in cands if gap_px(p.center_xy, seed.center_xy) <= 0.75 * edge]
        centre = tuple(np.mean([p.center_xy for p in group], axis=0))
        group = [p for p in group if gap_px(p.center_xy, centre) <= 0.62 * edge]
        if _is_face(group, ref_round, ref_area, params):
            return tuple(group)
    return None


def _is_face(group: list[Pip], ref_round: float, ref_area: float,
             params: PoseParams) -> bool:
    if not params.second_min_pips <= len(group) <= 6:
        return False
    rnd = float(np.median([p.roundness for p in group]))
    area = float(np.median([p.area_px for p in group]))
    return (rnd >= max(params.second_roundness, params.second_round_rel * ref_round)
            and area >= params.second_area_rel * ref_area
            and layout_fit(np.array([p.center_xy for p in group])) >= params.second_min_fit)

