"""A die tipped against another shows a tilted top face and an upturned side face, both
greyer than a flat die's face and, foreshortened, narrower than the pip kernel (0.6 x the
blob's longer side). The top-hat (light pips) then answers the whole narrow face as one
"pip" and outscored the black-hat's real dark pips at the 99th percentile, so no pip was
found on the lean, the die was never read, and the two dice read were judged as a pair
whose larger blob hid the third die (``pair.pair_pose``): a stack. ``pipblobs.pip_contrast``
now picks the map whose strongest answers stand farthest above its own level on the die
(pips are spots on a face).

The frame: fresh seed 13804 (spent) clip 005 r4, frame 767 (640x480, whole frame, camera
10 degrees, dark floor): a three tipped 40 degrees against a two, a flat six apart. The
lean's blob (265..329 x 358..420) had no pip (black-hat 143 against top-hat 144 at the
99th percentile); the six's blob, 1.44 x the two's, was called stacked and the round
voided dice_stacked (truth dice_leaning)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.pipblobs import odd_kernel, pip_contrast

from .saved import die_at, needs_model, read_saved


def _narrow_grey_face() -> tuple[np.ndarray, np.ndarray, list[tuple[int, int]]]:
    """A grey face 34 px across and 60 long on a dark floor, three dark pips on it."""
    lum = np.full((120, 120), 35, np.uint8)
    core = np.zeros(lum.shape, bool)
    core[30:90, 43:77] = True
    lum[core] = 135
    pips = [(60, 42), (60, 60), (60, 78)]
    for x, y in pips:
        cv2.circle(lum, (x, y), 4, 40, -1)
    return lum, core, pips


def test_dark_pips_on_a_narrow_grey_face_answer_over_the_face() -> None:
    lum, core, pips = _narrow_grey_face()
    resp = pip_contrast(lum, core, odd_kernel(0.6 * 60))
    at_pips = min(float(resp[y, x]) for x, y in pips)
    face = core.copy()
    for x, y in pips:
        cv2.circle(face.view(np.uint8), (x, y), 7, 0, -1)
    assert at_pips > 2 * float(np.percentile(resp[face], 90))   # before: the face answered


@needs_model
def test_three_tipped_against_a_two_is_read_and_leans() -> None:
    reading = read_saved("s13804_005_f767_lean_grey_faces.png")
    assert len(reading.dice) == 3                          # before: the lean never read
    assert die_at(reading, (300, 384)).pose == "leaning"
    assert all(d.pose != "stacked" for d in reading.dice)  # before: the six stacked
    assert die_at(reading, (302, 240)).pose == "flat"
