"""``float(a.mean())`` without numpy's per-call overhead (the roulette reader's hot path
takes a few hundred small means a frame; ``mean``'s dispatch costs more than the sums)."""

from __future__ import annotations

import numpy as np

__all__ = ["fast_mean"]


def fast_mean(a: np.ndarray) -> float:
    """``float(a.mean())`` of a float array of any shape, to the bit: the same pairwise sum
    over all its elements (``np.add.reduce``, axis None), divided by the count in the
    array's own dtype (correctly rounded either way)."""
    kind = a.dtype.type
    return float(kind(np.add.reduce(a, axis=None) / kind(a.size)))
