"""Stage 4a: one die's read from its two signals, the pip count (with its layout's fit)
and the face CNN: the face, how sure, and whether the blob is a die at all."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.face import NOT_A_DIE, face_probs
from vision.sicbo.pips import (
    Pip,
    PipParams,
    TopFace,
    big_one,
    face_fit,
    pip_across_px,
    pip_span_px,
    stray_pips,
    three_is_diagonal,
    two_is_diagonal,
)
from vision.sicbo.points import centre_gap_px
from vision.sicbo.reading import DiceParams, DieRead
from vision.sicbo.smeared import Smeared

__all__ = ["agreed_conf", "die_read", "fuse", "is_clutter", "smeared_read", "top_quad",
           "twin_pips"]

UNIQUE_LAYOUTS = (5, 6)   # faces whose pip layout no other face's layout holds
CLEAN_FIT = 0.9           # a pip layout this clean is read as that layout
MADE_UP = 0.03            # pips made up just where a layout needs them (relative chance)
SEEN_MADE_UP = 0.01       # ... a six's middle pips the image shows (middles.six_middles_seen)
NOT_RULED_OUT = 0.25      # a face the CNN gives this much it does not rule out
DOUBTFUL = 0.9            # the most a face is sure with a pip-like blob left off it within it
SUB_LAYOUTS = {5: (1, 2, 3, 4), 6: (2, 4)}   # faces whose pips all lie in a five's / six's
IN_A_ROW = 0.25           # a third pip this x the step from where a row of three puts it
ROW_AREA = 1.5            # ... and at most this x the larger pip's area
ROW_ROUND = 0.3           # ... and at least this round (a pip's piece, not a line)
ONE_MARGIN = 2.0          # a one's lone pip backs the CNN's one only this x its next face
WIDE_EDGES = 1.6          # a blob this x its face's edge wide ...
WIDE_RATIO = 1.35         # ... and this x as wide as tall: two dice side by side (_wide)


def smeared_read(s: Smeared) -> DieRead:
    """A die read by the CNN alone (``smeared``): at most 0.5 sure, pose unknown (flat)."""
    face, conf, cnn_face = fuse(None, 0.0, s.probs)
    x0, y0, x1, y1 = s.blob.box_xyxy
    pad = 0.12 * s.blob.edge_px
    return DieRead(box_xyxy=(x0 - pad, y0 - pad, x1 + pad, y1 + pad), center_xy=s.center_xy,
                   face=face, confidence=conf, pose="flat", top_quad=top_quad(s.blob),
                   edge_px=s.edge_px, cnn_face=cnn_face)


def _wide(blob: Blob, top: TopFace) -> bool:
    """The blob runs across the view, not towards the nadir (down): at least ``WIDE_EDGES``
    x the face's edge wide and ``WIDE_RATIO`` x as wide as tall. Two dice side by side
    make such a blob; a die's side faces, and a stack's two dice of them, add height
    (``PipParams.nadir_xy``). Spent seed 14604 clip 003 r3 (800x600, camera 29 degrees): a
    one and a six side by side, one blob 2.0 x 1.1 of the one's edges, the six never read:
    two sure dice seen, voided stacked. The stacks that rule voided on the spent sets and
    15204 (12): at most 1.1 x as wide as tall."""
    x0, y0, x1, y1 = blob.box_xyxy
    w, h = x1 - x0, y1 - y0
    return w >= WIDE_EDGES * top.edge_px and w >= WIDE_RATIO * h


def die_read(blob: Blob, top: TopFace, probs: np.ndarray | None,
              params: DiceParams, *, middles_seen: Callable[[], bool] | None = None) -> DieRead:
    """One die's read; ``middles_seen``: does the image show a six's middle pips (``fuse``)?"""
    pip_face = top.count if 1 <= top.count <= 6 else None
    fit = face_fit(top) if pip_face else 0.0
    pip_conf = fit if fit >= params.min_layout_fit else 0.0
    face, conf, cnn_face = fuse(pip_face, pip_conf, probs, middles_seen=middles_seen)
    if not two_is_diagonal(top, params.pips) or _two_in_a_row(top) \
            or (params.in_dome and not three_is_diagonal(top, params.pips)):   # not a two's
        conf = min(conf, 0.5)                                                  # or three's pips
    if stray_pips(top, params.pips) or _squashed_one(top, params) \
            or (params.in_dome and twin_pips(top, params.pips)):
        conf = min(conf, DOUBTFUL)
    x0, y0, x1, y1 = blob.box_xyxy
    pad = 0.12 * blob.edge_px
    box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    large = blob.edge_px > 1.5 * top.edge_px
    if large:      # blob joined to something: box the face
        (cx, cy), half = top.center_xy, 0.8 * top.edge_px
        box = (cx - half, cy - half, cx + half, cy + half)
    return DieRead(box_xyxy=box,
                   center_xy=top.center_xy, face=face, confidence=conf, pose="flat",
                   top_quad=top_quad(blob), edge_px=top.edge_px, pip_face=pip_face,
                   cnn_face=cnn_face, span_px=pip_span_px(top),
                   big_pip=big_one(top, top.edge_px, params.pips),
                   pips_xy=tuple((float(p.center_xy[0]), float(p.center_xy[1])) for p in top.pips),
                   joined=large or _wide(blob, top))


def _squashed_one(top: TopFace, params: DiceParams) -> bool:
    """In the dome, a lone top pip as elongated as junk (``PipParams.junk_roundness``, 0.6):
    a top face seen within ~50 degrees of square on (the camera within 30 of vertical; a
    photo may be taken at any angle and is left alone) shows its pip
    rounder than that, so it is a pip joined to something (a glare spot) or no top pip.
    Seed 10604 (spent) clip 006 r2 frame 504 (at e63a8a1): a pip joined to a glare spot,
    roundness 0.46, read as a one at 0.957 in a 3-3-6 round; the 113 other ones read at 0.9+
    on every other dumped crop of both spent sets (~200) are 0.71 round or more."""
    return params.in_dome and top.count == 1 \
        and top.pips[0].roundness < params.pips.junk_roundness


def twin_pips(top: TopFace, params: PipParams) -> tuple[Pip, ...]:
    """Pips left off a lone top pip's face that look like its twin on that face: within
    ``twin_rel`` x edge of it, round (``junk_roundness``), of its size (``twin_area``) and
    as brightly surrounded (``twin_lum``), wherever the blob's outline runs. A lone pip
    fits a one's layout perfectly whatever face it lies on, so the pips round it are the
    evidence: a one's face has no other pip, and the pips of its side faces are squashed
    and on darker faces; a two's or three's other pips lie 0.35-0.71 edge from a corner
    pip, as round, as large and as lit. Seed 10904 (spent) clip 002 r0 frame 181: a two
    whose blob lost the corner with its second pip (inside 0.00; round 0.85, 1.04 x the
    area, 0.78 edge away, surround 1.00 x) was read a one at 0.972, over the one's 0.97
    floor (two reads alike would have paid it); seed 11004 (spent) clip 016 r3 frame 1175,
    a two read a one at 0.978 the same way (0.69 edge, inside 0.00). A lone pip as large
    as a Chinese one's (``big_one_rel`` x edge across or more) has no twin on any face and
    is left alone: seed 11004 clip 023 r4 frame 941, a red one of 0.40 edge across, the
    dark floor between it and the next die (0.84 edge away) as round and as large."""
    if top.count != 1:
        return ()
    p = top.pips[0]
    if pip_across_px(p) >= params.big_one_rel * top.edge_px:
        return ()
    reach = params.twin_rel * top.edge_px
    return tuple(q for q in top.side_pips
                 if centre_gap_px(q, p)
                 <= reach and q.roundness >= params.junk_roundness
                 and q.area_px * params.twin_area >= p.area_px
                 and q.area_px <= params.twin_area * p.area_px
                 and q.ring_lum >= params.twin_lum * p.ring_lum
                 and _inside_die(q, p, params))


def _inside_die(q: Pip, p: Pip, params: PipParams) -> bool:
    """``q`` lies inside a die, as the lone pip ``p`` does: its surround's median as
    bright as ``p``'s (``twin_mid``), so die all round it, not only on its brightest
    fifth (``twin_lum``). A pip-like blob of dark floor in the narrow gap where two dice
    meet has die on two sides and floor on the others. Seed 13604 (spent) clip 029 r4
    frames 769-774: a one touching a six, the floor wedge at their contact (145 px, 0.75
    round, 0.67 edge from the one's pip) taken for its twin, the one capped at 0.9 on
    every read and the round abstained; the wedge's surround median 65 L against the
    one's 186 (0.35 x). A two's pip cut off its blob lies on its face: 0.99-1.02 x on
    seeds 10904 002 r0 and 11104 010 r2, r4. Unmeasured (None): as before."""
    if q.ring_mid is None or p.ring_mid is None:
        return True
    return q.ring_mid >= params.twin_mid * p.ring_mid


def _two_in_a_row(top: TopFace) -> bool:
    """A two's pips with a pip left off the face one step beyond either of them, in line
    (within ``IN_A_ROW`` x the step): a row of three equally spaced pips is a three's (or
    a five's or six's) and lies on one face; a two's pips sit at opposite corners, and a
    step past a corner, along the diagonal, lies off the die's top face and off its side
    faces' pips. A blob cut short (part of the top face as bright as the floor) leaves the
    third pip clipped at its outline: seed 10804 (spent) clip 007 r4 frames 886-889, a
    three read as a two at 0.992, the third pip 1 px from where the row puts it. The third
    pip is at most ``ROW_AREA`` x the larger's area: a pip of the same face is as
    foreshortened as the others, and clipped only smaller; a dark patch is larger (seed
    10704 clip 016 r2: a two beside its side face's shaded corner, 12 x a pip's area, in
    line by chance; 1-2-2 was read right and abstained). It is at least ``ROW_ROUND``
    round: a pip the outline clips keeps an ellipse's outline (half a disc is 0.53 round,
    a twentieth 0.19; 10804 clip 007 r4's, 0.63), while a blob whose outline fits no
    ellipse (its fit's minor axis 0) is no pip (seed 11204 clip 020 r0 frame 101: a two by
    the dome's rim, a dark rim blob of roundness 0.0 in line with its pips; the two,
    read at 0.5 against a CNN two of 0.97, abstained). A line is no pip either: spent seed
    15204 clip 020 r0 frame 160 (1024x576): a two by the rim, the rim's line 1.8 x 11 px
    (0.16 round, wholly off the die) in line with its pips; the two, 0.97 by the CNN,
    capped at 0.5: abstained. A pip clipped to a fifth of its width (15% of its disc) is
    still 0.3 round."""
    if top.count != 2:
        return False
    a, b = (np.asarray(p.center_xy, float) for p in top.pips)
    step = float(np.hypot(*(b - a)))
    most = ROW_AREA * max(p.area_px for p in top.pips)
    return any(float(np.hypot(*(np.asarray(q.center_xy) - end))) <= IN_A_ROW * step
               and q.area_px <= most and q.roundness >= ROW_ROUND
               for q in top.side_pips for end in (2 * b - a, 2 * a - b))


def fuse(pip_face: int | None, pip_conf: float, probs: np.ndarray | None, *,
         middles_seen: Callable[[], bool] | None = None) -> tuple[int | None, float, int | None]:
    """Combine the pip count and the CNN: agreement raises the confidence, disagreement
    caps it at 0.5. On disagreement the CNN wins (it is the more accurate signal on
    synthetic and real training data) unless it is unsure (< 0.4) while the pips form a
    clean layout (fit >= 0.8) that the CNN does not rule out (>= 0.25).

    A clean five or six layout (fit >= ``CLEAN_FIT``) against a CNN reading a face whose
    pips all lie in it (``SUB_LAYOUTS``: pips lost to blur merging, not made up) is weighed
    as when they agree (``_made_up``): the CNN's own odds for the layout's face against
    pips made up in exactly the missing places. Small dice need it: seed 10904 (spent)
    clip 027 r1, a six of 29 px with six round pips, CNN four 0.51 / six 0.42: read four
    at 0.26, abstained; now six at 0.96. Paid (>= 0.95) only with the CNN at >= 0.37 for
    the layout's face.

    A clean six whose middle pips the image shows at full darkness (``middles_seen``,
    asked only here, where it counts: ``middles.six_middles_seen``, the midpoints of two
    opposite sides of its corner square as dark as its corner pips, the other two blank)
    has no pips made up there but by a mark exactly as dark and round as a pip: weighed
    with ``SEEN_MADE_UP`` when the CNN does not rule the six out (``NOT_RULED_OUT``).
    Seed 11404 (spent) clip 013 r3 and r4: Chinese-pip sixes of 32 px under 1.1 px blur,
    six clean pips (fit 0.97-0.98), CNN four 0.63 / six 0.31 and 0.30: read six at 0.937
    and 0.934, the rounds abstained; now at 0.978."""
    if probs is None:
        return (pip_face, 0.5 + 0.45 * pip_conf, None) if pip_face else (None, 0.0, None)
    faces = face_probs(probs)
    cnn_face = int(np.argmax(faces)) + 1
    p_cnn = float(faces[cnn_face - 1])
    if pip_face == cnn_face:
        fit = pip_conf if pip_face != 1 or _cnn_backs_one(probs, faces) else 0.0
        return cnn_face, agreed_conf(cnn_face, faces, fit), cnn_face
    p_pip = float(faces[pip_face - 1]) if pip_face else 0.0
    if pip_face in UNIQUE_LAYOUTS and pip_conf >= CLEAN_FIT \
            and cnn_face in SUB_LAYOUTS[pip_face]:
        seen = pip_face == 6 and p_pip >= NOT_RULED_OUT and middles_seen is not None \
            and middles_seen()
        made_up = _made_up(p_pip, SEEN_MADE_UP if seen else MADE_UP)
        if made_up > 0.5:
            return pip_face, made_up, cnn_face
    if pip_face and p_cnn < 0.4 and pip_conf >= 0.8 and p_pip >= 0.25:
        return pip_face, float(0.5 * pip_conf), cnn_face
    return cnn_face, float(0.5 * p_cnn), cnn_face


def _cnn_backs_one(probs: np.ndarray, faces: np.ndarray) -> bool:
    """Whether the CNN holds a blob a one clearly enough for a lone pip to back it: a
    lone pip fits a one's layout perfectly whatever face it lies on (a two or a three
    with pips washed out, see ``twin_pips``), so the fit adds only when the CNN's one
    beats its "not a die" class and ``ONE_MARGIN`` x its next face. Seed 11204 (spent)
    clip 008 r2 frame 1012: a two, one pip washed by glare, the CNN one 0.13 / two 0.13
    / not a die 0.64: read a one at 0.936, 0.034 short of the one's floor (0.97) and a
    wrong outcome; now at the CNN's 0.34. A one paid (>= 0.97) has the CNN's one at
    >= 0.7 of its faces, so the margin held for every one paid before."""
    not_die = float(probs[NOT_A_DIE]) if len(probs) > NOT_A_DIE else 0.0
    return float(probs[0]) > not_die and faces[0] >= ONE_MARGIN * float(faces[1:].max())


def _made_up(p: float, rate: float = MADE_UP) -> float:
    """How sure a clean five or six layout is, the CNN giving its face ``p``: another
    face shows it only with pips made up in exactly its missing places, ``rate`` as
    readily as the face itself (see ``agreed_conf``)."""
    return float(p / (p + rate * (1 - p)))


def agreed_conf(face: int, faces: np.ndarray, pip_conf: float) -> float:
    """How sure a face is that the pips count and the CNN reads best (``faces``: its six
    face probabilities): 1 - (1 - p_cnn) (1 - 0.9 fit), and for a clean five or six
    layout (fit >= ``CLEAN_FIT``) at least the CNN's odds for it against every other face
    weighed by how readily that face shows this layout.

    A die losing pips (glare, blur, a small die) shows a layout held in its own: a four
    in a five or a six, a three in a five or a six's column, a one or two in most faces.
    A five's and a six's layouts are held in no other face, so another face shows one
    only with pips made up in exactly the missing places (``MADE_UP`` as readily as the
    face itself): p / (p + MADE_UP (1 - p)). Small dice need it: the CNN is unsure of a
    clear layout (seed 10604, spent: clip 012 r1, a five of 31 px, CNN 0.48; clip 024 r0,
    a six of 35 px, CNN 0.53 against a four 0.40: both at 0.94, the rounds abstained).
    A clean five or six paid this way needs the CNN's best face to be it at >= 0.37.
    Threes and fours keep the product: their layouts are other faces' with pips lost."""
    p = float(faces[face - 1])
    conf = float(1 - (1 - p) * (1 - 0.9 * pip_conf))
    if face in UNIQUE_LAYOUTS and pip_conf >= CLEAN_FIT:
        conf = max(conf, _made_up(p))
    return conf


