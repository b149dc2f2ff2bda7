"""Stage 4b: dice in contact: one blob holding two dice, or two blobs that touch.

Two blobs meeting along a line (``touching``) were one blob the blob finder cut in two:
dice pressed together, i.e. one leaning on the other, unless the line is short and both
top faces look alike (two flat dice that came to rest against each other).
Two top faces closer than 1.6 edges (``close_dice``) belong to dice that touch, blobs
split or not; a lean looks like that too, so neither die is trusted unless a lean is seen.

A die leaning on another merges with it into one blob, and the pip stage picks one top
face in it. Take that face out of the blob (a disk of ``cut_rel`` x its edge), open
what is left with a disk of ``open_rel`` x edge (thin slivers of the first die's side
faces go), and look for a top face in the largest remaining part. If there is one and
the face CNN, shown it at the first face's scale, reads exactly its pip count surely
(``min_cnn``) with round pips (``min_roundness``), the blob holds a second die's
upturned face: the round is not flat dice.

On the tuning frames (seeds 9002, 9003, 4242; 177 flat rounds) no flat round showed
such a face (flat dice are generated at least 1.6 edges apart, so they never merge);
2 of 14 leaning rounds did. Real dice lying flat and touching, if the blob finder did
not split them, would also show two faces here: that case is called leaning too (a
void to confirm, never a wrong outcome).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.face import FaceClassifier, face_crop, face_probs
from vision.sicbo.pips import PipParams, TopFace, face_roundness, find_pips, select_top_face
from vision.sicbo.points import centre_gap_px

__all__ = ["Contact", "MergedParams", "close_dice", "contact_px", "contacts", "faces_apart",
           "holds_two_dice", "pair_of", "pips_on", "pressed_dice", "remainder",
           "second_die_face", "shared_pip_faces", "touching"]


@dataclass(frozen=True, slots=True)
class MergedParams:
    min_area_rel: float = 1.6     # only blobs at least this x top edge^2 are looked at
    cut_rel: float = 0.75         # radius of the disk taken out around the top face
    open_rel: float = 0.4         # opening of what is left
    min_part_rel: float = 0.5     # the remaining part is at least this x edge^2
    min_cnn: float = 0.9
    min_roundness: float = 0.6
    apart_rel: float = 1.5        # faces_apart: the second face this x edge from the top ...
    tilt_edge: float = 1.1        # ... edges within this x of each other ...
    tilt_round: float = 0.85      # ... and pips at least this x as round: side by side


def remainder(blob: Blob, top: TopFace, params: MergedParams = MergedParams()) -> Blob | None:
    """The largest part of ``blob`` left once its top face is cut out, or None."""
    x0, y0 = blob.box_xyxy[:2]
    edge = top.edge_px
    mask = blob.mask.astype(np.uint8)
    centre = (int(round(top.center_xy[0] - x0)), int(round(top.center_xy[1] - y0)))
    cv2.circle(mask, centre, int(params.cut_rel * edge), 0, -1)
    k = max(3, int(params.open_rel * edge) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    if n < 2:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h, area = stats[i]
    if area < params.min_part_rel * edge ** 2:
        return None
    return Blob(box_xyxy=(x0 + x, y0 + y, x0 + x + w, y0 + y + h),
                mask=labels[y:y + h, x:x + w] == i, area_px=float(area), solidity=blob.solidity)


def holds_two_dice(image_bgr: np.ndarray, blob: Blob, top: TopFace,
                   classifier: FaceClassifier | None, pips: PipParams,
                   params: MergedParams = MergedParams()) -> bool:
    """True when a second die's face shows in ``blob`` beside ``top``."""
    return second_die_face(image_bgr, blob, top, classifier, pips, params) is not None


def second_die_face(image_bgr: np.ndarray, blob: Blob, top: TopFace,
                    classifier: FaceClassifier | None, pips: PipParams,
                    params: MergedParams = MergedParams()) -> tuple[Blob, TopFace] | None:
    """The part of ``blob`` beside ``top`` (``remainder``) and the second die's face that
    shows in it (``holds_two_dice``), or None."""
    if classifier is None or blob.area_px < params.min_area_rel * top.edge_px ** 2:
        return None
    rest = remainder(blob, top, params)
    if rest is None:
        return None
    second = select_top_face(find_pips(image_bgr, rest, pips), rest, pips)
    if second is None or not 1 <= second.count <= 6:
        return None
    if face_roundness(second) < params.min_roundness:
        return None
    probs = classifier.predict(face_crop(image_bgr, second.center_xy, top.edge_px)[None])[0]
    faces = face_probs(probs)
    sure = (int(np.argmax(probs)) + 1 == second.count
            and float(faces[second.count - 1]) >= params.min_cnn)
    return (rest, second) if sure else None


