"""Distances in the image, in pixels: one definition for every dice stage.

``gap_px`` takes two ``(x, y)`` points; ``centre_gap_px`` two things with a ``center_xy``
(a ``TopFace``, a ``Pip``, a ``DieRead``, a label). Both are ``numpy.hypot`` of the
difference, as each stage wrote inline before, so every comparison keeps its value.
``offset_px`` is one centre less another (a blob's centroid off its top face's centre:
where its side faces or shadow show). ``same_place`` says two dice found by two reads of
one image are one die; ``in_box`` whether a point lies in an ``(x0, y0, x1, y1)`` box,
edges included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

__all__ = ["Centred", "Sized", "centre_gap_px", "gap_px", "in_box", "offset_px", "same_place"]


class Centred(Protocol):
    @property
    def center_xy(self) -> Sequence[float]: ...


class Sized(Centred, Protocol):
    @property
    def edge_px(self) -> float: ...


def gap_px(a_xy: Sequence[float], b_xy: Sequence[float]) -> float:
    """Euclidean distance between two image points, in pixels."""
    return float(np.hypot(a_xy[0] - b_xy[0], a_xy[1] - b_xy[1]))


def centre_gap_px(a: Centred, b: Centred) -> float:
    """Distance between two centres, in pixels."""
    return gap_px(a.center_xy, b.center_xy)


def offset_px(a: Centred, b: Centred) -> tuple[float, float]:
    """``a``'s centre less ``b``'s, (dx, dy) in pixels."""
    (ax, ay), (bx, by) = a.center_xy, b.center_xy
    return ax - bx, ay - by


def same_place(a: Sized, b: Sized) -> bool:
    """Centres closer than half the larger die's edge: one die, read twice."""
    return centre_gap_px(a, b) < 0.5 * max(a.edge_px, b.edge_px)


def in_box(xy: Sequence[float], box_xyxy: Sequence[float]) -> bool:
    """``xy`` inside the box ``(x0, y0, x1, y1)`` or on its edge."""
    return box_xyxy[0] <= xy[0] <= box_xyxy[2] and box_xyxy[1] <= xy[1] <= box_xyxy[3]
