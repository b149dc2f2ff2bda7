"""One distance for every dice stage (vision.sicbo.points)."""

from dataclasses import dataclass

import pytest

from vision.sicbo.points import centre_gap_px, gap_px, in_box, same_place


@dataclass(frozen=True)
class _Spot:
    center_xy: tuple[float, float]


@dataclass(frozen=True)
class _Die:
    center_xy: tuple[float, float]
    edge_px: float


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


@pytest.mark.parametrize(("b", "want"), [
    (_Die((24.0, 0.0), 50.0), True),     # under half the larger edge (25 px) apart
    (_Die((25.0, 0.0), 50.0), False),    # exactly half an edge: two dice side by side
    (_Die((25.0, 0.0), 52.0), True),     # the larger edge counts
])
def test_same_place(b, want):
    a = _Die((0.0, 0.0), 40.0)
    assert same_place(a, b) is want
    assert same_place(b, a) is want


@pytest.mark.parametrize(("xy", "want"), [
    ((5.0, 5.0), True),                  # inside
    ((0.0, 10.0), True),                 # on a corner: edges count
    ((10.5, 5.0), False),                # right of the box
    ((5.0, -0.1), False),                # above it
])
def test_in_box(xy, want):
    assert in_box(xy, (0.0, 0.0, 10.0, 10.0)) is want
