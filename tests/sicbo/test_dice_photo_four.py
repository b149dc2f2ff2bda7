"""read_photo of fours whose pips are streaked (the dice still moving): the face CNN
reads each streaked pip as two of a six's column, but a six's middle pips lie at the
midpoints of its corner square's sides, and there the face is blank (``photo_four``).
A six whose middle pips show stays a six."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sicbo.middles import middle_darkness, no_middle_pip
from vision.sicbo.photo import PHOTO, read_photo
from vision.sicbo.realeval import load_labels, score_image

ROOT = Path(__file__).resolve().parents[2] / ".." / "shared" / "real-dice-dev"
FACE_L = 220        # a white face
PIP_L = 40          # its black pips
SIDE = 20.0         # the corner square's side (px)


def _face(six: bool, streak: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A grey image of a die's top face (corner square of ``SIDE``, pips of radius 4),
    each pip dragged ``streak`` px up and down (motion blur along a side), and the four
    corner pips' centres."""
    img = np.full((80, 80), FACE_L, np.uint8)
    corners = np.array([[30, 30], [50, 30], [50, 50], [30, 50]], float)
    pips = list(corners) + ([np.array([30, 40.0]), np.array([50, 40.0])] if six else [])
    for x, y in pips:
        cv2.circle(img, (int(x), int(y)), 4, PIP_L, -1)
    if streak:
        kernel = np.full((2 * streak + 1, 1), 1.0 / (2 * streak + 1), np.float32)
        img = cv2.filter2D(img, -1, kernel)
    return img.astype(np.float32), corners


@pytest.mark.parametrize("streak", [0, 2, 4])   # a pip of radius 4 reaches 8 of 10 px
def test_four_has_no_middle_pips(streak) -> None:
    lum, corners = _face(six=False, streak=streak)
    assert all(no_middle_pip(side) for side in middle_darkness(lum, corners))


@pytest.mark.parametrize("streak", [0, 3, 6, 10])
def test_six_shows_its_middle_pips(streak) -> None:
    lum, corners = _face(six=True, streak=streak)
    assert not all(no_middle_pip(side) for side in middle_darkness(lum, corners))


def test_streaked_fours_in_a_photo_are_read_as_fours() -> None:
    # train_four_50 (tuning data): five fours, two streaked along a side that the CNN
    # read as sixes (pips 4 and 1); they read fours now
    name = "images/train_four_50.jpg"
    if not (ROOT / "dice.csv").is_file():
        pytest.skip(f"real dice set not found at {ROOT.resolve()}")
    labs = load_labels(ROOT)[name]
    reading = read_photo(cv2.imread(str(ROOT / name), cv2.IMREAD_COLOR), params=PHOTO)
    right, whole, _ = score_image(reading, labs)
    assert whole, f"{name}: {right} of {len(labs)} dice right: {reading.faces}"
