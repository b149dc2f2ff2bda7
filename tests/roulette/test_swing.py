"""The head's swing in the strip: measured from frames, and sampled away.

Frames come from the drawn wheel (``drawn.py``) through a tilted pinhole camera; the strip
is unwrapped about the pocket ring's true image ellipse moved a few pixels off (as a ring
fitted on a tilted close camera lies; seed 11801 021: 16 px on a 200 px ring), so the
head's circles are no longer the strip's rows: the number ring's outer edge rides up and
down along the strip. The measure of that is independent of ``swing``: per strip column,
the row where the strip's brightness drops most from the number ring outwards.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.roulette import drawn
from vision.roulette.swing import area_strips, estimate_swing
from vision.roulette.wheel import COLUMNS, RingGeometry, StripGrid

WHEEL = drawn.DrawnWheel()
RHO = (0.6, 1.6, 41)  # strip rows: radii in pocket-ring radii (the head ends at 1.23)
HEAD_ROW = 27  # rho 1.25: just beyond the head's edge


def frames(cam) -> list[np.ndarray]:
    return [drawn.render(cam, drawn.texture(WHEEL, a)) for a in np.linspace(0.2, 1.4, 10)]


def pocket_ring(cam, off_xy: tuple[float, float]) -> RingGeometry:
    """The pocket ring's image ellipse, its centre moved by ``off_xy`` px."""
    a = np.linspace(0, 2 * np.pi, 180, endpoint=False)
    r = WHEEL.pocket_out
    uv, _ = cam.project(np.column_stack([r * np.cos(a), r * np.sin(a), np.zeros_like(a)]))
    (cx, cy), (w, h), deg = cv2.fitEllipse(uv.astype(np.float32))
    if w < h:
        w, h, deg = h, w, deg + 90
    return RingGeometry((cx + off_xy[0], cy + off_xy[1]), (w / 2, h / 2), np.radians(deg))


def edge_rows(strip: np.ndarray) -> np.ndarray:
    """(COLUMNS,) the row (within the head's outer rows) of the largest brightness drop
    from one row to the next: the number ring's outer edge."""
    grey = strip.astype(np.float32).mean(axis=2)
    drop = grey[14:HEAD_ROW + 6] - grey[15:HEAD_ROW + 7]
    return 14 + np.abs(drop).argmax(axis=0)


def swing_rows(strips: list[np.ndarray]) -> float:
    """How far the number ring's edge rides up and down along the strip (rows, 90th minus
    10th percentile over the columns, the median over the frames)."""
    spans = [np.subtract(*np.percentile(edge_rows(s), [90, 10])) for s in strips]
    return float(np.median(spans))


@pytest.mark.parametrize("off_xy", [
    (0.0, 9.0),  # the ring fitted above the wheel's centre
    (-7.0, -5.0),  # ... below and to the left
])
def test_a_ring_off_centre_swings_the_head_and_the_swing_is_sampled_away(
        off_xy: tuple[float, float]) -> None:
    cam = drawn.camera(tilt_deg=30.0)
    shots = frames(cam)
    ring = pocket_ring(cam, off_xy)
    plain = StripGrid.build(ring, *RHO)
    before = [plain.unwrap(f) for f in shots]
    assert swing_rows(before) >= 3.0  # the premise: the edge rides several rows

    swing = estimate_swing(before, HEAD_ROW)
    step = plain.rho_rows[1] - plain.rho_rows[0]
    expected = np.hypot(*off_xy) / np.sqrt(ring.axes_px[0] * ring.axes_px[1]) / step
    each = np.hypot(swing.cos_rows, swing.sin_rows)  # row by row: noisier than the whole
    assert swing and (each > 0.6 * expected).all() and (each < 1.5 * expected).all()

    fixed = StripGrid.build(ring, *RHO, rho_offset=swing.rows_at(COLUMNS) * step)
    after = [fixed.unwrap(f) for f in shots]
    assert swing_rows(after) <= 1.0
    # the bowl's rows are sampled as before
    assert all(np.array_equal(a[HEAD_ROW:], b[HEAD_ROW:]) for a, b in zip(after, before,
                                                                          strict=True))


