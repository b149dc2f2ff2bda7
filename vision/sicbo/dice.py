"""Read the dice in ONE image: boxes, top faces, confidences, poses.

Pipeline (one module per stage): ``detect`` (die blobs) -> ``pips`` (pips and which
lie on the top face) -> ``layout`` (do they form the standard layout) -> ``face``
(a small CNN on the top-face crop: second opinion, and a "not a die" class that
drops clutter) -> ``fuse`` (one die's face and confidence from both) -> ``pose``
(flat / leaning / stacked). Its typed values live in ``reading``. ``read_dice`` is
pure: array in, frozen ``DiceReading`` out; an uncertain die is a value (``face=None``
or low confidence), never an exception.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from vision.sicbo import face as face_stage
from vision.sicbo.body import die_bodies
from vision.sicbo.detect import Blob, find_die_blobs
from vision.sicbo.face import NOT_A_DIE
from vision.sicbo.faintpip import (
    centre_pair_completed,
    corner_pair_completed,
    lone_corner_completed,
    no_pip_dropped,
    row_completed,
    washed_pip_left,
)
from vision.sicbo.floor import LIT_REL, floor_look
from vision.sicbo.fuse import die_read, is_clutter, smeared_read
from vision.sicbo.lean_view import (
    layout_turned,
    layouts_turned,
    lone_turned,
    one_turned,
    pip_turned,
    turned_leans,
)
from vision.sicbo.merged import (
    Contact,
    contacts,
    faces_apart,
    pair_of,
    pips_on,
    pressed_dice,
    second_die_face,
    shared_pip_faces,
)
from vision.sicbo.middles import six_middles_seen
from vision.sicbo.pipblobs import whole_red_pip
from vision.sicbo.pips import (
    TopFace,
    consistent_edges,
    edge_at,
    find_pips,
    find_pips_twice,
    ones_capped,
    pip_across_px,
    select_top_face,
    shaded_one,
    short_diagonals,
    three_is_diagonal,
    two_is_diagonal,
)
from vision.sicbo.points import centre_gap_px
from vision.sicbo.pose import (
    assign_poses,
    others_pip_area,
    pale_floor,
    scene_edge_px,
    sided_leans,
    small_one,
    stretched_leans,
)
from vision.sicbo.reading import POSES, DiceParams, DiceReading, DieRead
from vision.sicbo.regrow import regrown_partials, sure_read
from vision.sicbo.rescue import RescueParams, rescue_dice, rescued_ok
from vision.sicbo.side_face import side_faces
from vision.sicbo.sidebyside import joined_pair, lone_pair, long_pair, ones_pair, two_pip_face
from vision.sicbo.smeared import smeared_dice
from vision.sicbo.stack import joined_stack, stacked_pose
from vision.sicbo.tint import MAX_CHROMA, face_chroma, not_a_die_face
from vision.sicbo.touch import (
    flat_beside,
    side_pip_pairs,
    square_pairs,
    tipped_leans,
    touch_pairs,
)
from vision.sicbo.twin import twin_two
from vision.sicbo.upturned import upturned_leans

SURE = 0.9        # a face read this sure is a ruler for the others' diagonals
# A one whose pip is no larger than the other faces' pips (``_plain_one``) read under this
# is not trusted, whatever its face's size: the CNN, shown a crop centred on one pip of a
# face seen in part, reads the pip alone as a one at 0.7 or so, which the lone pip's
# perfect fit lifts to 0.97, a one's outcome floor (a CNN 0.9 sure reads 0.99). Fresh
# seed 16004 clip 009 r1 frame 324 (1280x720, a floor paler than the dice): a two's
# upper pip under the lamp's glare, its lower pip in another blob, 41 px against the
# other two's 45-46, read a one at 0.970; the third die unseen, the round abstained, but
# read it would have paid 1-1-2 for 1-2-2.
PLAIN_ONE = 0.99
ONE_LOOK_REL = 0.8  # a one's face under this x the others' edge at its row ... (_cut_ones)
ONE_LOOK_P = 0.5    # ... read a one at least this surely at that edge, or not trusted
ONE_CROP_REL = 1.1  # a one is shown to the CNN at most this x the others' edge (_crop_edges)
LARGE_ONE = 1.25   # a lone pip this x across the other faces' pips is a one's (_large_ones)
LONE_BOX = 1.25   # a blob boxed this square is one die's (_tops' second look at its pips)
WASHED_THREE_CNN = 0.6   # a three grown from a centre pair: the CNN this sure (_washed_rows)
UNREAD_SIZE = (0.8, 1.5)   # a blob dropped as no die, this x the faces' edge: a die's ...
UNREAD_APART = 1.5         # ... its pip this x edge from every die read: unread (_unread_die)

__all__ = ["POSES", "DiceParams", "DiceReading", "DieRead", "read_dice", "reading_flags",
           "warm_up"]


def warm_up(params: DiceParams = DiceParams()) -> None:
    """Pay the process's one-off costs of reading now, not in the first read: the face
    model's session (onnxruntime's import and load, ~0.15 s CPU) and OpenCV's Lab tables,
    built on its first Lab conversion (~0.13 s). A live table's first outcome is then not
    ~0.3 s later than the others, and a broken model file stops the reader at its start."""
    if params.use_classifier:
        face_stage.load_classifier(params.model_path)
    cv2.cvtColor(np.zeros((1, 1, 3), np.uint8), cv2.COLOR_BGR2LAB)


def read_dice(image_bgr: np.ndarray, *, params: DiceParams = DiceParams()) -> DiceReading:
    """Read every die in a BGR uint8 image (HxWx3)."""
    if image_bgr.ndim != 3 or image_bgr.shape[2] != 3 or image_bgr.dtype != np.uint8:
        raise ValueError(f"image_bgr must be HxWx3 uint8, got {image_bgr.shape} {image_bgr.dtype}")
    if not params.in_dome:    # a photo: any camera distance (DetectParams.wide_floor)
        params = replace(params, detect=replace(params.detect,
                                                wide_floor=params.photo_wide_floor))
    else:    # top-lit dome: no top face darker than its floor; a row of dice cut apart;
        # dice by the wall cut out of the floor's band there (detect._raised_parts)
        params = replace(params, detect=replace(
            params.detect, lit_rel=params.detect.lit_rel or LIT_REL, split_long=True,
            raise_inside=True))
    look = floor_look(image_bgr, params.detect)    # the floor: blobs' and touch's
    blobs = find_die_blobs(image_bgr, params.detect, look=look)
    found = _tops(image_bgr, blobs, params)
    unread = [b for b in blobs if all(b is not f for f, _ in found)]    # no top face seen
    found = _drop_nested(found)
    if params.in_dome:    # a die's side face beside its top face, found as a die: none
        sides = side_faces(image_bgr, [t for _, t in found], params.side_face)
        found = [f for k, f in enumerate(found) if k not in sides]
    classifier = face_stage.load_classifier(params.model_path) if params.use_classifier else None
    probs = _classify(classifier, image_bgr, _crop_edges([t for _, t in found], params))
    found, probs = _second_looks(classifier, image_bgr, found, probs, params)
    found, probs = _washed_corners(classifier, image_bgr, found, probs, params)
    found, probs = _twin_twos(classifier, image_bgr, found, probs, params)
    if classifier is not None and params.in_dome:   # a piece of a pale die: read again
        found, probs = regrown_partials(image_bgr, found, probs,
                                        functools.partial(_classify, classifier, image_bgr),
                                        params)
    pieces = shared_pip_faces([t for _, t in found])    # a die's piece: not a die
    found, probs = [f for i, f in enumerate(found) if i not in pieces], \
        [p for i, p in enumerate(probs) if i not in pieces]
    lone = {i for i, p in enumerate(probs)
            if _joined_lone_pip(found[i][0], found[i][1], p, params, len(found))}
    keep = [i for i, p in enumerate(probs) if not is_clutter(p, params, found[i][1].count)
            and i not in lone]
    clutter = [found[i] for i in range(len(found)) if i not in keep]
    dropped = [(found[i], probs[i]) for i in sorted(lone)]
    found, probs = [found[i] for i in keep], [probs[i] for i in keep]
    if _room(len(found), params) and params.rescue and classifier is not None:
        _add_rescued(image_bgr, classifier, found, probs, params,
                     [] if params.in_dome else clutter)
    _unrescued_back(found, probs, dropped, params)
    found, probs = _washed_rows(classifier, image_bgr, found, probs, params)
    found = list(zip([b for b, _ in found], _red_pips_whole(image_bgr, [t for _, t in found]),
                     strict=True))
    smeared = smeared_dice(image_bgr, unread, found, classifier, clutter=clutter) if (
        not params.in_dome and classifier is not None) else []   # photos only
    reads = [die_read(b, t, p, params,
                      middles_seen=functools.partial(six_middles_seen, image_bgr, t))
             for (b, t), p in zip(found, probs, strict=True)]
    if params.in_dome:   # a larger face's pip washed grey where the face read has none
        reads = [replace(r, confidence=min(r.confidence, 0.5))
                 if r.face == t.count and washed_pip_left(image_bgr, t) else r
                 for r, (_, t) in zip(reads, found, strict=True)]
    keep = _without_extras(reads, params, probs)
    reads, found = [reads[i] for i in keep], [found[i] for i in keep]
    merged = _merged_pairs(image_bgr, classifier, found, params)   # a blob with two faces
    split = _split_merged(image_bgr, classifier, found, reads, merged, params)
    side = _side_by_side(image_bgr, classifier, found, params)   # a long blob: two dice
    if side is not None:
        found.append(side[0])
        reads.append(side[1])
    blobs, tops, confs = [b for b, _ in found], [t for _, t in found], [r.confidence for r in reads]
    reads = _large_ones(reads, tops, params)
    dup = shared_pip_faces(tops)      # a die's piece with none but its pips: no contact
    # (a blob cut in two, ``split``: no contact to judge between its two dice)
    pairs = [c for c in contacts(blobs, tops, confidences=confs) if not {c.die, c.other} & dup
             and pair_of(c) not in split]
    edge = scene_edge_px(blobs, tops) if blobs else 0.0   # one die edge for the image
    # each top face less the pips of other dice' faces its blob ran to (a second face's
    # cues, ``two_pip_face`` and ``pose.second_face``, look at the rest)
    own = [_own_side_pips(i, tops, edge, params) for i in range(len(tops))]
    # top faces close with no floor between: touching, maybe leaning (``touch``)
    touch, apart = touch_pairs(image_bgr, tops, edge, params.touch, params.detect, look) \
        if blobs and params.in_dome else (set(), set())
    two: set[int] = set()
    # in the dome the blob-size pose cues must hold for the dice' bodies too (a die at
    # the rim joins the rim: body.py); cut once, only if a rule asks (stretched_leans,
    # joined_pair, poses)
    bodies = functools.cache(lambda: die_bodies(image_bgr, blobs, tops)) \
        if params.in_dome else None
    # seen alike (pips' ellipses), unless the faces' layouts say turned apart: flat
    alike = square_pairs(tops, touch, params.touch) - layouts_turned(tops, touch,
                                                                     params.lean_view)
    if touch:                        # smaller, squashed and touching: a tipped face
        two |= tipped_leans(image_bgr, tops, confs, edge, params.touch, params.detect, look)
        # touching, not seen alike, the faces' layouts turned apart: one leans
        two |= turned_leans(tops, touch - alike, params.lean_view)
        # ... or a face's layout turned from a one's pip and the third die, seen alike
        two |= one_turned(tops, touch - alike, confs, params.lean_view,
                          image_size=(image_bgr.shape[1], image_bgr.shape[0]))
    if touch and bodies is not None:  # (touching: only ever found in the dome)
        # touching, not seen alike, one blob stretched by an upturned side face: it leans
        two |= stretched_leans(blobs, tops, reads, touch - alike, bodies, params.pose)
        # touching, not seen alike, one die's outline runs out towards the other: it leans
        two |= sided_leans(blobs, tops, reads, touch - alike, bodies, edge, params.pose)
        # touching, not seen alike, a face between them tipped neither level nor upright
        two |= upturned_leans(tops, touch - alike, edge, params.upturned)
    if blobs and params.in_dome:     # one face seen turned from two dice seen alike: leans
        size = (image_bgr.shape[1], image_bgr.shape[0])
        two |= lone_turned(tops, params.lean_view) | pip_turned(
            tops, params.lean_view, image_size=size) | layout_turned(
            tops, params.lean_view, image_size=size)
    seen_twice = side_pip_pairs(tops, confs, [(c.die, c.other) for c in pairs], params.touch)
    if seen_twice and not pale_floor(image_bgr, tops, edge, params.pose):
        seen_twice = set()           # a blob on a darker floor is a die's body (a lean's pip)
    # (not between faces apart beyond a lean's reach: blobs joined there by shadow)
    beyond = {(i, j) for i, j in apart if not _in_reach(tops[i], tops[j], edge, params)}
    two |= pressed_dice([c for c in pairs if (c.die, c.other) not in seen_twice
                         and (c.other, c.die) not in seen_twice], apart=apart, beyond=beyond)
    two |= {i for i, beside in merged.items() if beside is None}
    if side is not None or (params.in_dome and lone_pair(blobs, tops)):
        two.add(len(found) - 1)      # two dice side by side in one blob: leaning
    joined = joined_pair(blobs, tops, confs, bodies) if bodies is not None and not two else None
    if joined is not None:
        two.add(joined)              # a die leaning across another: one concave blob
    if params.in_dome:               # a second die's face turned up beside the top face
        two |= {i for i, (b, _) in enumerate(found) if two_pip_face(b, own[i])}
        two |= ones_pair(tops)       # two ones' pips read as one two: two dice side by side
    # seen lying flat side by side (a third die apart, all three sure, side faces showing
    # the same way: ``flat_beside``); where also seen alike, a short contact is no lean
    # (their bodies: a third die's blob joined to the dome's rim runs off along it)
    flat = flat_beside(blobs if bodies is None else bodies(), tops, confs, touch, apart,
                       params.touch, leaning=frozenset(two)) if touch else set()
    # pressed together along a short contact with no tilted face: flat or leaning cannot be
    # told apart, so neither a void nor an outcome: the die is not trusted (the round
    # abstains); in the dome not where the faces lie beyond a lean's reach (_in_reach),
    # nor where the pair is seen both alike and lying flat beside a third die (_seen_flat)
    pressed = pressed_dice([c for c in pairs if not params.in_dome
                            or (_in_reach(tops[c.die], tops[c.other], edge, params)
                                and not _seen_flat(c, alike & flat))],
                           long_rel=0.7) - two  # 0.7: = rel
    # maybe leaning, unless seen alike or seen lying flat beside each other: not trusted
    loose = touch - alike
    pressed |= {k for pair in loose - flat for k in pair} - two
    # two flat dice in one blob, or a lean seen alike; not where the faces lie beyond a
    # lean's reach (``_in_reach``)
    pressed |= {k for i, j in split if _in_reach(tops[i], tops[j], edge, params)
                for k in (i, j)} - two
    unsure = pressed | _partial(reads, params, tops)
    if params.in_dome:               # a lone pip too small for a one's: face unknown;
        unsure |= {i for i in range(len(tops)) if small_one(i, tops, params.pose)}
        # a two's (three's) pips no farther apart than a side
        unsure |= short_diagonals(tops, params.pips, sure=[r.confidence >= SURE for r in reads])
        unsure |= _cut_ones(classifier, image_bgr, tops, reads)   # a piece of a larger face
        unsure |= {i for i, r in enumerate(reads) if r.face == 1 and r.confidence < PLAIN_ONE
                   and _plain_one(i, tops, params)}                # a lone pip of a larger face
    reads = _at_most_half(reads, unsure)
    # a die in view the reader could not read: two dice seen are not all there are
    die_unread = params.in_dome and _unread_die(image_bgr, clutter, reads)
    # two dice seen on a floor nearly as bright as them: their blob sizes are no evidence
    # that one hides the third; beside an unread die none hides it (third_seen, and no
    # _stacked_pair)
    pale = len(blobs) == 2 and pale_floor(image_bgr, tops, edge, params.pose)
    reads = assign_poses(reads, blobs, own, params.pose, leaning=two, pale=pale,
                         third_seen=die_unread, bodies=bodies)
    if not die_unread:
        reads = _stacked_pair(image_bgr, reads, blobs, tops, edge, params, two, pale, bodies)
    if joined is not None and two == {joined} and bodies is not None and joined_stack(
            bodies(), tops, reads, joined, edge, params.stack, params.pose):
        reads[joined] = replace(reads[joined], pose="stacked")   # its body runs to the nadir
    if params.in_dome:               # two flat faces under an edge apart: not both on the floor
        reads = _too_close(reads, tops, edge)
    reads += [smeared_read(s) for s in smeared]
    if params.in_dome:    # a die added after _tops (rescued, split, side by side) too
        reads = [r for r in reads if not not_a_die_face(image_bgr, r.center_xy, r.edge_px,
                                                         r.pips_xy)]
    reads.sort(key=lambda d: d.center_xy[0])
    return DiceReading(dice=tuple(reads),
                       flags=reading_flags(reads) + (("unread",) if die_unread else ()))


def _red_pips_whole(image_bgr: np.ndarray, tops: list[TopFace]) -> list[TopFace]:
    """The top faces with each squashed red pip measured by its colour (``whole_red_pip``):
    a glossy red pip's dark part may be a crescent, and what follows judges faces by their
    pips' shapes and sizes (a lone pip's roundness, ``fuse._squashed_one``; a face's tilt,
    the pose and touch rules; a one's size, ``pips.big_one``)."""
    out = []
    for t in tops:
        pips = tuple(whole_red_pip(image_bgr, p, t.edge_px) for p in t.pips)
        out.append(t if pips == t.pips else replace(t, pips=pips))
    return out


