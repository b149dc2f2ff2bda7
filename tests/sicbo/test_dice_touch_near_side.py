"""A lean's reach is measured in the dice' own size where they are seen: on the dome's near
side they look larger than the picture's edge, and a lean reaches farther in pixels there.

The frame is the reader's dome crop of fresh seed 17704 clip 025 r2 at rest, frame 393 (the
project's own synthetic footage: 800x600, truth dice_leaning): a six tipped against a one,
its upturned side face between them, no floor on any of the band's lines. The picture's
edge is 40.7 px (the five on the far side 35.7), the six's and the one's faces 45.6 and
45.0 px there; the faces 1.93 picture edges apart lay beyond the reach (1.75, and the 1.9
where a bare band still touches): apart, and both read flat at 0.999: paid 1-5-6, a wrong
outcome. In the smaller face's edge they are 1.74 apart: touching, and the six leans. One
face seen larger is not enough (``tests/sicbo/test_dice_pale_pair_apart.py``).
"""

from __future__ import annotations

from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace
from vision.sicbo.touch import TouchParams, _reach_edge

from .saved import die_at, needs_model, read_saved


def _face(x: float, edge: float, count: int) -> TopFace:
    pips = tuple(Pip((x + 0.25 * edge * (k % 2), 100.0 + 0.25 * edge * (k // 2)), 20.0,
                     (3.0, 3.0), 0.0, 1.0, 0.0) for k in range(count))   # round pips: flat
    return TopFace(pips=pips, center_xy=(x, 100.0), edge_px=edge, side_pips=())


def test_the_reach_grows_where_both_faces_are_seen_larger_than_the_picture_edge() -> None:
    near = _reach_edge(_face(0, 45.6, 4), _face(80, 45.0, 4), 40.7, TouchParams())
    assert near == 45.0
    # one face larger (a two's sized by its blob grown with its shaded sides) is not enough
    assert _reach_edge(_face(0, 53.8, 2), _face(80, 38.0, 6), 39.1, TouchParams()) == 39.1
    assert _reach_edge(_face(0, 38.0, 4), _face(80, 39.0, 4), 40.7, TouchParams()) == 40.7


@needs_model
def test_a_six_tipped_against_a_one_on_the_near_side_leans() -> None:
    reading = read_saved("s17704_025_f393_six_leaning_on_one_near_side.webp")
    assert sorted(d.face for d in reading.dice) == [1, 5, 6]
    assert die_at(reading, (446, 299)).pose == "leaning"      # before: flat at 0.999
    assert die_at(reading, (369, 288)).confidence <= 0.5      # its support is not paid
    assert die_at(reading, (335, 137)).pose == "flat"
