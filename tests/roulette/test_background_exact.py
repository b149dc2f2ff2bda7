"""``StripBackground``'s per-frame arithmetic, done in place for cost, gives the plain
formulas to the bit.

The foreground and the ball's rise are thresholded; a last-bit difference could flip a
pixel at its threshold, so each in-place form is compared with the formula it replaces on
seeded random strips.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.roulette.background import (
    PATCH_SHIFT_RC,
    StripBackground,
    _best_shifted_match,
    max_channel,
    to_mixed,
)
from vision.roulette.band import persist

KERNEL = np.ones((5, 7), np.uint8)


def _plain_difference(mixed: np.ndarray, model: np.ndarray, h: int) -> np.ndarray:
    diff = mixed - model
    hi = cv2.dilate(model[:h], KERNEL, borderType=cv2.BORDER_REPLICATE)
    lo = cv2.erode(model[:h], KERNEL, borderType=cv2.BORDER_REPLICATE)
    diff[:h] = mixed[:h] - np.minimum(np.maximum(mixed[:h], lo), hi)
    return diff


def _plain_chroma(mixed: np.ndarray, model: np.ndarray, h: int, stand_out: float
                  ) -> np.ndarray:
    def opponents(bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        b, g, r = bgr[..., 0], bgr[..., 1], bgr[..., 2]
        return r - g, b - np.float32(0.5) * (r + g)

    out = np.zeros(mixed.shape[:2], bool)
    for frame, mod in zip(opponents(mixed[:h]), opponents(model[:h]), strict=True):
        hi = cv2.dilate(mod, KERNEL, borderType=cv2.BORDER_REPLICATE)
        lo = cv2.erode(mod, KERNEL, borderType=cv2.BORDER_REPLICATE)
        out[:h] |= (frame > hi + stand_out) | (frame < lo - stand_out)
    return out


def _plain_rise(mixed: np.ndarray, model: np.ndarray, diff: np.ndarray, h: int) -> np.ndarray:
    def mean3(a: np.ndarray) -> np.ndarray:
        return (a[..., 0] + a[..., 1] + a[..., 2]) * np.float32(1 / 3)

    out = np.empty(diff.shape[:2], np.float32)
    out[h:] = mean3(diff[h:])
    top = cv2.dilate(model[:h], np.ones((3, 3), np.uint8), borderType=cv2.BORDER_REPLICATE)
    out[:h] = mean3(mixed[:h] - top)
    return out


def _plain_to_mixed(strip: np.ndarray, h: int, zero_col: float) -> np.ndarray:
    out = strip.astype(np.float32)
    k = int(np.floor(zero_col))
    f = np.float32(zero_col - k)
    cols = strip.shape[1]
    twice, k = np.concatenate([strip[:h], strip[:h]], axis=1), k % cols
    out[:h] = (1 - f) * twice[:, k:k + cols] + f * twice[:, k + 1:k + 1 + cols]
    return out


@pytest.mark.parametrize("head_row, zero_col", [
    (20, 0.0),  # the usual split, the wheel at its zero
    (20, 443.7),  # a fractional roll across the strip's seam
    (1, 17.25),  # one head row
    (59, 200.5),  # all rows but the last on the head
])
def test_background_arithmetic_matches_the_plain_formulas(head_row: int,
                                                          zero_col: float) -> None:
    rng = np.random.default_rng(head_row * 1000 + int(zero_col))
    for _ in range(5):
        strip = rng.integers(0, 256, (60, 444, 3), dtype=np.uint8)
        mixed = cv2.blur(to_mixed(strip, head_row, zero_col), (3, 3))
        assert np.array_equal(to_mixed(strip, head_row, zero_col),
                              _plain_to_mixed(strip, head_row, zero_col))
        model = (mixed + rng.normal(0, 30, mixed.shape)).astype(np.float32)
        bg = StripBackground(model, head_row)
        diff = bg.difference(mixed)
        assert np.array_equal(diff, _plain_difference(mixed, model, head_row))
        assert np.array_equal(bg.chroma_stand_out(mixed, 45.0),
                              _plain_chroma(mixed, model, head_row, 45.0))
        assert np.array_equal(bg.rise(mixed, diff), _plain_rise(mixed, model, diff, head_row))


def _plain_best_shifted_match(frame: np.ndarray, model: np.ndarray) -> np.ndarray:
    h, w = frame.shape[:2]
    best = None
    for i in range(model.shape[0] - h + 1):
        for j in range(model.shape[1] - w + 1):
            d = cv2.absdiff(frame, model[i:i + h, j:j + w])
            d = cv2.blur(max_channel(d), (3, 3), borderType=cv2.BORDER_REPLICATE)
            best = d if best is None else np.minimum(best, d)
    assert best is not None
    return best


@pytest.mark.parametrize("h, w", [
    (3, 5),  # a speck's box: the smallest patch looked at
    (1, 9),  # a patch cut to one row by the head's first or last row
    (7, 40),  # a chip on the number ring
    (22, 446),  # a hand across the whole head
])
def test_patch_matches_take_the_plain_least_difference(h: int, w: int) -> None:
    rng = np.random.default_rng(h * 1000 + w)
    dr, dc = PATCH_SHIFT_RC
    for scale in (30.0, 1e-3):  # (the model decays towards black where the frame is black)
        frame = cv2.blur(rng.integers(0, 256, (h, w, 3)).astype(np.float32), (3, 3))
        model = (rng.normal(0, 1, (h + 2 * dr, w + 2 * dc, 3)) * scale).astype(np.float32)
        model[: h // 2] += frame[0, 0]
        assert np.array_equal(_best_shifted_match(frame, model),
                              _plain_best_shifted_match(frame, model))


def test_persist_counts_in_place_and_saturates_as_the_plain_formula() -> None:
    rng = np.random.default_rng(7)
    count = np.arange(256, dtype=np.uint8).reshape(16, 16)  # every value, 254 and 255 too
    plain = count.copy()
    for _ in range(3):
        now = rng.random(count.shape) < 0.8
        persist(count, now)
        plain = (np.minimum(plain, 254) + np.uint8(1)) * now.view(np.uint8)
        assert np.array_equal(count, plain)
    with pytest.raises(ValueError):
        persist(count[:, ::2], now[:, ::2])  # a strided view cannot be counted in place
