"""A die lying in the dome glare's halo is read from its own outline, not with the halo.

The frames are dome crops of seed 10704 clip 009 (1024x576, dark floor, the project's
own synthetic footage): the glare's faint halo stands out from the dark floor, and a
die lying in it is one blob with it. Round 1 (frame 280, dice 2-2-3): a two beside the
glare, its blob with the halo read as a one (0.96), the round abstained. Round 4
(frame 898, dice 2-5-6): a five under the glare, its blob with the halo refused as glare
(a soft outline), two dice seen, the round abstained.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.blob import Blob
from vision.sicbo.glare import lit_cores


@needs_model
def test_two_beside_the_glare_is_read_as_a_two() -> None:
    reading = read_saved("s10704_009_f280_halo.png")
    assert sorted(d.face for d in reading.dice) == [2, 2, 3]
    two = die_at(reading, (208, 221))
    assert two.face == 2 and two.confidence >= 0.95


@needs_model
def test_five_under_the_glare_is_found() -> None:
    reading = read_saved("s10704_009_f898_halo.png")
    assert sorted(d.face for d in reading.dice) == [2, 5, 6]
    assert die_at(reading, (209, 280)).face == 5


def test_lit_cores_drop_a_smooth_halo_and_keep_a_die() -> None:
    """A die (a step) in a wide smooth hump of light on a dark floor: the cut keeps the
    die's face whole and none of the halo."""
    h = w = 160
    yy, xx = np.mgrid[0:h, 0:w]
    grey = 30 + 90 * np.exp(-((xx - 70) ** 2 + (yy - 80) ** 2) / (2 * 30.0 ** 2))
    die = (abs(xx - 100) <= 18) & (abs(yy - 80) <= 18)
    grey[die] = 230
    image = cv2.cvtColor(grey.astype(np.uint8), cv2.COLOR_GRAY2BGR)
    blob_mask = grey > 45                          # the die with its halo, one blob
    ys, xs = np.nonzero(blob_mask)
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    blob = Blob(box_xyxy=box, mask=blob_mask[box[1]:box[3], box[0]:box[2]],
                area_px=float(blob_mask.sum()), solidity=0.95)
    cores = lit_cores(image, blob, min_area_px=100)
    assert len(cores) == 1
    core = cores[0]
    assert abs(core.area_px - die.sum()) <= 0.05 * die.sum()
    assert core.box_xyxy == (82, 62, 119, 99)
