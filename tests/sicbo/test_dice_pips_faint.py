"""A top face in no layout takes a faint next pip that completes a clean one (issue 4).

Glare on the floor washes a pip out: small and grey, it ranks under ``rank_floor`` and
the face was read a pip short, in no standard layout, while the CNN was sure of the face
(seed 10204 clip 006 r3: a five read as four pips in no layout; the round abstained).
The pip lists are what ``find_pips`` measured there, and variants of it.
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo.detect import Blob
from vision.sicbo.pips import Pip, select_top_face


def _pip(x: float, y: float, area: float, roundness: float, inside: float = 1.0,
         ring: float = 252.0) -> Pip:
    major = float(np.sqrt(4 * area / (np.pi * roundness)))
    return Pip(center_xy=(x, y), area_px=area, axes_px=(major, roundness * major),
               angle_deg=0.0, inside=inside, redness=0.0, ring_lum=ring)


BLOB = Blob(box_xyxy=(465, 259, 560, 358), mask=np.ones((99, 95), bool), area_px=80.0 ** 2,
            solidity=0.95)
# the five's four clear pips (three corners and the centre) and a side-face blob
CLEAR = [_pip(508, 277, 83, 0.94), _pip(540, 290, 86, 0.93), _pip(518, 299, 84, 0.92),
         _pip(529, 320, 88, 0.93), _pip(460, 320, 326, 0.44, 0.2, ring=192)]
GLARED = _pip(498, 307, 38, 0.70, ring=255)      # the fourth corner, washed out by glare


@pytest.mark.parametrize(("pips", "count"), [
    (CLEAR + [GLARED], 5),                            # the glared pip completes the five
    (CLEAR, 4),                                       # no faint pip: four, in no layout
    (CLEAR + [_pip(498, 307, 10, 0.60, ring=255)], 4),  # far fainter (rank < 0.3 x best)
    (CLEAR + [_pip(492, 322, 38, 0.70, ring=255)], 4),  # faint, but off the five's layout
    ([*CLEAR[:2], CLEAR[3], _pip(498, 307, 38, 0.70, ring=255)], 4),  # a clean four stays
])
def test_faint_pip_completes_a_layout(pips: list, count: int) -> None:
    top = select_top_face(pips, BLOB)
    assert top is not None
    assert top.count == count