def _merged_pairs(image_bgr: np.ndarray, classifier, found: list,  # noqa: ANN001
                  params: DiceParams) -> dict[int, tuple[Blob, TopFace] | None]:
    """Dice whose blob holds a second die's face (``merged.second_die_face``): None where
    the die leans, or the second die's part of the blob and face where the two faces look
    like flat dice side by side (``merged.faces_apart``). Not where that second face is
    another found die's top face beyond a lean's reach (``_found_apart``)."""
    out: dict[int, tuple[Blob, TopFace] | None] = {}
    tops = [t for _, t in found]
    edge = scene_edge_px([b for b, _ in found], tops) if found else 0.0
    for i, (blob, top) in enumerate(found):
        got = second_die_face(image_bgr, blob, top, classifier, params.pips)
        if got is not None and _found_apart(i, got[1], tops, edge, params):
            continue
        if got is not None:      # photos: a merged blob stays a lean (any camera angle)
            out[i] = got if params.in_dome and faces_apart(top, got[1]) else None
    return out


def _found_apart(i: int, second: TopFace, tops: list[TopFace], edge_px: float,
                 params: DiceParams, same_rel: float = 0.1) -> bool:
    """``second`` (a second face in die ``i``'s blob) is the top face of another found die
    beyond a lean's reach (``_far_tops``), the same pips (within ``same_rel`` x its edge):
    the blob joined two dice lying apart (by the dome's rim band or a shadow), which the
    contact rules judge as they are. Fresh seed 16704 clip 000 r4 (800x600): a flat
    five's blob ran along the rim's pale band to a flat four's, 1.95 edges away; the
    four's face, found again there, made the five a lean: voided dice_leaning, truth
    4-2-5."""
    return any(other.count == second.count and pips_on(second, other, same_rel * other.edge_px)
               for other in _far_tops(i, tops, edge_px, params))


