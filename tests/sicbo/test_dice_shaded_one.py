"""A lone pip ringed by shade is no top face (``pips.shaded_one``): the rescue looks
again at its die.

The frame is the dome at rest of seed 10504 clip 000 r0 (frame 218, the reader's dome
crop of the 1024x576 clip; the project's own synthetic footage; the round's dice 1-4-5):
a red one on a red floor, its blob joined to the floor by the rim; the side face's
three pips, merged, were taken as a one (surround 0.52 x the other dice' top pips'),
the CNN read 4 at 0.38, the round abstained."""

from __future__ import annotations

import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, shaded_one


def _face(rings: list[float]) -> TopFace:
    pips = tuple(Pip(center_xy=(10.0 * k, 0.0), area_px=30.0, axes_px=(6.0, 6.0),
                     angle_deg=0.0, inside=1.0, redness=0.0, ring_lum=r)
                 for k, r in enumerate(rings))
    return TopFace(pips=pips, center_xy=(0.0, 0.0), edge_px=40.0, side_pips=())


@pytest.mark.parametrize(("one_ring", "others", "shaded"), [
    # the lone pip's surround (L); the other faces' top pips' surrounds
    (83.0, [160.0] * 9, True),     # clip 000 r0: 0.52 x, a side face's pips
    (150.0, [160.0] * 9, False),   # a real one under the same light (0.72-1.32 x seen)
    (90.0, [], False),             # no face of 2+ pips to compare with: kept
])
def test_shaded_one_table(one_ring, others, shaded) -> None:
    one = _face([one_ring])
    tops = [one, *([_face(others[:5]), _face(others[5:])] if others else [])]
    assert shaded_one(one, tops) == shaded


@needs_model
def test_red_one_on_red_floor_is_read() -> None:
    reading = read_saved("s10504_000_f218_shaded_one.png")
    # before: 5, 4 and a "one" read 4 at 0.19 (the CNN on the side face)
    assert sorted(d.face for d in reading.dice) == [1, 4, 5]
    one = die_at(reading, (494, 217))
    assert one.confidence >= 0.97
