"""The median of a large float array, equal to ``float(np.median(a))`` to the bit and
about 4x cheaper on a frame-sized array.

``np.median`` partitions a copy of all of the array (1280 x 720 floor scores: ~8 ms, once
per blob-finder look). Here a sorted sample brackets the middle, one pass counts what
lies below the bracket, and only the values inside it are partitioned; the two middle
values are then averaged exactly as ``np.median`` does (``np.mean`` of them in the
array's dtype). When the bracket misses the middle, or the array holds a NaN, it falls
back to ``np.median``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["median"]

_DIRECT = 4096      # arrays smaller than this go to np.median
_SAMPLE = 2048      # about this many values sampled
_BRACKET = 64       # sample ranks either side of the sample's middle


def median(a: np.ndarray) -> float:
    """``float(np.median(a))`` over all of ``a`` (any shape, a float or int dtype)."""
    flat = np.ravel(a)
    n = flat.size
    if n < _DIRECT:
        return float(np.median(flat))
    sample = np.sort(flat[::max(1, n // _SAMPLE)])
    if sample.dtype.kind == "f" and np.isnan(sample[-1]):
        return float(np.median(flat))
    m = sample.size
    lo, hi = sample[max(0, m // 2 - _BRACKET)], sample[min(m - 1, m // 2 + _BRACKET)]
    below = int(np.count_nonzero(flat < lo))
    inside = flat[(flat >= lo) & (flat <= hi)]
    k0, k1 = (n - 1) // 2 - below, n // 2 - below
    if k0 < 0 or k1 >= inside.size or inside.size + below + int(
            np.count_nonzero(flat > hi)) != n:       # bracket missed, or a NaN unsampled
        return float(np.median(flat))
    part = np.partition(inside, [k0, k1] if k1 != k0 else k0)
    return float(np.mean(part[k0:k1 + 1]))
