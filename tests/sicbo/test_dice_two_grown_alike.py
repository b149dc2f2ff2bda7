"""A lone pip grown to the CNN's two takes the pip most like it (``pips.grown_to``): any two
points fit a two's layout, so the fit cannot choose the second pip; a face's pips are
printed and seen alike.

The saved frame is the reader's dome crop of fresh seed 16404 (spent) clip 001 r4 frame 1513
(the project's own synthetic footage: 1024x576 MJPEG, Chinese pips, dice 2-3-5). The two's
blob read a one; grown to the CNN's two by the dark corner where its side faces meet
instead of its left pip, the pip was left off as a stray and the two capped at 0.9; its
span (38 px, longer than its edge) then made the three's diagonal look short, and the
three was capped at 0.5: the round abstained on every read."""

from __future__ import annotations

import numpy as np

from vision.sicbo.detect import Blob
from vision.sicbo.pips import Pip, TopFace, grown_to

from .saved import die_at, needs_model, read_saved


def _pip(x: float, y: float, area: float, axes: tuple[float, float], deg: float,
         inside: float, ring: float, mid: float) -> Pip:
    return Pip(center_xy=(x, y), area_px=area, axes_px=axes, angle_deg=deg, inside=inside,
               redness=5.0, ring_lum=ring, ring_mid=mid)


# measured on the saved frame by ``find_pips``: the two's right pip (the top's lone pip),
# its left pip, the shaded corner of its side faces and the side faces' edge line
RIGHT = _pip(274.8, 211.8, 20.0, (4.32, 4.36), 45.0, 1.0, 255.0, 254.0)
LEFT = _pip(248.4, 213.5, 17.0, (3.45, 4.43), 84.5, 1.0, 255.0, 254.0)
CORNER = _pip(237.1, 218.8, 31.0, (4.53, 7.15), 152.4, 0.90, 243.2, 209.5)
LINE = _pip(250.8, 230.7, 152.0, (5.72, 37.3), 128.3, 1.0, 254.0, 211.0)
BLOB = Blob(box_xyxy=(235, 189, 286, 242), mask=np.ones((53, 51), bool), area_px=1603.0,
            solidity=0.975)


def test_the_lone_pip_is_grown_by_the_pip_most_like_it() -> None:
    for side in ((LEFT, CORNER, LINE), (CORNER, LEFT, LINE)):   # whichever is listed first
        top = TopFace(pips=(RIGHT,), center_xy=RIGHT.center_xy, edge_px=31.3, side_pips=side)
        two = grown_to(top, BLOB, 2)
        assert two is not None
        assert set(two.pips) == {RIGHT, LEFT}       # before: RIGHT and CORNER, 38 px apart


@needs_model
def test_the_two_and_the_three_above_it_are_read_sure() -> None:
    reading = read_saved("s16404_001_f1513_two_grown.webp")
    assert sorted(d.face for d in reading.dice) == [2, 3, 5]
    assert all(d.pose == "flat" for d in reading.dice)
    assert die_at(reading, (262, 213)).confidence >= 0.95   # the two; before: 0.9
    assert die_at(reading, (228, 102)).confidence >= 0.95   # the three; before: 0.5