def _own_side_pips(i: int, tops: list[TopFace], edge_px: float, params: DiceParams,
                   same_rel: float = 0.1) -> TopFace:
    """Die ``i``'s top face without the side pips (pips in its blob off its face) that are
    pips of another found die's top face beyond a lean's reach (``_far_tops``; within
    ``same_rel`` x that face's edge): the blob joined that die, whose face is no face of
    this one's (``sidebyside.two_pip_face``). Fresh seed 16804 clip 002 r3 (640x480, a
    lamp's glare between a flat five and a flat four 2.26 edges apart): the five's blob
    ran through the glare to the four, two of the four's pips were taken for a face
    turned up beside the five's (and ``pose.second_face``'s second face): voided
    dice_leaning, truth 4-5-5."""
    far = _far_tops(i, tops, edge_px, params)
    own = tuple(p for p in tops[i].side_pips if not any(
        centre_gap_px(p, q) <= same_rel * t.edge_px for t in far for q in t.pips))
    return replace(tops[i], side_pips=own)


def _far_tops(i: int, tops: list[TopFace], edge_px: float, params: DiceParams
              ) -> list[TopFace]:
    """The other dice' top faces lying beyond a lean's reach of die ``i``'s (``_in_reach``)."""
    return [t for j, t in enumerate(tops) if j != i and not _in_reach(tops[i], t, edge_px, params)]


