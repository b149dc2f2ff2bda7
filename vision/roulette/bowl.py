"""Objects in the bowl: foreground that is not the ball and stays put.

Works in mixed strip coordinates (see ``background``), where an object lying on the bowl
and one lying on the turning wheel head both stand still. ``foreground`` marks pixels that
differ from the background; ``ObjectWatch`` counts, per pixel, for how many consecutive
frames it has been foreground, and reports an object once a large enough patch has lasted.

Patches that are never objects:

* thin lines (a turning edge a row or two wide) are opened away: an object has some extent;
* whatever touches the edge of the strip's view (the outer radius, or where the frame
  ends) and is broad: a dealer's hand or arm reaching in from outside, not an object
  lying in the bowl. While such a hand also reaches the strip's inner edge (the cone:
  an arm across the wheel), what touches that edge elsewhere is its fingers, come over
  the cone out of the strip (reaching for a ball in a pocket). A small compact patch
  alone at the frame's border (a chip, coin or lighter by it or cut by it, at most ``chip_px``
  and ``border_object_rc``, no other foreground near) with no hand near it lately is an
  object once it has lasted ``border_persist_frames``: an arm has an arm's width and
  more of it lies near, a hand that works moves. At the
  outer edge (over the rim) everything is a hand, and the outer rows are near a hand where
  one reaches in beyond the strip's end (over the felt), though its skin may match the
  rim's wood on the way (``ObjectWatch._reaching_in``);
* busy rows: a row that is foreground across a large share of its columns for a while is
  a turning ring the wheel's edge estimate left outside the head (frets, a rim), or a
  lighting change, not one thing lying somewhere;
* ghosts: where the *background* is wrong, not the frame (a hand or its shadow that stayed
  long enough to leak into the model, then left). Along a strip row the empty bowl changes
  slowly, so the test is which of the two, frame or model, stands out from the same
  image's columns on either side of the patch (``ghost.anomaly``): a real object makes the
  frame stand out, a ghost the model. On the head the reference is also the same place
  some pockets away; and anywhere, where the caller gives the strip as the first seconds
  showed it (``ObjectWatch.reference``), a patch whose frame looks as it did then while
  the model does not is a ghost (a trace over the digits, a coin's colour by a diamond);
* glints: a piece no wider than a fret, lying on one of the model's frets, brighter than
  it by one gain in every channel (the fret's own colour, scaled): the turning wheel
  carries each fret through a stretch of the image where it catches the light
  (``ghost.label_is_glint``). A chip or coin is wider, and where it covers a fret has
  its own colour;
* the turret: a piece on the head joined, through what differs from the model, to the
  strip's first row where that is the cone (inside the pockets, unseen): a turret arm's
  knob, which from a tilted camera leans out over the far side's pockets while its arm
  runs on in over the cone (``ghost.label_is_turret``). What lies on the head leans away
  from the cone there.

A hand is followed in image coordinates and round the strip's seam (``bowl_edge``). The
rows just beyond the head's estimated edge, where the reader looks for no object (the
wheel's rim may turn there), are watched against a model of the rim too (``band``).

The ball and its recent path are masked out by the caller.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import cv2
import numpy as np

from vision.roulette.background import StripBackground
from vision.roulette.band import BandWatch, in_band, persist
from vision.roulette.bowl_edge import BEYOND_OUT, EdgePieces, chip_sized
from vision.roulette.components import components_with_stats
from vision.roulette.ghost import (
    head_cells,
    label_as_at_first,
    label_is_ghost,
    label_is_glint,
    label_is_head_shifted,
    label_is_turret,
)
from vision.roulette.hand import HAND_MARGIN
from vision.roulette.wheel import POCKET_COLS

__all__ = ["ObjectFix", "ObjectParams", "ObjectWatch", "foreground", "foreground_mask",
           "object_step"]

Beyond = np.ndarray | Callable[[], np.ndarray | None] | None  # the rows beyond the objects'
# (``ObjectWatch.update``), or what makes them when asked
TurnAgo = Callable[[np.ndarray, np.ndarray, int, float], bool]  # (rows, cols, frames the
# piece lasted, its difference from the model) -> the head there as it was a turn ago
# (``head_memory.HeadMemory.explains``)
REACH_ROWS = 5  # strip rows a hand reaching in from beyond the strip spans at least
RING_SHARE = 0.4  # (``_along_a_ring``)
RIDE_FRAMES = 64  # frames of the wheel's turn kept: a piece rides it if it lasted where
# it lies on the wheel while the wheel turned further than it is wide (``_rides``)


@dataclass(frozen=True, slots=True)
class ObjectParams:
    stand_out: float = 30.0  # max channel difference (0..255) that counts as foreground
    stand_out_head: float = 45.0  # on the turning head (wheel angle and parallax errors)
    patch_out: float = 30.0  # on the head: a 3x3 patch matching the model nowhere near
    # (``StripBackground.patch_stand_out``; the empty head's best matches <= 15)
    min_area_px: int = 10  # strip pixels of persistent foreground that make an object
    persist_frames: int = 4  # consecutive frames a pixel must stay foreground
    max_aspect: float = 5.0  # an object is at most this much wider (along the angle) than tall
    hand_px: int = 40  # foreground touching the edge (bridged px): kept out of the model
    hand_fg_px: int = 20  # ... its own pixels, compact border pieces left out: a hand
    hand_hold_frames: int = 12  # ... and no object is reported near it until this long after
    hand_near_rc: tuple[int, int] = (9, 25)  # "near": within this box around the hand (px)
    hand_ghost_every: int = 4  # frames: how often a hand is checked for being a ghost
    head_period_px: int = POCKET_COLS  # strip columns per pocket (head ghosts' references)
    warmup_frames: int = 25  # the background is still settling: no reports
    busy_rate: float = 0.05  # running mean weight of each row's foreground share
    busy_share: float = 0.2  # rows foreground over this share of their columns: not objects
    ghost_margin_px: int = 3  # the reference columns lie this far beside the patch
    ghost_ratio: float = 0.7  # the frame must stand out at least this much of the model's
    reference_stand_out: float = 20.0  # a frame this close to the first seconds' strip
    # (max-channel, brightness matched) where the model is not: a ghost
    border_object_px: int = 150  # a hand's foreground over this is broader than a chip
    chip_px: int = 200  # a piece at the edge this small and compact (box and fill as below)
    # is a thing lying there (``chip_sized``): a lighter is larger than a chip (seed 16001
    # 015 r0: 153-157 px in 11 x 18, on the bowl by the frame's edge, a hand's for good)
    border_object_rc: tuple[int, int] = (24, 24)  # ... within this box (rows, cols): a
    # lighter lies along the ring or across it (16101 007 r4: a white chip on the bowl by the
    # frame's edge, 19 rows x 13 once opened, over the 16 rows it was: a hand's for good)
    border_fill: float = 0.35  # ... filling at least this share of its box
    border_persist_frames: int = 10  # ... once it has lasted this long (a hand moves)
    border_hand_hold_frames: int = 45  # ... and no hand was near it for this long (an arm
    # resting across the border shows there as a compact piece too)
    border_shrink: float = 0.75  # ... nor is it shrinking: under this share of the most it
    border_shrink_frames: int = 5  # ... was over these last frames (fingers withdrawing)
    shadow_gain: float = 0.8  # a border piece the model darkened to at most this, alike
    shadow_hue: float = 0.12  # ... in every channel (off that within this share of the
    # brightest channel): a shadow (``bowl_edge.shade``)
    link_stand_out: float = 12.0  # off the head, pieces joined to a hand through
    # differences from the model this large are the hand's (``EdgePieces._linked``)
    link_margin_px: int = 3  # a compact piece at the edge with what differs that much
    link_area: float = 1.5  # round it: within its box grown so, this x border_object_px
    across_rows: int = 3  # an edge piece this many strip rows and more both inside the
    # head's edge and beyond it lies across it: a hand (``EdgePieces._across_the_edge``)
    beyond_rows: int = 4  # a piece at the objects' outer rows whose foreground ends within
    # this many strip rows beyond them (in view) lies there: no hand over the rim


@dataclass(frozen=True, slots=True)
class ObjectFix:
    """The largest persistent foreground patch: area (strip px), centre (row, col);
    ``at_border`` when it is a compact piece at the edge of the strip's view (a chip cut by
    the frame's border, or what only looks like one: ``_border_object``)."""

    area_px: int
    row: float
    col: float
    at_border: bool = False