def test_a_ring_on_centre_is_left_alone() -> None:
    cam = drawn.camera(tilt_deg=30.0)
    strips = [StripGrid.build(pocket_ring(cam, (0.0, 0.0)), *RHO).unwrap(f)
              for f in frames(cam)]
    assert swing_rows(strips) <= 1.0
    assert not estimate_swing(strips, HEAD_ROW)


def test_no_offset_builds_the_grid_as_before() -> None:
    ring = RingGeometry((330.0, 250.0), (200.0, 160.0), 0.3)
    a = StripGrid.build(ring, 0.7, 2.25, 63, warp=(0.2, 1.0))
    b = StripGrid.build(ring, 0.7, 2.25, 63, warp=(0.2, 1.0),
                        rho_offset=np.zeros((20, COLUMNS)))
    assert np.array_equal(a.map1, b.map1) and np.array_equal(a.map2, b.map2)


def cut_top_and_bottom(shot: np.ndarray, ring: RingGeometry, reach: float) -> np.ndarray:
    """``shot`` as a frame whose top and bottom edges cut the wheel ``reach`` pocket-ring
    radii above and below the ring's centre (black beyond them)."""
    out = shot.copy()
    cy, b = ring.center_xy[1], min(ring.axes_px)
    out[:max(0, int(cy - reach * b))] = 0
    out[int(cy + reach * b):] = 0
    return out


@pytest.mark.parametrize(("reach", "found"), [
    (1.3, True),  # the head's outer rows cut top and bottom, its sides in view (13501 017)
    (0.9, False),  # the frame shows less than half the head's sectors: left alone
])
def test_a_frame_cutting_the_head_top_and_bottom_still_measures_its_swing(
        reach: float, found: bool) -> None:
    cam = drawn.camera(tilt_deg=30.0)
    off_xy = (0.0, 9.0)
    ring = pocket_ring(cam, off_xy)
    plain = StripGrid.build(ring, *RHO)
    strips = [plain.unwrap(cut_top_and_bottom(f, ring, reach)) for f in frames(cam)]
    swing = estimate_swing(strips, HEAD_ROW)
    assert bool(swing) == found
    if found:
        step = plain.rho_rows[1] - plain.rho_rows[0]
        expected = np.hypot(*off_xy) / np.sqrt(ring.axes_px[0] * ring.axes_px[1]) / step
        each = np.hypot(swing.cos_rows, swing.sin_rows)
        assert (each > 0.6 * expected).all() and (each < 1.5 * expected).all()


COARSE = 0.05  # rows twice as far apart as RHO's: the thin ring at the pockets' outer edge
# (2 px drawn, ~1.3 px seen) lies between rows in some sectors and on one in others


def coarse_swing(off_xy: tuple[float, float], phase: float) -> tuple[float, float]:
    """(rows the head's swing measures, rows expected) for the ring moved ``off_xy`` px
    and the strip's rows moved ``phase`` of a row outwards."""
    cam = drawn.camera(tilt_deg=30.0)
    ring = pocket_ring(cam, off_xy)
    first = RHO[0] + phase * COARSE
    head_row = int(round((1.25 - first) / COARSE))
    swing = estimate_swing(area_strips(frames(cam), ring, (0.0, 0.0), first, COARSE,
                                       head_row + 6), head_row)
    expected = np.hypot(*off_xy) / np.sqrt(ring.axes_px[0] * ring.axes_px[1]) / COARSE
    return swing.amplitude_rows, expected


@pytest.mark.parametrize("phase", [0.0, 0.25, 0.5, 0.75])
def test_a_swing_is_measured_wherever_the_rows_fall_on_a_thin_ring(phase: float) -> None:
    # one sample per row (the per-frame strip) measured 0.00 rows at phase 0.5 and 2.46
    # at 0.25 for the 1.99 expected: the thin ring caught by a row in some sectors only
    measured, expected = coarse_swing((0.0, 15.0), phase)
    assert 0.8 * expected <= measured <= 1.25 * expected


@pytest.mark.parametrize("phase", [0.0, 0.25, 0.5, 0.75])
def test_a_ring_off_by_under_a_row_is_left_alone_wherever_the_rows_fall(phase: float) -> None:
    measured, expected = coarse_swing((3.0, -3.0), phase)  # (one sample per row: 1.05 rows
    assert expected < 1.0 and measured == 0.0                # of swing at phase 0)
