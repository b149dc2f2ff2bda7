"""A dark blob far larger than a pip, counted as a lone "one" pip, gives way to the die's
other top-ranked pips when they form the CNN's face cleanly and the CNN, shown that face,
reads it (``pips.regrouped``, ``face.look_again``). Seed 13004 (spent) clip 014 r1 frame
664, the reader's dome crop (1920x1080, camera 24 degrees off vertical, dice 2-4-6): the
six's blob took the dark gap between it and the four (837 px against its pips' 78-84 px),
which outranked the six's pips: read a one, the CNN's six at 0.74, capped at 0.37 on every
read: abstained low_confidence. Constructed pips check the rule's bounds: a lone pip no
larger than the others, or other pips in no clean layout, are left alone."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.blob import Blob
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, regrouped

SIX = [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]


def _pip(x: float, y: float, area: float = 80.0, round_: float = 0.9) -> Pip:
    d = 2 * np.sqrt(area / np.pi)
    return Pip(center_xy=(x, y), area_px=area, axes_px=(d * round_, d), angle_deg=0.0,
               inside=1.0, redness=0.0, ring_lum=215.0)


def _face(lone_area: float, *, spread: float = 0.0) -> tuple[TopFace, Blob]:
    """A six's pips at (100, 100) (its left middle pip ``spread`` px up off its place)
    and a lone blob of ``lone_area`` below them, taken for the top face."""
    six = [_pip(100 + 16 * u, 100 + 14 * v - (spread if k == 2 else 0.0))
           for k, (u, v) in enumerate(SIX)]
    lone = _pip(98, 140, lone_area, 0.64)
    blob = Blob(box_xyxy=(60, 60, 140, 160), mask=np.ones((100, 80), bool), area_px=5900.0,
                solidity=0.9)
    return TopFace(pips=(lone,), center_xy=lone.center_xy, edge_px=77.0,
                   side_pips=tuple(six)), blob


def test_lone_gap_blob_gives_way_to_a_clean_six() -> None:
    top, blob = _face(837.0)
    got = regrouped(top, blob, 6)
    assert got is not None and got.count == 6
    assert abs(got.center_xy[0] - 100) < 1 and abs(got.center_xy[1] - 100) < 1
    assert top.pips[0] in got.side_pips


def test_lone_pip_of_a_pips_size_or_no_clean_layout_stays() -> None:
    top, blob = _face(100.0)                 # as large as a one's pip may be: no gap
    assert regrouped(top, blob, 6) is None
    top, blob = _face(837.0, spread=9.0)     # the other pips in no six's layout
    assert regrouped(top, blob, 6) is None
    top, blob = _face(837.0)
    assert regrouped(top, blob, 1) is None    # a one is no regrouping


@needs_model
def test_six_beside_a_dark_gap_is_read() -> None:
    reading = read_saved("s13004_014_f664_gap_one.png")
    assert sorted(d.face for d in reading.dice) == [2, 4, 6]
    six = die_at(reading, (439, 263))
    assert six.face == 6 and six.confidence >= 0.95           # before: a one / CNN six, 0.37
    assert all(d.confidence >= 0.95 and d.pose == "flat" for d in reading.dice)


@needs_model
def test_six_whose_side_pips_ran_together_is_read_though_the_blot_reads_no_six() -> None:
    """The CNN shown the lone "pip" reads a face the pips make no layout of: each face
    they do make, the largest first, shown to the CNN (``face._regrouped``). Fresh seed
    14604 clip 012 r2 frame 930 (1280x720, blurred): a six's side face's two near pips
    ran together, a 407 px "pip" over the six's 71-74 px pips; the crop on it read a
    three at 0.41, the six was capped at 0.25 on every read and the round abstained."""
    reading = read_saved("s14604_012_f930_six_side_blot.webp")
    six = die_at(reading, (240, 346))
    assert six.face == 6 and six.confidence >= 0.95, (six.face, six.confidence)
    assert sorted(d.face for d in reading.dice) == [2, 5, 6]
