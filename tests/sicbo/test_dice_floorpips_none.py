"""A dome whose dice are all as pale as the floor: no die found to size the floor's pip
spots by, so the spots size themselves (``floorpips.spot_edge``) and the rescue reads
the dice they group into (issue 4)."""

from __future__ import annotations

import cv2
import numpy as np

from tests.sicbo.saved import DATA, needs_model, read_saved
from vision.sicbo.blob import DetectParams
from vision.sicbo.floorpips import spot_edge

PALE = "s10904_026_f247_pale_floor.png"


@needs_model
def test_dice_as_pale_as_the_floor_are_read_by_their_pips() -> None:
    """Seed 10904 (spent) clip 026 r0 at rest, the reader's dome crop (truth 5-6-6, dice
    of 46 px on a white floor brighter than their faces): the blob finder found no die
    on any read (abstained low_confidence). All three read, sure and right."""
    reading = read_saved(PALE)
    assert sorted(d.face for d in reading.dice) == [5, 6, 6]
    assert all(d.confidence >= 0.95 and d.pose == "flat" for d in reading.dice)


def test_spot_edge_sizes_the_dice_and_needs_groups_of_pips() -> None:
    image = cv2.imread(str(DATA / PALE))
    assert image is not None
    assert 40 <= (spot_edge(image, DetectParams()) or 0.0) <= 55     # the dice: 46 px
    floor = np.full((300, 300, 3), 235, np.uint8)     # an empty pale floor: no spots
    assert spot_edge(floor, DetectParams()) is None
    cv2.circle(floor, (150, 150), 4, (20, 20, 20), -1)   # one dark spot: no die's pips
    assert spot_edge(floor, DetectParams()) is None
