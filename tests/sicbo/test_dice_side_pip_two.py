"""A two counted with a side face's squashed pip at its edge is shrunk to the CNN's two
(``pips.shrunk_to``, ``face.look_again``), only where the pip left out is squashed as a
side face's pips are and the two's pips lie across the face.

Frame: the reader's dome crop of fresh seed 15004 clip 001 r2 frame 868 (1920x1080; truth
2-3-5): the two's left side face showed its lowest pip (13 x 20 px, 0.65 round) at the top
face's edge; three pips in no layout against the CNN's two 0.81: capped at 0.41 on every
read, abstained ``low_confidence``."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.blob import Blob
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, shrunk_to
from vision.sicbo.settle import SettleParams


@needs_model
def test_a_two_with_a_side_pip_at_its_edge_is_read() -> None:
    reading = read_saved("s15004_001_f868_two_side_pip.webp")
    assert sorted(d.face for d in reading.dice) == [2, 3, 5]
    two = die_at(reading, (584, 476), within=15.0)
    assert two.face == 2 and two.confidence >= SettleParams().min_face_conf   # before: 0.41


def _pip(x: float, y: float, roundness: float = 0.9, area: float = 100.0) -> Pip:
    d = 2 * np.sqrt(area / np.pi)
    return Pip(center_xy=(x, y), area_px=area, axes_px=(roundness * d, d), angle_deg=0.0,
               inside=1.0, redness=0.0, ring_lum=250.0)


def _top(pips: list[Pip]) -> TopFace:
    c = np.mean([p.center_xy for p in pips], axis=0)
    return TopFace(pips=tuple(pips), center_xy=(float(c[0]), float(c[1])), edge_px=70.0,
                   side_pips=())


BLOB = Blob(box_xyxy=(40, 40, 160, 160), mask=np.ones((120, 120), bool), area_px=6400.0,
            solidity=0.9)     # an 80 px die's blob


def test_only_a_squashed_pip_beyond_a_two_is_left_off() -> None:
    two = [_pip(118, 82), _pip(82, 118)]                 # across a 70 px face
    side = _pip(70, 128, roundness=0.6)                  # beyond its lower left pip
    got = shrunk_to(_top([*two, side]), BLOB, 2)
    assert got is not None and got.count == 2 and side in got.side_pips
    assert shrunk_to(_top([*two, _pip(70, 128)]), BLOB, 2) is None     # a round pip: no


def test_a_threes_corner_and_centre_make_no_two() -> None:
    # a three with a squashed corner pip: the other two lie half a two's span apart
    three = [_pip(100, 100), _pip(118, 82), _pip(82, 118, roundness=0.6)]
    assert shrunk_to(_top(three), BLOB, 2) is None
