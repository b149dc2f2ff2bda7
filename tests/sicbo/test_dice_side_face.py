"""A die's side face found as a die beside its top face (``side_face.side_faces``) is no
die: it lies towards the nadir, nearer than another die's top face could, and darker.

The frame is the reader's dome crop of fresh seed 17304 (spent) clip 013 r4 at its
decision, frame 1462 (the project's own synthetic footage: 1280x960, camera 30 degrees
off vertical, dice 1-3-4 lying flat): the one's side face (a two) and the three's (a
five) were two more dice, the two read leaning against the one: five dice, voided
``dice_leaning`` (a false void)."""

from __future__ import annotations

import numpy as np

from vision.sicbo.pips import TopFace
from vision.sicbo.side_face import side_faces

from .saved import die_at, needs_model, read_saved


def _scene(offset: tuple[float, float], lum: float) -> tuple[np.ndarray, list[TopFace]]:
    """A dark floor with a 60 px face of grey 200 at (200, 200) and a second face of grey
    ``lum`` with its centre ``offset`` px from the first's."""
    image = np.full((400, 400, 3), 60, np.uint8)
    second = (200.0 + offset[0], 200.0 + offset[1])
    for (cx, cy), value in (((200.0, 200.0), 200.0), (second, lum)):
        x0, y0 = int(cx - 30), int(cy - 30)
        image[y0:y0 + 60, x0:x0 + 60] = int(value)
    faces = [TopFace(pips=(), center_xy=(200.0, 200.0), edge_px=60.0, side_pips=()),
             TopFace(pips=(), center_xy=second, edge_px=50.0, side_pips=())]
    return image, faces


def test_a_darker_face_just_below_a_top_face_is_its_side_face() -> None:
    assert side_faces(*_scene((-20.0, 38.0), 160.0)) == {1}    # 0.72 edge, 28 deg off down


def test_faces_apart_above_or_as_bright_are_dice() -> None:
    assert side_faces(*_scene((-20.0, -38.0), 160.0)) == set()  # above: away from the nadir
    assert side_faces(*_scene((-40.0, 25.0), 160.0)) == set()   # 58 deg off the nadir
    assert side_faces(*_scene((0.0, 60.0), 160.0)) == set()     # an edge away: a flat die
    assert side_faces(*_scene((-20.0, 38.0), 195.0)) == set()   # as bright: a top face


@needs_model
def test_side_faces_found_as_dice_are_dropped() -> None:
    reading = read_saved("s17304_013_f1462_side_faces.webp")
    # before: five dice, the one's side face (a two) read leaning
    assert sorted(d.face for d in reading.dice) == [1, 3, 4]
    for xy, face in (((755, 223), 1), ((597, 161), 3), ((742, 495), 4)):
        die = die_at(reading, xy)
        assert die.face == face and die.pose == "flat" and die.confidence >= 0.98