def _split_merged(image_bgr: np.ndarray, classifier, found: list,  # noqa: ANN001
                  reads: list[DieRead], merged: dict[int, tuple[Blob, TopFace] | None],
                  params: DiceParams) -> set[tuple[int, int]]:
    """Append (in place) the second die of each blob whose two faces lie apart
    (``_merged_pairs``), while there is room; the pairs of indices of both dice of each
    such blob (flat or leaning cannot be told apart with no floor seen between them: the
    caller trusts neither, unless their faces lie beyond a lean's reach: fresh seed 16004
    clip 006 r0 frames 101-105, 1280x720, two flat threes 1.81 edges apart, their bodies
    joined at a corner, each capped at 0.5 on five reads of six: abstained
    low_confidence)."""
    out: set[tuple[int, int]] = set()
    for i, beside in merged.items():
        if beside is None or not _room(len(found), params):
            continue
        probs = _classify(classifier, image_bgr, [beside[1]])[0]
        found.append(beside)
        reads.append(die_read(beside[0], beside[1], probs, params))
        out.add((i, len(found) - 1))
    return out


def _stacked_pair(image_bgr: np.ndarray, reads: list[DieRead], blobs: list[Blob],
                  tops: list[TopFace], edge_px: float, params: DiceParams,
                  two: set[int], pale: bool,
                  bodies: Callable[[], list[Blob]] | None) -> list[DieRead]:
    """Three dice in play, two seen, no second face or pressed pair (``two``): the die
    ``stack.stacked_pose`` finds lying on the other is stacked (or leaning, where the
    light shows it lying beside). Photos (``max_dice`` None) are left alone."""
    if params.max_dice != 3 or len(reads) != 2 or two:
        return reads
    got = stacked_pose(image_bgr, blobs, tops, reads, edge_px, params.stack, params.pose,
                       pale=pale, bodies=bodies)
    return reads if got is None else [replace(r, pose=got[1]) if j == got[0] else r
                                      for j, r in enumerate(reads)]


def _side_by_side(image_bgr: np.ndarray, classifier, found: list,  # noqa: ANN001
                  params: DiceParams) -> tuple[tuple[Blob, TopFace], DieRead] | None:
    """Fewer than ``max_dice`` dice found in the dome: a blob of two dice side by side
    that the blob finder dropped as too long (``sidebyside.long_pair``) and the CNN does
    not call clutter, with its read (at most 0.5 sure: its top face is one of two
    dice'), or None."""
    if not params.in_dome or classifier is None or not found or not _room(len(found), params):
        return None
    edge = scene_edge_px([b for b, _ in found], [t for _, t in found])
    got = long_pair(image_bgr, found, edge, params.detect, params.pips)
    if got is None:
        return None
    probs = _classify(classifier, image_bgr, [got[1]])[0]
    if is_clutter(probs, params, got[1].count):
        return None
    read = die_read(got[0], got[1], probs, params)
    return got, replace(read, confidence=min(read.confidence, 0.5))


def _add_rescued(image_bgr: np.ndarray, classifier, found: list,  # noqa: ANN001
                 probs: list, params: DiceParams, clutter: list) -> None:
    """Append (in place) rescued dice the CNN confirms, up to ``max_dice`` in all; not
    where the first look saw clutter. In the dome the rescued dice then size the first
    look's pieces of dice too (``regrow``); pieces of one die grown to it leave room
    for one more look."""
    def confirm(top: TopFace) -> bool:
        return rescued_ok(top, _classify(classifier, image_bgr, [top])[0], dome=params.in_dome)

    for _ in range(2):
        sure = [sure_read(p, t.count) for (_, t), p in zip(found, probs, strict=True)]
        extra = rescue_dice(image_bgr, found, params, clutter=clutter, confirm=confirm,
                            sure=sure)
        before = len(found)
        for item, p in zip(extra, _classify(classifier, image_bgr, [t for _, t in extra]),
                           strict=True):
            if _room(len(found), params) and rescued_ok(item[1], p, dome=params.in_dome):
                found.append(item)
                probs.append(p)
        if not params.in_dome or len(found) == before:
            return
        grown = regrown_partials(image_bgr, found, probs,
                                 functools.partial(_classify, classifier, image_bgr), params)
        merged = len(grown[0]) < len(found)
        found[:], probs[:] = grown
        if not merged:
            return


def _second_looks(classifier, image_bgr: np.ndarray, found: list,  # noqa: ANN001
                  probs: list, params: DiceParams) -> tuple[list, list]:
    """A lone pip's face looked at again around the die's body, a face short of the
    CNN's pips grown to them (``face.look_again``)."""
    if classifier is None:
        return found, probs
    looks = [face_stage.look_again(classifier, image_bgr, t, b, p, params.pips)
             for (b, t), p in zip(found, probs, strict=True)]
    return [(b, t) for (b, _), (t, _) in zip(found, looks, strict=True)], [p for _, p in looks]


