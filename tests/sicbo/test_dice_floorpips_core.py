"""A pale die's pip that keeps a sliver of its own face (``floor.pip_spots`` with
``core``): the piece's darkness is its darker half's, so the sliver, as light as the
floor round it, does not dilute the pip out of the spots. Seed 13204 (spent) clip 027
r0 (1024x576, cream dice on a cream floor): a two's lower pip, 155 px with such a
sliver, 44.0 L under its rim by the mean (dark 45), ~89 by its darker half; the two was
lost on every read after the first (two dice seen, abstained)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.floor import pip_spots

EDGE = 41.0
FLOOR_BGR = (221, 233, 251)     # the clip's floor (cream)


def _scene(sliver_px: int) -> tuple[np.ndarray, np.ndarray]:
    """A cream picture with one pip (9 x 9 px, ~90 L under the floor) and, joined to
    it, a sliver of die face (3 px wide) as light as the floor that the floor mask
    leaves out."""
    img = np.zeros((80, 80, 3), np.uint8)
    img[:] = FLOOR_BGR
    img[36:45, 36:45] = (135, 140, 150)
    floor = np.ones((80, 80), bool)
    floor[36:45, 36:45] = False
    floor[39:42, 45:45 + sliver_px] = False        # the sliver, floor-light
    return img, floor


def test_pip_with_a_sliver_of_face_is_a_spot() -> None:
    img, floor = _scene(sliver_px=26)
    part = ~floor
    light = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)[..., 0].astype(float)
    rim = cv2.dilate(part.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~part
    assert light[rim].mean() - light[part].mean() < 45          # the mean: diluted
    assert not pip_spots(img, floor, EDGE, (0.004, 0.45)).any()
    assert pip_spots(img, floor, EDGE, (0.004, 0.45), core=True).sum() == part.sum()


def test_bare_pip_is_a_spot_either_way() -> None:
    img, floor = _scene(sliver_px=0)
    assert pip_spots(img, floor, EDGE, (0.004, 0.45)).any()
    assert pip_spots(img, floor, EDGE, (0.004, 0.45), core=True).any()


def test_faint_piece_is_no_spot_with_core() -> None:
    # a piece only ~25 L darker than the floor all through (a shadow's scrap): no pip
    img = np.zeros((80, 80, 3), np.uint8)
    img[:] = FLOOR_BGR
    cv2.circle(img, (40, 40), 6, (190, 200, 215), -1)
    floor = np.ones((80, 80), bool)
    floor[np.hypot(*(np.mgrid[0:80, 0:80] - 40)) <= 6.2] = False
    assert not pip_spots(img, floor, EDGE, (0.004, 0.45), core=True).any()
