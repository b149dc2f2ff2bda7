"""A top face counted with a pip off it (a side face's pips, squashed into one round blob
beyond a corner) is shrunk to the CNN's face of its own pips when they form that face's
layout cleanly, every pip left out lies off it, and the CNN, shown the shrunk face, reads
it (``pips.shrunk_to``, ``face.look_again``). Seed 13104 (spent) clip 013 r3 frame 720, the
reader's dome crop cut round the dice (1280x960, dice 2-5-6): the five's front face showed
its pips squashed into a 74 px blob 0.9 round, 0.68 edge from the five's centre (its corner
pips 0.38): six pips counted in no layout, the CNN's five 0.91, capped at 0.46 on every
read: abstained low_confidence. Constructed pips check the rule's bounds: a five is never
made a four (its centre lies inside), nor a three a two."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.blob import Blob
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, shrunk_to

FIVE = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]


def _pip(x: float, y: float, area: float = 60.0) -> Pip:
    d = 2 * np.sqrt(area / np.pi)
    return Pip(center_xy=(x, y), area_px=area, axes_px=(0.9 * d, d), angle_deg=0.0,
               inside=1.0, redness=0.0, ring_lum=250.0)


def _blob() -> Blob:
    return Blob(box_xyxy=(60, 60, 140, 150), mask=np.ones((90, 80), bool), area_px=6000.0,
                solidity=0.9)


def _top(pips: list[Pip]) -> TopFace:
    c = np.mean([p.center_xy for p in pips], axis=0)
    return TopFace(pips=tuple(pips), center_xy=(float(c[0]), float(c[1])), edge_px=55.0,
                   side_pips=())


def test_pip_beyond_a_clean_fives_corner_is_left_off() -> None:
    five = [_pip(100 + 15 * u, 100 + 15 * v) for u, v in FIVE]
    extra = _pip(80, 132, 74.0)                      # beyond the lower left corner pip
    got = shrunk_to(_top([*five, extra]), _blob(), 5)
    assert got is not None and got.count == 5
    assert extra in got.side_pips and extra not in got.pips
    assert abs(got.center_xy[0] - 100) < 1 and abs(got.center_xy[1] - 100) < 1


def test_a_pip_inside_the_face_is_never_left_off() -> None:
    five = [_pip(100 + 15 * u, 100 + 15 * v) for u, v in FIVE]
    assert shrunk_to(_top(five), _blob(), 4) is None          # the centre: a five stays
    six = [_pip(100 + 15 * u, 100 + 15 * v) for u, v in
           [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]]
    assert shrunk_to(_top(six), _blob(), 4) is None           # nor a six a four
    assert shrunk_to(_top(six), _blob(), 5) is None
    row = [_pip(100 + 15 * k, 100 + 15 * k) for k in (-1, 0, 1)] + [_pip(145, 145)]
    assert shrunk_to(_top(row), _blob(), 2) is None           # no two or three
    assert shrunk_to(_top(row), _blob(), 3) is None


def test_off_pip_with_the_rest_in_no_clean_layout_stays() -> None:
    five = [_pip(100 + 15 * u, 100 + 15 * v + (8 if k == 2 else 0))
            for k, (u, v) in enumerate(FIVE)]                  # the centre far off its place
    assert shrunk_to(_top([*five, _pip(80, 132, 74.0)]), _blob(), 5) is None


@needs_model
def test_five_with_its_front_faces_pips_beside_it_is_read() -> None:
    reading = read_saved("s13104_013_f720_side_pip_five.png")
    assert sorted(d.face for d in reading.dice) == [2, 5, 6]
    five = die_at(reading, (250, 267))
    assert five.face == 5 and five.confidence >= 0.98     # before: 6 pips / CNN five, 0.46
    assert all(d.confidence >= 0.98 and d.pose == "flat" for d in reading.dice)
