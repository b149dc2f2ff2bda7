"""A die tipped against a one is a lean when its face's layout is seen turned from both
the one's and the third die's, which are seen alike (``lean_view.one_turned``): the
round voids as leaning instead of abstaining. A one's large lone pip shows its face's
squash; other rules judge faces by their layouts (two faces of 4-6 pips) or by pips of
two or more.

The saved frame is part of the reader's dome crop of fresh seed 14304 (spent) clip 006
r2 frame 487 (the project's own synthetic footage: 1920x1080, camera 25 degrees off
vertical, dice 1-4-6, the six tipped 21 degrees against the one, touching it). Both were
capped by the touch rule on every read: abstained low_confidence (truth dice_leaning)."""

from __future__ import annotations

import numpy as np

from vision.sicbo.lean_view import one_turned
from vision.sicbo.pips import Pip, TopFace

from .saved import die_at, needs_model, read_saved

SURE = [0.998, 0.999, 0.998]


@needs_model
def test_a_six_tipped_against_a_one_is_a_lean() -> None:
    reading = read_saved("s14304_006_f487_six_on_one.webp")
    assert sorted(d.face for d in reading.dice) == [1, 4, 6]
    six = die_at(reading, (358, 384))
    assert six.pose == "leaning", six                      # before: flat, capped at 0.5
    assert die_at(reading, (243, 283)).confidence >= 0.95  # the four apart: sure, flat


def _pip(xy: tuple[float, float], minor_px: float, view: float, deg: float) -> Pip:
    """A round pip seen ``view`` (sin of the angle) off its face's normal, squashed
    along the image direction ``deg``."""
    r = float(np.sqrt(1.0 - view * view))
    return Pip(center_xy=xy, area_px=0.8 * minor_px * minor_px / r,
               axes_px=(minor_px, minor_px / r), angle_deg=deg, inside=1.0, redness=0.0,
               ring_lum=200.0)


def _one(at: tuple[float, float], view: float, deg: float, minor_px: float = 16.0) -> TopFace:
    return TopFace(pips=(_pip(at, minor_px, view, deg),), center_xy=at, edge_px=80.0,
                   side_pips=())


def _four(at: tuple[float, float], view: float, deg: float) -> TopFace:
    """A four's corner pips, 40 px apart, the layout squashed to cos(asin(view)) along
    the image direction ``deg`` (its pips too)."""
    t = np.radians(deg)
    u, w = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    r = float(np.sqrt(1.0 - view * view))
    pips = tuple(_pip(tuple(np.asarray(at) + 20.0 * (a * r * u + b * w)), 11.0, view, deg)
                 for a, b in ((-1, -1), (1, -1), (-1, 1), (1, 1)))
    return TopFace(pips=pips, center_xy=at, edge_px=80.0, side_pips=())


ONE, THIRD = _one((500.0, 300.0), 0.48, 90.0), _four((300.0, 200.0), 0.47, 85.0)


def test_a_layout_turned_from_the_one_and_the_third_die_leans() -> None:
    lean = _four((440.0, 390.0), 0.36, 25.0)
    assert one_turned([ONE, lean, THIRD], {(0, 1)}, SURE) == {1}


def test_a_layout_seen_as_the_others_are_lies_flat() -> None:
    flat = _four((440.0, 390.0), 0.45, 95.0)
    assert one_turned([ONE, flat, THIRD], {(0, 1)}, SURE) == set()


def test_the_one_must_be_sure_large_and_seen_as_the_third_die() -> None:
    lean = _four((440.0, 390.0), 0.36, 25.0)
    assert one_turned([ONE, lean, THIRD], {(0, 1)}, [0.9, 0.999, 0.998]) == set()
    small = _one((500.0, 300.0), 0.48, 90.0, minor_px=6.0)   # a pip too coarse to show it
    assert one_turned([small, lean, THIRD], {(0, 1)}, SURE) == set()
    turned_one = _one((500.0, 300.0), 0.48, 20.0)            # the one not seen as the four
    assert one_turned([turned_one, lean, THIRD], {(0, 1)}, SURE) == set()


def test_only_touching_pairs_are_judged() -> None:
    lean = _four((440.0, 390.0), 0.36, 25.0)
    assert one_turned([ONE, lean, THIRD], set(), SURE) == set()
