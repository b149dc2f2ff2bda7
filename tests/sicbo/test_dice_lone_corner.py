"""A two read as a lone pip, its other pip washed grey by the lamp's glare: grown to the
two whose washed pip shows one diagonal away (``faintpip.lone_corner_completed``), when
the CNN does not take the die for a one and reads the grown face as a two
(``dice._washed_rows``).

Drawn top faces (a white die on a brown floor, ``washed`` pips drawn ``wash`` of the way
to the face's colour) test the geometry; the saved frame is the reader's dome crop of
fresh seed 13404 (spent) clip 012 r2 frame 806 (1024x576, green floor): a two, its lower
right pip washed to 53 Lab units (the found pip's 162) beside the glare, read as a one at
0.5 on every read (the CNN "not a die" 0.57): the round abstained low_confidence at
4899a39; truth 2-4-4.

A lone pip the CNN calls "not a die" is grown too, before it is dropped as clutter
(``dice._washed_corners``): fresh seed 17804 clip 010 r1 frame 288 (1920x1080, a purple
floor, truth 1-2-4), a two under the lamp, its lower pip washed grey, "not a die" at 0.86,
dropped; two dice read, the round abstained ``dice_count``."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.faintpip import lone_corner_completed

from .saved import die_at, needs_model, read_saved
from .test_dice_washed_rows import BLACK, BODY, top_face

EDGE = 80.0                  # the drawn face's edge (px); its pips 0.27 edge off centre
TWO = [(58, 58), (102, 102)]
ONE = [(80, 80)]
THREE = [(58, 58), (80, 80), (102, 102)]
FOUR = [(58, 58), (102, 102), (102, 58), (58, 102)]


def drawn_face(spots: list[tuple[int, int]], washed: tuple[int, ...] = (),
               wash: float = 0.0) -> np.ndarray:
    """A drawn top face of ``EDGE`` px (a white die on a brown floor), pips of radius 7
    (0.09 edge, as the renderer's), those in ``washed`` drawn ``wash`` of the way to the
    face's colour."""
    image = np.full((427, 427, 3), (70, 110, 150), np.uint8)
    cv2.rectangle(image, (40, 40), (120, 120), BODY, -1)
    for k, (x, y) in enumerate(spots):
        w = wash if k in washed else 0.0
        colour = tuple(float(p + w * (b - p)) for p, b in zip(BLACK, BODY, strict=True))
        cv2.circle(image, (x, y), 7, colour, -1, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    noise = np.random.default_rng(0).normal(0, 2, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("spots", "washed", "wash", "grown"), [
    (TWO, (1,), 0.6, 2),        # the other corner washed grey: it shows, a two
    (TWO, (0,), 0.6, 2),        # ... either corner
    (TWO, (1,), 1.0, None),     # the pip gone: no evidence, the lone pip stays unsure
    (THREE, (1, 2), 0.6, None),   # a three's centre shows too: not grown to a two
    (FOUR, (1, 2, 3), 0.6, None),   # a four's corners across show too: no two
])
def test_a_lone_corner_pip_grows_to_the_washed_two(spots, washed, wash, grown) -> None:
    image = drawn_face(spots, washed, wash)
    top = top_face(image)
    assert top is not None and top.count == 1
    out = lone_corner_completed(image, top, edge_px=EDGE)
    assert (out.count if out is not None else None) == grown
    if out is not None:
        assert set(top.pips) <= set(out.pips)
        assert out.center_xy == pytest.approx((80.0, 80.0), abs=2.0)


def test_a_ones_centre_pip_is_not_grown() -> None:
    """A one's pip lies at the face's centre: a two's diagonal away from it lies the
    die's outline, uneven (face and floor), so nothing there counts as a washed pip."""
    image = drawn_face(ONE)
    top = top_face(image)
    assert top is not None and top.count == 1
    assert lone_corner_completed(image, top, edge_px=EDGE) is None


@needs_model
def test_a_two_read_as_a_lone_pip_is_read_a_two() -> None:
    reading = read_saved("s13404_012_f806_two_corner_washed.png")
    two = die_at(reading, (330, 270), within=12.0)
    assert two.face == 2 and two.confidence >= 0.95, (two.face, two.confidence)  # was 1 at 0.5
    others = sorted((d.face, d.confidence >= 0.99) for d in reading.dice if d is not two)
    assert others == [(4, True), (4, True)]


@needs_model
def test_a_two_read_as_a_lone_pip_not_a_die_is_read_a_two() -> None:
    reading = read_saved("s17804_010_f288_two_washed_corner.webp")
    two = die_at(reading, (479, 261), within=12.0)
    assert two.face == 2 and two.confidence >= 0.95, (two.face, two.confidence)  # was dropped
    assert sorted(d.face for d in reading.dice) == [1, 2, 4]
    assert "unread" not in reading.flags
