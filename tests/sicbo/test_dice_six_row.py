"""A three's end pips lie at opposite corners: three pips in a row along one side of the
face are a six's row whose other row the glare washed out (``pips.three_is_diagonal``).

The saved frame is the reader's dome crop of seed 11704 clip 000 r1 at rest, frame 453
(spent; the project's own synthetic footage: 1920x1080, camera 28 degrees off vertical,
dice 1-6-6): the middle six lies in the lamp's halo, its lower row pale grey; its upper
row fits a three's layout, the CNN 0.55 for a three; read as a three at 0.95, the round
paid 1-3-6. Since dice._washed_rows (seed 12804 clip 005 r4) the row with the other row's
pips found beside it is grown to the six, read at 0.99."""

from __future__ import annotations

import pytest

from vision.sicbo.pips import Pip, TopFace, three_is_diagonal

from .saved import die_at, needs_model, read_saved


def _top(*centres: tuple[float, float], edge: float = 40.0) -> TopFace:
    pips = tuple(Pip(c, 50.0, (8.0, 8.0), 0.0, 1.0, 0.0) for c in centres)
    return TopFace(pips, (100.0, 100.0), edge, ())


@pytest.mark.parametrize(
    ("top", "diagonal"),
    [
        (_top((86.0, 86.0), (100.0, 100.0), (114.0, 114.0)), True),  # corner-centre-corner
        (_top((90.0, 90.0), (100.0, 90.0), (110.0, 90.0)), False),   # a side's row, 0.5 edge
        (_top((89.0, 92.0), (100.0, 89.0), (111.0, 86.0)), False),   # ... seen askew (0.57)
        (_top((90.0, 90.0), (110.0, 90.0)), True),                    # not a three: no opinion
    ],
)
def test_three_is_diagonal(top: TopFace, diagonal: bool) -> None:
    assert three_is_diagonal(top) is diagonal


@needs_model
def test_a_six_with_one_row_washed_out_is_not_a_sure_three() -> None:
    reading = read_saved("s11704_000_f453_six_row.png")
    six = die_at(reading, (596, 468), within=25.0)   # the row's middle pip: (608, 452)
    assert not (six.face == 3 and six.confidence > 0.5), (six.face, six.confidence)  # was 0.95
    # its other row found in part beside it: grown to the six (dice._washed_rows)
    assert six.face == 6 and six.confidence >= 0.95, (six.face, six.confidence)
    others = sorted((d.face, d.confidence >= 0.99) for d in reading.dice if d is not six)
    assert others == [(1, True), (6, True)]       # the clean one and six stay sure
