"""A one counted with its side face's pips is shrunk to the CNN's one (``pips.shrunk_to``)
where the pip left out is squashed as a side face's; a two's pips, seen alike, are not.

The saved frame is the reader's dome crop of fresh seed 16404 (spent) clip 023 r4 frame
759 (the project's own synthetic footage: 1920x1080, camera 8 degrees, dice 1-5-5). The
one's side face showed three pips blurred into one blob just below its top face; counted
with the one's pip as a two against the CNN's one, the one was capped at 0.22 on every
read and the round abstained."""

from __future__ import annotations

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.pips import Pip, TopFace, shrunk_to

from .saved import die_at, needs_model, read_saved


def _pip(x: float, y: float, area: float, axes: tuple[float, float], deg: float) -> Pip:
    return Pip(center_xy=(x, y), area_px=area, axes_px=axes, angle_deg=deg, inside=1.0,
               redness=0.0, ring_lum=250.0, ring_mid=250.0)


# measured on the saved frame by ``find_pips``: the one's pip and the side face's band
ONE = _pip(424.8, 432.8, 244.0, (16.5, 17.0), 76.6)
BAND = _pip(406.5, 481.2, 593.0, (24.3, 42.7), 113.6)
BLOB = Blob(box_xyxy=(387, 396, 464, 503), mask=np.ones((107, 77), bool), area_px=6205.0,
            solidity=0.901)


def _top(*pips: Pip) -> TopFace:
    cx, cy = np.mean([p.center_xy for p in pips], axis=0)
    return TopFace(pips=pips, center_xy=(float(cx), float(cy)), edge_px=78.8, side_pips=())


def test_a_one_and_its_side_faces_band_shrink_to_the_one() -> None:
    got = shrunk_to(_top(ONE, BAND), BLOB, 1)
    assert got is not None
    assert got.pips == (ONE,)
    assert BAND in got.side_pips


def test_a_twos_pips_seen_alike_are_no_one() -> None:
    other = _pip(452.0, 468.0, 236.0, (16.2, 17.3), 70.0)   # the two's other corner, as round
    assert shrunk_to(_top(ONE, other), BLOB, 1) is None


@needs_model
def test_the_one_beside_its_side_face_is_read_sure() -> None:
    reading = read_saved("s16404_023_f759_one_side.webp")
    assert sorted(d.face for d in reading.dice) == [1, 5, 5]
    one = die_at(reading, (425, 433), within=30.0)
    assert one.face == 1 and one.pose == "flat"
    assert one.confidence >= 0.95                   # before: 0.22, the round abstained
