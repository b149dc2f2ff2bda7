"""One distance for every dice stage (vision.sicbo.points)."""

from dataclasses import dataclass

import pytest

from vision.sicbo.points import centre_gap_px, gap_px


@dataclass(frozen=True)
class _Spot:
    center_xy: tuple[float, float]


@pytest.mark.parametrize(("a", "b", "want"), [
    ((0.0, 0.0), (3.0, 4.0), 5.0),      # the 3-4-5 triangle
    ((3.0, 4.0), (0.0, 0.0), 5.0),      # symmetric
    ((2.5, -1.0), (2.5, -1.0), 0.0),    # a point to itself
    ((-6.0, 0.0), (0.0, 8.0), 10.0),    # negative coordinates
])
def test_gap_px(a, b, want):
    assert gap_px(a, b) == pytest.approx(want)
    assert centre_gap_px(_Spot(a), _Spot(b)) == pytest.approx(want)
    assert isinstance(gap_px(a, b), float)
