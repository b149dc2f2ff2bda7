"""The box the dice reader sees holds the whole floor (``dome.fit_dome``), even where the
floor is as dark as the lid and differs from it only at the pale line round its edge,
and that line shows broken (fresh seed 14304 clip 015: a die against the wall at the
floor's far edge lay across the box's edge and was read as a two where it showed a four).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.dome import LidModel, fit_dome, small_scale

WIDTH, HEIGHT = 1920, 1080
EDGE_PX = 65.0                      # a die's edge, full resolution
CENTRE, AXES = (160, 90), (65, 60)  # the floor's ellipse, small pixels (320 x 180)


def _lid_and_open(broken_top: bool) -> tuple[LidModel, np.ndarray]:
    """A dark lid, and the lid-off view: the same dark floor inside a pale line, whose
    upper arc is dots (``broken_top``) or whole."""
    lid = np.full((180, 320), 40.0, np.float32)
    opened = lid.copy()
    if broken_top:
        cv2.ellipse(opened, CENTRE, AXES, 0, -20, 200, 120.0, 4)   # the lower arc, whole
        for deg in range(210, 335, 12):                             # the upper arc, dots
            t = np.deg2rad(deg)
            x, y = CENTRE[0] + AXES[0] * np.cos(t), CENTRE[1] + AXES[1] * np.sin(t)
            cv2.rectangle(opened, (round(x) - 2, round(y) - 2), (round(x) + 2, round(y) + 2),
                          120.0, -1)
    else:
        cv2.ellipse(opened, CENTRE, AXES, 0, 0, 360, 120.0, 4)
    return LidModel(lid), opened


def _floor_top_px() -> float:
    return (CENTRE[1] - AXES[1]) * small_scale(WIDTH)


def test_a_broken_line_at_the_floors_far_edge_still_boxes_the_whole_floor() -> None:
    lid, opened = _lid_and_open(broken_top=True)
    dice = [(960.0, 600.0), (1100.0, 700.0)]    # the first round's dice, on the near side
    dome = fit_dome(lid, opened, WIDTH, HEIGHT, dice, EDGE_PX)
    x0, y0, x1, y1 = dome.roi_xyxy
    # a die lying against the wall at the floor's far edge, its top face a die's
    # height further off: inside the box with room to spare
    assert y0 <= _floor_top_px() - EDGE_PX, dome
    assert (x0, y1) != (0, HEIGHT) or x1 != WIDTH, "fell back to the whole frame"


def test_a_whole_line_boxes_the_floor_as_before() -> None:
    lid, opened = _lid_and_open(broken_top=False)
    dome = fit_dome(lid, opened, WIDTH, HEIGHT, [(960.0, 600.0)], EDGE_PX)
    x0, y0, x1, y1 = dome.roi_xyxy
    s, pad, half = small_scale(WIDTH), 1.5 * EDGE_PX, 2   # the line: 4 small px wide
    # the line's outer edge padded by 1.5 edges, no more
    for got, want in ((x0, (CENTRE[0] - AXES[0] - half) * s - pad),
                      (y0, (CENTRE[1] - AXES[1] - half) * s - pad),
                      (x1, (CENTRE[0] + AXES[0] + half) * s + pad),
                      (y1, (CENTRE[1] + AXES[1] + half) * s + pad)):
        assert abs(got - want) <= 1.5 * s, (dome.roi_xyxy, got, want)
