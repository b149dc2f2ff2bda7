"""Top-face selection on pips measured in footage (issue 4): a blob half outside the die
and a dark gap at the rim must not change the count.

The pip lists are what ``find_pips`` measured on seed-9904 frames where the count came
out wrong (centre, area, roundness, share inside the die's blob, brightness around).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from vision.sicbo.detect import Blob
from vision.sicbo.pips import Pip, PipParams, select_top_face


def _pip(x: float, y: float, area: float, roundness: float, inside: float = 1.0,
         ring: float = 250.0) -> Pip:
    major = float(np.sqrt(4 * area / (np.pi * roundness)))
    return Pip(center_xy=(x, y), area_px=area, axes_px=(major, roundness * major),
               angle_deg=0.0, inside=inside, redness=0.0, ring_lum=ring)


def _blob(x0: int, y0: int, x1: int, y1: int, edge: float) -> Blob:
    return Blob(box_xyxy=(x0, y0, x1, y1), mask=np.ones((y1 - y0, x1 - x0), bool),
                area_px=edge * edge, solidity=0.95)


# clip 003 r0: a five against the dome rim; a rim piece half outside the die's blob
# (inside 0.68, 2.7x a pip's area) ranks among its pips, a side-face pip below them
FIVE = ([_pip(753, 164, 97, 0.85, ring=224), _pip(705, 171, 277, 0.48, 0.68, ring=208),
         _pip(727, 187, 101, 0.93, ring=224), _pip(754, 188, 104, 0.88, ring=225),
         _pip(781, 189, 101, 0.91, ring=225), _pip(807, 191, 61, 0.50, 0.90, ring=145),
         _pip(754, 213, 104, 0.87, ring=225)],
        _blob(698, 149, 813, 259, 95.9))
# clip 016 r0: a Chinese four against the rim; the dark gap between die and rim is one
# big elongated "pip" (inside 0.86) that outranks the red pips by 1.8x
FOUR = ([_pip(145, 87, 405, 0.54, 0.86, ring=149), _pip(103, 91, 693, 0.45, 0.05, ring=132),
         _pip(120, 102, 34, 0.85, ring=176), _pip(144, 107, 32, 0.77, ring=177),
         _pip(112, 122, 37, 0.82, ring=178), _pip(137, 127, 38, 0.83, ring=181)],
        _blob(78, 75, 161, 159, 69.6))
# clip 002 r2: a three whose blob was cut short above it; its top pip is only 0.58 inside
# but round and pip-sized: still a top pip
THREE = ([_pip(358, 293, 43, 0.89, 0.58, ring=253), _pip(358, 310, 48, 0.88, ring=247),
          _pip(358, 328, 53, 0.86, ring=242), _pip(382, 333, 20, 0.62, ring=117),
          _pip(377, 339, 58, 0.42, ring=120)],
         _blob(324, 292, 400, 361, 59.0))
# clip 006 r0: a five beside another die; a side-face pip half outside its blob (inside
# 0.57, 1.75x a pip's area, less round) ranks with its pips
FIVE_SIDE = ([_pip(241, 331, 29, 0.95, ring=249), _pip(221, 338, 51, 0.71, 0.57, ring=244),
              _pip(242, 346, 29, 0.95, ring=248), _pip(256, 344, 26, 0.80, ring=246),
              _pip(228, 346, 30, 0.90, ring=247), _pip(243, 360, 29, 0.95, ring=248)],
             _blob(217, 320, 268, 366, 39.3))
# a two beside a dimmer side-face pip: still a two
TWO = ([_pip(100, 100, 60, 0.95), _pip(130, 130, 60, 0.93), _pip(95, 140, 30, 0.6, ring=150)],
       _blob(80, 80, 150, 150, 60.0))


# the builder gives every pip the same axis direction, which the steep-view position cue
# would read as a tilt; the measured pips' axes pointed every way
FLAT = PipParams(uphill_gain=0.0)


@pytest.mark.parametrize(("case", "params", "count"), [
    (FIVE, PipParams(), 5),                       # the rim piece is no top pip
    (FIVE, PipParams(min_inside=0.5), 3),         # let in, it broke the five to a row of 3
    (FIVE_SIDE, FLAT, 5),                         # the side pip is no top pip
    (FIVE_SIDE, replace(FLAT, min_inside=0.5), 6),  # let in, it made the five a six
    (THREE, PipParams(), 3),                      # a clipped but round top pip stays
    (FOUR, FLAT, 4),                              # the gap is skipped and sets no floor
    (FOUR, replace(FLAT, junk_roundness=0.0), 1),  # its floor left the four out: a "one"
    (TWO, PipParams(), 2),                        # a two stays a two
])
def test_top_face_count(case, params, count) -> None:
    pips, blob = case
    top = select_top_face(pips, blob, params)
    assert top is not None
    assert top.count == count


def test_a_shadow_blot_ranked_among_a_twos_pips_is_no_pip() -> None:
    """Fresh seed 14404 clip 001 r2 frame 1054 (1280x960, a pale floor; measured): a two's
    pips and, beside them, a dark blot of the die's shadow (9 x a pip's area, 0.46 round)
    that ranked second, so the top face was a pip and the blot, no two's diagonal: capped at
    0.5 on every read, the round abstained. Elongated and that large it is no pip
    (``_blots``), and the two's own pips make the face."""
    pips = [_pip(558, 542, 77, 0.96, ring=206), _pip(510, 556, 535, 0.46, ring=150),
            _pip(561, 586, 78, 0.89, ring=205)]
    top = select_top_face(pips, _blob(482, 525, 600, 605, 78.1))
    assert top is not None
    assert sorted(tuple(round(v) for v in p.center_xy) for p in top.pips) == [
        (558, 542), (561, 586)]


def test_a_shadow_patch_is_no_pip_of_a_ones_face() -> None:
    """Fresh seed 14404 clip 013 r0 frame 188 (1920x1080, camera 2 degrees, a pale floor;
    measured): a one's blob held its shadow, a dark patch 4.8 x the pip's area and 0.68
    round, which ranked first; with the one's pip it made a "two", no two's diagonal,
    capped on every read, and the round abstained. A face's pips are alike in size
    (``_one_size``): the one's pip alone is its face."""
    pips = [_pip(838, 727, 1779, 0.68, ring=158), _pip(829, 755, 60, 0.24, ring=122),
            _pip(836, 758, 63, 0.21, ring=176), _pip(872, 800, 368, 0.98, ring=220)]
    top = select_top_face(pips, _blob(792, 689, 919, 848, 116.1))
    assert top is not None
    assert [tuple(round(v) for v in p.center_xy) for p in top.pips] == [(872, 800)]
