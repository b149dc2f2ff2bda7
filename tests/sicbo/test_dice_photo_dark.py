"""read_photo's look with the dark left out (``photo_dark``): a light die against a dark
cable is one blob with it where what is much darker than the floor counts, too long for
a die, and dropped. Forward model: dice rendered with a black cable drawn along the
first one's side; with the rescue off (as when its CNN limit for a lone pip, 0.97 in a
photo, refuses the one), the first look loses the die and the dark-free look reads it."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.sicbo.dice import read_dice
from vision.sicbo.photo import PHOTO, photo_looks, read_photo
from vision.sicbo.photo_dark import with_undarkened_dice
from vision.sicbo.render import DieStyle, render_scene

from .scenes import faces_at

EDGE = 44
NO_RESCUE = replace(PHOTO, rescue=False)


def _scene(faces: list[int], seed: int, thick_px: int, off_rel: float = 0.6
           ) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """``faces`` rendered, a black cable ``thick_px`` wide along the first die's side
    (its inner edge ``off_rel`` x edge from that die's centre, less 2 px)."""
    rng = np.random.default_rng(seed)
    image, centres = render_scene(faces, rng, edge_px=EDGE, tilt_deg=15, style=DieStyle())
    cx, cy = centres[0]
    x = int(cx - off_rel * EDGE - thick_px / 2 + 2)
    cv2.ellipse(image, (x + 200, int(cy)), (200, 300), 0, 90, 270, (30, 30, 30), thick_px)
    return image, centres


@pytest.mark.parametrize("seed", [71, 73])
def test_one_against_a_cable_read_with_the_dark_left_out(seed) -> None:
    image, centres = _scene([1, 2, 6], seed, 22)
    first = read_dice(image, params=NO_RESCUE)
    assert faces_at(first, centres[:1], 0.4 * EDGE) == [[]]       # lost with the cable
    seen, _, _, light = photo_looks(image, NO_RESCUE)
    got = with_undarkened_dice(image, first, NO_RESCUE, seen, light)
    assert faces_at(got, centres[:1], 0.4 * EDGE) == [[1]]
    assert faces_at(read_photo(image, params=NO_RESCUE), centres, 0.4 * EDGE) == [[1], [2], [6]]


def test_cable_alone_adds_no_die() -> None:
    # a cable with no die against it: the dark-free look finds nothing new to read
    rng = np.random.default_rng(71)
    image, centres = render_scene([2, 6], rng, edge_px=EDGE, tilt_deg=15, style=DieStyle())
    assert all(cx > 200 for cx, _ in centres)          # room for the cable at the left
    cv2.ellipse(image, (180, 240), (140, 300), 0, 90, 270, (30, 30, 30), 22)
    first = read_dice(image, params=NO_RESCUE)
    seen, _, _, light = photo_looks(image, NO_RESCUE)
    assert with_undarkened_dice(image, first, NO_RESCUE, seen, light) is first


def test_dome_untouched() -> None:
    # the sic bo reader (max_dice 3) never takes this look
    image, _ = _scene([1, 2, 6], 71, 22)
    first = read_dice(image, params=NO_RESCUE)
    seen, _, _, light = photo_looks(image, NO_RESCUE)
    assert with_undarkened_dice(image, first, replace(NO_RESCUE, max_dice=3), seen,
                                light) is first