def foreground(diff: np.ndarray, stand_out: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
    """(R, C, 3) float32 difference -> ((R, C) bool any channel differs by more than
    ``stand_out`` (a number, or (R, 1) per row), (R, C) float32 mean brightness rise)."""
    b, g, r = diff[..., 0], diff[..., 1], diff[..., 2]
    return foreground_mask(diff, stand_out), (b + g + r) * np.float32(1 / 3)


def foreground_mask(diff: np.ndarray, stand_out: np.ndarray | float) -> np.ndarray:
    """``foreground``'s mask alone, what the reader needs per frame (at less cost)."""
    mag = np.abs(diff)
    return np.maximum(np.maximum(mag[..., 0], mag[..., 1]), mag[..., 2]) > stand_out


class ObjectWatch(EdgePieces):
    """Per-pixel persistence of foreground; one ``update`` per frame.

    After each update ``hand`` is the (R, C) bool foreground reaching in from the edge
    (None when there is none) and ``ghosts`` the (R, C) bool patches found to be ghosts
    (None when there are none): the caller keeps a hand out of the background. A ghost is
    not written into the background (doing so took the ball in and the ball finder lost it
    for three rounds of fresh26 010); it fades at the background's leak and is tested
    again whenever it lasts."""

    def __init__(self, params: ObjectParams | None = None, rows: int | None = None,
                 inner: slice | None = None) -> None:
        self.params = params or ObjectParams()
        self.rows = rows  # the strip's rows that hold objects (the rest: the ball's track)
        self.inner = inner  # the strip's first rows outside the cone (its inner edge)
        self.count: np.ndarray | None = None
        self.busy: np.ndarray | None = None
        self.frames = 0
        self.hand_frames: np.ndarray | None = None  # (R, C) int32 last frame a hand was near
        self.broad_frames: np.ndarray | None = None  # ... a hand once broader than an object
        self.across_frames: np.ndarray | None = None  # ... a hand once across the head's edge
        self.across_held = False  # ``across_frames`` holds a mark (none since a frame where
        # nothing reached in)
        self.chain_broad = False  # the hand followed till now was once broader than an object
        self.chain_across = False  # ... was once across the head's edge (``_across_the_edge``)
        self.hand: np.ndarray | None = None
        self.ghosts: np.ndarray | None = None
        self.border: np.ndarray | None = None  # (R, C) bool compact pieces at the edge
        self.reference: np.ndarray | None = None  # (R, C, 3) the strip in the first seconds
        self.turn_ago: TurnAgo | None = None  # is a piece on the head as it was a turn ago
        # (``_as_a_turn_ago``)
        self.beyond: Beyond = None  # (B, C) uint8 the rows beyond the objects': where a
        # hand may go on, ``BEYOND_FG`` (foreground) or ``BEYOND_OUT`` (out of view); None:
        # unknown
        self.was_hand = np.zeros((0, 0), bool)  # last frame's hand pieces (image coords)
        self.shifts: deque[int] = deque(maxlen=RIDE_FRAMES)
        self.edge_areas: deque[np.ndarray | None] = deque(  # per frame, this one's last:
            maxlen=self.params.border_shrink_frames + 1)  # (R, C) int32 each compact piece's
        # pixels at the edge in image coordinates (none riding the wheel) set to its size;
        # None where there was none (``EdgePieces._shrinking``)
        self.band = BandWatch()  # the rows just beyond the head's edge (``band``)
        self.lasted: np.ndarray | None = None  # ``count``, or more where the band's lasted
        self._nothing = self.was_hand  # (R, C) all False: no hand (shared, never written)

    def update(self, fg: np.ndarray, edge: np.ndarray, frame: np.ndarray | None = None,
               model: np.ndarray | None = None, ignore: np.ndarray | None = None,
               head: tuple[int, int] = (0, 0), restart: np.ndarray | None = None,
               beyond: Beyond = None, lasted: np.ndarray | None = None,
               unseen: np.ndarray | None = None, recalled: np.ndarray | None = None
               ) -> ObjectFix | None:
        """``fg`` (R, C) bool foreground; ``edge`` (R, C) bool where a hand would come in
        (image coordinates); ``frame`` and ``model`` the (R, C, 3) strip and its background
        (without them no ghost test); ``ignore`` (R, C) bool where no object is looked for
        (the ball, unsure rows; a hand is still followed through it); ``head`` (head_row,
        shift): the rows above head_row are the image's rolled left by shift columns
        (mixed coordinates), undone to follow a hand, one piece in the image -> the largest
        lasting patch that is an object, or None. ``beyond`` (B, C) uint8: the strip's rows
        just beyond the objects' (``rows``), where a hand may go on there: ``BEYOND_FG``
        (foreground not the ball's) or ``BEYOND_OUT`` (out of view), else 0; None when the
        strip ends with them; or what makes it, called only when needed (seldom: a compact
        piece at the outer rows).
        ``lasted`` (R, C) uint8: for how many frames pixels lasted where no object is looked
        for (the band beyond the head's edge, counted by ``band``): judged as any other.
        ``unseen`` (R', C) bool: where the frame does not show the strip (R' >= R rows).
        ``recalled`` (R, C) bool: more foreground, found otherwise (the head as it looked a
        turn ago: ``head_memory``), counted with ``fg`` once the hand is followed (a hand
        is what ``fg`` shows of it; nor does the background hold these pixels out).

        Near a hand reaching in (and shortly after it left) nothing is reported: fragments
        of a hand or sleeve, or its shadow, can look like small objects. Elsewhere an object
        is still seen while the dealer's hand comes for it."""
        p = self.params
        self.frames += 1
        self.ghosts = None
        self.shifts.append(head[1])  # the wheel's turn, frame by frame (``_rides``)
        self.beyond = beyond
        touching = self._hand(fg, edge, frame, model, head)
        self._reaching_in(frame, unseen)
        if recalled is not None:
            fg = fg | recalled
        if self.count is None:
            self.count = np.zeros(fg.shape, np.uint8)
            self.busy = np.zeros((fg.shape[0], 1), np.float32)
        # persistence is counted where no object is looked for too: a chip taken for a
        # ball-like spot until it proved still has lasted all along (seed 10401 010 r0: a
        # chip at the frame's corner masked as 'the ball' for 10 frames, then 10 more at
        # the border, and the dealer's hand came first)
        persist(self.count, fg)
        if restart is not None:  # ... but where a spot may be the ball at rest (a fret's
            # glint in the pockets, masked until the ball ran: seed 10301 020 r0 and r4,
            # false voids the frame the mask lifted)
            self.count[restart] = 0
        if ignore is not None:
            fg = fg & ~ignore
        # (cost) each row's foreground share: its count (exact in float32) over the columns,
        # numpy's mean(axis=1, dtype=float32) to the bit; the counts in place
        share = cv2.reduce(np.ascontiguousarray(fg).view(np.uint8), 1, cv2.REDUCE_SUM,
                           dtype=cv2.CV_32F)
        self.busy += p.busy_rate * (share / np.float32(fg.shape[1]) - self.busy)
        if self.frames <= p.warmup_frames:
            return None
        lasting = own = ((self.count >= p.persist_frames) & fg).view(np.uint8)
        self.lasted = self.count
        if lasted is not None:
            lasting = lasting | (lasted >= p.persist_frames).view(np.uint8)
            self.lasted = np.maximum(self.count, lasted)
        busy = cv2.dilate((self.busy > p.busy_share).astype(np.uint8), _COLUMN3)[:, 0] > 0
        lasting[busy] = 0
        if int(np.count_nonzero(lasting)) < p.min_area_px:
            return None
        own[busy] = 0  # (the same array, or the one before the band's)
        opened = cv2.morphologyEx(lasting, cv2.MORPH_OPEN, _SQUARE3)
        if self.border is not None:  # a compact piece at the frame's edge is not opened:
            # cut by the border, a chip's rim may be all of it that stands out, lines a
            # pixel or two wide round its body (seed 10701 027 r0: 40-50 px of rim, 9 left
            # once opened); it is judged as it is (``_compact``, ``_border_object``)
            opened |= _extended(lasting & self.border)
        opened |= self._rims(own, head[0], fg)  # (not in the band beyond the head's edge,
        # where the rim may turn: ``band``)
        return self._best(opened, touching, frame, model, head[0], unseen)

    def _rims(self, lasting: np.ndarray, head_row: int, fg: np.ndarray) -> np.ndarray:
        """(R, C) uint8: the pieces of ``lasting`` (uint8) off the head (rows from ``head_row``)
        that are compact as a chip is (``_chip_like``), as they are: a chip whose body
        matches the bowl shows only its rim's spots, lines a pixel or two wide round it
        that opening takes away (seed 12001 017 r0: a dark chip with white edge spots on
        the bowl, 41 px in a 9 x 10 box, 0 once opened; the void missed). On the bowl
        nothing turns: a line there is no edge of the head; but a piece whose rows stay
        foreground (``fg``, (R, C)) past its end lies along a ring (``_along_a_ring``)."""
        bowl = cv2.morphologyEx(lasting[head_row:], cv2.MORPH_CLOSE, _SQUARE3)  # (a rim's
        # spots a pixel apart are one piece)
        n, labels, stats, _ = components_with_stats(bowl)
        keep = _chip_like(stats, self.params)
        keep &= np.bincount(labels[lasting[head_row:] > 0], minlength=n) >= (
            2 * self.params.min_area_px)  # (its own pixels, not those the closing added)
        keep[0] = False
        for k in np.flatnonzero(keep):  # (cost) seldom any
            keep[k] = not _along_a_ring(fg[head_row:], stats[k], self.params)
        out = np.zeros_like(lasting)
        if keep.any():
            out[head_row:] = keep[labels].view(np.uint8)  # (closed: one piece, judged whole)
        return out

    def _reaching_in(self, frame: np.ndarray | None, unseen: np.ndarray | None) -> None:
        """Marks the objects' outer rows (``hand_near_rc[0]`` of them) near a hand reaching in from
        beyond the strip's end or from out of the frame (``unseen``; ``_reached_in``,
        ``hand_near_rc[1] // 2`` columns either side) as near a hand this frame. Where the hand
        crosses the rim its skin may match the wood row after row, so no hand reaches the objects'
        edge there; out over the felt it stands out (seed 11201 017 r0 and r3: the dealer held the
        ball at the bowl's outer rows for the spin, the fingers' rows beyond them 10-25 off the
        background and the first seconds' strip; the ball, let go by ``StillSpots`` on the bowl, was
        a chip cut by the rim: false voids. The hand beyond: 83 and 241 px on the strip's last 6 and
        11 rows)."""
        p, rows = self.params, self.rows
        if rows is None or self.reference is None or frame is None or frame.shape[0] <= rows:
            return
        near_cols = _reached_in(p, frame[rows:], self.reference[rows:],
                                None if unseen is None else unseen[rows:])
        if not near_cols.any():
            return
        assert self.hand_frames is not None and self.broad_frames is not None
        by = (slice(max(0, rows - p.hand_near_rc[0]), rows), near_cols)
        self.hand_frames[by] = self.frames
        self.broad_frames[by] = self.frames  # an arm, whatever of it the strip shows: a
        # piece there is no stray (``_stray``), its hold kept when the hand goes

    def _best(self, lasting: np.ndarray, touching: np.ndarray, frame: np.ndarray | None,
              model: np.ndarray | None, head_row: int, unseen: np.ndarray | None = None
              ) -> ObjectFix | None:
        p = self.params
        n, labels, stats, cents = components_with_stats(lasting)
        order = sorted(range(1, n), key=lambda k: -int(stats[k, cv2.CC_STAT_AREA]))
        for k in order:
            area = int(stats[k, cv2.CC_STAT_AREA])
            if area < p.min_area_px:
                break
            x, y, w, h = (int(stats[k, i]) for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                                      cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
            if w > p.max_aspect * h:
                continue  # a long thin arc: an edge of the turning head, not a thing
            inside = labels[y:y + h, x:x + w] == k
            if touching[y:y + h, x:x + w][inside].any():
                continue  # part of a hand
            at_border = self.border is not None and bool(
                self.border[y:y + h, x:x + w][inside].any())
            if at_border and not self._border_object(inside, x, y, w, h, frame, model,
                                                     head_row):
                continue  # at the edge: not yet told from a hand
            assert self.hand_frames is not None
            if self.frames - int(self.hand_frames[y:y + h, x:x + w][inside].max()) <= (
                    p.hand_hold_frames):
                continue  # by a hand, or where one just was
            if frame is not None and model is not None and (
                    label_is_ghost(frame, model, labels, stats, k, p, head_row)
                    or (self.reference is not None and label_as_at_first(
                        frame, model, self.reference, labels, stats, k, p))
                    or label_is_glint(frame, model, labels, stats, k, head_row)
                    or label_is_head_shifted(frame, model, labels, stats, k, head_row)
                    or self._as_a_turn_ago(frame, model, labels, stats, k, head_row)
                    or (unseen is not None and label_is_turret(
                        frame, model, labels, stats, k, head_row, p.stand_out_head,
                        unseen[0]))):
                self._mark_ghost(labels == k)  # (a glint or the turret as a ghost: seldom
                # tested, only a piece that lasted and is no ghost, so no per-frame cost)
                continue
            return ObjectFix(area, float(cents[k][1]), float(cents[k][0]), at_border)
        return None

    def _as_a_turn_ago(self, frame: np.ndarray, model: np.ndarray, labels: np.ndarray,
                       stats: np.ndarray, k: int, head_row: int) -> bool:
        """Is piece ``k`` of ``labels``, mostly on the head rows (above ``head_row``), the
        head as it looked at this angle a turn ago there (``turn_ago``, given the piece's
        head cells)? The running background learnt each pocket where the wheel carried it
        before; the memory of a turn ago saw it where it is now."""
        if self.turn_ago is None or self.lasted is None:
            return False
        cells = head_cells(labels, stats, k, head_row)
        if cells is None:
            return False
        rows, cols = cells
        unlike = float(np.abs(frame[rows, cols] - model[rows, cols]).max(axis=1).mean())
        return self.turn_ago(rows, cols, int(self.lasted[rows, cols].max()), unlike)

    def _mark_ghost(self, mask: np.ndarray) -> None:
        self.ghosts = mask if self.ghosts is None else self.ghosts | mask
        if self.count is not None:
            self.count[mask] = 0


_COLUMN3 = np.ones((3, 1))  # a row and the rows beside it
_SQUARE3 = np.ones((3, 3), np.uint8)


def _extended(mask: np.ndarray) -> np.ndarray:
    """The (R, C) uint8 ``mask``'s pieces that span at least 3 rows and 3 columns (a line
    along the frame's edge is none; a chip's rim is), as they are."""
    n, labels, stats, _ = components_with_stats(mask)
    keep = (stats[:, cv2.CC_STAT_WIDTH] >= 3) & (stats[:, cv2.CC_STAT_HEIGHT] >= 3)
    keep[0] = False
    return keep[labels].view(np.uint8)


def _along_a_ring(fg: np.ndarray, stat: np.ndarray, p: ObjectParams) -> bool:
    """Does the piece (``stat`` its connected-component stats in ``fg``'s coordinates, off the
    head) lie along a ring: its rows foreground on past one of its ends, over
    ``border_object_rc``'s columns (the widest a chip is), on ``RING_SHARE`` of their pixels
    or more? Beside a chip lying on the bowl the bowl matches the model."""
    x, y, w, h = (int(stat[i]) for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                         cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    span = p.border_object_rc[1]
    rows = fg[y:y + h]
    cols = rows.shape[1]
    before = rows[:, np.arange(x - span, x) % cols]  # (round the strip's seam)
    after = rows[:, np.arange(x + w, x + w + span) % cols]
    return max(float(before.mean()), float(after.mean())) >= RING_SHARE


def _chip_like(stats: np.ndarray, p: ObjectParams) -> np.ndarray:
    """(N,) bool per piece (``stats`` of its connected components): compact as a chip's rim
    is, as at the frame's border (``chip_px``, ``border_object_rc``,
    ``border_fill``), spanning 3 rows and 3 columns or more and at least twice
    ``min_area_px``."""
    area = stats[:, cv2.CC_STAT_AREA]
    rows, cols = stats[:, cv2.CC_STAT_HEIGHT], stats[:, cv2.CC_STAT_WIDTH]
    return ((rows >= 3) & (cols >= 3) & (area >= 2 * p.min_area_px)
            & chip_sized(area, rows, cols, p))


def _beyond(watch: ObjectWatch, diff: np.ndarray, mixed: np.ndarray,
            unseen: np.ndarray | None) -> np.ndarray | None:
    """(B, C) uint8 the ``beyond_rows`` strip rows after the objects' (``watch.rows``):
    ``BEYOND_FG`` where foreground against the background or against the first seconds'
    strip (``watch.reference``, brightness matched over these rows: over the ball's track
    no hand is kept out of the background, so one held still there is learnt; seed 10601
    005 r2, the fingers placing the ball at the track for the spin), ``BEYOND_OUT`` where
    out of view (``unseen``) instead, else 0; None when the strip does not go on that far or
    no reference is known."""
    rows, n, ref = watch.rows, watch.params.beyond_rows, watch.reference
    if rows is None or ref is None or diff.shape[0] < rows + n:
        return None
    b = slice(rows, rows + n)
    out = foreground_mask(diff[b], watch.params.stand_out)
    out |= foreground_mask(_unlike(mixed[b], ref[b]), watch.params.stand_out)
    # (the ball's mask is not lifted: a ball-like spot there may be held in fingers, seed
    # 10601 024 r0, the hand placing the ball on the track with the ball and its knuckles
    # masked; and a spot on the piece itself, a chip's, reaches over these rows)
    out = out.view(np.uint8)  # (BEYOND_FG)
    if unseen is not None:
        out[unseen[b]] = BEYOND_OUT  # (what the frame does not show holds no hand)
    return out


def _reached_in(params: ObjectParams, now: np.ndarray, then: np.ndarray,
                unseen: np.ndarray | None = None) -> np.ndarray:
    """(C,) bool the columns within ``hand_near_rc[1] // 2`` of a hand or arm reaching in
    from beyond the strip's outer end: a piece of foreground of ``now`` (the (T, C, 3)
    strip beyond the objects' rows) against ``then`` (the first seconds', brightness
    matched), ``hand_px`` or more over ``REACH_ROWS`` rows or more (a ball on the track is
    three rows across), that reaches the last row or, where the frame cuts the strip
    (``unseen`` (T, C) bool), what the frame does not show (seed 11401 012 r0: the dealer's
    arm came in over the rim from the frame's top edge holding the ball for the spin, its
    skin matching the rim's wood; out over the felt it stood out, 124-156 px over 14-15 rows
    meeting the frame's edge 10 rows short of the strip's end; its fingertips at the
    bowl's outer rows, no hand's, were an object: a false void)."""
    cols = now.shape[1]
    out = np.zeros(cols, bool)
    cut = None if unseen is None or not unseen.any() else (
        cv2.dilate(unseen.view(np.uint8), _SQUARE3).view(bool) & ~unseen)  # just in view
    first = foreground_mask(_unlike(now[-1:], then[-1:]), params.stand_out).any()
    if not first and (cut is None or not foreground_mask(
            _unlike(now[cut][None], then[cut][None]), params.stand_out).any()):
        return out  # (cost) most frames: nothing at the last row nor by the frame's edge
    fg = foreground_mask(_unlike(now, then), params.stand_out).view(np.uint8)
    n, labels, stats, _ = components_with_stats(fg)
    top, high = stats[:, cv2.CC_STAT_TOP], stats[:, cv2.CC_STAT_HEIGHT]
    ends = top + high == now.shape[0]
    if cut is not None:
        ends[np.unique(labels[cut])] = True
    reach = ends & (high >= REACH_ROWS) & (stats[:, cv2.CC_STAT_AREA] >= params.hand_px)
    m = params.hand_near_rc[1] // 2
    for left, wide in stats[1:][reach[1:]][:, [cv2.CC_STAT_LEFT, cv2.CC_STAT_WIDTH]]:
        out[np.arange(left - m, left + wide + m) % cols] = True  # (a piece's columns are
        # one run: it is connected)
    return out


def _unlike(now: np.ndarray, then: np.ndarray) -> np.ndarray:
    """(..., 3) float32 ``now`` less ``then`` brightened to match it (each channel's sum
    over the rows, a gain within 0.7..1.4: the light drifts)."""
    gain = np.clip(np.array(cv2.sumElems(now)[:3]) / np.maximum(
        cv2.sumElems(then)[:3], 1.0), 0.7, 1.4).astype(np.float32)  # (cost) OpenCV's sums
    return now - gain * then


def object_step(watch: ObjectWatch, background: StripBackground, mixed: np.ndarray,
                fg: np.ndarray, edge: np.ndarray, ignore: np.ndarray, frozen: np.ndarray,
                diff: np.ndarray, shift: int = 0, spots: np.ndarray | None = None,
                unseen: np.ndarray | None = None, restart: np.ndarray | None = None,
                recalled: np.ndarray | None = None) -> ObjectFix | None:
    """One frame of the object stage: ``mixed`` (R, C, 3) float32 strip (its head rows
    rolled left by ``shift`` columns), ``fg`` its (R, C) bool foreground against
    ``background``, ``edge`` where hands come in (image coordinates), ``ignore`` where
    no object is looked for (the ball, unsure rows), ``frozen`` where the background must
    not learn (the ball), ``spots`` where any ball-like spot is (``StripBackground.update``),
    ``diff`` the frame's ``background.difference`` (from which ``fg`` came; the update
    reuses it), ``restart`` where persistence starts afresh (``ObjectWatch.update``),
    ``unseen`` where the frame does not show the strip (beyond its border), ``recalled``
    more foreground for the watch alone (``ObjectWatch.update``) -> the object, if any.
    Keeps a hand (and a margin for its soft edge and shadow) and what the frame does not
    show out of the background, then updates it: on the head the frame's border sweeps
    over the turning wheel, and a model that learnt the black beyond it saw the head come
    back into view as foreground at the border (seed 10401 010 r2, a close
    camera: a false void)."""
    patch = background.patch_stand_out(mixed, watch.params.stand_out_head,
                                       watch.params.patch_out)
    if unseen is not None:  # (``patch_stand_out`` marks nothing the model never looked at:
        # the cone's rows, held out of it below, stay unmarked)
        patch &= ~unseen
    fg = fg | patch  # (a new mask: the caller's is left as it was)
    obj = watch.update(fg, edge, mixed, background.model, ignore,
                       (background.head_row, shift), restart,
                       partial(_beyond, watch, diff, mixed, unseen),
                       in_band(watch.band, background.head_row, mixed, fg, ignore,
                               frozen, unseen, shift), unseen, recalled)
    held = None if watch.hand is None else cv2.dilate(
        watch.hand.astype(np.uint8), HAND_MARGIN).astype(bool)
    if unseen is not None:
        held = unseen if held is None else held | unseen
    background.update(mixed, diff, fg, frozen, held, spots)
    return obj
