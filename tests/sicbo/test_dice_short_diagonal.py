"""A two's (a three's) pips measured against the diagonal the image's other faces show
(``pips.short_diagonals``), not only against the face's own edge: where the dice are as
pale as the floor their blobs hold only the lit part of the top face, the edge comes out
short, and a washed four's adjacent corners pass ``two_is_diagonal`` as a two's."""

from __future__ import annotations

import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, pips_edge_px, short_diagonals

OUTCOME_FLOOR = 0.95     # an outcome needs every die at least this sure (settle)


def _pip(x: float, y: float, round_: float = 1.0, minor_deg: float = 90.0) -> Pip:
    major = 2.0 * (30.0 / 3.14159 / round_) ** 0.5
    return Pip(center_xy=(x, y), area_px=30.0, axes_px=(major * round_, major),
               angle_deg=minor_deg, inside=1.0, redness=0.0, ring_lum=200.0)


def _face(*xy: tuple[float, float], round_: float = 1.0) -> TopFace:
    pips = tuple(_pip(x, y, round_) for x, y in xy)
    cx = sum(x for x, _ in xy) / len(xy)
    cy = sum(y for _, y in xy) / len(xy)
    return TopFace(pips, (cx, cy), pips_edge_px(pips), ())


# a face of edge ~40 px: corner pips 20 px apart along a side, 28.3 across the diagonal
THREE = _face((180.0, 90.0), (200.0, 110.0), (190.0, 100.0))        # diagonal 28.3 px


@pytest.mark.parametrize(("face", "short"), [
    (_face((90.0, 100.0), (90.0, 120.0)), True),       # adjacent corners: 0.71 of it
    (_face((80.0, 100.0), (100.0, 120.0)), False),     # a two's opposite corners: 1.0
    (_face((80.0, 100.0), (90.0, 110.0), (100.0, 100.0)), True),  # no three's diagonal
    (_face((80.0, 100.0), (80.0, 119.0), (100.0, 100.0), (100.0, 119.0)), False),  # a four
])
def test_span_against_the_other_faces_diagonal(face: TopFace, short: bool) -> None:
    assert short_diagonals([face, THREE]) == ({0} if short else set())


def test_far_two_squashed_along_the_nadir_line_is_a_diagonal() -> None:
    """A two at the dome's far side, seen obliquely, its pips squashed 0.75 along the
    nadir line (down the image) as its span is: 0.75 of the near three's diagonal as it
    shows, the full diagonal square on (``face_span_px``)."""
    two = _face((100.0, 80.0), (100.0, 80.0 + 0.75 * 28.3), round_=0.75)
    assert short_diagonals([two, THREE]) == set()


def test_no_ruler_no_doubt() -> None:
    """No other face of 2+ pips, or none read sure: the face's own edge stays the only
    ruler (``two_is_diagonal``)."""
    adjacent = _face((90.0, 100.0), (90.0, 120.0))
    one = _face((200.0, 100.0))
    assert short_diagonals([adjacent, one]) == set()
    assert short_diagonals([adjacent, THREE], sure=[True, False]) == set()


@needs_model
def test_washed_four_on_a_pale_floor_is_not_a_sure_two() -> None:
    """Fresh seed 13104 (spent) clip 019 r3 frame 756, the dome crop (800x600, camera 8
    degrees, ivory dice on a pale floor): a four whose right-hand pips the glare washed
    grey, its left pips 21.1 px apart, read a two at 0.995 (CNN 0.92) against an edge of
    27 px from its blob (the dice ~39 px across): the round paid 1-2-3 (truth 1-3-4). The
    three beside it spans 30.1 px, the pair 0.70 of it: not a two's diagonal, not sure.
    The one and the three stay sure."""
    reading = read_saved("s13104_019_f756_washed_four.png")
    assert die_at(reading, (207.0, 231.0)).confidence < OUTCOME_FLOOR
    assert die_at(reading, (272.0, 117.0)).face == 1
    three = die_at(reading, (332.0, 273.0))
    assert three.face == 3 and three.confidence >= OUTCOME_FLOOR