def _washed_corners(classifier, image_bgr: np.ndarray, found: list,  # noqa: ANN001
                    probs: list, params: DiceParams) -> tuple[list, list]:
    """In the dome, two top pips at adjacent corners (no two) grown to the face whose
    washed-out pips show at the other places (``faintpip.corner_pair_completed``).

    And a lone pip the CNN calls "not a die" grown to the two whose other pip shows
    washed out a diagonal away (``faintpip.lone_corner_completed``, sized by the faces of
    2+ pips), when the CNN, shown the grown face, reads it as the rescue requires: here,
    before such pips are dropped as clutter (``_washed_rows`` grows the lone pips kept,
    after the rescue). The CNN's crop of a two's corner pip is centred on that pip, half
    the die in it. Fresh seed 17804 clip 010 r1 frame 288 (1920x1080, a purple floor,
    truth 1-2-4): a two under the lamp, its lower pip washed grey, read as its upper pip,
    "not a die" at 0.86 and dropped; two dice read, abstained ``dice_count``."""
    edge = _ruler_edge(found)

    def grow(top: TopFace, p: np.ndarray | None) -> TopFace | None:
        if top.count == 1:
            return lone_corner_completed(image_bgr, top, edge_px=edge) \
                if p is not None and is_clutter(p, params, 1) else None
        if top.count != 2 or two_is_diagonal(top, params.pips):
            return None
        return corner_pair_completed(image_bgr, top)
    return _regrown(classifier, image_bgr, found, probs, params, grow)


def _washed_rows(classifier, image_bgr: np.ndarray, found: list,  # noqa: ANN001
                 probs: list, params: DiceParams) -> tuple[list, list]:
    """In the dome, after the rescue (which finds dice beside the glare too), a face
    whose pips lie in a row a pip short grown to it when the CNN, shown the grown face,
    reads it (``rescue.rescued_ok``): three pips in a row (no three:
    ``pips.three_is_diagonal``) to the six whose other row shows beside them
    (``faintpip.row_completed``); two pips a corner and the centre apart (no two:
    ``pips.two_is_diagonal``) to the three whose third pip shows washed out in line
    (``faintpip.centre_pair_completed``). Both were capped at 0.5 and abstained: seed
    12804 (spent) clip 005 r4 (a six) and clip 009 r2 (a three), each in the glare. A
    lone pip the CNN does not take for a one (``_one_doubted``) to the two whose other
    pip shows washed out a diagonal away (``faintpip.lone_corner_completed``), sized by
    the other faces' edges: seed 13404 (spent) clip 012 r2, a two read as a one at 0.5.

    The three grown from a centre pair needs the CNN only ``WASHED_THREE_CNN`` sure of
    it (not the rescue's ``min_cnn``): its third pip is measured where no other face
    puts one alone, and the corners across the diagonal are measured blank (no five), so
    the pips already rule out every face but three; the CNN, shown a steep view's small
    grey pips, hedges towards a one or a two. Spent seeds 14804 clip 022 r4 frame 1869
    and 15104 clip 021 r3 frame 1227 (640x480, camera tilted): a three's faint end pip
    lost, read as a two capped at 0.5, the grown three 0.63 and 0.66 (the one 0.19):
    abstained low_confidence; grown, each three is read 0.96 sure."""
    edge = _ruler_edge(found)
    rescue = RescueParams()
    three = replace(rescue, min_cnn=WASHED_THREE_CNN)

    def grow(top: TopFace, p: np.ndarray | None) -> TopFace | None:
        if top.count == 1:
            return lone_corner_completed(image_bgr, top, edge_px=edge) \
                if _one_doubted(p) else None
        if top.count == 3 and not three_is_diagonal(top, params.pips):
            return row_completed(image_bgr, top)
        if top.count == 2 and not two_is_diagonal(top, params.pips):
            return centre_pair_completed(image_bgr, top)
        return no_pip_dropped(image_bgr, top)
    return _regrown(classifier, image_bgr, found, probs, params, grow,   # two pips grow
                    lambda top: three if top.count == 2 else rescue)   # only as a centre pair


def _ruler_edge(found: list) -> float | None:
    """The median edge of the faces of 2+ pips in ``found`` ((blob, top) pairs), which size
    a lone pip's face (a lone pip's blob is no ruler: glare or a side face swells it);
    None without such faces."""
    many = [t.edge_px for _, t in found if t.count >= 2]
    return float(np.median(many)) if many else None


def _one_doubted(probs: np.ndarray | None) -> bool:
    """The CNN's likeliest face of a lone pip's die is not a one: read so, the die is at
    most 0.5 sure (``fuse.fuse``), so growing its face risks no sure read."""
    return probs is not None and int(np.argmax(probs[:NOT_A_DIE])) != 0


def _twin_twos(classifier, image_bgr: np.ndarray, found: list,  # noqa: ANN001
               probs: list, params: DiceParams) -> tuple[list, list]:
    """In the dome, a lone pip the CNN reads as a two grown to the two of it and its
    twin that its cut blob left off (``twin.twin_two``)."""
    def grow(top: TopFace, p: np.ndarray | None) -> TopFace | None:
        if top.count != 1 or p is None or int(np.argmax(p[:NOT_A_DIE])) != 1 \
                or float(p[NOT_A_DIE]) >= 0.5:
            return None
        return twin_two(top, params.pips)
    return _regrown(classifier, image_bgr, found, probs, params, grow)


def _regrown(classifier, image_bgr: np.ndarray, found: list, probs: list,  # noqa: ANN001
             params: DiceParams,
             grow: Callable[[TopFace, np.ndarray | None], TopFace | None],
             rescue: Callable[[TopFace], RescueParams] = lambda _top: RescueParams(),
             ) -> tuple[list, list]:
    """In the dome, each top face ``grow`` makes a grown face of, replaced by it when the
    CNN, shown the grown face, reads it as the rescue requires (``rescue.rescued_ok``
    with ``rescue`` of the face as it was); else as it was."""
    if classifier is None or not params.in_dome:
        return found, probs
    out_f, out_p = list(found), list(probs)
    for i, ((blob, top), p) in enumerate(zip(found, probs, strict=True)):
        grown = grow(top, p)
        if grown is None:
            continue
        again = _classify(classifier, image_bgr, [grown])[0]
        if rescued_ok(grown, again, rescue(top), dome=True):
            out_f[i], out_p[i] = (blob, grown), again
    return out_f, out_p


