"""A die's shaded side faces on a floor paler than the dice are no top face (issue 4).

Seed 11004 (spent) clip 001: ivory dice on a pale pink floor under strong glare, the
camera tilted 22 degrees. The top faces are about as light as the floor and do not stand
out from it; the side faces, 0.53-0.70 of the floor's lightness, did, and were read as
dice: a side face's pips as a lean (a two at 0.94), as a stack (0.99) or with a six
half in view as a three. Three clean rounds voided. A top face lit from above is about as
light as its floor (``floor.LIT_REL``); a blob whose lightest tenth is darker than that
holds none and is dropped in the dome; a stack's blob (a top face over the lower die's
side faces) is kept.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.sicbo.saved import needs_model, read_saved
from vision.sicbo.floor import LIT_REL, shaded


@needs_model
@pytest.mark.parametrize("name, faces", [
    ("s11004_001_f946_pale_side.png", [1, 6, 6]),    # read: a side face leaning, 3 at 0.98
    ("s11004_001_f1372_pale_side.png", [3, 3, 3]),   # read: stacked 3 and a leaning piece
])
def test_side_faces_on_a_pale_floor_are_not_dice(name: str, faces: list[int]) -> None:
    reading = read_saved(name)
    assert sorted(d.face for d in reading.dice) == faces
    assert all(d.pose == "flat" for d in reading.dice)


@needs_model
def test_a_side_face_is_no_leaning_die() -> None:
    """Round 0 (truth 1-5-5): the one's side faces read as a two leaning (0.94): now no
    die is leaning or stacked and no two is read (the one's lone pip is not found: the
    round abstains, two dice seen)."""
    reading = read_saved("s11004_001_f139_pale_side.png")
    assert all(d.pose == "flat" for d in reading.dice)
    assert 2 not in [d.face for d in reading.dice]


@pytest.mark.parametrize("top, rest, ab, dropped", [
    (0.95, 0.95, 128, False),     # a top face: nearly the floor's lightness
    (0.70, 0.70, 128, True),      # side faces or a shadow
    (0.82, 0.60, 128, True),      # a lighter side face beside a dark one
    (1.0, 0.60, 128, False),      # a stack: a top face over the lower die's side faces
    (1.05, 1.05, 128, False),     # a die lighter than its floor (any darker floor)
    (0.70, 0.70, 175, False),     # a red die on a pale floor: as dark, another colour
])
def test_shaded_compares_with_the_floor(top: float, rest: float, ab: int,
                                        dropped: bool) -> None:
    lab = np.full((20, 20, 3), 128, np.uint8)
    lab[..., 0] = 240
    lab[5:15, 5:15] = (round(rest * 240), ab, 128)
    lab[5:9, 5:15, 0] = round(top * 240)          # 40 % of the blob
    below = 240.0 - lab[..., 0].astype(np.float32)     # a flat floor of L 240
    mask = np.ones((10, 10), bool)
    assert shaded(lab, below, (5, 5, 15, 15), mask, LIT_REL) is dropped
