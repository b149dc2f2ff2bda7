"""A die's side face found as a die beside its top face (``side_face.side_faces``) is no
die: it lies towards the nadir, nearer than another die's top face could, and darker.

The frame is the reader's dome crop of fresh seed 17304 (spent) clip 013 r4 at its
decision, frame 1462 (the project's own synthetic footage: 1280x960, camera 30 degrees
off vertical, dice 1-3-4 lying flat): the one's side face (a two) and the three's (a
five) were two more dice, the two read leaning against the one: five dice, voided
``dice_leaning`` (a false void)."""

from __future__ import annotations

import numpy as np

from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace
from vision.sicbo.side_face import side_faces

from .saved import die_at, needs_model, read_saved


def _pips(centre: tuple[float, float], round_: float) -> tuple[Pip, ...]:
    """A two's pips, each ``round_`` as wide as long, squashed along the image's down."""
    return tuple(Pip(center_xy=(centre[0] + d, centre[1] + d), area_px=100.0,
                     axes_px=(11.0, 11.0 / round_), angle_deg=90.0, inside=1.0,
                     redness=0.0, ring_lum=200.0) for d in (-12.0, 12.0))


def _scene(offset: tuple[float, float], lum: float, round_: float = 0.8
           ) -> tuple[np.ndarray, list[TopFace]]:
    """A dark floor with a 60 px face of grey 200 at (200, 200), its pips ``round_`` (0.8:
    seen 37 degrees off its normal), and a second face of grey ``lum`` with its centre
    ``offset`` px from the first's."""
    image = np.full((400, 400, 3), 60, np.uint8)
    second = (200.0 + offset[0], 200.0 + offset[1])
    for (cx, cy), value in (((200.0, 200.0), 200.0), (second, lum)):
        x0, y0 = int(cx - 30), int(cy - 30)
        image[y0:y0 + 60, x0:x0 + 60] = int(value)
    faces = [TopFace(pips=_pips((200.0, 200.0), round_), center_xy=(200.0, 200.0),
                     edge_px=60.0, side_pips=()),
             TopFace(pips=_pips(second, 0.8), center_xy=second, edge_px=50.0, side_pips=())]
    return image, faces


def test_a_darker_face_just_below_a_top_face_is_its_side_face() -> None:
    assert side_faces(*_scene((-20.0, 38.0), 160.0)) == {1}    # 0.72 edge, 28 deg off down


def test_faces_apart_above_or_as_bright_are_dice() -> None:
    assert side_faces(*_scene((-20.0, -38.0), 160.0)) == set()  # above: away from the nadir
    assert side_faces(*_scene((-40.0, 25.0), 160.0)) == set()   # 58 deg off the nadir
    assert side_faces(*_scene((0.0, 60.0), 160.0)) == set()     # an edge away: a flat die
    assert side_faces(*_scene((-20.0, 38.0), 195.0)) == set()   # as bright: a top face


def test_no_side_face_shows_below_a_face_seen_square_on() -> None:
    # pips 0.97 round: seen 14 degrees off the normal; a darker face below is a die's
    # (fresh seed 17504 clip 007 r4: a lean's support under a four seen 0.21 off)
    assert side_faces(*_scene((-20.0, 38.0), 160.0, round_=0.97)) == set()


@needs_model
def test_side_faces_found_as_dice_are_dropped() -> None:
    reading = read_saved("s17304_013_f1462_side_faces.webp")
    # before: five dice, the one's side face (a two) read leaning
    assert sorted(d.face for d in reading.dice) == [1, 3, 4]
    for xy, face in (((755, 223), 1), ((597, 161), 3), ((742, 495), 4)):
        die = die_at(reading, xy)
        assert die.face == face and die.pose == "flat" and die.confidence >= 0.98


@needs_model
def test_a_lean_s_support_below_a_face_seen_square_on_stays_a_die() -> None:
    # spent seed 17504 clip 007 r4 frame 714 (1280x960, camera 0.5 degrees; a four tipped
    # 38 degrees over a five): the five's face below the four is no side face of it; taken
    # for one (before min_view) two dice were seen and the round voided dice_stacked
    reading = read_saved("s17504_007_f714_lean_support_below.webp")
    assert len(reading.dice) == 3
    assert any(d.pose == "leaning" for d in reading.dice)
    assert die_at(reading, (365, 586)).pose == "leaning"
