"""Objects in the bowl: foreground that is not the ball, not a hand, and stays put.

Two background layers watch the whole polar strip (see ``background``): one in *wheel
coordinates* (the strip rolled so that pocket 0 sits at column 0), where the turning head
and a chip lying on its number ring stand still, and one in *image coordinates*, where the
static bowl (slope, ball track, deflectors) does. Where the head ends is not assumed: each
pixel belongs to the layer in which it varies much less (the turning pattern is busy in
image coordinates, the bowl's texture in wheel coordinates); where neither is clearly
calmer (flat colour), a pixel is foreground only if it differs from both models.

``ObjectWatch`` counts, per pixel and in each layer's own coordinates, for how many
consecutive frames it has been foreground, and reports an object once a large enough patch
has lasted ``persist_s``. A *hand* is foreground reaching in from the edge of the view (the
frame's border or the outer radius) and large: around it, and for a while after it has
gone, nothing is reported (a hand or its shadow can break into object-like fragments), but
an object lying elsewhere still is; a patch touching the edge is never an object. A layer
with foreground spread over many angles at once is out of date (the wheel's blur changed
with its speed, the light changed): it relearns and nothing is reported. Patches must be a
few rows tall and not long thin arcs. The ball and its recent path are masked out by the
caller.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.roulette.background import (
    AdaptiveBackground,
    AdaptiveParams,
    roll_columns,
    wrap_morph,
)

__all__ = ["ObjectFix", "ObjectParams", "ObjectWatch"]

HEAD_LAYER = AdaptiveParams(slack_cols=1)  # the wheel angle is known to a fraction of a column
BOWL_LAYER = AdaptiveParams()


@dataclass(frozen=True, slots=True)
class ObjectParams:
    min_area_px: int = 12  # strip pixels of persistent foreground that make an object
    persist_s: float = 0.12  # a pixel must stay foreground this long (and 2 frames at least)
    max_aspect: float = 4.0  # an object is at most this much wider (along the angle) than tall
    min_rows: int = 3  # ... and at least this tall (a coin is ~4 rows; digit edges smeared
    # by a change of the wheel's speed are thin arcs)
    hand_px: int = 60  # foreground this large reaching in from the edge is a hand or arm
    hand_reach_px: tuple[int, int] = (4, 12)  # around a hand (rows, columns): not an object
    hand_hold_s: float = 0.5  # ... nor where a hand was this recently
    calmer: float = 2.0  # a layer whose deviation is this much smaller owns the pixel
    head_margin_rows: int = 5  # the head's edge is known to this many rows: things riding
    # with the wheel count only inside it (plus the margin), things standing still in the
    # image only outside it (minus the margin)
    warmup_s: float = 1.0  # the models are still settling: no reports
    busy_share: float = 0.3  # a layer with foreground in more of its columns (angles) is
    # out of date (the wheel re-spun and its blur changed, the light changed), whereas an
    # object or a hand covers a few: it relearns, no reports
    border_px: tuple[int, int] = (2, 3)  # valid pixels this close to the view's edge are
    # unsure (interpolated with what lies outside the picture)

    def __post_init__(self) -> None:
        if self.min_area_px < 1 or self.persist_s <= 0 or self.calmer < 1:
            raise ValueError(f"expected min_area_px >= 1, persist_s > 0, calmer >= 1, got "
                             f"{self.min_area_px}, {self.persist_s}, {self.calmer}")


@dataclass(frozen=True, slots=True)
class ObjectFix:
    """The largest persistent foreground patch: area (strip px), centre (row, image column),
    and whether it lies on the turning head (found in wheel coordinates)."""

    area_px: int
    row: float
    col: float
    on_head: bool = False


class ObjectWatch:
    """Per-pixel persistence of foreground in the head and bowl layers; one ``update`` per
    frame. ``valid`` (R, C) bool: strip pixels in the picture where an object may lie;
    ``edge`` (R, C) bool: where a hand comes in (both in image coordinates)."""

    def __init__(self, fps: float, valid: np.ndarray, edge: np.ndarray, head_row: int,
                 params: ObjectParams | None = None) -> None:
        self.params = p = params or ObjectParams()
        rb, cb = p.border_px
        kernel = np.ones((2 * rb + 1, 2 * cb + 1), np.uint8)
        self.valid = ~wrap_morph((~valid).astype(np.uint8), cv2.dilate, kernel).astype(bool)
        self.edge = wrap_morph(edge.astype(np.uint8), cv2.dilate, kernel).astype(bool)
        self.turning = np.zeros(valid.shape, bool)  # where a thing riding the wheel may lie
        self.turning[:max(0, head_row + p.head_margin_rows)] = True
        self.still = np.zeros(valid.shape, bool)  # where a thing standing still may lie
        self.still[max(0, head_row - p.head_margin_rows):] = True
        self.persist = max(2, int(np.ceil(p.persist_s * fps)))
        self.hold = int(round(p.hand_hold_s * fps))
        self.warmup = int(round(p.warmup_s * fps))
        self.head: AdaptiveBackground | None = None
        self.bowl: AdaptiveBackground | None = None
        self.count_head = np.zeros(valid.shape, np.uint8)  # wheel coordinates
        self.count_bowl = np.zeros(valid.shape, np.uint8)  # image coordinates
        self.hand_until = np.zeros(valid.shape, np.int64)  # last frame of a hand's zone
        self.refresh_until = np.zeros(valid.shape, np.int64)  # ... of restarting the models
        self.last_ball = np.zeros(valid.shape, bool)
        self.frames = 0
        self.fg = np.zeros(valid.shape, bool)  # the last frame's foreground (debugging)

    def seed(self, strips: list[np.ndarray], zero_cols: list[float]) -> None:
        """Start both layers from frames spread over the first seconds ((R, C, 3) float32
        smoothed strips in image coordinates, with the wheel angle of each)."""
        self.head = AdaptiveBackground.from_frames(
            [roll_columns(s, z) for s, z in zip(strips, zero_cols, strict=True)], HEAD_LAYER)
        self.bowl = AdaptiveBackground.from_frames(strips, BOWL_LAYER)

    def update(self, strip: np.ndarray, zero_col: float, ball: np.ndarray) -> ObjectFix | None:
        """``strip`` (R, C, 3) float32 smoothed, image coordinates; ``zero_col`` where pocket 0
        is; ``ball`` (R, C) bool where the ball (or a ball-like spot) is or just was ->
        the largest lasting patch that is not a hand, or None."""
        self.frames += 1
        wheel = roll_columns(strip, zero_col)
        if self.head is None or self.bowl is None:
            self.head = AdaptiveBackground(wheel, params=HEAD_LAYER)
            self.bowl = AdaptiveBackground(strip, params=BOWL_LAYER)
        self.refresh_until[self.last_ball & ~ball] = self.frames + self.hold
        self.last_ball = ball
        refresh = self.refresh_until >= self.frames
        dev_head = roll_columns(self.head.dev, -zero_col)
        head_owns, bowl_owns = self._owners(dev_head)
        fg_head, busy_head = self._step(self.head, wheel, roll_columns(ball, zero_col),
                                        roll_columns(refresh, zero_col),
                                        roll_columns(head_owns, zero_col))
        fg_head = roll_columns(fg_head, -zero_col)
        fg_bowl, busy_bowl = self._step(self.bowl, strip, ball, refresh, bowl_owns)
        fg = np.where(head_owns, fg_head, np.where(bowl_owns, fg_bowl, fg_head & fg_bowl))
        fg &= self.valid & ~ball
        if busy_head or busy_bowl:
            fg[:] = False
        self.fg = fg
        self._note_hands(fg)
        hand = self.hand_until >= self.frames
        self.count_head = _persist(self.count_head, roll_columns(fg & ~hand, zero_col))
        self.count_bowl = _persist(self.count_bowl, fg & ~hand)
        if self.frames <= self.warmup:
            return None
        on_head = roll_columns(self.count_head >= self.persist, -zero_col) & self.turning
        lasting = on_head | ((self.count_bowl >= self.persist) & self.still)
        return self._largest(lasting & ~hand, on_head)

    def _owners(self, dev_head: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(R, C) bool where the head layer, and where the bowl layer, is clearly calmer
        (image coordinates); elsewhere a pixel must differ from both models."""
        assert self.bowl is not None
        k = np.float32(self.params.calmer)
        dev_bowl = cv2.blur(self.bowl.dev, (3, 3))
        dev_head = cv2.blur(dev_head, (3, 3))
        return dev_head * k < dev_bowl, dev_bowl * k < dev_head

    def _step(self, layer: AdaptiveBackground, frame: np.ndarray, frozen: np.ndarray,
              refresh: np.ndarray, owns: np.ndarray) -> tuple[np.ndarray, bool]:
        """One layer's foreground for this frame, and whether the layer is out of date
        (foreground spread over too many columns of what it owns: then it relearns
        everywhere); the layer learns from the frame."""
        mag = layer.magnitude(frame)
        fg = layer.foreground(mag)
        cols = np.any(fg & owns, axis=0)
        busy = bool(np.count_nonzero(cols) > self.params.busy_share * cols.size)
        layer.update(frame, mag, fg, frozen, refresh | busy)
        return fg, busy

    def _note_hands(self, fg: np.ndarray) -> None:
        """Large foreground reaching in from the edge is a hand: mark around it."""
        n, labels, stats, _ = cv2.connectedComponentsWithStats(fg.astype(np.uint8),
                                                               connectivity=8)
        touching = np.unique(labels[self.edge & fg])
        big = [k for k in touching
               if k > 0 and stats[k, cv2.CC_STAT_AREA] >= self.params.hand_px]
        if not big:
            return
        rr, cc = self.params.hand_reach_px
        hand = np.isin(labels, big).astype(np.uint8)
        zone = wrap_morph(hand, cv2.dilate, np.ones((2 * rr + 1, 2 * cc + 1), np.uint8))
        zone = zone.astype(bool)
        self.hand_until[zone] = self.frames + self.hold
        self.refresh_until[zone] = self.frames + self.hold

    def _largest(self, lasting: np.ndarray, on_head: np.ndarray) -> ObjectFix | None:
        """The largest patch of ``lasting`` that is big enough and not a thin arc."""
        if int(np.count_nonzero(lasting)) < self.params.min_area_px:
            return None
        opened = cv2.morphologyEx(lasting.astype(np.uint8), cv2.MORPH_OPEN,
                                  np.ones((3, 3), np.uint8))
        n, labels, stats, cents = cv2.connectedComponentsWithStats(opened, connectivity=8)
        best: ObjectFix | None = None
        for k in range(1, n):
            area = int(stats[k, cv2.CC_STAT_AREA])
            if area < self.params.min_area_px or (best is not None and area <= best.area_px):
                continue
            w, h = int(stats[k, cv2.CC_STAT_WIDTH]), int(stats[k, cv2.CC_STAT_HEIGHT])
            if w > self.params.max_aspect * h or h < self.params.min_rows:
                continue  # a long thin arc: an edge of the turning head, not a thing
            if np.any(self.edge[labels == k]):
                continue  # reaching in from outside the view: a hand, not a thing lying
            r, c = float(cents[k][1]), float(cents[k][0])
            best = ObjectFix(area, r, c, bool(on_head[int(round(r)), int(round(c))]))
        return best


def _persist(count: np.ndarray, fg: np.ndarray) -> np.ndarray:
    """Consecutive frames each pixel has been foreground (saturating at 255)."""
    return np.where(fg, np.minimum(count, 254) + 1, 0).astype(np.uint8)
