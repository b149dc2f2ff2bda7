"""A thin dark seam bent round a top face's corner is no pip (``pipblobs.measure_pip``).

The saved frame is part of a dome crop of seed 11504 (spent; the project's own synthetic
footage) at rest: clip 023 r0 frame 84 (1920x1080, camera 1.4 deg, black floor, western
pips, dice 2-3-4 of ~110 px). The two's seams with its two side faces formed one L-shaped
blob (114 px across, 236 px) whose outline fit a 14 px round ellipse; its pixels' centre
lay in the open face, where it was counted as a third top pip: pips three against the
CNN's two at 0.97, read two at 0.485, the round abstained."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.sicbo.saved import DATA, die_at, needs_model, read_saved
from vision.sicbo.pipblobs import measure_pip

FLOOR = 0.97      # settle: the strictest face floor (a one's); a two pays from 0.95


@needs_model
def test_two_with_seams_at_its_corner_is_read_sure() -> None:
    reading = read_saved("s11504_023_r0_two_seam.png")
    assert sorted(d.face for d in reading.dice) == [2, 3, 4]
    two = die_at(reading, (551, 125), within=20.0)
    assert (two.face, two.pip_face) == (2, 2)      # the seam no longer counts as a pip
    assert all(d.confidence >= FLOOR for d in reading.dice)


def _measured(mask: np.ndarray):  # noqa: ANN202
    lab = cv2.cvtColor(np.full((*mask.shape, 3), 220, np.uint8), cv2.COLOR_BGR2LAB)
    return measure_pip(mask, lab, np.ones(mask.shape, bool), (0, 0))


@pytest.mark.parametrize("draw", [
    # a filled pip of a large die (17 px across): measured where it lies
    lambda m: cv2.circle(m, (60, 60), 8, 1, -1),
    # a small die's pip (5 px across): the outline's fit is smaller than its pixels
    lambda m: cv2.circle(m, (60, 60), 2, 1, -1),
    # a pip with a light core (a concave pip's lit wall, a glint): a ring spans its ellipse
    lambda m: cv2.circle(m, (60, 60), 8, 1, 3),
    # a side face's squashed pip (3:1)
    lambda m: cv2.ellipse(m, ((60, 60), (24, 8), 30), 1, -1),
])
def test_a_pip_is_measured_where_it_lies(draw) -> None:  # noqa: ANN001
    mask = np.zeros((128, 128), np.uint8)
    draw(mask)
    pip = _measured(mask > 0)
    assert pip is not None
    x, y = (int(round(v)) for v in pip.center_xy)
    assert abs(x - 60) <= 1 and abs(y - 60) <= 1


def test_seam_round_a_face_corner_is_no_pip() -> None:
    """That frame's seam blob (saved as its mask): its outline's fit is 14 px round, its
    pixels span 114 px."""
    mask = cv2.imread(str(DATA / "s11504_023_r0_seam_mask.png"), cv2.IMREAD_GRAYSCALE)
    assert mask is not None
    assert _measured(mask > 0) is None