def _large_ones(reads: list[DieRead], tops: list[TopFace],
                params: DiceParams) -> list[DieRead]:
    """In the dome, a lone round top pip (``PipParams.big_one_round``) at least
    ``LARGE_ONE`` x across the median top pip of the image's faces of 2+ pips (each per
    its face's edge; the one's face sized by theirs at its row, as ``pips.consistent_edges``
    does: a one's own edge is no guide) is a one's pip (``big_pip``): a Western one's pip
    is larger than the other faces' too (the renderer's 0.24 against 0.17 of the face's
    half-width, 1.4 x), though under ``big_one_rel`` (a Chinese one's). The glare takes
    pips away and shrinks what it leaves, so the lone pip left of a washed three or five
    is a centre pip, no larger than the other dice' pips (``glare.glare_hides_pips``).
    Seed 12804 (spent) clip 008 r4 frame 1449 (1280x720): a one in the lamp's glare, its
    pip 53 px (0.23 edge across) against the other dice' 27-31 (0.16), pips and CNN
    0.998 sure, capped at 0.5 under the glare every read: abstained low_confidence."""
    if not params.in_dome:
        return reads
    ref = sorted((t.center_xy[1], t.edge_px) for t in tops if t.count >= 2)
    across = [pip_across_px(p) / t.edge_px for t in tops if t.count >= 2 for p in t.pips]
    if len(across) < 2:
        return reads
    rows, edges = np.array(ref, float).T
    need = LARGE_ONE * float(np.median(across))

    def large(t: TopFace) -> bool:
        near = float(np.interp(t.center_xy[1], rows, edges))
        return t.count == 1 and t.pips[0].roundness >= params.pips.big_one_round \
            and pip_across_px(t.pips[0]) >= need * near
    return [replace(r, big_pip=True) if not r.big_pip and large(t) else r
            for r, t in zip(reads, tops, strict=True)]


def _room(n_found: int, params: DiceParams) -> bool:
    return params.max_dice is None or n_found < params.max_dice


def _without_extras(reads: list[DieRead], params: DiceParams,
                    probs: list | None = None) -> list[int]:
    """Indices to keep. Sic bo has three dice: with more found, drop the ones read with
    confidence at or below ``extra_conf`` (0.5, the cap every unsure rule sets), or that the
    CNN calls "not a die" more than any face (``_not_a_die``), or whose face is under
    ``extra_edge_rel`` x the found faces' median edge, while three stay that are all at
    least ``sure_conf`` and that the CNN calls dice (a floor mark or the rim's pattern read
    as a weak face; a floor glare spot read as a one: its bright core a light pip on a
    mid-tone body, the pip count one and the CNN's faces led by one, but "not a die" its
    likeliest class; seed 10204 clip 024 r0, r1, r3 at e490821: four dice on every read,
    abstained; a flat two's side face, its one pip showing, cut from its top face into a
    blob of its own between two twos in a column, a 21 px "one" among 50-55 px faces, read
    0.9 and leaning: fresh seed 14704 clip 028 r2, a false void; the same piece of a five, a
    41 px "one" among 62-73 px faces, over 0.6 x their median, read at the cap 0.5 and
    leaning: fresh seed 15904 clip 029 r4, a false void). With ``max_dice`` None (a photo of
    any number of dice) nothing is dropped."""
    if not params.in_dome:
        return list(range(len(reads)))
    probs = probs if probs is not None else [None] * len(reads)
    small = params.extra_edge_rel * float(np.median([r.edge_px for r in reads])) \
        if reads else 0.0
    weak = [r.confidence <= params.extra_conf or _not_a_die(p) or r.edge_px < small
            for r, p in zip(reads, probs, strict=True)]
    order = sorted(range(len(reads)), key=lambda i: (weak[i], -reads[i].confidence))
    best, rest = order[:params.max_dice], order[params.max_dice:]
    if len(reads) <= params.max_dice or any(reads[i].confidence < params.sure_conf or weak[i]
                                            for i in best) \
            or not all(weak[i] for i in rest):
        return list(range(len(reads)))
    return sorted(best)


def _joined_lone_pip(blob: Blob, top: TopFace, probs: np.ndarray | None,
                     params: DiceParams, n_found: int) -> bool:
    """In the dome with every die found (``max_dice``: each blob is one die, so a blob
    larger than its face is joined to no die but the rim or a shadow), a lone pip in a
    blob over 1.5 x its face's edge that the CNN reads as another face: the pip finder,
    whose contrast threshold follows the strongest dark in the blob (the rim's), lost the
    top face's pips and took a side-face pip for a one. The blob is left to the rescue,
    which peels it and needs pips and CNN to agree (seed 10604 clip 007 r2: a four against
    the rim read as pip 1 / CNN 4 at 0.34: abstained); where it finds no die there the
    blob is put back (``_unrescued_back``). With fewer dice found the blob may
    hold the missing die (a lean: 10604 001 r3), left to the pose stages."""
    return params.in_dome and probs is not None and n_found == params.max_dice \
        and top.count == 1 and blob.edge_px > 1.5 * top.edge_px \
        and int(np.argmax(probs[:NOT_A_DIE])) != 0


def _unrescued_back(found: list, probs: list, dropped: list, params: DiceParams) -> None:
    """Put back (in place) a blob ``_joined_lone_pip`` left to the rescue where the rescue
    found no die on its top face, while there is room: the blob is a die still, its read
    unsure (a lone pip the CNN reads as another face), not nothing. Lost, two dice were
    left where three lie, and the pose stages must guess how the third hides. Seed 16904
    (spent) clip 008 r1 (800x600, camera 17 degrees): a four leaning on a one, its top
    face's pips lost (a side pip taken for a one, CNN five), dropped, not rescued: the
    one and a lone five seen, the five called stacked: voided dice_stacked (truth
    dice_leaning). Not where its face lies within a found die's edge of that die's face:
    two dice meet at most face to face, an edge apart, so there it is the found die's own
    side, or a stack's lower die under it (a rendered two stacked on a die, pale floor:
    the lower die's side face, its red pip read as a one, CNN six 0.22; put back, the stack
    was read as three dice, one unsure)."""
    for (blob, top), p in dropped:
        if _room(len(found), params) and all(centre_gap_px(t, top) >= t.edge_px
                                             for _, t in found):
            found.append((blob, top))
            probs.append(p)


def _too_close(reads: list[DieRead], tops: list[TopFace], edge_px: float) -> list[DieRead]:
    """``reads`` with both dice of every pair still read flat whose top faces' centres lie
    under ``edge_px`` (the image's die edge) apart at most 0.5 sure. Two dice lying flat
    meet at most face to face, an edge apart (flat dice rendered touching, cameras 0-30
    degrees: 1.01 edges and more, none paid); closer, one is raised: on the other, or
    tipped against it. A stack's upper face the size rules see (``pose``), and a lean the
    lean cues see, are posed already; one neither sees is not paid. Fresh seed 16604 clip
    017 r1 (1024x576 MJPEG, camera tilted): a die tipped towards the camera against a flat
    four, its upturned four read as its top face at 0.995, 0.89 edge from the flat four's,
    their blobs meeting along 0.45 edge (no pressed pair), both read flat: paid 4-4-5,
    truth dice_leaning (a wrong outcome)."""
    close = {k for i in range(len(tops)) for j in range(i + 1, len(tops))
             if reads[i].pose == reads[j].pose == "flat"
             and centre_gap_px(tops[i], tops[j]) < edge_px for k in (i, j)}
    return _at_most_half(reads, close)