def faces_apart(top: TopFace, second: TopFace, params: MergedParams = MergedParams()) -> bool:
    """Two faces of one blob (``second_die_face``) that look like two flat dice lying
    side by side, not a lean: at least ``apart_rel`` x the top face's edge apart and
    neither tilted next to the other (edges within ``tilt_edge`` x, pips at least
    ``tilt_round`` x as round). A lean's top face lies 1.3-1.5 edges from its support's
    (``close_dice``) and is tipped 20-40 degrees, so one face is smaller and its pips
    squashed; flat dice lie at least 1.6 edges apart on the synthetic tables, but a
    shadow or the rim's band can join their blobs (set 11904 clip 018 r4: a flat five
    and a one 1.60 edges apart joined along the rim, edges 47.5 and 49.5 px, pips 0.86
    and 0.90 round: the one voided leaning). Flat or leaning cannot be told apart there
    from the faces alone (no floor shows between them), so the caller trusts neither:
    the round abstains rather than voids."""
    dist = centre_gap_px(top, second)
    return (dist >= params.apart_rel * top.edge_px
            and not _tilted_one(top, second, params.tilt_edge, params.tilt_round))


def contact_px(a: Blob, b: Blob, reach: int = 2,
               near: tuple[tuple[float, float], float] | None = None) -> int:
    """Pixels of ``b``'s mask within ``reach`` px of ``a``'s: the length of the line
    along which the two blobs meet (0 when apart); with ``near`` (a centre and a radius,
    px) only those within the radius of the centre."""
    ax0, ay0, ax1, ay1 = a.box_xyxy
    bx0, by0, bx1, by1 = b.box_xyxy
    x0, y0 = min(ax0, bx0) - reach, min(ay0, by0) - reach
    w, h = max(ax1, bx1) + reach - x0, max(ay1, by1) + reach - y0
    canvas_a = np.zeros((h, w), np.uint8)
    canvas_b = np.zeros((h, w), np.uint8)
    canvas_a[ay0 - y0:ay1 - y0, ax0 - x0:ax1 - x0] = a.mask
    canvas_b[by0 - y0:by1 - y0, bx0 - x0:bx1 - x0] = b.mask
    grown = cv2.dilate(canvas_a, cv2.getStructuringElement(cv2.MORPH_ELLIPSE,
                                                           (2 * reach + 1, 2 * reach + 1)))
    met = (grown & canvas_b).astype(bool)
    if near is not None:
        (cx, cy), radius = near
        ys, xs = np.mgrid[y0:y0 + h, x0:x0 + w]
        met &= np.hypot(xs - cx, ys - cy) <= radius
    return int(met.sum())


@dataclass(frozen=True, slots=True)
class Contact:
    """Two dice whose top faces lie near each other: ``die`` the one with the less round
    top pips (the tilted face, if any), ``contact_rel`` the line along which their blobs
    meet in die edges, ``tilted`` whether one face looks tilted next to the other,
    ``other`` the second die of the pair."""

    die: int
    contact_rel: float
    tilted: bool
    other: int = -1


def contacts(blobs: list[Blob], tops: list[TopFace], near_rel: float = 1.6,
             tilt_edge: float = 1.1, tilt_round: float = 0.85, split_rel: float = 0.6,
             split_conf: float = 0.5, confidences: list[float] | None = None) -> list[Contact]:
    """The pairs ``touching`` judges, each measured once (see ``touching`` for the
    parameters); a caller can apply several contact lengths to one scan."""
    out: list[Contact] = []
    for i in range(len(blobs)):
        for j in range(i + 1, len(blobs)):
            edge = max(tops[i].edge_px, tops[j].edge_px)
            dist = centre_gap_px(tops[i], tops[j])
            if dist >= near_rel * edge:
                continue
            if confidences is not None and len(blobs) > 3 and dist < split_rel * edge \
                    and min(confidences[i], confidences[j]) < split_conf:
                continue
            die, other = (i, j) if face_roundness(tops[i]) <= face_roundness(tops[j]) else (j, i)
            out.append(Contact(die, contact_px(blobs[i], blobs[j]) / edge,
                               _tilted_one(tops[i], tops[j], tilt_edge, tilt_round), other))
    return out


