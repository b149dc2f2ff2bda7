"""In the dome a one's face is sized by the other dice (``DiceParams.dome_one_edge_rel``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo import DiceParams, read_dice
from vision.sicbo.render import DieStyle, render_scene


def _one_joined_to_a_bright_bar(seed: int) -> tuple[np.ndarray, float]:
    """Dice 1, 4, 5 (Chinese style, edge 48); a pale bar touches the one's die, so its blob
    (and the edge its pip gives) is larger than a die: returns the image and the others'
    median top edge as read_dice sees it alone."""
    rng = np.random.default_rng(seed)
    img, centres = render_scene([1, 4, 5], rng, edge_px=48, style=DieStyle(chinese=True))
    plain = read_dice(img)
    others = float(np.median([d.edge_px for d in plain.dice if d.face != 1]))
    x, y = centres[0]
    cv2.rectangle(img, (int(x + 20), int(y - 14)), (int(x + 62), int(y + 14)),
                  (236, 238, 240), -1)
    return img, others


@pytest.mark.parametrize("seed", [3, 11])   # two layouts of the same three dice
def test_a_swollen_one_is_sized_by_the_dice_in_the_dome_only(seed: int) -> None:
    img, others = _one_joined_to_a_bright_bar(seed)
    dome = {d.face: d for d in read_dice(img).dice}
    photo = {d.face: d for d in read_dice(img, params=DiceParams(max_dice=None)).dice}
    assert dome[1].edge_px <= 1.01 * others                 # the dome: one set, one size
    assert photo[1].edge_px > 1.05 * others                 # a photo keeps 1.3 x of slack
