"""Strip geometry for following a dealer's hand: pieces of foreground in the mixed strip.

A hand over the head and the bowl is one piece in the image, so it is followed with the
head rows rolled back to image coordinates (``roll_head``); the strip's columns wrap round
(its last column goes on into its first), so pieces meeting across that seam are one
(``across_the_seam``) and "near" a hand reaches round it (``near``).
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["HAND_BRIDGE", "HAND_MARGIN", "OUTER_ROWS", "across_the_seam", "ids_in", "members",
           "near", "roll_head", "union_ids", "without_ids"]

HAND_MARGIN = np.ones((7, 9), np.uint8)  # strip px around a hand kept out of the background
HAND_BRIDGE = np.ones((9, 3), np.uint8)  # a hand's pieces this close (rows, cols) are one
OUTER_ROWS = 2  # the objects' last strip rows: their outer edge, over the bowl's rim
MEMBERS_COMPARED = 6  # ``members``: up to this many ids compared one by one (cost)


def roll_head(a: np.ndarray, head_row: int, shift: int) -> np.ndarray:
    """``a`` (R, C, ...) with its rows above ``head_row`` rolled right by ``shift`` columns
    (mixed -> image coordinates; a negative shift goes back). No copy when nothing moves."""
    cols = a.shape[1]
    shift %= cols
    if head_row <= 0 or shift == 0:
        return a
    out = a.copy()
    out[:head_row, shift:] = a[:head_row, :cols - shift]  # np.roll's result, at less cost
    out[:head_row, :shift] = a[:head_row, cols - shift:]
    return out


def members(labels: np.ndarray, n: int, ids: np.ndarray | list[int]) -> np.ndarray:
    """(R, C) bool: where ``labels`` (n labels) is one of ``ids``. (cost) A few ids (most
    calls: a hand is a piece or two) are compared one by one, a few microseconds each
    where the look-up table's gather over the labels takes tens; many ids (or any outside
    0..n-1, for the table's own error or wrap-around) take the table."""
    k = np.asarray(ids, int)
    few = k.ravel().tolist()
    if len(few) <= MEMBERS_COMPARED and all(0 <= i < n for i in few):
        if not few:
            return np.zeros(labels.shape, bool)
        out = np.equal(labels, few[0])
        for i in few[1:]:
            np.logical_or(out, np.equal(labels, i), out=out)
        return out
    lut = np.zeros(n, bool)
    lut[k] = True
    return lut[labels]


def across_the_seam(labels: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """``ids`` with the labels they meet across the strip's seam (its last column goes on
    into its first: an arm lying there is one piece, labelled as two)."""
    first, last = labels[:, 0], labels[:, -1]
    pairs: set[tuple[int, int]] = set()
    for k in (-1, 0, 1):  # (cost) the rows meeting found at once, added in the same order
        at_first = first[max(0, k):len(first) + min(0, k)]
        at_last = last[max(0, -k):len(last) + min(0, -k)]
        both = (at_first != 0) & (at_last != 0)
        pairs.update(zip(at_first[both].tolist(), at_last[both].tolist(), strict=True))
    out = set(ids.tolist())
    for _ in range(2):  # a piece may meet the seam twice
        for a, b in pairs:
            if a in out or b in out:
                out |= {a, b}
    return np.array(sorted(out), dtype=ids.dtype if len(ids) else np.int32)


def ids_in(labels: np.ndarray) -> np.ndarray:
    """The labels in ``labels`` (non-negative ints, any shape), sorted, as int32:
    ``np.unique``'s answer for a connected-components labelling, by a count (cost: numpy's
    ``unique`` sorts, and its Python wrappers cost more than the count on a hand's few
    thousand pixels)."""
    return np.flatnonzero(np.bincount(labels.ravel())).astype(np.int32)


def union_ids(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.union1d`` of two small id arrays (sorted, int32), by Python's sets (cost)."""
    return np.array(sorted(set(a.tolist()).union(b.tolist())), np.int32)


def without_ids(a: np.ndarray, b: np.ndarray | list[int]) -> np.ndarray:
    """``np.setdiff1d(a, b)`` for sorted unique ``a`` (int32), by Python's sets (cost)."""
    drop = set(np.asarray(b).tolist())
    return np.array([k for k in a.tolist() if k not in drop], np.int32)


def near(mask: np.ndarray, box_rc: tuple[int, int]) -> np.ndarray:
    """(R, C) bool ``mask`` dilated by a ``box_rc`` box, round the strip's seam."""
    pad = box_rc[1] // 2 + 1
    wrapped = np.concatenate([mask[:, -pad:], mask, mask[:, :pad]], axis=1).astype(np.uint8)
    return cv2.dilate(wrapped, np.ones(box_rc, np.uint8))[:, pad:-pad].astype(bool)
