"""Small dice (about 30 px edge) read sure enough to pay when their clean five or six
layout and the face CNN agree, the CNN unsure as it is on small faces.

The frames are dome crops of seed 10604 (spent; the project's own synthetic footage) at
rest: clip 012 r1 (1024x576, camera 17 deg, purple floor, dice 1-2-5, edges 30-31 px:
the five read CNN 5 at 0.48) and clip 024 r0 (640x480, camera 18 deg, dark floor, Chinese
pips, dice 1-4-6, edges 34-44 px: the six read CNN 6 at 0.53, 4 at 0.40). Both rounds
abstained low_confidence: the five and the six at 0.94, under the 0.95 floor."""

from __future__ import annotations

import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved

FLOOR = 0.95      # settle: a face of 3+ pips pays from this confidence


@needs_model
@pytest.mark.parametrize(("name", "faces", "xy"), [
    ("s10604_012_r1_small_five.png", [1, 2, 5], (396, 285)),   # before: the five at 0.942
    ("s10604_024_r0_small_six.png", [1, 4, 6], (243, 221)),    # before: the six at 0.946
])
def test_small_clean_five_or_six_is_sure(name: str, faces: list[int],
                                         xy: tuple[float, float]) -> None:
    reading = read_saved(name)
    assert sorted(d.face for d in reading.dice) == faces
    assert all(d.pose == "flat" for d in reading.dice)
    assert die_at(reading, xy).confidence >= FLOOR
    assert reading.flags == ()
