"""read_photo finds where the camera's nadir lies from the dice themselves: a camera
turned upside down (or rolled) sees the side faces above the top faces, and the pip
ranking's push against pips on the nadir side must push the other way.

The real-photo cases read ``train_*`` photos (tuning data) of ``../shared/real-dice-dev``
turned 180 degrees; skipped when that folder is absent."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sicbo.dice import DiceReading, DieRead
from vision.sicbo.photo import DOWN_XY, PHOTO, nadir_direction, read_photo
from vision.sicbo.realeval import load_labels, score_image, transform

ROOT = Path(__file__).resolve().parents[2] / ".." / "shared" / "real-dice-dev"


def _die(box_centre: tuple[float, float], top_centre: tuple[float, float]) -> DieRead:
    (bx, by), edge = box_centre, 40.0
    return DieRead(box_xyxy=(bx - 25, by - 25, bx + 25, by + 25), center_xy=top_centre,
                   face=3, confidence=0.9, pose="flat", top_quad=((0, 0),) * 4,
                   edge_px=edge, pip_face=3, cnn_face=3)


def _reading(*dice: DieRead) -> DiceReading:
    return DiceReading(dice=dice)


@pytest.mark.parametrize(("dice", "want"), [
    # side faces below the top faces (the photos as taken): down
    ([_die((100, 110), (100, 100)), _die((300, 212), (300, 200))], (0.0, 1.0)),
    # the camera upside down: side faces above the top faces
    ([_die((100, 90), (100, 100)), _die((300, 188), (300, 200))], (0.0, -1.0)),
    # rolled a quarter turn: side faces to the left
    ([_die((90, 100), (100, 100))], (-1.0, 0.0)),
    # a vertical view: side faces hardly show (0.025 edge): the upright default
    ([_die((100, 99), (100, 100))], DOWN_XY),
    # upside down, one of three dice read on a side face (its offset flipped): the
    # median still says up (train_dice_42 turned 180: a one read as a two)
    ([_die((100, 90), (100, 100)), _die((200, 112), (200, 100)),
      _die((300, 91), (300, 100))], (0.0, -1.0)),
    # no die: the upright default
    ([], DOWN_XY),
])
def test_nadir_direction_from_where_side_faces_lie(dice, want) -> None:
    got = nadir_direction(_reading(*dice))
    assert np.allclose(got, want, atol=1e-6)


@pytest.mark.parametrize("name", [
    # train_* photos read right as taken, and at b2ba6d5 (the nadir assumed
    # down) wrong turned 180 degrees: a side face's rounder pips taken for the top face
    "images/train_five_13.jpg",
    "images/train_three_42.jpg",
    "images/train_two_24.jpg",
    "images/train_two_40.jpg",
    "images/train_dice_42.jpg",   # five ones: two read on a side face at the first read
])
def test_photo_upside_down_reads_as_taken(name) -> None:
    if not (ROOT / "dice.csv").is_file():
        pytest.skip(f"real dice set not found at {ROOT.resolve()}")
    labels = load_labels(ROOT)[name]
    image = cv2.imread(str(ROOT / name), cv2.IMREAD_COLOR)
    for how in ("none", "rot180"):
        turned, labs = transform(image, labels, how)
        right, whole, _ = score_image(read_photo(turned, params=PHOTO), labs)
        assert whole, f"{name} {how}: {right} of {len(labs)} dice right"



def test_nadir_costs_no_second_face_read(monkeypatch) -> None:
    # the nadir comes from the blobs and their top faces alone (``photo._level_nadir``):
    # a photo at the working size with dice of the usual size is read by ``read_dice``
    # once, not twice (once without the push to find the nadir, once with it); turned
    # upside down, that one read pushes the opposite way (the render's side faces lie to
    # the right of the tops, turned to the left)
    from vision.sicbo import photo
    from vision.sicbo.render import DieStyle, render_scene
    calls: list[tuple[float, float]] = []
    real = photo.read_dice

    def counted(image_bgr, *, params):  # noqa: ANN001, ANN202
        calls.append(params.pips.nadir_xy)
        return real(image_bgr, params=params)

    monkeypatch.setattr(photo, "read_dice", counted)
    faces = [6, 5, 4, 3, 2]
    image, _ = render_scene(faces, np.random.default_rng(22), edge_px=44, tilt_deg=20,
                            style=DieStyle(chinese=True))
    nadirs = []
    for turned in (image, np.ascontiguousarray(image[::-1, ::-1])):
        calls.clear()
        reading = read_photo(turned, params=PHOTO)
        assert len(calls) == 1, f"read_dice ran {len(calls)} times"
        assert sorted(d.face for d in reading.dice) == sorted(faces)
        nadirs.append(calls[0])
    assert np.dot(*nadirs) < -0.8 and nadirs[0] != DOWN_XY, f"nadirs {nadirs}"
