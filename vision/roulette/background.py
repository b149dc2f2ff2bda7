"""Running background of the polar strip: what the bowl and the wheel look like when empty.

Rows below ``head_row`` turn with the wheel; their background is kept in *wheel
coordinates* (the strip rolled so that pocket 0 sits at column 0), so a pocket, digit or
fret never looks like foreground however fast the wheel turns. Rows from ``head_row`` on
(bowl slope, ball track) are static; their background is kept in image coordinates.

Both are exponential running means, updated only where the frame does not stand out, so a
ball, hand or object is not absorbed while it is there; a slow leak lets the model follow
lighting drift and heal where something was removed.

The strip in *mixed coordinates* (wheel coordinates on the head, image coordinates on the
bowl) is what ``ball`` and ``bowl`` work on: there a pocketed ball or an object on the
head stands still like an object on the bowl.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

__all__ = [
    "AdaptiveBackground", "AdaptiveParams", "BackgroundParams", "StripBackground",
    "foreground", "from_mixed_column", "roll_columns", "to_mixed", "wrap_morph",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class BackgroundParams:
    rate: float = 0.06  # per-frame update weight where the frame matches the model
    leak: float = 0.01  # update weight where it stands out (drift, healing)
    leak_head: float = 0.03  # the same on the head, where parallax shifts edges as it turns
    stand_out: float = 28.0  # max channel difference (0..255) that counts as foreground


def foreground(diff: np.ndarray, stand_out: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
    """(R, C, 3) float32 difference -> ((R, C) bool any channel differs by more than
    ``stand_out`` (a number, or (R, 1) per row), (R, C) float32 mean brightness rise)."""
    b, g, r = cv2.split(diff)
    mag = cv2.max(cv2.max(cv2.absdiff(b, 0), cv2.absdiff(g, 0)), cv2.absdiff(r, 0))
    return mag > stand_out, (b + g + r) * np.float32(1 / 3)


def to_mixed(strip: np.ndarray, head_row: int, zero_col: float) -> np.ndarray:
    """(R, C, ...) strip -> float32 copy with the head rows rolled (with linear interpolation
    for the fractional part) so that pocket 0 sits at column 0."""
    out = strip.astype(np.float32)
    k = int(np.floor(zero_col))
    f = np.float32(zero_col - k)
    head = out[:head_row]
    out[:head_row] = (1 - f) * np.roll(head, -k, axis=1) + f * np.roll(head, -k - 1, axis=1)
    return out


def from_mixed_column(row: int, col: float, head_row: int, zero_col: float, columns: int
                      ) -> float:
    """Image-coordinate column of a mixed-coordinate point."""
    return (col + zero_col) % columns if row < head_row else col


class StripBackground:
    """Background in mixed coordinates; ``difference`` gives the per-pixel foreground.

    On the head rows the frame is compared with the range the model spans within a small
    neighbourhood (``slack_rc``), not with the model pixel itself: the wheel angle is known
    to a fraction of a pocket only, and a fret or digit edge shifted by a column or two
    must not look like an object.
    """

    def __init__(self, first_mixed: np.ndarray, head_row: int,
                 params: BackgroundParams | None = None, slack_rc: tuple[int, int] = (5, 7)
                 ) -> None:
        self.params = params or BackgroundParams()
        self.model = first_mixed.astype(np.float32).copy()
        self.head_row = head_row
        self.kernel = np.ones(slack_rc, np.uint8)
        self.frozen: np.ndarray | None = None

    def difference(self, mixed: np.ndarray) -> np.ndarray:
        """(R, C, 3) float32 mixed strip (already smoothed) -> frame minus model (head rows:
        minus the nearest value within the model's local range)."""
        diff = mixed - self.model
        h = self.head_row
        if h > 0:
            head = self.model[:h]
            hi = cv2.dilate(head, self.kernel, borderType=cv2.BORDER_REPLICATE)
            lo = cv2.erode(head, self.kernel, borderType=cv2.BORDER_REPLICATE)
            frame = mixed[:h]
            diff[:h] = frame - np.minimum(np.maximum(frame, lo), hi)
        return diff

    def rise(self, mixed: np.ndarray) -> np.ndarray:
        """(R, C) float32 mean brightness above the model; on the head rows above the
        model's brightest value within one pixel (a tighter slack than ``difference``: a
        ball resting next to a bright fret must still stand out)."""
        top = self.model.copy()
        h = self.head_row
        if h > 0:
            top[:h] = cv2.dilate(self.model[:h], np.ones((3, 3), np.uint8),
                                 borderType=cv2.BORDER_REPLICATE)
        b, g, r = cv2.split(mixed - top)
        return (b + g + r) * np.float32(1 / 3)

    def update(self, mixed: np.ndarray, stand_out: np.ndarray, frozen: np.ndarray) -> None:
        """Move the model towards the frame; ``stand_out`` (R, C) bool gets only the leak,
        ``frozen`` (where the ball is) nothing: a ball resting for seconds never fades in."""
        p = self.params
        w = np.where(stand_out, np.float32(p.leak), np.float32(p.rate))
        w[:self.head_row][stand_out[:self.head_row]] = p.leak_head
        if self.frozen is not None:
            w[self.frozen & ~frozen] = 1.0  # thawed: the wheel turned meanwhile, start afresh
        w[frozen] = 0
        self.frozen = frozen
        self.model += cv2.merge([w, w, w]) * (mixed - self.model)


def roll_columns(strip: np.ndarray, shift_col: float) -> np.ndarray:
    """(R, C, ...) -> a copy rolled left by ``shift_col`` columns (out[:, c] = in[:, c + shift]);
    float input is interpolated linearly for the fractional part, anything else is rolled
    by the nearest whole column."""
    if strip.dtype != np.float32:
        return np.roll(strip, -int(round(shift_col)), axis=1)
    k = int(np.floor(shift_col))
    f = np.float32(shift_col - k)
    return (1 - f) * np.roll(strip, -k, axis=1) + f * np.roll(strip, -k - 1, axis=1)


def wrap_morph(img: np.ndarray, op: Callable[..., np.ndarray], kernel: np.ndarray
               ) -> np.ndarray:
    """``op`` (cv2.dilate, cv2.erode) with the columns wrapping around (a strip is a full
    turn); rows replicate at the ends."""
    pad = kernel.shape[1] // 2
    if pad == 0:
        return op(img, kernel, borderType=cv2.BORDER_REPLICATE)
    wide = np.concatenate([img[:, -pad:], img, img[:, :pad]], axis=1)
    return op(wide, kernel, borderType=cv2.BORDER_REPLICATE)[:, pad:-pad]


@dataclass(frozen=True, slots=True)
class AdaptiveParams:
    rate: float = 0.05  # per-frame update weight where the frame matches the model
    leak: float = 0.004  # ... where it stands out (an object lying still fades in only slowly)
    floor: float = 20.0  # max channel difference (0..255) below which nothing is foreground
    k_dev: float = 3.5  # ... nor within this many times the pixel's usual deviation
    slack_cols: int = 0  # compare with the model's range over +-slack columns (angle error)
    refresh: float = 0.5  # update weight where the model restarts (a hand or ball just left)


class AdaptiveBackground:
    """A per-pixel running mean and usual deviation (a running Gaussian-like model) of a
    strip in one coordinate frame: wheel coordinates for the turning head, image coordinates
    for the static bowl. A pixel is foreground where the frame differs from the mean by more
    than ``max(floor, k_dev * deviation)``, so busy places (digits, fret edges blurred by the
    turn, compression noise) need a larger change than flat wood or pocket floors."""

    def __init__(self, mean: np.ndarray, dev: np.ndarray | None = None,
                 params: AdaptiveParams | None = None) -> None:
        self.params = params or AdaptiveParams()
        self.mean = mean.astype(np.float32).copy()
        dev0 = np.full(mean.shape[:2], self.params.floor / self.params.k_dev, np.float32)
        self.dev = dev0 if dev is None else np.maximum(dev.astype(np.float32), 1.0)

    @classmethod
    def from_frames(cls, frames: list[np.ndarray], params: AdaptiveParams | None = None
                    ) -> AdaptiveBackground:
        """The median of frames spread over some seconds, with their median absolute
        deviation as the usual deviation (a hand or ball in a few of them is outvoted)."""
        stack = np.stack(frames).astype(np.float32)
        mean = np.median(stack, axis=0)
        dev = np.median(np.abs(stack - mean).max(axis=-1), axis=0) * np.float32(1.4826)
        return cls(mean, dev, params)

    def magnitude(self, frame: np.ndarray) -> np.ndarray:
        """(R, C, 3) float32 -> (R, C) float32 largest channel difference from the model
        (from the model's range over +-``slack_cols`` columns, if any)."""
        s = self.params.slack_cols
        if s == 0:
            return np.abs(frame - self.mean).max(axis=-1)
        kernel = np.ones((1, 2 * s + 1), np.uint8)
        hi, lo = wrap_morph(self.mean, cv2.dilate, kernel), wrap_morph(self.mean, cv2.erode, kernel)
        return np.abs(frame - np.minimum(np.maximum(frame, lo), hi)).max(axis=-1)

    def foreground(self, magnitude: np.ndarray) -> np.ndarray:
        """(R, C) magnitude -> (R, C) bool: stands out from this pixel's usual deviation
        (the deviation of the neighbouring columns counts too: edges shift a little)."""
        dev = wrap_morph(self.dev, cv2.dilate, np.ones((1, 3), np.uint8))
        return magnitude > np.maximum(self.params.floor, self.params.k_dev * dev)

    def update(self, frame: np.ndarray, magnitude: np.ndarray, fg: np.ndarray,
               frozen: np.ndarray, refresh: np.ndarray) -> None:
        """Move mean and deviation towards the frame; foreground gets only the leak,
        ``frozen`` (R, C) bool (the ball) nothing, ``refresh`` (R, C) bool (where a hand or
        the ball just was: what is there now is the scene, whatever the model says) a fast
        restart of the mean."""
        p = self.params
        w = np.where(fg, np.float32(p.leak), np.float32(p.rate))
        w[refresh] = p.refresh
        w[frozen] = 0
        self.mean += w[..., None] * (frame - self.mean)
        wd = np.where(fg | refresh, np.float32(0), w)  # the old mean says nothing there
        self.dev += wd * (magnitude - self.dev)