def _at_most_half(reads: list[DieRead], which: set[int]) -> list[DieRead]:
    """``reads`` with the dice at the indices ``which`` at most 0.5 sure (not trusted: the
    round cannot pay them), the rest as they were."""
    return [replace(r, confidence=min(r.confidence, 0.5)) if k in which else r
            for k, r in enumerate(reads)]


def _in_reach(a: TopFace, b: TopFace, edge_px: float, params: DiceParams) -> bool:
    """Could one of two dice lean on the other, by the distance of their top faces'
    centres: under ``TouchParams.reach_rel`` x the image's die edge (a leaning die's top
    face lies 0.5 + sin t + cos t / 2 <= 1.62 edges from its support's; ``touch_pairs``
    calls pairs beyond it apart). Blobs meeting along 0.7+ edge are then two flat dice
    whose bodies or shadows touch at a corner, not a lean. Seed 12804 (spent) clip 022
    r2 frame 1045 (1024x576): a flat one and a three 2.0 edges apart (edge 37.4 px),
    0.29 edge of floor between their faces, their blobs meeting along 0.82 edge; one or
    the other capped at 0.5 on every read: abstained low_confidence."""
    return centre_gap_px(a, b) < params.touch.reach_rel * edge_px


def _seen_flat(contact: Contact, pairs: set[tuple[int, int]]) -> bool:
    """The contact's two dice are one of ``pairs`` (``(i, j)``, i < j): in ``read_dice``,
    touching pairs seen alike (``touch.square_pairs``, the faces' layouts not turned
    apart) and lying flat beside a third die (``touch.flat_beside``). Each rules out a
    lean on its own for the leans the tables make (20-40 degrees): alike, a lean would
    tip twice the camera's slant towards it (54 degrees or more at ``square_view``), and
    such a lean shows its upturned side face away from the camera, where the third
    die shows none. Seed 13804 (spent) clip 010 r2 frame 915 (1280x960, camera ~27
    degrees): a flat five and six, the six behind, its near side face meeting the five's
    face along 0.83 edge (centres 1.41 edges apart, no floor between); views 0.52/0.58,
    0.07 apart; the side faces of both and of the third die show the same way (cosine
    0.98-0.99); the six, pips and CNN 0.999, was capped at 0.5 on every read: abstained
    low_confidence."""
    return (min(contact.die, contact.other), max(contact.die, contact.other)) in pairs


def _not_a_die(probs: np.ndarray | None) -> bool:
    """The CNN's "not a die" is its likeliest class (above every face)."""
    return probs is not None and len(probs) > NOT_A_DIE and bool(
        probs[NOT_A_DIE] > probs[:NOT_A_DIE].max())


def _tops(image_bgr: np.ndarray, blobs: list[Blob],
          params: DiceParams) -> list[tuple[Blob, TopFace]]:
    found = []
    green = functools.cache(lambda: _red_as_dark(image_bgr))    # (cost) made once if needed
    for blob in blobs:
        pips, on_die = find_pips_twice(image_bgr, blob, params.pips)
        top = select_top_face(pips, blob, params.pips)
        if top is None and on_die is not None and params.in_dome and _lone_die_box(blob):
            # the floor in a narrow gap beside the die out-answered its pips: look again,
            # measured against the die's own pips (a blob joined to a rim or a neighbour is
            # left to the rescue, which cuts the die out first)
            top = select_top_face(on_die(), blob, params.pips)
        if top is None and params.in_dome:     # red pips under its black side pips' bar
            top = select_top_face(find_pips(green(), blob, params.pips), blob, params.pips)
        if top is not None:
            found.append((blob, top))
    if params.in_dome:        # a face in a colour no die has, or no pip on it: a fitting (``tint``)
        found = [(b, t) for b, t in found
                 if not not_a_die_face(image_bgr, t.center_xy, t.edge_px,
                                        [p.center_xy for p in t.pips])]
    if params.in_dome:        # a lone pip in shade is no top face: the rescue looks again
        tops = [t for _, t in found]
        found = [(b, t) for b, t in found if not shaded_one(t, tops, params.pips)]
    edges = consistent_edges([t for _, t in found], params.pips)   # a one sized by the others
    return [(b, t) for (b, _), t in zip(found, edges, strict=True)]


def _red_as_dark(image_bgr: np.ndarray) -> np.ndarray:
    """The picture with its red channel replaced by its green: red pips as dark as they
    are in green, white faces as white, black pips as black. The dome's second look at a
    blob where no top face was found (``_tops``): the pip finder's threshold follows the
    strongest answers on and around the die, and a Chinese one's or four's red pips (L
    ~150-170 on a face of ~235) answer about half as strongly as the black pips of its
    own side face in shade. Fresh seed 17704 clip 020 r3 (1280x720): a red four beside the
    lamp's glare, no top face, two dice read: voided ``dice_stacked`` (a false void);
    spent 13904 clip 003 r0: a red four by the rim, missed (abstained ``dice_count``).
    Both read now (``tests/sicbo/test_dice_red_look.py``, ``test_dice_stack_deep.py``)."""
    out = image_bgr.copy()
    out[..., 2] = image_bgr[..., 1]
    return out


def _cut_ones(classifier, image_bgr: np.ndarray, tops: list[TopFace],  # noqa: ANN001
              reads: list[DieRead]) -> set[int]:
    """Dice read as a one whose top face is under ``ONE_LOOK_REL`` x the edge of the
    image's faces of 2+ pips at its row (``pips.edge_at``), shown to the CNN again at that
    edge where it was read: unless the CNN still calls it a one (``ONE_LOOK_P`` of the
    faces' probability), a piece of a larger face, its other pips cut off with the rest of
    the face, is no one. Fresh seed 14304 clip 007 r0 (1280x960, white dice on a
    near-white floor): a two whose top face's upper half matched the floor; its blob held
    the lower pip and the six of its side face, a face 43 px against 71 at its row; the
    CNN shown 43 px called it a one 0.99 sure, at 71 px 0.25: paid 1-3-4, truth 2-3-4."""
    at = edge_at(tops)
    if classifier is None or at is None:
        return set()
    near = [at(t.center_xy[1]) for t in tops]
    cut = [i for i, (t, r) in enumerate(zip(tops, reads, strict=True))
           if r.face == 1 and t.edge_px < ONE_LOOK_REL * near[i]]
    if not cut:
        return set()
    probs = _classify(classifier, image_bgr, [replace(tops[i], edge_px=near[i]) for i in cut])
    return {i for i, p in zip(cut, probs, strict=True)
            if float(face_stage.face_probs(p)[0]) < ONE_LOOK_P}


