"""The pose cues' sizes and views on spent seed 12404: a flat six by the dome's rim is no
lean because its top face is no larger than the others' by its pips' span
(``pose._top_large``); a two-dice pair whose one-die blob is a piece of its die says
nothing by blob sizes (``pair._piece``); a die tipped against a one is seen turned from
the one's pip (``lean_view.one_view``)."""

from __future__ import annotations

import numpy as np

from vision.sicbo.layout import LAYOUTS
from vision.sicbo.lean_view import layout_view, one_view, turned_leans, view_gap
from vision.sicbo.pips import Pip, TopFace

from .saved import die_at, needs_model, read_saved


def _pip(x: float, y: float, axes: tuple[float, float], area: float) -> Pip:
    return Pip(center_xy=(x, y), area_px=area, axes_px=axes, angle_deg=0.0, inside=1.0,
               redness=0.0, ring_lum=200.0)


def _face(count: int, tilt_deg: float, at: tuple[float, float], half_px: float = 15.0
          ) -> TopFace:
    """A face of ``count`` pips seen ``tilt_deg`` off its normal along the image's x."""
    squash = np.diag([np.cos(np.radians(tilt_deg)), 1.0])
    pts = (squash @ (half_px * LAYOUTS[count]).T).T + np.array(at)
    pips = tuple(_pip(float(x), float(y), (6.0, 6.0), 30.0) for x, y in pts)
    return TopFace(pips=pips, center_xy=at, edge_px=2.6 * half_px, side_pips=())


def _one(tilt_deg: float, at: tuple[float, float], across_px: float = 16.0) -> TopFace:
    """A one whose big pip is seen ``tilt_deg`` off its normal along the image's x."""
    axes = (across_px * np.cos(np.radians(tilt_deg)), across_px)
    pip = _pip(*at, axes, float(np.pi / 4 * axes[0] * axes[1]))
    return TopFace(pips=(pip,), center_xy=at, edge_px=39.0, side_pips=())


def test_a_ones_pip_gives_its_view() -> None:
    view = one_view(_one(30.0, (0.0, 0.0)))
    assert view is not None
    assert abs(float(np.hypot(*view)) - np.sin(np.radians(30.0))) < 0.02
    assert view_gap(view, layout_view(_face(5, 30.0, (100.0, 0.0)))) < 0.05
    # a small pip (a corner pip, or a western one too small for its face) gives none
    assert one_view(_one(30.0, (0.0, 0.0), across_px=6.0)) is None


def test_a_face_turned_from_a_ones_pip_leans() -> None:
    # camera 10 degrees off along x: two ones seen alike, a five tipped 35 degrees across
    support, third = _one(10.0, (0.0, 0.0)), _one(10.0, (200.0, 0.0))
    lean = TopFace(pips=tuple(_pip(p.center_xy[1], p.center_xy[0] + 55.0, (6.0, 6.0), 30.0)
                              for p in _face(5, 40.0, (0.0, 0.0)).pips),
                   center_xy=(0.0, 55.0), edge_px=39.0, side_pips=())   # squashed along y
    assert turned_leans([support, lean, third], {(0, 1)}) == {1}
    flat = _face(5, 10.0, (0.0, 55.0))                                   # seen alike
    assert turned_leans([support, flat, third], {(0, 1)}) == set()
    # two ones touching: no layout to judge by
    assert turned_leans([support, _one(40.0, (0.0, 55.0)), third], {(0, 1)}) == set()


@needs_model
def test_a_flat_six_by_the_rim_is_flat() -> None:
    # seed 12404 (spent) clip 006 r2, 1280x720, camera 22 degrees: a six by the rim under
    # the glare, its blob 1.38 x the others', its face 48 px by pip areas against a five's
    # 41 and a three's 40 (the scene: 48, 49, 55): voided leaning. Spans: 0.97 x
    reading = read_saved("s12404_006_f506_rim_six.png")
    assert [d.pose for d in reading.dice] == ["flat"] * 3
    assert sorted(d.face for d in reading.dice) == [3, 5, 6]
    # clip 008 r4, 1024x576: a six at the rim, 41 px against fives of 38 and 29
    reading = read_saved("s12404_008_f1782_rim_six.png")
    assert [d.pose for d in reading.dice] == ["flat"] * 3
    assert sorted(d.face for d in reading.dice) == [5, 5, 6]


@needs_model
def test_a_pair_sized_by_a_piece_is_no_lean() -> None:
    # seed 12404 (spent) clip 029 r4, pale floor: a six missed, a five's 20 px piece read
    # as a two sizes the scene, so the one's 40 px blob is "4.2 edge^2": voided leaning
    reading = read_saved("s12404_029_f1714_five_piece.png")
    assert len(reading.dice) == 2
    assert [d.pose for d in reading.dice] == ["flat", "flat"]


@needs_model
def test_a_five_tipped_against_a_one_leans() -> None:
    # seed 12404 (spent) clip 025 r2, 1024x576, camera 13 degrees: a five tipped 34
    # degrees against a Chinese one, touching; both were read at 0.5 (abstained)
    reading = read_saved("s12404_025_f416_lean_on_one.png")
    assert die_at(reading, (291, 352)).pose == "leaning"
    assert die_at(reading, (229, 369)).pose == "flat"
    assert die_at(reading, (350, 423)).pose == "flat"