def shared_pip_faces(tops: list[TopFace], same_rel: float = 0.1) -> set[int]:
    """Faces whose every pip is a pip of another face with more pips (centres within
    ``same_rel`` x that face's edge): a piece of that die, not a second die (read_dice
    drops it before the rescue looks for a missing die, and pairs none with it). A pip is a
    spot on one face; two pips of one face lie >= ~0.3 edge apart, so two found that
    close are the same spot seen by two blobs (seed 10604 clip 000 r4, 800x600: glare
    cut a five's corner pip off into its own blob, read as a one, CNN 5 at 0.26, its
    face 0.37 edge from the five's: the pair taken as pressed, the five voided leaning,
    and the six at the rim never looked for;
    the lone pip lay 0.5 px from the five's own corner pip)."""
    out: set[int] = set()
    for i, a in enumerate(tops):
        for j, b in enumerate(tops):
            if i == j or not a.pips or b.count <= a.count:
                continue
            if pips_on(a, b, same_rel * b.edge_px):
                out.add(i)
    return out


def pips_on(a: TopFace, b: TopFace, reach: float) -> bool:
    """Does every pip of ``a`` lie within ``reach`` px of one of ``b``'s?"""
    return all(any(centre_gap_px(p, q) <= reach for q in b.pips) for p in a.pips)


def pressed_dice(pairs: list[Contact], rel: float = 0.7, long_rel: float = 1.0,
                 apart: set[tuple[int, int]] = frozenset(),  # type: ignore[assignment]
                 beyond: set[tuple[int, int]] = frozenset()) -> set[int]:  # type: ignore[assignment]
    """The tilted die of each pair meeting along ``long_rel`` edges, or ``rel`` with a
    tilted face (``touching``'s rule on ``contacts``), unless the pair lies ``apart``
    (``(i, j)``, i < j, ``touch.touch_pairs``: floor seen between them, or farther than
    a lean's top face lies from its support's; pairs closer than an edge are not in it,
    so stay pressed). The tilted-face cue is shared by
    flat dice lying apart: a one's edge is a guess (up to 1.3 x the others'), and a one
    1.78 edges from a flat two, edges 76 and 60 px, blobs meeting 0.72 edge (seed 10504
    clip 012 r1, a false leaning void) measures as a three leaning on a one does (seed
    10404 clip 004 r2: 66 and 53 px, 0.83 edge, 1.52 edges apart); the lean has no floor
    between (0.0 edge), the flat pair lies beyond a lean's reach (1.75 edges) with 0.42
    edge of floor between.

    Pairs in ``beyond`` (apart, and their faces farther apart than any lean's from its
    support: the caller's ``_in_reach``) lean by neither rule, however long their blobs
    meet: there the blobs join by shadow or side faces, not by a die lying against
    another. Spent seed 16504 clip 025 r0 (1280x720, a floor 232/215/240 paler than the
    dice): a flat two and six 1.92 edges apart, floor between them, their blobs (the
    two's grown by its shaded sides to 53.8 px against the dice' 39) meeting along 1.23
    edges: the six called leaning, a false void."""
    return {c.die for c in pairs
            if pair_of(c) not in beyond and (c.contact_rel >= long_rel or (
                c.contact_rel >= rel and c.tilted and pair_of(c) not in apart))}


def pair_of(c: Contact) -> tuple[int, int]:
    """The contact's pair as ``(i, j)``, i < j."""
    return min(c.die, c.other), max(c.die, c.other)


