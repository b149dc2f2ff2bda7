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

from dataclasses import dataclass

import cv2
import numpy as np

from vision.roulette.components import components_with_stats

__all__ = ["BackgroundParams", "StripBackground", "from_mixed_column", "max_channel",
           "seen_median",
           "to_mixed"]

PATCH_SHIFT_RC = (1, 3)  # rows, columns a head patch may lie off its place in the model
PATCH_LEARNT = 50  # frames the model must have looked at a head pixel before its patch counts
RANGE_EVERY = 2  # (cost) the head model's local ranges (``_ranges``) are taken anew after
# this many updates: the model moves a few hundredths of the way to the frame per update,
# so a range one update old is its own to within that (and a thawed pixel's new value
# enters it an update later)


@dataclass(frozen=True, slots=True)
class BackgroundParams:
    rate: float = 0.06  # per-frame update weight where the frame matches the model
    leak: float = 0.01  # update weight where it stands out (drift, healing)
    leak_head: float = 0.03  # the same on the head, where parallax shifts edges as it turns
    stand_out: float = 28.0  # max channel difference (0..255) that counts as foreground


def to_mixed(strip: np.ndarray, head_row: int, zero_col: float) -> np.ndarray:
    """(R, C, ...) strip -> float32 copy with the head rows rolled (with linear interpolation
    for the fractional part) so that pocket 0 sits at column 0."""
    k = int(np.floor(zero_col))
    f = np.float32(zero_col - k)
    cols = strip.shape[1]
    # (cost) both rolls are windows of the head laid twice side by side, and a uint8 head
    # goes to float32 exactly in the products: no float copy of it is rolled, and only the
    # bowl rows are converted (the head rows are overwritten)
    if strip.dtype == np.uint8:
        out = np.empty(strip.shape, np.float32)
        out[head_row:] = strip[head_row:]
        head = strip[:head_row]
    else:
        out = strip.astype(np.float32)
        head = out[:head_row]
    twice, k = np.concatenate([head, head], axis=1), k % cols
    np.multiply(twice[:, k:k + cols], 1 - f, out=out[:head_row])  # (cost) in place
    out[:head_row] += f * twice[:, k + 1:k + 1 + cols]
    return out


def seen_median(mixed: np.ndarray, unseen: np.ndarray) -> np.ndarray:
    """(N, R, C, 3) strips and (N, R, C) bool where each strip's cell was out of view ->
    (R, C, 3) float32: each cell's median over the strips where it was in view, and over
    them all where it never was (a plain median there: the black outside the frame)."""
    stack = mixed.astype(np.float32)
    stack[unseen & ~unseen.all(axis=0)] = np.nan  # never in view: every strip counts
    return np.nanmedian(stack, axis=0).astype(np.float32)


def from_mixed_column(row: int, col: float, head_row: int, zero_col: float, columns: int
                      ) -> float:
    """Image-coordinate column of a mixed-coordinate point."""
    return (col + zero_col) % columns if row < head_row else col


