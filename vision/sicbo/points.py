"""Distances in the image, in pixels: one definition for every dice stage.

``gap_px`` takes two ``(x, y)`` points; ``centre_gap_px`` two things with a ``center_xy``
(a ``TopFace``, a ``Pip``, a ``DieRead``, a label). Both are ``numpy.hypot`` of the
difference, as each stage wrote inline before, so every comparison keeps its value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

__all__ = ["Centred", "centre_gap_px", "gap_px"]


class Centred(Protocol):
    @property
    def center_xy(self) -> Sequence[float]: ...


def gap_px(a_xy: Sequence[float], b_xy: Sequence[float]) -> float:
    """Euclidean distance between two image points, in pixels."""
    return float(np.hypot(a_xy[0] - b_xy[0], a_xy[1] - b_xy[1]))


def centre_gap_px(a: Centred, b: Centred) -> float:
    """Distance between two centres, in pixels."""
    return gap_px(a.center_xy, b.center_xy)
