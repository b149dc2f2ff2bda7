"""A washed-out pip looked for where the CNN's face puts it (``faintpip``), through a
drawn top face: a white die on a brown floor, its last pip drawn ``wash`` of the way to
the face's colour (glare or a pale light), found by the pip finder or not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo.detect import find_die_blobs
from vision.sicbo.faintpip import faint_completed
from vision.sicbo.pips import find_pips, select_top_face

BODY = (235, 240, 242)
BLACK, RED = (30, 30, 30), (40, 40, 200)
SPOTS = {3: [(64, 64), (80, 80), (96, 96)],
         4: [(64, 64), (96, 64), (64, 96), (96, 96)],
         5: [(64, 64), (96, 64), (64, 96), (96, 96), (80, 80)],
         6: [(64, 62), (96, 62), (64, 80), (96, 80), (64, 98), (96, 98)]}


def _face_image(face: int, wash: float, pip_bgr: tuple[int, int, int]) -> np.ndarray:
    image = np.full((320, 320, 3), (70, 110, 150), np.uint8)
    cv2.rectangle(image, (50, 50), (110, 110), BODY, -1)
    for k, (x, y) in enumerate(SPOTS[face]):
        w = wash if k == len(SPOTS[face]) - 1 else 0.0
        colour = tuple(float(p + w * (b - p)) for p, b in zip(pip_bgr, BODY, strict=True))
        cv2.circle(image, (x, y), 6, colour, -1, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    noise = np.random.default_rng(0).normal(0, 2, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("face", "wash", "pip_bgr", "cnn_face", "counted", "grown"), [
    # face drawn, its last pip's wash, pip colour, the CNN's face; pips counted, and
    # the count faint_completed grows the top face to (None: not grown)
    (4, 0.6, BLACK, 4, 3, 4),      # a four's pip washed under the finder's floor: found
    (4, 0.7, BLACK, 4, 3, 4),
    (4, 0.7, RED, 4, 3, 4),        # a red four (Chinese): its pip still redder than the face
    (5, 0.7, BLACK, 5, 4, 5),      # a five's centre pip
    (6, 0.7, BLACK, 6, 5, 6),
    (4, 0.9, BLACK, 4, 3, None),   # next to nothing left: no evidence, not grown
    (4, 1.0, BLACK, 4, 3, None),   # the pip gone (a three-pip L stays unsure)
    (4, 1.0, BLACK, 5, 3, None),   # the CNN reads a five: no pips at the five's places
    (3, 0.0, BLACK, 5, 3, None),   # a clean three the CNN reads as a five: the corners blank
    (4, 0.0, BLACK, 4, 4, None),   # every pip found: nothing to grow
])
def test_faint_pip_completes_the_cnn_face(face, wash, pip_bgr, cnn_face, counted,
                                          grown) -> None:
    image = _face_image(face, wash, pip_bgr)
    blob = find_die_blobs(image)[0]
    top = select_top_face(find_pips(image, blob), blob)
    assert top is not None and top.count == counted
    out = faint_completed(image, top, cnn_face)
    assert (out.count if out is not None else None) == grown
    if out is not None:           # the found pips kept, the face centred on all of them
        assert set(top.pips) <= set(out.pips)
        assert out.center_xy == pytest.approx((80.0, 80.0), abs=1.5)
