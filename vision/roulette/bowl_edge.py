"""Pieces of the objects' foreground that reach in from the edge: a dealer's hand, or an
object cut by the frame's border (``ObjectWatch``'s hand stage, see ``bowl``).

Foreground touching the edge (the outer radius, or where the frame ends) and broad is a
hand or arm reaching in, followed in image coordinates and round the strip's seam
(``hand``); while it also reaches the cone, what touches the cone elsewhere is its fingers.
A small compact piece alone at the frame's border with no hand near it lately may be an
object; one riding the turning head is never a hand's.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.roulette.components import components_with_stats
from vision.roulette.ghost import label_box, patch_is_ghost
from vision.roulette.hand import (
    HAND_BRIDGE,
    HAND_MARGIN,
    OUTER_ROWS,
    across_the_seam,
    ids_in,
    members,
    near,
    roll_head,
    union_ids,
    without_ids,
)

if TYPE_CHECKING:
    from vision.roulette.bowl import Beyond, ObjectParams

__all__ = ["BEYOND_FG", "BEYOND_OUT", "EdgePieces", "chip_sized", "shade"]

BEYOND_FG, BEYOND_OUT = 1, 2  # (``ObjectWatch.beyond``) foreground there; out of view
ROUND_SHARE = 0.5  # followed pieces spanning more of the strip's columns: a ring, no hand


class EdgePieces:
    """``ObjectWatch``'s hand stage (a mixin: it shares the watch's state)."""

    params: ObjectParams
    rows: int | None
    inner: slice | None
    count: np.ndarray | None
    lasted: np.ndarray | None
    frames: int
    hand_frames: np.ndarray | None
    broad_frames: np.ndarray | None
    across_frames: np.ndarray | None
    across_held: bool
    chain_broad: bool
    chain_across: bool
    hand: np.ndarray | None
    border: np.ndarray | None
    beyond: Beyond
    was_hand: np.ndarray
    shifts: deque[int]
    edge_areas: deque[np.ndarray | None]
    _nothing: np.ndarray

    def _mark_ghost(self, mask: np.ndarray) -> None:
        raise NotImplementedError

    def _hand(self, fg: np.ndarray, edge: np.ndarray, frame: np.ndarray | None,
              model: np.ndarray | None, head: tuple[int, int]) -> np.ndarray:
        """Foreground components touching the edge (in image coordinates, where a hand
        over the head and the bowl is one piece) -> their (R, C) bool mask in mixed
        coordinates; sets ``hand`` and marks where it is near when they are large enough.
        A ghost of
        a hand (one that leaked into the background, or was there in the first seconds) is
        no hand, else it would hold the background and every report near it for good."""
        row, shift = head
        self.edge_areas.append(None)  # (``_shrinking``) this frame's, set below if any
        fg = roll_head(fg, row, shift)
        if self.hand_frames is None:
            self.hand_frames = np.full(fg.shape, -(10**9), np.int32)
            self.broad_frames = self.hand_frames.copy()
            self.across_frames = self.hand_frames.copy()
            self._nothing = np.zeros(fg.shape, bool)  # (cost) shared, never written
            self.was_hand = self._nothing
        self.border = None
        if not (np.logical_and(edge, fg).any() or (
                self.was_hand is not self._nothing and (self.was_hand & fg).any())):
            # nothing reaches in (most frames): no labelling; nor is a hand followed on
            # from across the head's edge (``_left_by_arm``)
            self.hand, self.was_hand, self.chain_broad = None, self._nothing, False
            self.chain_across = False
            if self.across_held:
                assert self.across_frames is not None
                self.across_frames.fill(-(10**9))
                self.across_held = False
            return self._nothing
        # bridged across a few rows: where an arm crosses the head's rim it may match the
        # turning head's colours and break into pieces
        bridged = cv2.dilate(fg.view(np.uint8), HAND_BRIDGE)  # (cost) bool as 0/1, no copy
        n, labels, stats, _ = components_with_stats(bridged)
        labels *= fg  # (cost) 0 off the foreground, not a boolean-mask assignment
        ids = ids_in(labels[edge & fg])
        # a broad piece where last frame's hand was is the hand still, though it no longer
        # reaches the edge (a hand over the head matches the pockets' colours in places)
        followed = ids_in(labels[self.was_hand & fg])
        areas = np.bincount(labels.ravel(), minlength=n)
        followed = followed[areas[followed] > self.params.border_object_px]
        followed = self._off_the_wheel(labels, n, followed, ids, row, shift)
        followed = _not_round_the_wheel(stats, followed, ids, labels.shape[1])
        ids = across_the_seam(labels, union_ids(ids, followed))
        ids = ids[ids > 0]
        if (frame is not None and model is not None and len(ids)
                and self.frames % self.params.hand_ghost_every == 0):
            frame, model = roll_head(frame, row, shift), roll_head(model, row, shift)
            ghost = [k for k in ids if _hand_is_ghost(frame, model, labels, stats, int(k),
                                                      self.params, row)]
            if ghost:
                self._mark_ghost(roll_head(members(labels, n, ghost), row, -shift))
                ids = without_ids(ids, ghost)
        fingers = self._over_the_cone(labels, ids)
        weak = _weak_parts(fg, frame, model, head, self.params, self.rows) if len(ids) else None
        across = [k for k in ids if self._across_the_edge(labels, stats, int(k), row)]
        small = [k for k in ids if k not in across
                 and self._compact(labels, stats, int(k), fg, weak)]
        ids = union_ids(ids, fingers)
        linked, joined = self._linked(labels, n, ids, areas, weak)
        ids = union_ids(ids, linked)
        wheel: list[int] = []  # (pieces riding the turning wheel)
        if small:  # ... that was no hand's last frame, where no broad hand was lately: an
            # arm's piece stays the arm's while it lasts; but no hand rides the turning
            # wheel, whatever it was called before; nor is what was followed as a hand only
            # while that was never broader than an object (``_stray``)
            last = roll_head(self.hand_frames, row, shift)
            wheel = [k for k in small if self._rides(labels == k, row, shift)
                     and not self._left_by_arm(labels == k, row, shift)]
            riding = wheel + [k for k in small
                              if k not in wheel and self._stray(labels == k, row, shift)]
            small = [k for k in small if k in riding or (
                self.frames - int(last[labels == k].max()) > self.params.border_hand_hold_frames
                and not self.was_hand[labels == k].any())]
            if riding:  # never a hand's: no hold near it
                held = roll_head(cv2.dilate(members(labels, n, riding).view(np.uint8),
                                            HAND_MARGIN).astype(bool), row, -shift)
                self.hand_frames[held] = -(10**9)
                self.broad_frames[held] = -(10**9)
        big = int(stats[ids, cv2.CC_STAT_AREA].sum()) >= self.params.hand_px
        # all of it stays out of the background (a chip at the border too: not learnt)
        self.hand = roll_head(members(labels, n, ids), row, -shift) if big else None
        if small:
            self.border = roll_head(members(labels, n, small), row, -shift)
            sizes = np.zeros(n, np.int32)  # (``_shrinking``) a piece riding the wheel may
            # leave the frame's view as it turns: it shrinks, no hand
            still = [k for k in small if k not in wheel]
            sizes[still] = areas[still]
            self.edge_areas[-1] = sizes[labels]
            ids = without_ids(ids, small)
        touching = members(labels, n, ids)
        # a hand is what is left beyond the compact pieces, counted in its own foreground
        # pixels (not bridged): a few pixels cut by the border beside a chip are none, else
        # the chip beside them is the hand's for good (seed 10301 026 r2: a 6-px fragment)
        hand = int(areas[ids].sum()) >= self.params.hand_fg_px
        self.was_hand = (cv2.dilate(touching.astype(np.uint8), HAND_MARGIN).astype(bool)
                         if hand else self._nothing)
        self.chain_across = hand and (self.chain_across or bool(across))
        self.chain_broad = hand and (
            self.chain_broad or bool(across)
            or int(areas[ids].sum()) > self.params.border_object_px
            or _broadly_joined(joined, self.params))
        touching = roll_head(touching, row, -shift)
        if hand:
            by = near(touching, self.params.hand_near_rc)
            self.hand_frames[by] = self.frames
            if self.chain_broad:
                self.broad_frames[by] = self.frames
            if self.chain_across:
                self.across_frames[by] = self.frames
                self.across_held = True
        return touching

    def _linked(self, labels: np.ndarray, n: int, ids: np.ndarray, areas: np.ndarray,
                weak: tuple[int, np.ndarray] | None) -> tuple[np.ndarray, np.ndarray]:
        """The pieces of foreground (``labels``, image coordinates) that are not the hand's
        (``ids``, ``areas`` their pixels) but joined to it off the head through foreground
        or weaker differences from the model (``weak``, ``_weak_parts``): an arm across the
        bowl whose skin comes near the wood's colours stands out less than an object must,
        so its fingers beyond it show as a piece of their own (seed 12401 028 r0: the
        dealer's hand reaching over the head, the arm 12-30 off the model over the bowl,
        its fingers at the head's edge boxed as an object: a false void). An empty bowl
        between a hand and a thing lying there matches the model. Only a hand
        (``hand_px`` of its own pixels) links. -> (the linked pieces' ids, (R, C) bool all
        that joins them: the hand's extent, broad (``chain_broad``) where it is more than
        an object's, opened (``_broadly_joined``), though its own foreground is not)."""
        if weak is None or int(areas[ids].sum()) < self.params.hand_px:
            return ids[:0], self._nothing
        m, parts = weak
        reached = ids_in(parts[members(labels, n, ids)])
        joined = members(parts, m, reached[reached > 0])
        linked = ids_in(labels[joined])
        return without_ids(linked[linked > 0], ids), joined

    def _left_by_arm(self, piece: np.ndarray, row: int, shift: int) -> bool:
        """Is the compact (R, C) bool ``piece`` (image coordinates) near where a hand was,
        within ``border_hand_hold_frames``, that had been followed since it lay across the
        head's edge (``_across_the_edge``: no object does)? Then it is that hand's last
        fingers going out of view, though it lasted where it lies on the turning wheel
        (``_rides``): a hand over the head covers the pockets turning under it, and a dealer
        picking the ball out of its pocket moves with them (seed 13101 002 r0: fingers in at
        the frame's top edge over the pockets and the bowl lifted the ball out of its pocket;
        their last 23 px at the border, no hand left beside them, rode: the hold wiped,
        boxed as a chip cut by the border at once, a false void). Followed means every
        frame: one where nothing reached in drops the hold (``across_held``). Fresh seed
        17001 004 r0 (800x600, the pocket ring cut by the frame's bottom edge): a chip fell
        in across the head's edge (one frame), lay on the number ring clear of the edge
        for 4 frames, then rode the slow wheel along it: taken for such fingers for the 1.5 s the
        hold lasted, till the dealer's hand came: no void."""
        assert self.across_frames is not None
        last = int(roll_head(self.across_frames, row, shift)[piece].max())
        return self.frames - last <= self.params.border_hand_hold_frames

    def _stray(self, piece: np.ndarray, row: int, shift: int) -> bool:
        """Is the compact (R, C) bool ``piece`` (image coordinates) no hand's though one was
        near it lately: the hand followed till last frame (if any) was never broader than an
        object since it came, and no broad hand was near for ``border_hand_hold_frames``?
        An object falling in over the rim is followed as a hand on its first frame there
        (hands come in over the rim), then lies still as a compact piece, that hand's for
        good (seed 10901 019 r4: a lighter by the frame's edge); an arm resting at the
        border was broad before."""
        assert self.broad_frames is not None
        if self.chain_broad:
            return False
        broad = int(roll_head(self.broad_frames, row, shift)[piece].max())
        return self.frames - broad > self.params.border_hand_hold_frames

    def _off_the_wheel(self, labels: np.ndarray, n: int, followed: np.ndarray,
                       edge_ids: np.ndarray, row: int, shift: int) -> np.ndarray:
        """``followed`` without the pieces that reach no edge (nor one across the seam:
        ``edge_ids``) and ride the turning head, most of them (``_rides``): no hand rides
        the wheel. An object falling in over the frame's border is followed as a hand the
        frame it crosses it, then lies on the number ring, the hand's for good (seed 11101
        027 r2: a lighter, 110 px, followed 1.3 s until the dealer's hand came for it; the
        round abstained ball_lost, void missed). Nor is its hold kept: nothing near it was
        a hand's."""
        if not len(followed):
            return followed
        reach = across_the_seam(labels, edge_ids[edge_ids > 0])
        riding = [k for k in followed if k not in reach
                  and self._rides(labels == k, row, shift, share=0.5)]
        if not riding:
            return followed
        assert self.hand_frames is not None and self.broad_frames is not None
        held = near(roll_head(members(labels, n, riding), row, -shift),  # where its hold
                    self.params.hand_near_rc)  # was set while it was followed
        self.hand_frames[held] = -(10**9)
        self.broad_frames[held] = -(10**9)
        return without_ids(followed, riding)

    def _rides(self, piece: np.ndarray, head_row: int, shift: int, share: float = 0.0
               ) -> bool:
        """Does the (R, C) bool ``piece`` (image coordinates) ride the turning head: mostly
        on its rows, lasted where it lies in wheel coordinates (``count``, over
        ``min_area_px`` and ``share`` of its pixels) for ``border_persist_frames``, or as
        long as the wheel took to turn further than the piece is wide (a slow wheel)? A
        hand held still at the border cannot last that long at one place on the wheel; a
        stick lying on the number ring cut by the frame can (seed 10401 022 r2: 153 px the
        frame it fell, a hand's ever after)."""
        p = self.params
        rows, cols = np.nonzero(piece)
        if self.count is None or len(self.shifts) < p.border_persist_frames or (
                np.count_nonzero(rows < head_row) * 2 < len(rows)):
            return False
        width, wide = self.count.shape[1], int(cols.max() - cols.min()) + 1
        past = list(self.shifts)  # oldest first, this frame's last
        for k in range(p.border_persist_frames, len(past) + 1):
            turned = abs(shift - past[-k]) % width
            if min(turned, width - turned) > wide:
                break
        else:
            return False  # the wheel has not turned that far lately
        lasted = roll_head(self.count, head_row, shift)[rows, cols] >= k - 1
        return int(np.count_nonzero(lasted)) >= max(p.min_area_px, share * len(rows))

    def _over_the_cone(self, labels: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """The pieces at the strip's inner edge that are not the hand's (``ids``) when the
        hand reaches it too: an arm lies across the wheel, over the cone (out of the strip),
        and they are its fingers at the pockets beyond, not pieces cut by the frame's border
        (seed 10201 019, 029: reaching for the ball resting in its pocket at the stream's
        start)."""
        if self.inner is None or not len(ids):
            return ids[:0]
        at_cone = ids_in(labels[self.inner])
        at_cone = at_cone[at_cone > 0]
        if set(ids.tolist()).isdisjoint(at_cone.tolist()):
            return ids[:0]
        return without_ids(across_the_seam(labels, at_cone), ids)

    def _across_the_edge(self, labels: np.ndarray, stats: np.ndarray, k: int,
                         head_row: int) -> bool:
        """Does the piece ``k`` reaching in from the edge (``labels`` of the foreground, image
        coordinates) lie both on the turning head and on the bowl, ``min_area_px`` of it more
        than ``across_rows`` rows inside the head's edge (``head_row``) and as much that far
        beyond it? No object lies across the head's edge: one lies on the head (the number
        ring, inside its edge) or on the bowl beyond it, and one on the head turns away from
        the bowl's rows. A dealer's hand reaching in across the frame's border over both is
        one piece there, however little of it the frame shows (seed 13001 014 r0: fingers
        come in at the frame's top edge over the pocket ring and the bowl to take the last
        round's ball out, 130 px in the strip, no broader than a chip cut by the border:
        taken for one after 10 frames, a false void 2.7 s before the round's chip came)."""
        p = self.params
        y, h = int(stats[k, cv2.CC_STAT_TOP]), int(stats[k, cv2.CC_STAT_HEIGHT])
        inner, outer = head_row - p.across_rows, head_row + p.across_rows
        if y >= inner or y + h <= outer:
            return False  # (cost) its box does not reach both sides
        x, w = int(stats[k, cv2.CC_STAT_LEFT]), int(stats[k, cv2.CC_STAT_WIDTH])
        piece = labels[y:y + h, x:x + w] == k
        rows = np.count_nonzero(piece, axis=1)
        on_head = int(rows[:max(0, inner - y)].sum())
        on_bowl = int(rows[max(0, outer - y):].sum())
        return on_head >= p.min_area_px and on_bowl >= p.min_area_px

    def _compact(self, labels: np.ndarray, stats: np.ndarray, k: int, fg: np.ndarray,
                 weak: tuple[int, np.ndarray] | None = None) -> bool:
        """Is the piece ``k`` reaching in from the edge small, compact and alone (a chip or
        coin cut by the frame's border), not a hand or arm? ``stats`` are of the pieces
        bridged by ``HAND_BRIDGE``, ``labels`` of their foreground ``fg`` only. An arm's
        piece at the edge may be small, but more of the arm lies near it."""
        p = self.params
        x, y, w, h = (int(stats[k, i]) for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP,
                                                  cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
        piece = labels[y:y + h, x:x + w] == k
        top = (self.rows or labels.shape[0]) - OUTER_ROWS - y  # the objects' outer rows
        if h > top and piece[max(0, top):top + OUTER_ROWS].any() and not self._ends(x, w):
            return False  # over the rim, where hands come in: an object lies within it
        if not chip_sized(*_opened(piece), p):
            return False
        dr, dc = 2 * p.hand_near_rc[0], p.hand_near_rc[1]
        cols = np.arange(x - dc, x + w + dc) % fg.shape[1]  # round the seam: an arm there
        box = fg[max(0, y - dr):y + h + dr][:, np.unique(cols)]
        if int(np.count_nonzero(box)) - int(np.count_nonzero(piece)) >= p.hand_px:
            return False
        return weak is None or _weakly_compact(labels == k, weak, p)

    def _ends(self, x: int, w: int) -> bool:
        """Does a piece at the objects' outer rows (columns x .. x + w) end there: within
        ``beyond`` (the rows beyond them, in view) two rows on end are clear across its
        columns, or one is and nothing goes on further out? A hand in over the rim goes on
        outwards, over the ball's track; a chip lying at the outer rows' edge stops (seed
        10601 016 r2: a chip on the bowl at rho 2.1-2.25, its first frame at the last rows,
        a hand's for good). Fingers holding the ball at the track for the spin may match
        the wood for a row between the ball and the hand (seed 11001 019 r1: the ball's
        inner half taken for a chip at the frame's border, a false void): the hand goes on
        beyond that row. Two clear rows are a gap, not a finger matching the wood (seed
        11001 008 r4: a thing falling in over the rim, its trailing part three rows out).
        Past a clear row, what the frame does not show is no hand going on: a hand in from
        out of view crosses the rows in view first (fresh seed 17101 002 r2, 800x600: a
        lighter lying across the bowl's outer rows where the frame cuts the track, the row
        beyond it clear, the next three out of view; a hand's for good, the void missed)."""
        if callable(self.beyond):
            self.beyond = self.beyond()  # (cost) this frame's, made once when first asked
        if self.beyond is None:
            return False
        rows = self.beyond[:, np.arange(x - 2, x + w + 2) % self.beyond.shape[1]]
        clear = ~rows.any(axis=1)
        if (clear[:-1] & clear[1:]).any():
            return True
        goes_on = (rows == BEYOND_FG).any(axis=1)
        return bool(clear.any() and not goes_on[int(np.argmax(clear)):].any())

    def _border_object(self, inside: np.ndarray, x: int, y: int, w: int, h: int,
                       frame: np.ndarray | None = None, model: np.ndarray | None = None,
                       head_row: int = 0) -> bool:
        """Has a compact piece at the edge (``inside`` its (h, w) mask at x, y; mixed
        coordinates, the head's rows above ``head_row``) lasted ``border_persist_frames``
        over at least ``min_area_px`` (still, or riding the wheel beyond the head's edge:
        ``lasted``), with no hand near it for ``border_hand_hold_frames``, is it not
        shrinking (``_shrinking``), and is it no shadow where ``frame`` and ``model`` (the
        (R, C, 3) strip and its background) are given (``shade``)?"""
        p = self.params
        assert self.lasted is not None and self.hand_frames is not None
        lasted = np.count_nonzero(self.lasted[y:y + h, x:x + w][inside] >= p.border_persist_frames)
        last_hand = int(self.hand_frames[y:y + h, x:x + w][inside].max())
        if lasted < p.min_area_px or self.frames - last_hand <= p.border_hand_hold_frames:
            return False
        if self._shrinking(inside, x, y, head_row):
            return False
        if frame is None or model is None:
            return True
        box = slice(y, y + h), slice(x, x + w)
        return not shade(frame[box][inside], model[box][inside], p)

    def _shrinking(self, inside: np.ndarray, x: int, y: int, head_row: int) -> bool:
        """Is the compact piece at the edge (``inside`` its (h, w) mask at x, y, mixed
        coordinates) now under ``border_shrink`` of the most the edge's compact pieces
        there were over the last ``border_shrink_frames`` (``edge_areas``, image
        coordinates)? Fingers withdrawing out of the frame shrink towards its border; a
        chip cut by it keeps its size (seed 13701 003 r0: the dealer's fingertips at the
        frame's right edge launched the ball, a compact piece alone at the border growing
        to 87 px; as they withdrew, 58, 41, 14 px, its core had lasted 10 frames: boxed as
        a chip cut by the border, a false void)."""
        now = self.edge_areas[-1] if self.edge_areas else None
        if now is None:
            return False
        piece = np.zeros(now.shape, bool)
        piece[y:y + inside.shape[0], x:x + inside.shape[1]] = inside
        piece = roll_head(piece, head_row, self.shifts[-1] if self.shifts else 0)
        size = int(now[piece].max())
        most = max((int(a[piece].max()) for a in list(self.edge_areas)[:-1] if a is not None),
                   default=0)
        return 0 < size < self.params.border_shrink * most


def _weak_parts(fg: np.ndarray, frame: np.ndarray | None, model: np.ndarray | None,
                head: tuple[int, int], p: ObjectParams, rows: int | None = None
                ) -> tuple[int, np.ndarray] | None:
    """The connected pieces (count, (R, C) int32 labels; image coordinates) of what differs
    from the model off the head (rows from ``head_row``) by over ``link_stand_out`` in a
    channel, or is foreground (``fg``, image coordinates): an arm or hand is one piece there
    though its skin matches the wood in places; the empty bowl matches the model. None
    without ``frame`` and ``model``, the (R, C, 3) strip and its background (mixed
    coordinates). The head's rows are no piece's (parallax errors as it turns), nor those
    from ``rows`` on (the ball's track, where no hand is kept out of the model: a hand's
    trace learnt there joins whatever lies by it)."""
    if frame is None or model is None:
        return None
    row = head[0]  # (the rows from it on are in image coordinates in both: no roll)
    end = fg.shape[0] if rows is None else rows
    diff = np.abs(frame[row:end] - model[row:end])
    weak = np.zeros(fg.shape, np.uint8)
    weak[row:end] = (np.maximum(np.maximum(diff[..., 0], diff[..., 1]), diff[..., 2])
                     > p.link_stand_out) | fg[row:end]
    return cv2.connectedComponents(weak, connectivity=8)


def _weakly_compact(piece: np.ndarray, weak: tuple[int, np.ndarray], p: ObjectParams) -> bool:
    """Is the (R, C) bool ``piece`` as compact as a chip still with what differs weakly from
    the model round it (``_weak_parts``): within ``border_object_rc`` grown by
    ``link_margin_px`` each way, at most ``link_area`` x ``border_object_px``? A hand
    coming in over the frame's border whose skin comes near the wood's colours shows a
    chip-sized piece where it stands out most, the rest of it weaker (seed 12401 007 r4:
    109 px of fingers holding the ball at the frame's top edge, within 400 px differing
    by over 12; boxed as a chip cut by the border: a false void). A chip is its own
    extent, a pixel or two of blur round it."""
    m, parts = weak
    reached = ids_in(parts[piece])
    reached = reached[reached > 0]
    if not len(reached):
        return True
    # opened as a piece is (``_opened``), more: a line of noise along the frame's edge,
    # blurred over three rows, joined to a chip cut by it is no arm (seed 10301 026 r2)
    rows, cols = _opened_extent(members(parts, m, reached) | piece)
    grow = 2 * p.link_margin_px
    return (len(rows) <= p.link_area * p.border_object_px
            and int(rows.max() - rows.min()) + 1 <= p.border_object_rc[0] + grow
            and int(cols.max() - cols.min()) + 1 <= p.border_object_rc[1] + grow)


_SQUARE5 = np.ones((5, 5), np.uint8)


def _broadly_joined(joined: np.ndarray, p: ObjectParams) -> bool:
    """Is the (R, C) bool ``joined`` (all that joins a hand's pieces, ``_linked``) more than
    an object's extent, ``link_area`` x ``border_object_px`` once opened as
    ``_weakly_compact`` opens a piece's (``_opened_extent``)? A chip falling in over the
    rim is a hand's the frames it touches the objects' outer rows, and the blur and the
    weak differences round it join it a pixel or two wider than it is (seed 13601 015 r1:
    a chip cut by the frame's right edge, 77 px, joined over 234 px, so the hand followed
    was broad and the chip, lying still by the border, that hand's for good: void missed)."""
    limit = p.link_area * p.border_object_px
    if int(np.count_nonzero(joined)) <= limit:
        return False  # (cost) most frames: no opening
    return len(_opened_extent(joined)[0]) > limit


def _opened_extent(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (rows, cols) of the non-empty (R, C) bool ``mask`` opened by a 5x5 square, in
    its box and 2 px round it (the opening's edges clear); the mask's own where the
    opening leaves nothing (a thing thinner than the square is itself)."""
    rows, cols = np.nonzero(mask)
    region = np.zeros((int(rows.max() - rows.min()) + 5, int(cols.max() - cols.min()) + 5),
                      np.uint8)
    region[rows - rows.min() + 2, cols - cols.min() + 2] = 1
    opened = cv2.morphologyEx(region, cv2.MORPH_OPEN, _SQUARE5)
    return np.nonzero(opened) if opened.any() else (rows, cols)


def chip_sized(area: int | np.ndarray, rows: int | np.ndarray, cols: int | np.ndarray,
               p: ObjectParams) -> bool | np.ndarray:
    """Is a piece (its ``area`` in px, ``rows`` and ``cols`` its box; ints, or arrays of
    them for many pieces) as small and compact as a chip or a lighter: at most ``chip_px``
    within ``border_object_rc``, filling ``border_fill`` of its box?"""
    return ((area <= p.chip_px) & (rows <= p.border_object_rc[0])
            & (cols <= p.border_object_rc[1]) & (area >= p.border_fill * rows * cols))


def shade(now: np.ndarray, model: np.ndarray, params: ObjectParams) -> bool:
    """Is a piece (``now`` its (N, 3) pixels, ``model`` the background's there) a shadow:
    the model darkened alike in every channel? The channels' means over the piece are the
    model's times one gain (fitted by least squares) of at most ``shadow_gain``, each
    within ``shadow_hue`` x the darkened model's brightest channel. A thing lying there
    has colours of its own. A dealer's hand held still beyond the frame's
    border casts its shadow in, compact and alone at the border, no hand near it (seed
    11401 004 r1: gains 0.58, 0.62, 0.62 on the rim's wood for 10 frames, taken for a chip
    cut by the border: a false void). Judged in levels, not channel by channel as ratios: on
    dark wood a channel's few levels make its ratio unsure (seed 15601 015 r1: the hand's
    shadow on the bowl at the frame's top edge, gains 0.51, 0.59, 0.59 on blue, green, red
    of 22, 44, 79: 1.7 levels off one gain on blue; a false void)."""
    n, m = now.mean(axis=0), model.mean(axis=0)
    gain = float(n @ m) / max(float(m @ m), 1.0)
    return gain <= params.shadow_gain and (
        float(np.abs(n - gain * m).max()) <= params.shadow_hue * gain * float(m.max()))


def _opened(piece: np.ndarray) -> tuple[int, int, int]:
    """(pixels, rows, cols) of the (h, w) bool ``piece`` once opened as objects are (thin
    lines and specks away; the piece itself when nothing is left): a line of noise along the
    frame's edge joined to a chip cut by it does not give it an arm's size (seed 10301 026
    r2: 8 px in a row, then 25 columns)."""
    opened = cv2.morphologyEx(piece.view(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    rows, cols = np.nonzero(opened if opened.any() else piece)
    return len(rows), int(rows.max() - rows.min()) + 1, int(cols.max() - cols.min()) + 1


def _not_round_the_wheel(stats: np.ndarray, followed: np.ndarray, edge_ids: np.ndarray,
                         columns: int) -> np.ndarray:
    """``followed`` (the pieces where last frame's hand was), but none when those that
    reach no edge (``edge_ids``) span more than ``ROUND_SHARE`` of the strip's columns
    (``stats`` their components' in image coordinates): no hand goes round the wheel, a
    ring does. Where the strip's radii misfit the head's number ring, its digits stand
    out along it every frame, broken into pieces where they match; a real hand reaching
    in beside them was one piece with the ring's nearest, and from then on the ring was
    followed as the hand from piece to piece, all round and for good (fresh seed 17201
    clip 026, 1280x960, camera 20 degrees, a dark number ring with light digits: after
    the dealer's hand came for r3's object, a "hand" of 800-1500 px over 250-390 of the
    strip's 444 columns till the clip's end, 150-180 px of it over the pockets as the
    ball came in: r4 abstained ``ball_handled``). A hand over the head is a few pockets
    wide, an arm across the wheel two pieces on its opposite sides."""
    alone = without_ids(followed, edge_ids)
    if not len(alone):
        return followed
    spanned = np.zeros(columns, bool)
    for k in alone.tolist():
        x, w = int(stats[k, cv2.CC_STAT_LEFT]), int(stats[k, cv2.CC_STAT_WIDTH])
        spanned[x:x + w] = True
    if int(spanned.sum()) <= ROUND_SHARE * columns:
        return followed
    return without_ids(followed, alone)


def _hand_is_ghost(frame: np.ndarray, model: np.ndarray, labels: np.ndarray,
                   stats: np.ndarray, k: int, params: ObjectParams, head_row: int) -> bool:
    """Is the hand's piece ``k`` of ``labels`` (image coordinates, labelled bridged:
    ``stats`` give its bridged box) a ghost, part by part: its rows on the head
    (above ``head_row``) by the columns beside them or by the same place some pockets
    away, its rows on the bowl by the columns beside them (``patch_is_ghost``)? Every
    part of ``min_area_px`` or more must be one (all of it, if none is that large). On
    the head the columns beside are frets and digits, the frame's pockets stand out of
    them as much as a hand's smear in the model does (seed 15601 007 r2: a hand's trace
    learnt over the pockets while the dealer took the ball, followed as the hand 4.5 s, its
    last piece boxed as an object when it went: a false void; beside, frame 72-81 against
    model 24-56; pockets away, frame 16-20 against 48-50), and a piece's bridged box
    reaches rows it does not (``HAND_BRIDGE``)."""
    inside, box_rows, box_cols = label_box(labels, stats, k)  # (cost) not the whole strip
    y, end, x = box_rows.start, box_rows.stop, int(box_cols[0])
    parts = [(top, inside[top - y:stop - y]) for top, stop in
             ((y, min(end, head_row)), (max(y, head_row), end)) if top < stop]
    big = [(top, part) for top, part in parts
           if np.count_nonzero(part) >= params.min_area_px]
    if not big:  # (tiny: judged whole, beside)
        big, head_row = [(y, inside)], 0
    for top, part in big:
        rows, cols = np.flatnonzero(part.any(axis=1)), np.flatnonzero(part.any(axis=0))
        box = part[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
        span = slice(top + int(rows[0]), top + int(rows[-1]) + 1)
        at = np.arange(x + int(cols[0]), x + int(cols[-1]) + 1)
        if not patch_is_ghost(frame, model, box, span, at, params, head_row):
            return False
    return True
