"""Ghost tests: where the background model, not the frame, stands out.

A hand or its shadow that stayed long enough leaks into the background model; when it
leaves, the model is wrong there and the frame differs from it like an object would. Along
a strip row the empty bowl changes slowly, so the test is which of the two, frame or model,
stands out from the same image's columns on either side of a patch (``anomaly``); on the
turning head, whose columns beside are frets and digits, from the same place 2..12 pockets
away, where pockets of the same colour lie (``periodic_anomaly``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.roulette.fastmean import fast_mean

if TYPE_CHECKING:
    from vision.roulette.bowl import ObjectParams

__all__ = ["anomaly", "ghost_spot", "head_cells", "label_as_at_first", "label_box",
           "label_is_ghost", "label_is_glint", "label_is_head_shifted", "label_is_turret",
           "model_stands_out", "patch_is_ghost", "periodic_anomaly", "same_colour_columns",
           "unlike_reference"]

OUTSIDE = 2.0  # strip values below this in every channel: outside the picture
GLINT_COLS = 3  # strip columns a fret spans (blurred); a chip is 14, a coin 8 or more
GLINT_FRET = 10.0  # the model's fret: brighter (channel mean) than the pockets either side
GLINT_GAIN = 1.15  # a glint brightens the fret at least this much in every channel
GLINT_HUE = 0.4  # ... by gains within this share of each other (the fret's colour scaled;
# 13701 029 r2's pieces at frames 832 and 897: 1.28-1.50, the frame's fret a column off
# the model's, the red pocket beside mixed into the model's more)
GLINT_SHIFT_RC = (1, 3)  # rows, columns the frame's fret may lie off the model's
_COLUMN3 = np.ones((3, 1), np.uint8)  # a row and the rows beside it
HEAD_SHIFT_RC = (3, 2)  # rows, columns the head may show off the place the model learnt
HEAD_SHIFT_STAND_OUT = 35.0  # ... matching the model moved so (mean max-channel) within
HEAD_SHIFT_RATIO = 0.5  # ... this and this x the difference where it lies
TURRET_REACH_COLS = 12  # strip columns either side of a piece its turret arm may run over
# on its way in to the strip's first row (a pocket; 13901 006 and 027: the arm went 2-5
# columns aside over the 3-6 cone rows)


def anomaly(image: np.ndarray, patch: np.ndarray, rows: slice, cols: np.ndarray,
            margin_px: int) -> float:
    """How much ``image`` (R, C, 3) stands out inside a patch from its own columns on
    either side: the mean (over the patch's pixels, ``patch`` a (rows, len(cols)) bool
    mask) max-channel difference from the straight line between the mean of 3 columns
    ``margin_px`` left of the patch and 3 columns as far right, row by row. ``cols`` are
    consecutive column indices (wrapping round the strip). A side that is all black lies
    outside the picture (the strip there is empty in every frame): the other side alone is
    the reference then."""
    width = image.shape[1]
    left = (cols[0] - margin_px - np.arange(3)) % width
    right = (cols[-1] + margin_px + np.arange(3)) % width
    block = image[rows]
    lo, hi = block[:, left].mean(axis=1), block[:, right].mean(axis=1)  # (n, 3) each
    lo_out, hi_out = lo.max() < OUTSIDE, hi.max() < OUTSIDE
    if lo_out != hi_out:
        lo = hi = hi if lo_out else lo
    t = (np.arange(len(cols)) + margin_px + 1) / (len(cols) + 2 * margin_px + 1)
    if patch.all():  # (cost) a whole box (a ball's spot): broadcast, no pixel indices
        tc = t[:, None]
        line = lo[:, None] * (1 - tc) + hi[:, None] * tc  # (n, len(cols), 3)
        return float(_channel_max(np.abs(block[:, cols] - line).reshape(-1, 3)).mean())
    # (cost) at the patch's pixels only, in their row-major order: the same values and
    # the same mean as over the whole box masked afterwards (a hand's box is large)
    r, c = np.nonzero(patch)
    tc = t[c][:, None]
    line = lo[r] * (1 - tc) + hi[r] * tc
    return float(_channel_max(np.abs(block[r, cols[c]] - line)).mean())


def _channel_max(a: np.ndarray) -> np.ndarray:
    """(N, 3) -> (N,) the largest channel (numpy's max(axis=1) without its slow reduction
    over a 3-long axis)."""
    return np.maximum(np.maximum(a[:, 0], a[:, 1]), a[:, 2])


def periodic_anomaly(image: np.ndarray, patch: np.ndarray, rows: slice, cols: np.ndarray,
                     period_px: int) -> float:
    """How much ``image`` (R, C, 3) stands out inside a patch on the turning head from the
    same rows 2, 4, .. 12 pockets (of ``period_px`` columns) either way, where pockets of
    the same colour lie: the mean (over the patch's pixels) max-channel difference from
    the per-pixel median of those 12 places."""
    block = image[rows]
    refs = np.sort(block[:, same_colour_columns(cols, period_px, image.shape[1])], axis=1)
    median = (refs[:, 5] + refs[:, 6]) / 2  # of the 12: np.median's value, at a third the cost
    err = np.abs(block[:, cols] - median).max(axis=2)
    return float(err[patch].mean())


def model_stands_out(frame: np.ndarray, model: np.ndarray, patch: np.ndarray, rows: slice,
                      cols: np.ndarray, params: ObjectParams, *, by_pockets: bool) -> bool:
    """The ghost test: does the frame stand out less than ``ghost_ratio`` x the model does,
    inside ``patch``, from the columns beside it or (``by_pockets``) from the same place
    2..12 pockets away?"""
    if by_pockets:
        def stand_out(img: np.ndarray) -> float:
            return periodic_anomaly(img, patch, rows, cols, params.head_period_px)
    else:
        def stand_out(img: np.ndarray) -> float:
            return anomaly(img, patch, rows, cols, params.ghost_margin_px)
    return stand_out(frame) < params.ghost_ratio * stand_out(model)


def ghost_spot(frame: np.ndarray, model: np.ndarray, row: float, col: float, head_row: int,
               params: ObjectParams) -> bool:
    """Is a ball-like rise at (``row``, ``col``) of the (R, C, 3) strip a ghost: the model,
    not the frame, stands out there? Something darker (a hand, its shadow) leaked into the
    model, so an ordinary bright patch (a digit, a fret) rises above it; riding with the
    wheel, such a spot was read as a ball at rest. On the turning head (rows above
    ``head_row``) the reference is the same place 2..12 pockets away (the columns beside are
    frets and digits), on the bowl the columns beside.

    ``model_stands_out`` over the spot's whole 3 x 5 box, to the bit (``test_ghost_exact``),
    at less cost: frame and model are gathered in one index each and tested together."""
    r, c = int(round(row)), int(round(col))
    rows = slice(max(0, r - 1), min(frame.shape[0], r + 2))
    width = frame.shape[1]
    cols = np.arange(c - 2, c + 3) % width
    if r < head_row:
        refs = same_colour_columns(cols, params.head_period_px, width)  # (12, 5)
        both = _gather(frame, model, rows, np.concatenate([cols, refs.ravel()]))
        n = both.shape[1]
        ranked = np.sort(both[:, :, 5:].reshape(2, n, 12, 5, 3), axis=2)
        median = (ranked[:, :, 5] + ranked[:, :, 6]) / 2  # as periodic_anomaly's
        err = np.abs(both[:, :, :5] - median).max(axis=3).reshape(2, -1)
    else:
        m = params.ghost_margin_px
        side = np.arange(3)
        both = _gather(frame, model, rows, np.concatenate(
            [(cols[0] - m - side) % width, (cols[-1] + m + side) % width, cols]))
        # (cost) numpy's mean(axis=2) to the bit: the sum over 3, divided (correctly
        # rounded in float32 either way), without its per-call overhead
        lo = np.add.reduce(both[:, :, 0:3], axis=2) / np.float32(3)  # (2, n, 3)
        hi = np.add.reduce(both[:, :, 3:6], axis=2) / np.float32(3)
        for i in range(2):  # a side outside the picture: the other alone (as anomaly)
            lo_out, hi_out = lo[i].max() < OUTSIDE, hi[i].max() < OUTSIDE
            if lo_out != hi_out:
                lo[i] = hi[i] = hi[i] if lo_out else lo[i]
        tc = ((np.arange(5) + m + 1) / (5 + 2 * m + 1))[:, None]
        line = lo[:, :, None] * (1 - tc) + hi[:, :, None] * tc  # (2, n, 5, 3) float64
        err = _channel_max(np.abs(both[:, :, 6:] - line).reshape(-1, 3)).reshape(2, -1)
    return fast_mean(err[0]) < params.ghost_ratio * fast_mean(err[1])


_POCKET_STEPS = np.concatenate([np.arange(2, 13, 2), -np.arange(2, 13, 2)])
WHEEL_POCKETS = 37


def same_colour_columns(cols: np.ndarray, period_px: int, width: int) -> np.ndarray:
    """(12, n) strip columns 2, 4, .. 12 pockets (of ``period_px`` columns) either way of
    each of ``cols`` on the head (mixed coordinates: pocket 0 centred on column 0). On a
    37-pocket strip the count skips pocket 0: 36 numbered pockets alternate red and black
    all round, so counting across the green 0 by the strip's columns lands on the other
    colour (seed 10501 006 r2: 4 of a black patch's 12 places fell on red pockets or past
    the zero, the frame's median was not the empty head, a fading ghost was an object: a
    false void). Pocket 0 itself, or a strip of another width: plain column steps."""
    steps = _POCKET_STEPS[:, None]
    plain = (cols[None, :] + period_px * steps) % width
    if width != WHEEL_POCKETS * period_px:
        return plain
    pocket = ((cols + period_px // 2) // period_px) % WHEEL_POCKETS
    numbered = (pocket - 1 + steps) % (WHEEL_POCKETS - 1) + 1
    skipped = (cols[None, :] + period_px * (numbered - pocket[None, :])) % width
    return np.where(pocket[None, :] == 0, plain, skipped)


def _gather(frame: np.ndarray, model: np.ndarray, rows: slice, cols: np.ndarray
            ) -> np.ndarray:
    """(2, n, len(cols), 3): the frame's and the model's ``rows`` at ``cols``."""
    return np.stack([frame[rows][:, cols], model[rows][:, cols]])


def unlike_reference(image: np.ndarray, reference: np.ndarray, patch: np.ndarray, rows: slice,
                     cols: np.ndarray, margin_px: int = 8) -> float:
    """How much ``image`` (R, C, 3) differs inside a patch from ``reference`` (the strip
    as the first seconds showed it, in the same coordinates), after matching the
    reference's brightness per channel to the image's in the box of ``margin_px`` around
    the patch (lighting drifts over a clip): the mean (over the patch's pixels) max-channel
    difference. ``cols`` are consecutive column indices (wrapping round the strip).

    The gain is each channel's median ratio over the box's pixels but the patch's, where
    both show the picture: what changes beside the patch, or the patch itself, moves a
    sum, not the median (seed 16601 028 r3: a hand's trace on the bowl by the frame's top
    edge, the frame 3.4 off the first seconds' strip, 23 once the turning head's rows in
    the box had come to where the frame cuts them, black, though the patch was unchanged:
    a false void)."""
    width = image.shape[1]
    box_rows = slice(max(0, rows.start - margin_px), rows.stop + margin_px)
    box_cols = np.arange(cols[0] - margin_px, cols[-1] + margin_px + 1) % width
    img, ref = image[box_rows][:, box_cols], reference[box_rows][:, box_cols]
    r0, c0 = rows.start - box_rows.start, margin_px
    inner = slice(r0, r0 + patch.shape[0]), slice(c0, c0 + patch.shape[1])
    beside = (ref.max(axis=2) >= OUTSIDE) & (img.max(axis=2) >= OUTSIDE)
    beside[inner] &= ~patch
    gain = np.ones(3)
    if beside.any():
        gain = np.clip(np.median(img[beside] / np.maximum(ref[beside], 1.0), axis=0),
                       0.7, 1.4)
    err = np.abs(img[inner] - gain * ref[inner]).max(axis=2)
    return float(err[patch].mean())


def label_box(labels: np.ndarray, stats: np.ndarray, k: int
               ) -> tuple[np.ndarray, slice, np.ndarray]:
    """Component ``k`` of ``labels`` (stats from cv2.connectedComponentsWithStats) -> its
    (h, w) bool mask in its box, the box's rows and its consecutive column indices."""
    x, y, w, h = (int(stats[k, i]) for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                              cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    return labels[y:y + h, x:x + w] == k, slice(y, y + h), np.arange(x, x + w)


def label_is_ghost(frame: np.ndarray, model: np.ndarray, labels: np.ndarray,
                   stats: np.ndarray, k: int, params: ObjectParams, head_row: int = 0) -> bool:
    """Is component ``k`` of ``labels`` a ghost (the model stands out there, not the
    frame) by the columns beside it? A patch on the head rows (above ``head_row``, in
    wheel coordinates) is a ghost also by the same place some pockets away (a ghost wider
    than the patch has ghost beside it too; pockets elsewhere show the empty head)."""
    return patch_is_ghost(frame, model, *label_box(labels, stats, k), params, head_row)


def patch_is_ghost(frame: np.ndarray, model: np.ndarray, patch: np.ndarray, rows: slice,
                   cols: np.ndarray, params: ObjectParams, head_row: int = 0) -> bool:
    """``label_is_ghost``'s test of a patch (``patch`` its (h, w) bool mask in the box of
    ``rows`` and the consecutive column indices ``cols``): by the columns beside it, or,
    wholly on the head rows (above ``head_row``), by the same place some pockets away."""
    beside = model_stands_out(frame, model, patch, rows, cols, params, by_pockets=False)
    if beside or rows.stop > head_row:
        return beside
    return model_stands_out(frame, model, patch, rows, cols, params, by_pockets=True)


def label_as_at_first(frame: np.ndarray, model: np.ndarray, reference: np.ndarray,
                      labels: np.ndarray, stats: np.ndarray, k: int,
                      params: ObjectParams) -> bool:
    """Is component ``k`` a ghost by ``reference`` (the strip as the first seconds showed
    it): the frame looks as it did then (within ``reference_stand_out``, and less than
    ``ghost_ratio`` x the model differs)? Where the columns beside or the pockets away
    differ from the patch anyway (digits on the number ring, a diamond on the bowl) the
    other tests cannot tell a hand's leaked trace or a removed coin's."""
    patch, rows, cols = label_box(labels, stats, k)
    now = unlike_reference(frame, reference, patch, rows, cols)
    return now < min(params.reference_stand_out,
                     params.ghost_ratio * unlike_reference(model, reference, patch, rows, cols))


def label_is_glint(frame: np.ndarray, model: np.ndarray, labels: np.ndarray,
                   stats: np.ndarray, k: int, head_row: int) -> bool:
    """Is component ``k`` of ``labels`` a fret lit brighter than the model learnt it: no
    wider than a fret (``GLINT_COLS``), on the head rows (above ``head_row``), where the
    model shows a fret (a column brighter than those 3..4 beside it either way by
    ``GLINT_FRET``), and brighter than the model's fret there (at the shift within
    ``GLINT_SHIFT_RC`` it matches best by one gain) by at least ``GLINT_GAIN`` in every
    channel, gains alike (``GLINT_HUE``): the fret's own colour, scaled? The turning wheel
    carries each fret through a stretch of the image where it catches the light, for ~20
    frames, 1.4-1.8 x as bright as the model that learnt it elsewhere (seed 13701 029 r2:
    3 x 4 pieces on frets, false voids). A chip or coin lying there is wider than a fret
    and, where it covers one, coloured otherwise or darker (not the fret brightened)."""
    x, y, w, h = (int(stats[k, i]) for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                              cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    if w > GLINT_COLS or y + h > head_row:
        return False
    width = frame.shape[1]
    profile = model[y:y + h][:, np.arange(x - 5, x + w + 5) % width].mean(axis=(0, 2))
    fret = float(profile[4:w + 6].max())
    if fret - max(float(profile[:3].max()), float(profile[-3:].max())) < GLINT_FRET:
        return False  # no fret in the model there
    patch = labels[y:y + h, x:x + w] == k
    now = frame[y:y + h, x:x + w][patch]  # (n, 3)
    dr, dc = GLINT_SHIFT_RC
    best = None
    for a in range(-dr, dr + 1):
        if y + a < 0 or y + h + a > head_row:
            continue
        for b in range(-dc, dc + 1):
            then = model[y + a:y + h + a][:, np.arange(x + b, x + w + b) % width][patch]
            gain = float((now * then).sum() / max(float((then * then).sum()), 1.0))
            err = float(np.abs(now - gain * then).max(axis=1).mean())
            if best is None or err < best[0]:
                best = (err, then)
    if best is None:
        return False
    gains = now.sum(axis=0) / np.maximum(best[1].sum(axis=0), 1.0)
    return bool(gains.min() >= GLINT_GAIN and gains.max() <= (1 + GLINT_HUE) * gains.min())


def label_is_turret(frame: np.ndarray, model: np.ndarray, labels: np.ndarray,
                    stats: np.ndarray, k: int, head_row: int, stand_out: float,
                    cone: np.ndarray) -> bool:
    """Is component ``k`` of ``labels`` a turret arm's knob leaning out over the head: on
    the head rows (above ``head_row``), and joined to the strip's first row where it is
    the cone (``cone`` (C,) bool: inside the pocket ring's inner edge, unseen) through
    pixels where the frame differs from the model (brightness matched row by row) by more
    than ``stand_out`` (max channel), a row's gap bridged, within ``TURRET_REACH_COLS``
    of it? The turret stands 7-12 cm above the head and turns with it; from a tilted
    camera its arms lean out over the far side, each knob over the pockets' inner edge
    while the wheel carries it past there, its arm running on in over the cone (seed
    13901 006, 26 degrees: knobs at the pockets' inner edge; 021 and 027, 33-35 degrees:
    over the pockets, up to their outer edge; false voids). What lies on the head leans
    out away from the cone there, and the cone inward of it is the model's."""
    x, y, w, h = (int(stats[k, i]) for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                              cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    if y + h > head_row:
        return False
    cols = np.arange(x - TURRET_REACH_COLS, x + w + TURRET_REACH_COLS) % frame.shape[1]
    piece = labels[:y + h][:, cols] == k
    now, then = frame[:y + h][:, cols], model[:y + h][:, cols]
    gain = np.clip(np.median(now, axis=1) / np.maximum(np.median(then, axis=1), 1.0),
                   0.7, 1.4)[:, None]  # (rows, 1, 3) the light's drift, row by row: the
    # cone's rows are never learnt (unseen), the model there is the first seconds'
    differ = _channel_max(np.abs(now - gain * then).reshape(-1, 3)).reshape(
        piece.shape) > stand_out
    # (a ring the arm crosses, as bright as its chrome, breaks the difference for a row:
    # bridged; 13901 006 r1, the pockets' inner fret ring between knob and cone, 25-41)
    chain = cv2.morphologyEx((differ | piece).view(np.uint8), cv2.MORPH_CLOSE, _COLUMN3)
    _, joined = cv2.connectedComponents(chain, connectivity=8)
    return bool(np.isin(joined[0][cone[cols]], joined[piece]).any())


def head_cells(labels: np.ndarray, stats: np.ndarray, k: int, head_row: int
               ) -> tuple[np.ndarray, np.ndarray] | None:
    """Component ``k`` of ``labels`` (``stats`` its connected components'): its (rows,
    cols) above ``head_row``, when at least half of it lies there; else None."""
    x, y, w, h = (int(stats[k, i]) for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                              cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    if y >= head_row:
        return None
    rows, cols = np.nonzero(labels[y:y + h, x:x + w] == k)
    on = rows + y < head_row
    if 2 * int(on.sum()) < len(rows):
        return None
    return rows[on] + y, cols[on] + x


def label_is_head_shifted(frame: np.ndarray, model: np.ndarray, labels: np.ndarray,
                          stats: np.ndarray, k: int, head_row: int) -> bool:
    """Is component ``k`` of ``labels`` a piece of the head seen a little off the place the
    model learnt it at: mostly on the head rows (above ``head_row``, in wheel coordinates),
    the frame there matching the model moved by up to ``HEAD_SHIFT_RC`` rows and columns
    (its mean max-channel difference at most ``HEAD_SHIFT_STAND_OUT`` and
    ``HEAD_SHIFT_RATIO`` x the difference unmoved)? Where the strip's radii misfit the
    head a little, the turning wheel carries its pattern through places where it shows a
    row or two further in or out than the model, which learnt it elsewhere. Fresh seed
    14701 clip 008 (1024x576, camera 25 degrees, the wheel's near rim beyond the frame):
    pieces of 12-37 strip px on the number ring's outer edge, 1-4 rows inside the head's
    edge, wandering along it as the wheel turned, each matching the model 2-3 rows further
    in (14-30, against 65-97 unmoved): false voids in two result rounds, and the void
    round after them missed. A chip or coin is no piece of the head's pattern moved: its
    colours match nothing nearby in the model (that clip's chip in the bowl: 57-67 at the
    best shift, 58-68 unmoved)."""
    cells = head_cells(labels, stats, k, head_row)
    if cells is None:
        return False
    rows, cols = cells
    now, width = frame[rows, cols], frame.shape[1]

    def unlike(dr: int, dc: int) -> float | None:
        src = rows + dr
        ok = (src >= 0) & (src < head_row)
        if 2 * int(ok.sum()) < len(rows):
            return None
        then = model[src[ok], (cols[ok] + dc) % width]
        return float(np.abs(now[ok] - then).max(axis=1).mean())

    here = unlike(0, 0)
    dr_max, dc_max = HEAD_SHIFT_RC
    moved = [e for dr in range(-dr_max, dr_max + 1) for dc in range(-dc_max, dc_max + 1)
             if (dr, dc) != (0, 0) and (e := unlike(dr, dc)) is not None]
    return here is not None and bool(moved) and min(moved) <= min(
        HEAD_SHIFT_STAND_OUT, HEAD_SHIFT_RATIO * here)