def _opponents(bgr: np.ndarray) -> np.ndarray:
    """(R, C, 3) float32 -> (R, C, 2) float32: red - green, blue - (red + green) / 2, each
    written into its channel (cost: no planes to merge)."""
    b, g, r = bgr[..., 0], bgr[..., 1], bgr[..., 2]  # views: no copies (cost)
    out = np.empty((*bgr.shape[:2], 2), np.float32)
    np.subtract(r, g, out=out[..., 0])
    yellow = r + g
    yellow *= np.float32(0.5)
    np.subtract(b, yellow, out=out[..., 1])
    return out


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
        # frames the model looked at each head pixel (saturating): what it has not yet seen
        # (beyond the frame's border, under a hand, since the start) is no model to match
        self.looked = np.zeros((max(head_row, 0), first_mixed.shape[1]), np.uint8)
        self._range: tuple[np.ndarray, np.ndarray] | None = None  # (hi, lo) of ``slack_rc``
        self._chroma: tuple[np.ndarray, np.ndarray] | None = None  # ... of its opponents
        self._top_cache: np.ndarray | None = None  # ``_top``
        self._updates = 0

    def _ranges(self) -> tuple[np.ndarray, np.ndarray]:
        """The head rows' model dilated and eroded by ``slack_rc`` (taken anew every
        ``RANGE_EVERY`` updates; read only)."""
        if self._range is None:
            head = self.model[:self.head_row]
            self._range = (cv2.dilate(head, self.kernel, borderType=cv2.BORDER_REPLICATE),
                           cv2.erode(head, self.kernel, borderType=cv2.BORDER_REPLICATE))
        return self._range

    def _chroma_ranges(self) -> tuple[np.ndarray, np.ndarray]:
        """The same of the head model's opponent colours (``_opponents``)."""
        if self._chroma is None:
            model = _opponents(self.model[:self.head_row])
            self._chroma = (cv2.dilate(model, self.kernel, borderType=cv2.BORDER_REPLICATE),
                            cv2.erode(model, self.kernel, borderType=cv2.BORDER_REPLICATE))
        return self._chroma

    def difference(self, mixed: np.ndarray) -> np.ndarray:
        """(R, C, 3) float32 mixed strip (already smoothed) -> frame minus model (head rows:
        minus the nearest value within the model's local range)."""
        h = max(self.head_row, 0)
        diff = np.empty(mixed.shape, np.result_type(mixed, self.model))  # (cost) in place
        np.subtract(mixed[h:], self.model[h:], out=diff[h:])
        if h > 0:
            hi, lo = self._ranges()
            frame, near = mixed[:h], diff[:h]
            np.maximum(frame, lo, out=near)
            np.minimum(near, hi, out=near)
            np.subtract(frame, near, out=near)
        return diff

    def chroma_stand_out(self, mixed: np.ndarray, stand_out: float) -> np.ndarray:
        """(R, C) bool: head rows whose colour stands out from the model's local range by
        more than ``stand_out`` in an opponent colour (red - green, or blue - yellow). The
        per-channel range of ``difference`` mixes channels of different pixels: on the
        number ring (red and black pockets, white digits) it spans nearly every colour, so
        a green chip lying there hid in it; hues do not mix that way."""
        out = np.zeros(mixed.shape[:2], bool)
        h = self.head_row
        if h <= 0:
            return out
        # (cost) both opponent colours as the two channels of one image: one dilate and
        # one erode (each channel on its own, as before), one comparison for both
        frame = _opponents(mixed[:h])
        hi, lo = self._chroma_ranges()
        hi = hi + np.float32(stand_out)
        lo = lo - np.float32(stand_out)
        either = (frame > hi) | (frame < lo)
        np.logical_or(either[..., 0], either[..., 1], out=out[:h])
        return out

    def patch_stand_out(self, mixed: np.ndarray, stand_out: float, patch_out: float
                        ) -> np.ndarray:
        """(R, C) bool: head rows where a patch of the frame matches the model nowhere near.
        The local range of ``difference`` takes every colour between a white digit and a
        black pocket for 'agreeing' on the number ring, so a black chip or a gold coin
        lying there hid in it (seed 10801 007 r0, 025 r2), and was learnt. Here a 3x3 patch
        is compared with the model's patch shifted by up to ``PATCH_SHIFT_RC`` (the wheel
        angle's error): a digit or fret edge a column or two off finds its match, a thing
        lying there none. Looked at only round pixels differing from the model's own by
        more than ``stand_out`` (max channel; few, cost); marked among them where the best
        match still differs by more than ``patch_out`` (mean max channel over the patch)."""
        out = np.zeros(mixed.shape[:2], bool)
        h = self.head_row
        if h <= 0:
            return out
        far = cv2.absdiff(mixed[:h], self.model[:h])
        far = max_channel(far) > stand_out
        far &= self.looked >= PATCH_LEARNT
        if not far.any():
            return out
        dr, dc = PATCH_SHIFT_RC
        n, _, stats, _ = components_with_stats(far.view(np.uint8))
        cols = mixed.shape[1]
        for x, y, w, hh, area in stats[1:n]:
            if area < 3:
                continue  # a speck: no object's patch
            r0, r1 = max(0, y - 1), min(h, y + hh + 1)
            c = np.arange(x - 1, x + w + 1) % cols  # the head's columns go round
            rows = np.clip(np.arange(r0 - dr, r1 + dr), 0, h - 1)
            model = self.model[rows][:, np.arange(x - 1 - dc, x + w + 1 + dc) % cols]
            best = _best_shifted_match(mixed[r0:r1][:, c], model)
            out[r0:r1, c] |= (best > patch_out) & far[r0:r1, c]
        return out

    def rise(self, mixed: np.ndarray, diff: np.ndarray) -> np.ndarray:
        """(R, C) float32 mean brightness above the model; on the head rows above the
        model's brightest value within one pixel (a tighter slack than ``difference``: a
        ball resting next to a bright fret must still stand out). ``diff``: this frame's
        ``difference`` against the current model (cost: its bowl rows are already the
        frame minus the model)."""
        h = self.head_row
        out = np.empty(diff.shape[:2], np.float32)  # (cost) the rows apart, no copies
        _mean3(diff[h:], out[h:])
        if h > 0:
            top = np.subtract(mixed[:h], self._top())
            _mean3(top, out[:h])
        return out

    def _top(self) -> np.ndarray:
        """The head rows' model, dilated by one pixel (taken anew as ``_ranges``; read only)."""
        if self._top_cache is None:
            self._top_cache = cv2.dilate(self.model[:self.head_row], _SQUARE3,
                                         borderType=cv2.BORDER_REPLICATE)
        return self._top_cache

    def update(self, mixed: np.ndarray, diff: np.ndarray, stand_out: np.ndarray,
               frozen: np.ndarray | None, held: np.ndarray | None = None,
               spots: np.ndarray | None = None) -> None:
        """Move the model towards the frame; ``stand_out`` (R, C) bool gets only the leak,
        ``frozen`` (where the ball is) nothing: a ball resting for seconds never fades in.
        ``held`` (R, C) bool (a hand reaching in, with a margin for its soft edge and
        shadow) gets nothing either, so a hand that stays a while leaves no ghost behind.
        ``diff``: this frame's ``difference`` against the current model (cost: its bowl
        rows are the step's). ``spots`` (R, C) bool: where ball-like spots are now; a spot
        no longer frozen there is still there (a chip let go as an object, ``StillSpots``):
        no fresh start for it (on the head the digits' local range took much of a white
        chip for 'agreeing', and it was learnt at once: seed 10201 008 r2).
        ``frozen`` None: nothing frozen, in this frame nor (as for every caller that passes
        None) in any before, so nothing thaws either (the band's rim; cost: no masks that
        are all False to build and apply)."""
        p, h = self.params, self.head_row
        # (cost) filled, then set where it stands out: np.where's values at a third the time
        w = np.full(stand_out.shape, np.float32(p.rate))
        if h < w.shape[0]:  # (cost) every row a head row: the head's leak alone, below
            np.copyto(w, np.float32(p.leak), where=stand_out)
        np.copyto(w[:h], np.float32(p.leak_head), where=stand_out[:h])
        if self.frozen is not None and frozen is not None:  # thawed where the frame agrees:
            # start afresh (where it stands out, a hand is taking the ball: learning it
            # would leave a ghost)
            thawed = self.frozen & ~frozen & ~stand_out
            np.copyto(w, np.float32(1.0), where=thawed if spots is None else thawed & ~spots)
        if frozen is not None:
            np.copyto(w, np.float32(0.0), where=frozen)  # (cost) not boolean-mask assignments
        if held is not None:
            np.copyto(w, np.float32(0.0), where=held)
        self.frozen = frozen
        if h > 0:
            np.add(self.looked, w[:h] > 0, out=self.looked, where=self.looked < 255,
                   casting="unsafe")
        w3 = cv2.merge([w, w, w])  # (cost) a broadcast (R, C, 1) is slower
        # the head rows of ``diff`` are against the model's local range: not a step
        step = np.empty_like(diff)
        if h != 0:  # (rows [:h]: none at 0)
            np.subtract(mixed[:h], self.model[:h], out=step[:h])
            step[:h] *= w3[:h]
        if h < len(step):  # (cost) no empty calls where every row is a head row (the band)
            np.multiply(diff[h:], w3[h:], out=step[h:])
        self.model += step
        self._updates += 1
        if self._updates % RANGE_EVERY == 0:
            self._range = self._chroma = self._top_cache = None


