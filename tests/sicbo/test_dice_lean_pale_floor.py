"""A lean on a pale floor: the marks of its upturned side face are no floor between the two
dice, so the pair touches and is not paid as two flat dice (``touch.bare_floor``).

Frames: the reader's dome crops at rest of the project's own synthetic footage, truth
dice_leaning, each paid at 0.9999 before (a wrong outcome):
- seed 17004 clip 019 r4 (frame 1671, 640x480): a four tipped 31 degrees against a five, a
  camera 0.6 degrees off the vertical, a pale grey floor. The four's upturned side face (a
  one, its pip 60 px at a 29.7 px edge: 0.068 x edge^2, over the 0.06 the pip spots took)
  scored as floor, 0.52 edge of it between the faces: paid 4-5-5. Pips up to
  ``TouchParams.pip_area_rel`` x edge^2 now keep the floor round them from being bare.
- seed 17104 clip 025 r1 (frame 243, 1920x1080, its top 200 rows cut): a four tipped 35
  degrees against a three, a camera 24 degrees off the vertical, white dice on a pale lilac
  floor. The pips on the four's upturned side face and the three's (L 12-15 against the
  floor's ~220) have the floor's faint hue, so they and the side faces round them scored as
  floor in a deep shadow (``floor.shadowed_floor``): 0.41 edge of "floor" over the band
  between the faces: paid 3-4-6. A deep shadow now keeps ``min_light`` of the floor's
  light."""

from __future__ import annotations

import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
@pytest.mark.parametrize(("name", "pair_xy", "apart_xy", "apart_face"), [
    ("s17004_019_f1671_side_one_pip.webp", ((323, 148), (279, 173)), (91, 232), 5),
    ("s17104_025_f243_lean_pale_floor.webp", ((478, 315), (592, 300)), (469, 89), 6),
])
def test_lean_on_a_pale_floor_is_not_paid(
        name: str, pair_xy: tuple[tuple[float, float], tuple[float, float]],
        apart_xy: tuple[float, float], apart_face: int) -> None:
    reading = read_saved(name)
    # the pair touches: neither die of it may be paid as lying flat
    for die in (die_at(reading, xy) for xy in pair_xy):
        assert die.pose != "flat" or die.confidence <= 0.5
    # the die lying apart is read as before
    apart = die_at(reading, apart_xy)
    assert apart.face == apart_face and apart.confidence >= 0.95
