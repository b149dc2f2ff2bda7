"""Objects in the bowl: foreground that is not the ball and stays put.

Works in mixed strip coordinates (see ``background``), where an object lying on the bowl
and one lying on the turning wheel head both stand still. ``foreground`` marks pixels that
differ from the background; ``ObjectWatch`` counts, per pixel, for how many consecutive
frames it has been foreground, and reports an object once a large enough patch has lasted.

Thin lines (a turning edge a row or two wide) are opened away: an object has some extent.
Whatever touches the edge of the strip's view (the outer radius, or where the frame ends)
is ignored: that is a dealer's hand or arm reaching in from outside, not an object lying in
the bowl. The ball and its recent path are masked out by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["ObjectFix", "ObjectParams", "ObjectWatch", "foreground"]


@dataclass(frozen=True, slots=True)
class ObjectParams:
    stand_out: float = 30.0  # max channel difference (0..255) that counts as foreground
    stand_out_head: float = 45.0  # on the turning head (wheel angle and parallax errors)
    min_area_px: int = 10  # strip pixels of persistent foreground that make an object
    persist_frames: int = 4  # consecutive frames a pixel must stay foreground
    max_aspect: float = 5.0  # an object is at most this much wider (along the angle) than tall
    hand_px: int = 40  # foreground touching the edge: a hand or arm is in the bowl
    hand_hold_frames: int = 12  # ... and objects are not reported until this long after it
    warmup_frames: int = 25  # the background is still settling: no reports


@dataclass(frozen=True, slots=True)
class ObjectFix:
    """The largest persistent foreground patch: area (strip px), centre (row, col)."""

    area_px: int
    row: float
    col: float


def foreground(diff: np.ndarray, stand_out: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
    """(R, C, 3) float32 difference -> ((R, C) bool any channel differs by more than
    ``stand_out`` (a number, or (R, 1) per row), (R, C) float32 mean brightness rise)."""
    b, g, r = cv2.split(diff)
    mag = cv2.max(cv2.max(cv2.absdiff(b, 0), cv2.absdiff(g, 0)), cv2.absdiff(r, 0))
    return mag > stand_out, (b + g + r) * np.float32(1 / 3)


class ObjectWatch:
    """Per-pixel persistence of foreground; one ``update`` per frame."""

    def __init__(self, params: ObjectParams | None = None) -> None:
        self.params = params or ObjectParams()
        self.count: np.ndarray | None = None
        self.frames = 0
        self.hand_frame = -(10**9)

    def update(self, fg: np.ndarray, edge: np.ndarray) -> ObjectFix | None:
        """``fg`` (R, C) bool foreground with the ball removed; ``edge`` (R, C) bool where a
        hand would come in -> the largest lasting patch not touching the edge, or None.

        While a hand reaches in (and shortly after) nothing is reported: fragments of a hand
        or sleeve can look like small objects."""
        self.frames += 1
        if self.count is None:
            self.count = np.zeros(fg.shape, np.uint8)
        self.count = np.where(fg, np.minimum(self.count, 254) + 1, 0).astype(np.uint8)
        fg_u8 = fg.astype(np.uint8)
        n_fg, fg_labels, fg_stats, _ = cv2.connectedComponentsWithStats(fg_u8, connectivity=8)
        touching = set(np.unique(fg_labels[edge & fg]).tolist()) - {0}
        if sum(int(fg_stats[k, cv2.CC_STAT_AREA]) for k in touching) >= self.params.hand_px:
            self.hand_frame = self.frames
        if (self.frames <= self.params.warmup_frames
                or self.frames - self.hand_frame <= self.params.hand_hold_frames):
            return None
        lasting = (self.count >= self.params.persist_frames).astype(np.uint8)
        if int(np.count_nonzero(lasting)) < self.params.min_area_px:
            return None
        lasting = cv2.morphologyEx(lasting, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        n, labels, stats, cents = cv2.connectedComponentsWithStats(lasting, connectivity=8)
        best: ObjectFix | None = None
        for k in range(1, n):
            area = int(stats[k, cv2.CC_STAT_AREA])
            if area < self.params.min_area_px or (best is not None and area <= best.area_px):
                continue
            w, h = int(stats[k, cv2.CC_STAT_WIDTH]), int(stats[k, cv2.CC_STAT_HEIGHT])
            if w > self.params.max_aspect * h:
                continue  # a long thin arc: an edge of the turning head, not a thing
            ys, xs = np.nonzero(labels == k)
            if int(fg_labels[ys[0], xs[0]]) not in touching:
                best = ObjectFix(area, float(cents[k][1]), float(cents[k][0]))
        return best
