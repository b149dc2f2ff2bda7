"""A die's deep shadow on a coloured floor is floor to the touch test
(``floor.shadowed_floor``): two flat dice with their shadow between them lie apart.

The saved frame is a dome crop of the project's own synthetic footage (seed 11904,
spent; clip 018 r3, 1280x720, camera 18 deg, orange floor): a flat three and a flat two
1.72 edges apart near the rim, the three's shadow filling the gap; truth 2-3-4. Before,
the shadow (45+ L darker than the floor) was not floor, the pair touched and both dice
were capped at 0.5: abstained low_confidence."""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.floor import shadowed_floor

from .saved import needs_model, read_saved


@needs_model
def test_flat_pair_with_shadow_between_is_read_surely() -> None:
    reading = read_saved("s11904_018_f1450_shadow_between.png")
    assert sorted(d.face for d in reading.dice) == [2, 3, 4]
    assert all(d.pose == "flat" and d.confidence >= 0.98 for d in reading.dice)


def _patch(floor_bgr: tuple[int, int, int], patch_bgr: tuple[int, int, int]) -> np.ndarray:
    """A 10 px strip (a gap between two dice) of ``patch_bgr`` across the floor."""
    image = np.full((200, 200, 3), floor_bgr, np.uint8)
    image[40:160, 95:105] = patch_bgr
    return shadowed_floor(image)[50:150, 97:103]


def test_shadowed_floor() -> None:
    orange, shadow = (30, 84, 152), (12, 34, 70)       # the shadow: orange dimmed
    assert _patch(orange, shadow).all()
    assert not _patch(orange, (60, 62, 64)).any()      # as dark but grey: a die's side
    assert not _patch(orange, (20, 20, 22)).any()      # a pip
    grey = (120, 120, 120)                             # a grey floor has no hue to keep
    assert not _patch(grey, (50, 50, 50)).any()
    lab = cv2.cvtColor(np.uint8([[shadow, orange]]), cv2.COLOR_BGR2LAB)[0]
    assert lab[1, 0] - lab[0, 0] > 45                  # deep enough to be kept as a die
