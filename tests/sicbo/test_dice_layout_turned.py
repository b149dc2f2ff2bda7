"""A five leaning on a die whose face shows no layout (a two, a three), the third die's
none either: the five's layout is seen turned from both others' pips, those two seen
alike (``lean_view.layout_turned``); the round voids as leaning instead of abstaining.

Frames: the reader's dome crops of fresh seed 17304 (the project's own synthetic
footage) at the rounds' decisions, clip 008 r1 frame 589 (1920x1080, camera 25 degrees;
dice 3-5-3, the five tipped 27 degrees against a three, touching) and clip 027 r4 frame
755 (1280x960, camera 5 degrees; 3-5-2, the five tipped 39 degrees against the two).
Both pairs were capped by the touch rule (touching, not seen alike, no lean rule fired)
and the rounds abstained ``low_confidence`` (truth: void dice_leaning)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from vision.sicbo.lean_view import flat_view, layout_turned, layout_view, pip_view
from vision.sicbo.pips import Pip, TopFace

from .saved import die_at, needs_model, read_saved

CORNERS = ((-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (0.0, 0.0))


def _pip(x: float, y: float, squash_deg: float, round_: float) -> Pip:
    return Pip(center_xy=(x, y), area_px=150.0, axes_px=(13.0, 13.0 / round_),
               angle_deg=squash_deg, inside=1.0, redness=0.0, ring_lum=200.0)


def _row(count: int, at: tuple[float, float], squash_deg: float, round_: float) -> TopFace:
    """A face of ``count`` pips in a row, each squashed along ``squash_deg``."""
    pips = tuple(_pip(at[0] + 24.0 * k, at[1] + 24.0 * k, squash_deg, round_)
                 for k in range(count))
    return TopFace(pips=pips, center_xy=at, edge_px=80.0, side_pips=())


def _five(at: tuple[float, float], squash: float, along_deg: float) -> TopFace:
    """A five's layout (corner pips 24 px from its centre) squashed to ``squash`` along the
    image direction ``along_deg``; its pips as squashed, along the same direction."""
    u = (math.cos(math.radians(along_deg)), math.sin(math.radians(along_deg)))
    pips = []
    for dx, dy in CORNERS:
        x, y = 24.0 * dx, 24.0 * dy
        along = x * u[0] + y * u[1]                    # shrink the part along u
        x, y = x - (1 - squash) * along * u[0], y - (1 - squash) * along * u[1]
        pips.append(_pip(at[0] + x, at[1] + y, along_deg, squash))
    return TopFace(pips=tuple(pips), center_xy=at, edge_px=80.0, side_pips=())


def test_a_layout_turned_from_two_faces_seen_alike_by_their_pips_leans() -> None:
    threes = _row(3, (340.0, 390.0), 90.0, 0.88), _row(3, (680.0, 520.0), 95.0, 0.89)
    assert layout_view(threes[0]) is None and pip_view(threes[0]) is not None
    turned = _five((800.0, 530.0), 0.82, 155.0)      # its normal ~35 degrees off, turned
    flat = _five((800.0, 530.0), 0.88, 92.0)         # squashed as the threes are
    assert layout_turned([threes[0], threes[1], turned]) == {2}
    assert layout_turned([threes[0], threes[1], flat]) == set()


def test_only_where_the_turned_face_has_the_layout() -> None:
    # every face a layout: lone_turned's (it asks more); none: pip_turned's
    threes = _row(3, (340.0, 390.0), 90.0, 0.88), _row(3, (680.0, 520.0), 155.0, 0.82)
    five = _five((800.0, 530.0), 0.88, 92.0)
    assert layout_turned([threes[0], threes[1], five]) == set()
    fives = [_five((340.0, 390.0), 0.88, 90.0), _five((680.0, 520.0), 0.88, 95.0),
             _five((800.0, 530.0), 0.82, 155.0)]
    assert layout_turned(fives) == set()
    # near the vertical the threes' pips tell no direction (seen 0.24 off their normal),
    # and the five, 0.41-0.49 turned from them, is seen only 0.21 more obliquely
    round_threes = _row(3, (340.0, 390.0), 90.0, 0.97), _row(3, (680.0, 520.0), 60.0, 0.97)
    assert layout_turned([*round_threes, _five((800.0, 530.0), 0.89, 155.0)]) == set()
    # ... but a layout seen 40+ degrees off its normal there is tipped
    assert layout_turned([*round_threes, _five((800.0, 530.0), 0.72, 70.0)]) == {2}


def _seen(view: np.ndarray) -> tuple[float, float]:
    """The squash (minor / major) and its image direction (degrees) of a view vector."""
    return float(np.sqrt(1.0 - float(np.hypot(*view)) ** 2)), \
        float(np.degrees(np.arctan2(view[1], view[0])))


def test_faces_one_camera_sees_flat_are_not_turned() -> None:
    # a wide-angle camera (focal 0.4 x the width) 20 degrees off vertical: flat faces at
    # the picture's left and lower right are seen along lines of sight ~1.0 apart
    up = np.array([0.0, np.sin(np.radians(20.0)), np.cos(np.radians(20.0))])
    centre, places = np.array([640.0, 480.0]), ((40.0, 500.0), (40.0, 615.0), (1240.0, 845.0))
    views = [flat_view(xy, centre, 512.0, up) for xy in places]
    threes = [replace(_row(3, xy, _seen(v)[1], _seen(v)[0]), center_xy=xy)
              for xy, v in zip(places[:2], views[:2], strict=True)]
    squash, along = _seen(views[2])
    five = replace(_five(places[2], squash, along), center_xy=places[2])
    assert layout_turned([*threes, five]) == {2}          # turned, judged without a camera
    assert layout_turned([*threes, five], image_size=(1280, 960)) == set()


@needs_model
def test_a_five_leaning_on_a_three_is_voided() -> None:
    reading = read_saved("s17304_008_f589_lean_five_turned.webp")
    assert sorted(d.face for d in reading.dice) == [3, 3, 5]
    assert die_at(reading, (803, 531)).pose == "leaning"       # before: flat, capped 0.5
    assert die_at(reading, (344, 391)).pose == "flat"


@needs_model
def test_a_five_leaning_on_a_two_under_a_near_vertical_camera_is_voided() -> None:
    reading = read_saved("s17304_027_f755_lean_five_oblique.webp")
    assert sorted(d.face for d in reading.dice) == [2, 3, 5]
    assert die_at(reading, (641, 771)).pose == "leaning"       # before: flat, capped 0.5
    assert die_at(reading, (661, 583)).pose == "flat"