def _crop_edges(tops: list[TopFace], params: DiceParams) -> list[TopFace]:
    """The faces as the CNN is first shown them: in the dome, a one's at most
    ``ONE_CROP_REL`` x the edge of the image's faces of 2+ pips at its row (``pips.edge_at``);
    the face's own edge (``consistent_edges``' cap, 1.3 x) stays for the pose stage, which a
    smaller one turned into false leans (a cap of the face itself, reverted: cf3fec4). A
    one's blob joined to its side face sized it 1.28 x the others and the CNN, shown the die
    small in a crop of its surroundings, read it 0.70 (0.92 at their edge): fresh seed 14504
    clip 022 r1 (800x600, a western one on a red floor), every read at the one's floor
    (0.97) or under: abstained."""
    if not params.in_dome:
        return tops
    return ones_capped(tops, lambda _one, near: ONE_CROP_REL * near)


def _lone_die_box(blob: Blob) -> bool:
    """A blob boxed like one die (sides within ``LONE_BOX`` of each other), at any turn."""
    x0, y0, x1, y1 = blob.box_xyxy
    return max(x1 - x0, y1 - y0) <= LONE_BOX * min(x1 - x0, y1 - y0)


def _classify(classifier, image_bgr: np.ndarray, tops: list[TopFace]) -> list:  # noqa: ANN001
    if classifier is None or not tops:
        return [None] * len(tops)
    crops = np.stack([face_stage.face_crop(image_bgr, t.center_xy, t.edge_px) for t in tops])
    return list(classifier.predict(crops))


def _drop_nested(found: list[tuple[Blob, TopFace]]) -> list[tuple[Blob, TopFace]]:
    """Two blobs claiming the same top face (a die split in two): keep the larger."""
    kept: list[tuple[Blob, TopFace]] = []
    for blob, top in found:          # largest first
        if all(centre_gap_px(top, t) > 0.4 * t.edge_px for _, t in kept):
            kept.append((blob, top))
    return kept



def _partial(reads: list[DieRead], params: DiceParams, tops: list[TopFace]) -> set[int]:
    """Dice showing 2-5 pips whose top face looks much smaller (``partial_rel``) than the
    other dice' (median, at least two others): the blob covers only part of the die (a
    white die on a pale floor), so pips outside it were never counted and the CNN, shown
    a crop that small, sees the same few pips. Seed-9904 clip 012 r2: a four read as a
    two (both signals sure) at 0.67 x the others' edge; correct reads on seeds 9704/9804
    went down to 0.71 (ones, whose edge comes from a shadowed blob, to 0.63). A one too
    when its pip is no larger than a pip of the other faces (``_plain_one``). Only for the
    dice of one set in one dome (``max_dice`` set): a photo may show dice of any sizes."""
    edges = [r.edge_px for r in reads]
    return {i for i, r in enumerate(reads)
            if (r.face in (2, 3, 4, 5) or (r.face == 1 and _plain_one(i, tops, params)))
            and len(reads) >= 3 and params.in_dome
            and r.edge_px < params.partial_rel * float(np.median(edges[:i] + edges[i + 1:]))}


def _plain_one(i: int, tops: list[TopFace], params: DiceParams) -> bool:
    """The top face ``i`` shows one pip no larger than ``plain_one_rel`` x the median pip
    of the other faces of 2+ pips: a one's pip is larger (~2 x a corner pip's area for a
    Western one, more for a Chinese one; tipped 40 degrees it keeps 0.77 of that), so
    on a face seen that small it may be one pip of a face seen in part. Fresh seed 14804
    (spent) clip 001 r2 frame 1003 (640x480, white dice on a white floor): a two's blob
    only its right pip and a patch of shadow, 18 px against the others' 29-32; the pip
    21 px^2 like the five's 21-22: read a one 0.99 sure (the six beside it capped, the
    round abstained; read right, it would have paid 1-5-6 for 2-5-6)."""
    if tops[i].count != 1:
        return False
    ref = others_pip_area(i, tops)
    return ref is not None and tops[i].pips[0].area_px <= params.plain_one_rel * ref


def _unread_die(image_bgr: np.ndarray, clutter: list[tuple[Blob, TopFace]],
                reads: list[DieRead]) -> bool:
    """A blob dropped as "not a die" (``is_clutter``) that is a die the reader could not
    read: one pip read on it, its blob a die's size (``UNREAD_SIZE`` x the read faces'
    edge), that pip ``UNREAD_APART`` x edge or more from every die read (no piece of
    one), and its face a white or ivory die's (``tint.MAX_CHROMA``: the pose sweep's seed
    681 scene 179, a stack, had the dome rim's yellow marker, Lab chroma 51, its notch
    read as a pip, taken for an unread die: the stack went unvoided; ``not_dice_coloured``
    would have kept it, taking the notch for a coloured die's light pip). A two read as one
    corner pip has the CNN's crop centred on that pip, half the die in it: "not a die".
    Fresh seed 17604 (1280x960) clip 022 r4: a two with its diagonal down the image, its
    lower pip pushed off the top face, its blob 1.16 x the faces' edge and 2.3 edges and
    more from the two dice read; voided ``dice_stacked`` by ``settle.two_means_stacked``
    (a false void), now abstained ``dice_count``. The reading says so (flag ``unread``),
    and the two-dice pose rules, whose premise is that a blob hides the third die, stand
    aside (``pose.assign_poses``' ``third_seen``). Clip 021 r3, a two whose lower pip the
    glare washed (1.35 x), was still voided by the pair rule (``pair.pair_pose``): the
    four beside it, its side face large on the steep view, read stacked."""
    if not clutter or not reads:
        return False
    edge = float(np.median([r.edge_px for r in reads]))
    lo, hi = UNREAD_SIZE
    return any(t.count == 1 and lo * edge <= b.edge_px <= hi * edge
               and all(centre_gap_px(t, r) >= UNREAD_APART * edge for r in reads)
               and face_chroma(image_bgr, t.center_xy, t.edge_px) <= MAX_CHROMA
               for b, t in clutter)


def reading_flags(reads: list[DieRead]) -> tuple[str, ...]:
    """A reading's flags from its dice (also for a reading whose dice were filtered)."""
    flags = [p for p in ("leaning", "stacked") if any(d.pose == p for d in reads)]
    if any(d.face is None or d.confidence < 0.5 for d in reads):
        flags.append("uncertain")
    return tuple(flags)
