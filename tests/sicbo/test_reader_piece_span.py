"""A flat die whose top pips span far less than this camera's flat dice span at its
place (the floor's plane, ``height.FloorScale``) is not trusted: some of its pips went
unseen and a piece of a larger face was read as a smaller one.

Fresh seed 16104 (spent) clip 022 r4 (800x600, ivory dice on a floor paler than them;
truth 1-4-6): the four's blob held its two right-hand pips, a side of its square (27 px
where the plane, fitted on 7 places of earlier rounds, says 39 px); the CNN, shown a
crop about them, read a two at 0.84 and the read fused it at 0.98. Only the six, read
at 0.32, kept 1-2-6 from being paid; the piece's reads of three also taught the reader
a die edge of 37 px (50 before) and broke its plane."""

from __future__ import annotations

import pytest

from vision.sicbo.height import fit_floor_scale
from vision.sicbo.reader import HEIGHT, PIECE_CONFIDENCE, _unsure_if_short
from vision.sicbo.settle import DiceObs, DieObs

# a plane fitted on six places: a flat face's pips span 38 px at x = 100, 40 at x = 500
PLANE = [(x, y, 37.5 + x / 200) for x in (100.0, 300.0, 500.0) for y in (100.0, 300.0)]


def _die(span: float, pose: str = "flat", face: int = 2) -> DieObs:
    return DieObs((500.0, 200.0), 40.0, face, 0.98, pose, span_px=span)


@pytest.mark.parametrize(("span", "pose", "sure"), [
    (27.0, "flat", False),       # 0.68 x the plane's 40 px: a piece
    (38.0, "flat", True),        # 0.95 x: a whole face
    (27.0, "leaning", True),     # a tilted face is foreshortened: the pose rules judge it
    (0.0, "flat", True),         # no span (a one): nothing to judge
])
def test_a_face_spanning_far_less_than_the_plane_says_is_unsure(
        span: float, pose: str, sure: bool) -> None:
    scale = fit_floor_scale(PLANE, HEIGHT)
    assert scale is not None
    read = _unsure_if_short(DiceObs((_die(span, pose),)), scale)
    assert (read.dice[0].confidence == 0.98) is sure
    if not sure:
        assert read.dice[0].confidence <= PIECE_CONFIDENCE


def test_without_a_plane_nothing_is_judged() -> None:
    read = _unsure_if_short(DiceObs((_die(20.0),)), None)
    assert read.dice[0].confidence == 0.98
