"""layout_fit: standard pip layouts fit, wrong arrangements do not."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo.layout import LAYOUTS, layout_fit


def _view(points: np.ndarray, angle_deg: float, squash: float = 1.0) -> np.ndarray:
    a = np.radians(angle_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return (points * [1.0, squash]) @ rot.T * 12 + [100, 50]


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize(("angle", "squash"), [
    (0, 1.0),      # face-on
    (33, 1.0),     # spun
    (70, 0.75),    # spun and foreshortened (oblique camera)
])
def test_standard_layouts_fit(n, angle, squash) -> None:
    assert layout_fit(_view(LAYOUTS[n], angle, squash)) > 0.8


@pytest.mark.parametrize(("points", "why"), [
    ([[0, 0], [10, 0], [0, 10]], "three pips in an L are no 3"),
    ([[0, 0], [2, 0], [10, 0]], "three in a line but not evenly spaced"),
    ([[0, 0], [10, 0], [20, 0], [30, 0]], "four in a row are no 4"),
    ([[0, 0], [10, 0], [0, 10], [10, 10], [30, 30]], "a stray pip far from a 4"),
    ([[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [5, 5]], "seven pips"),
])
def test_wrong_arrangements_do_not_fit(points, why) -> None:
    assert layout_fit(np.array(points, float)) < 0.5, why