_SQUARE3 = np.ones((3, 3), np.uint8)


def _best_shifted_match(frame: np.ndarray, model: np.ndarray) -> np.ndarray:
    """(h, w, 3) float32 ``frame`` and (h + 2 dr, w + 2 dc, 3) ``model`` -> (h, w) float32:
    per pixel, the least over the model's (2 dr + 1) x (2 dc + 1) windows of the 3x3 box
    mean (replicated at the border) of the max-channel absolute difference.

    (cost) A frame patch compared window by window took a hundred OpenCV and numpy calls.
    Here the differences of all windows are taken in one pass and laid side by side, each
    between copies of its first and last columns, for one box filter: OpenCV's sums a
    column down from the top and three columns across at each pixel, so each window's
    values are those of its own ``blur`` with the border replicated; the rest is
    elementwise and exact, and the least in any order the same
    (``tests/roulette/test_background_exact.py``)."""
    h, w = frame.shape[:2]
    planes = np.ascontiguousarray(model.transpose(2, 0, 1))  # (3, h + 2 dr, w + 2 dc)
    windows = np.lib.stride_tricks.sliding_window_view(planes, (h, w), axis=(1, 2))
    d = np.abs(frame.transpose(2, 0, 1)[:, None, None] - windows)  # (3, 2dr+1, 2dc+1, h, w)
    d = np.maximum(np.maximum(d[0], d[1]), d[2]).reshape(-1, h, w)
    side = np.empty((h, len(d), w + 2), np.float32)  # the windows side by side
    side[:, :, 1:-1] = d.transpose(1, 0, 2)
    side[:, :, 0], side[:, :, -1] = side[:, :, 1], side[:, :, -2]
    boxed = cv2.blur(side.reshape(h, -1), (3, 3), borderType=cv2.BORDER_REPLICATE)
    return np.minimum.reduce(boxed.reshape(side.shape)[:, :, 1:-1], axis=1)


def max_channel(a: np.ndarray) -> np.ndarray:
    """(R, C, 3) -> (R, C) the largest channel (cost: OpenCV's, not a numpy reduction)."""
    return cv2.max(cv2.max(a[..., 0], a[..., 1]), a[..., 2])


def _mean3(a: np.ndarray, out: np.ndarray) -> None:
    """(R, C, 3) -> ``out`` (R, C) float32: the mean of the channels, ((b + g) + r) / 3 in
    float32, computed in place."""
    np.add(a[..., 0], a[..., 1], out=out)
    out += a[..., 2]
    out *= np.float32(1 / 3)
