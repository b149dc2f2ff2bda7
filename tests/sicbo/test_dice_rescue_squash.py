"""A rescued one's pip is judged against how round the found dice' top pips look in the
same picture (``rescue._squash``): a steep camera squashes every top pip."""

from __future__ import annotations

import pytest

from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.rescue import RescueParams, _plausible, _squash


def _top(roundness: list[float], edge: float = 40.0) -> TopFace:
    pips = tuple(Pip(center_xy=(10.0 * i, 0.0), area_px=30.0, axes_px=(6.0, 6.0 * r),
                     angle_deg=0.0, inside=1.0, redness=0.0) for i, r in enumerate(roundness))
    return TopFace(pips=pips, center_xy=(0.0, 0.0), edge_px=edge, side_pips=())


@pytest.mark.parametrize(("one", "found", "ok"), [
    # the lone pip's roundness, the found dice' top pips' roundness -> a plausible one
    (0.76, [[0.91, 0.86]], True),          # seed 10404 020 r4: a steep view squashes all
    (0.76, [[1.0, 1.0, 1.0, 1.0]], False),  # found pips round: the fixed 0.8 holds
    (0.76, [], False),                      # nothing found to compare with: 0.8
    (0.85, [], True),                       # round enough anyway
    (0.60, [[0.91, 0.86]], False),          # much flatter than the found pips
])
def test_one_roundness_follows_the_found_pips(one, found, ok) -> None:
    taken = [(None, _top(r)) for r in found]
    assert _plausible(_top([one]), 40.0, RescueParams(), _squash(taken)) == ok
