"""Two pips at adjacent corners (no two's layout) grown to the face whose other pips
glare washed out (``faintpip.corner_pair_completed``), through a drawn top face: a
white die on a brown floor, the pips listed in ``washed`` drawn ``wash`` of the way to
the face's colour."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.detect import find_die_blobs
from vision.sicbo.faintpip import corner_pair_completed
from vision.sicbo.pips import find_pips, select_top_face

BODY = (235, 240, 242)
BLACK = (30, 30, 30)
SPOTS = {2: [(64, 64), (96, 96)],
         4: [(64, 64), (96, 64), (64, 96), (96, 96)],
         5: [(64, 64), (96, 64), (64, 96), (96, 96), (80, 80)],
         6: [(64, 62), (96, 62), (64, 80), (96, 80), (64, 98), (96, 98)]}


def _face_image(face: int, washed: tuple[int, ...], wash: float) -> np.ndarray:
    image = np.full((320, 320, 3), (70, 110, 150), np.uint8)
    cv2.rectangle(image, (50, 50), (110, 110), BODY, -1)
    for k, (x, y) in enumerate(SPOTS[face]):
        w = wash if k in washed else 0.0
        colour = tuple(float(p + w * (b - p)) for p, b in zip(BLACK, BODY, strict=True))
        cv2.circle(image, (x, y), 6, colour, -1, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    noise = np.random.default_rng(0).normal(0, 2, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("face", "washed", "wash", "counted", "grown"), [
    # face drawn, its washed pips and how far; pips counted, and the count the top face
    # is grown to (None: not grown)
    (4, (1, 3), 0.7, 2, 4),        # a four's right column washed under the finder's floor
    (4, (2, 3), 0.7, 2, 4),        # ... its lower row
    (5, (1, 3, 4), 0.7, 2, 5),     # a five's right column and centre
    (4, (1, 3), 1.0, 2, None),     # the pips gone: no evidence, two adjacent pips stay unsure
    (2, (), 0.0, 2, None),         # a clean two (opposite corners): nothing to grow
])
def test_adjacent_pair_grows_to_the_washed_face(face, washed, wash, counted, grown) -> None:
    image = _face_image(face, washed, wash)
    blob = find_die_blobs(image)[0]
    top = select_top_face(find_pips(image, blob), blob)
    assert top is not None and top.count == counted
    out = corner_pair_completed(image, top)
    assert (out.count if out is not None else None) == grown
    if out is not None:           # the found pips kept, the face centred on all of them
        assert set(top.pips) <= set(out.pips)
        assert out.center_xy == pytest.approx((80.0, 80.0), abs=1.5)


@pytest.mark.parametrize(("washed", "wash", "face", "sure"), [
    # the four's washed pips and how far; the face read_dice (the dome: three dice in
    # play) gives and whether surely enough for an outcome (a four's floor is 0.95)
    ((1, 3), 0.7, 4, True),        # before: two pips and the CNN's four, 0.31 sure
    ((2, 3), 0.7, 4, True),
    ((1, 3), 1.0, 2, False),       # the pips gone: two adjacent pips, capped (abstains)
])
def test_washed_four_is_read(washed, wash, face, sure) -> None:
    from vision.sicbo import read_dice
    from vision.sicbo.face import load_classifier

    if load_classifier() is None:
        pytest.skip("face model not built")
    (die,) = read_dice(_face_image(4, washed, wash)).dice
    assert die.face == face
    assert (die.confidence >= 0.95) == sure