def is_clutter(probs: np.ndarray | None, params: DiceParams, pip_count: int = 0) -> bool:
    """The CNN's extra class says this blob is not a die (a label, a corner...).

    On a photo (no count prior; keys, labels and print about) a blob more likely clutter
    than a die is dropped (``photo_reject_p``: on the train_* photos real dice score at
    most 0.14, a key's letter 0.69). In the dome only a sure call is (``reject_p``): a die
    at the rim or under glare looks odd to the CNN, the rescue (which the clutter found
    here does not hold back there) peels it off the rim, and three dice are expected
    (fresh seed-9904 clip 007 r3: a one dropped at 0.5, two dice seen, voided stacked).

    On a photo a blob whose pip count is not the face the CNN reads is clutter from
    ``photo_doubt_p`` on: two signals against it (train_* photos read 0.6x smaller or
    paler: a cable label's print scored 0.27-0.48 and passed as a six; real dice scored at
    most 0.12, the ones read with pips and CNN apart at most 0.12)."""
    if probs is None or len(probs) <= NOT_A_DIE:
        return False
    if not params.in_dome and probs[NOT_A_DIE] >= params.photo_doubt_p \
            and pip_count != int(np.argmax(probs[:NOT_A_DIE])) + 1:
        return True
    p = params.reject_p if params.in_dome else params.photo_reject_p
    return bool(probs[NOT_A_DIE] >= p)



def top_quad(blob: Blob) -> tuple[tuple[float, float], ...]:
    ys, xs = np.nonzero(blob.mask)
    pts = np.stack([xs + blob.box_xyxy[0], ys + blob.box_xyxy[1]], axis=1).astype(np.float32)
    corners = cv2.boxPoints(cv2.minAreaRect(pts))
    return tuple((float(x), float(y)) for x, y in corners)

