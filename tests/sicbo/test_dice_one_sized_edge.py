"""A one's big pip bounds the image's die edge from below (``pair.scene_edge_px``).

The edge comes from the faces of 2+ pips; where the only such face is tipped on a lean,
its pips squashed (and, red, segmented small), the edge came out too small and the lean's
top face too many "edges" from its support's for the touch rules to look (``touch``).

Seed 13504 (spent) clip 007 r0, frame 201 (800x600, camera 15 degrees, Chinese pips), the
reader's dome crop: a four tipped 34 degrees against a one, the only face of 2+ pips, its
pips 17-23 px^2 and 0.65-0.82 round: edge 31.3 px for ~40 px dice, the two faces 65 px =
2.08 "edges" apart, beyond ``TouchParams.reach_rel``; read 1-1-4, all flat, 0.999 sure:
a wrong outcome (truth void dice_leaning). The ones' pips (17.4 and 18.5 px across, a
Chinese one's pip 0.42 x its edge) raise the edge to 38.7: the four leans.
"""

from __future__ import annotations

import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.pair import scene_edge_px
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.pose_params import ONE_PIP_REL

from .saved import die_at, needs_model, read_saved


def _face(count: int, pip_across: float, edge: float, round_: float = 1.0) -> TopFace:
    area = float(np.pi * (pip_across / 2) ** 2)
    pip = Pip(center_xy=(0.0, 0.0), area_px=area, axes_px=(pip_across * round_, pip_across),
              angle_deg=0.0, inside=1.0, redness=0.0, ring_lum=200.0)
    return TopFace(pips=(pip,) * count, center_xy=(0.0, 0.0), edge_px=edge, side_pips=())


def _blob(edge: float) -> Blob:
    mask = np.ones((int(edge), int(edge)), bool)
    return Blob(mask=mask, box_xyxy=(0, 0, int(edge), int(edge)), area_px=float(mask.sum()),
                solidity=1.0)


def test_a_chinese_ones_pip_raises_a_too_small_edge() -> None:
    four, one = _face(4, 4.9, 31.3), _face(1, 17.4, 31.3)
    assert scene_edge_px([_blob(50)] * 2, [four, one]) == 17.4 / ONE_PIP_REL


def test_the_edge_stays_where_the_ones_pip_fits_it() -> None:
    # a Chinese one's pip is 0.42 x the edge, a Western one's 0.24: a right edge stays
    five, chinese, western = _face(5, 7.0, 40.0), _face(1, 16.8, 40.0), _face(1, 9.6, 40.0)
    assert scene_edge_px([_blob(50)] * 3, [five, chinese, western]) == 40.0
    # a lone pip squashed or joined to a glare spot (under big_one_round) says nothing
    assert scene_edge_px([_blob(50)] * 2, [five, _face(1, 22.0, 40.0, round_=0.6)]) == 40.0


@needs_model
def test_red_four_tipped_against_a_one_is_not_paid() -> None:
    reading = read_saved("s13504_007_f201_tipped_red_four.png")
    assert sorted(d.face for d in reading.dice) == [1, 1, 4]
    assert die_at(reading, (250, 71)).pose == "leaning"   # before: flat, 0.978
    assert "leaning" in reading.flags
