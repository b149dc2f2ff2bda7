"""Grey and binary morphology with OpenCV's elliptic (disk) kernel, cheaper for large
disks and equal to ``cv2.morphologyEx`` to the bit.

OpenCV applies a non-rectangular kernel pixel by pixel over all of its points, so a
disk of k pixels costs about k^2 operations per pixel. The pip finder opens a die's
crop with a disk of 0.6 x the blob's size, and the rescue's blobs joined to the rim
are 200-400 px across (disks of 120-150 px: 30-80 ms per black-hat). A disk is a
stack of centred rows: each row's max (min) is built from the narrower one by two
shifted maxima (a half-width b from a <= b <= 2a), and the rows are combined with
their vertical offsets. Below ``DIRECT_K`` OpenCV's own loop is faster and is used.

Borders follow ``cv2.morphologyEx``'s default (``morphologyDefaultBorderValue``):
pixels outside the image never win a max or a min.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

__all__ = ["DIRECT_K", "ellipse_morph"]

DIRECT_K = 41     # disks narrower than this go to OpenCV directly (it is faster there)

_OPS = (cv2.MORPH_ERODE, cv2.MORPH_DILATE, cv2.MORPH_OPEN, cv2.MORPH_CLOSE,
        cv2.MORPH_TOPHAT, cv2.MORPH_BLACKHAT)


def ellipse_morph(image: np.ndarray, op: int, k: int) -> np.ndarray:
    """``cv2.morphologyEx(image, op, getStructuringElement(MORPH_ELLIPSE, (k, k)))`` for
    a 2-D uint8 ``image`` and an odd ``k``, the same array to the bit."""
    if op not in _OPS:
        raise ValueError(f"op must be one of cv2.MORPH_ERODE/DILATE/OPEN/CLOSE/TOPHAT/"
                         f"BLACKHAT, got {op}")
    if image.dtype != np.uint8 or image.ndim != 2 or k < 1 or k % 2 == 0:
        raise ValueError(f"need a 2-D uint8 image and an odd k >= 1, got {image.dtype} "
                         f"{image.shape} and k={k}")
    if k < DIRECT_K:
        return cv2.morphologyEx(image, op, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    if op == cv2.MORPH_ERODE:
        return _pass(image, k, dilate=False)
    if op == cv2.MORPH_DILATE:
        return _pass(image, k, dilate=True)
    if op in (cv2.MORPH_OPEN, cv2.MORPH_TOPHAT):
        opened = _pass(_pass(image, k, dilate=False), k, dilate=True)
        return opened if op == cv2.MORPH_OPEN else cv2.subtract(image, opened)
    closed = _pass(_pass(image, k, dilate=True), k, dilate=False)
    return closed if op == cv2.MORPH_CLOSE else cv2.subtract(closed, image)


@functools.cache
def _rows(k: int) -> tuple[tuple[int, int], ...]:
    """(vertical offset, half-width) of each row of OpenCV's k x k ellipse, whose rows
    are centred runs."""
    el = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    c = k // 2
    rows = []
    for i in range(k):
        nz = np.flatnonzero(el[i])
        if nz.size == 0:
            continue
        half = int(nz[-1]) - c
        if int(nz[0]) != c - half or nz.size != 2 * half + 1:
            raise AssertionError(f"ellipse row {i} of k={k} is not a centred run")
        rows.append((i - c, half))
    return tuple(rows)


def _pass(image: np.ndarray, k: int, *, dilate: bool) -> np.ndarray:
    """One dilation (erosion) by the k x k ellipse."""
    op = np.maximum if dilate else np.minimum
    neutral = 0 if dilate else 255
    rows = _rows(k)
    pad = k // 2           # a row's max near the border reaches this far outside
    src = cv2.copyMakeBorder(image, 0, 0, pad, pad, cv2.BORDER_CONSTANT, value=neutral)
    w = src.shape[1]
    lines = {0: src}
    cur, a = src, 0
    for b in sorted({half for _, half in rows}):
        while a < b:
            nb = min(b, 2 * a) if a else 1        # [x-nb, x+nb] from two shifted [-a, a]
            s = nb - a
            nxt = cur.copy() if a == 0 else np.full_like(src, neutral)
            if s < w:
                op(nxt[:, s:], cur[:, :w - s], out=nxt[:, s:])
                op(nxt[:, :w - s], cur[:, s:], out=nxt[:, :w - s])
            cur, a = nxt, nb
        lines[b] = cur
    h = image.shape[0]
    out = np.full_like(image, neutral)
    for dy, half in rows:
        line = lines[half][:, pad:w - pad]
        if 0 <= dy < h:
            op(out[:h - dy], line[dy:], out=out[:h - dy])
        elif 0 < -dy < h:
            op(out[-dy:], line[:h + dy], out=out[-dy:])
    return out