def close_dice(tops: list[TopFace], edge_px: float, rel: float = 1.6,
               tilted_rel: float = 1.7, tilt_round: float = 0.85) -> set[int]:
    """Both dice of every pair whose top-face centres lie closer than ``rel`` x the die
    edge (``edge_px``: one edge for the image, ``pose.scene_edge_px``), stacks (closer
    than an edge) aside.

    Two flat dice that close must touch (face to face their centres are 1 edge apart, at
    most ~1.41 when offset along the face). A die leaning on another lies as close: its
    raised bottom edge rests on the support's side, so its top face centre is
    0.5 + sin(t) + cos(t)/2 edges from the support's (1.3-1.5 for tilts t of 20-40
    degrees), and its tipped top face and upturned side face can look as flat as its
    neighbour's from above (fresh seed-9904 set, at a2ae5dc: clip 016 rounds 3 and 4,
    1.21 and 1.32-1.36 edges apart, paid; 014 r4 1.36, 010 r0 1.32-1.40; the closest flat
    dice of that set lay 1.74 edges apart). Which one it is cannot be told from the top
    faces alone, so neither is trusted (the caller caps their confidence: the round
    abstains unless a lean is seen). ``rel`` 1.6 leaves room for a slide along the support
    and a 10% error in the edge (seed-9804 clip 014 r3, paid at 1.5: a five leaning on a
    three 1.51 edges from it). Up to ``tilted_rel`` edges apart when one face of
    2+ pips has pips at most ``tilt_round`` x as round as the other's: a lean seen from
    farther (seed-9904 clip 025 r0, paid: a three 1.59 edges from the four it leans on,
    its pips 0.70 round against 0.88; its upturned side joined the four's blob)."""
    out: set[int] = set()
    for i in range(len(tops)):
        for j in range(i + 1, len(tops)):
            dist = centre_gap_px(tops[i], tops[j])
            if edge_px <= dist and (dist < rel * edge_px or (
                    dist < tilted_rel * edge_px and _tilted_pips(tops[i], tops[j], tilt_round))):
                out |= {i, j}
    return out


def touching(blobs: list[Blob], tops: list[TopFace], rel: float = 0.7,
             near_rel: float = 1.6, long_rel: float = 1.0, tilt_edge: float = 1.1,
             tilt_round: float = 0.85, split_rel: float = 0.6,
             split_conf: float = 0.5, confidences: list[float] | None = None) -> set[int]:
    """Dice whose blob meets another die's blob along at least ``rel`` x the die edge:
    of each such pair, the one with the less round top pips (the tilted face). Two dice
    pressed together were one blob that the blob finder cut in two along the contact,
    i.e. a die leaning on another. Flat dice lying near each other (their side faces or
    shadows may just meet) touch at a point: on the seed-9002 tuning frames their contact
    was 0.18-0.55 edge, a leaning pair's 0.8-0.93. The two top faces must also be closer
    than ``near_rel`` x the die edge: a die leaning on another has its top face within
    ~1.3 edges of the other's, while flat dice whose blobs were joined by a shadow or a
    low-contrast floor lie further apart (fresh seed-9704 set: 2.4 and 2.7 edges, both
    false voids; leaning pairs 0.5 and 1.2).

    Two flat dice can lie pressed together too (real tables; fresh seed-9804 set: contact
    0.77 and 0.78 edge, top faces 1.5-1.6 edges apart, both false voids), so a contact
    shorter than ``long_rel`` x edge also needs a tilted face: top-face edges differing
    by ``tilt_edge`` x or one face's pips at most ``tilt_round`` x as round as the
    other's (leaning pairs on seeds 9704 and 9002: contact 1.26-1.29 edge, top edges
    1.16-1.17 x apart). With more than three dice found, two pieces whose faces lie
    within ``split_rel`` x edge, one read below ``split_conf`` (``confidences``, parallel
    to ``blobs``), are one die the blob finder cut in two (fresh seed-9804 set: 0.47
    edge, read at 0.21 and 0.47, four dice found: a false void). With three found it
    may be a real lean (seed-9704 clip 021 round 1: faces as near, one read unsurely)."""
    pairs = contacts(blobs, tops, near_rel, tilt_edge, tilt_round, split_rel, split_conf,
                     confidences)
    return pressed_dice(pairs, rel, long_rel)


def _tilted_pips(a: TopFace, b: TopFace, round_ratio: float) -> bool:
    """Both faces show 2+ pips (a one's big pip says little) and one's pips are at most
    ``round_ratio`` x as round as the other's."""
    return min(a.count, b.count) >= 2 and _less_round(a, b, round_ratio)


def _tilted_one(a: TopFace, b: TopFace, edge_ratio: float, round_ratio: float) -> bool:
    """One of two top faces looks tilted next to the other: its edge differs by
    ``edge_ratio`` x or its pips are at most ``round_ratio`` x as round."""
    return (max(a.edge_px, b.edge_px) >= edge_ratio * min(a.edge_px, b.edge_px)
            or _less_round(a, b, round_ratio))


def _less_round(a: TopFace, b: TopFace, round_ratio: float) -> bool:
    """One face's pips are at most ``round_ratio`` x as round as the other's."""
    ra, rb = face_roundness(a), face_roundness(b)
    return min(ra, rb) <= round_ratio * max(ra, rb)
