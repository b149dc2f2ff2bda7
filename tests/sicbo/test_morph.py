"""ellipse_morph equals cv2.morphologyEx with the elliptic kernel to the bit."""

import cv2
import numpy as np
import pytest

from vision.sicbo.morph import DIRECT_K, ellipse_morph

OPS = [cv2.MORPH_ERODE, cv2.MORPH_DILATE, cv2.MORPH_OPEN, cv2.MORPH_CLOSE,
       cv2.MORPH_TOPHAT, cv2.MORPH_BLACKHAT]

CASES = [
    # (height, width, k, binary)
    (60, 70, 43, False),      # disk a little wider than the image's half: borders matter
    (40, 30, 61, False),      # disk wider than the whole image
    (1, 90, 45, False),       # a single row
    (90, 1, 45, False),       # a single column
    (150, 120, 121, False),   # a pip finder's crop of a blob joined to the rim
    (130, 140, 51, True),     # a 0/255 blob mask opened (_peel, rescue._cut)
    (50, 50, 9, False),       # narrower than DIRECT_K: OpenCV's own loop
]


@pytest.mark.parametrize(("h", "w", "k", "binary"), CASES)
@pytest.mark.parametrize("op", OPS)
def test_equals_opencv(h: int, w: int, k: int, binary: bool, op: int) -> None:
    rng = np.random.default_rng(h * 1000 + w + k)
    img = cv2.GaussianBlur(rng.integers(0, 256, (h, w), dtype=np.uint8), (0, 0), 2.0)
    if binary:
        img = np.where(img > np.median(img), 255, 0).astype(np.uint8)
    want = cv2.morphologyEx(img, op, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    got = ellipse_morph(img, op, k)
    assert got.dtype == np.uint8 and got.shape == img.shape
    assert np.array_equal(got, want)


def test_many_random_sizes() -> None:
    # every fourth odd disk from DIRECT_K to 131 on random crop shapes, black-hat and open
    rng = np.random.default_rng(7)
    for k in range(DIRECT_K | 1, 132, 4):
        h, w = (int(v) for v in rng.integers(1, 160, 2))
        img = cv2.GaussianBlur(rng.integers(0, 256, (h, w), dtype=np.uint8), (0, 0), 1.5)
        el = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        for op in (cv2.MORPH_BLACKHAT, cv2.MORPH_OPEN):
            assert np.array_equal(ellipse_morph(img, op, k), cv2.morphologyEx(img, op, el)), \
                (h, w, k, op)


@pytest.mark.parametrize(("img", "op", "k"), [
    (np.zeros((9, 9), np.float32), cv2.MORPH_OPEN, 45),   # not uint8
    (np.zeros((9, 9, 3), np.uint8), cv2.MORPH_OPEN, 45),  # not 2-D
    (np.zeros((9, 9), np.uint8), cv2.MORPH_OPEN, 44),     # even disk
    (np.zeros((9, 9), np.uint8), cv2.MORPH_GRADIENT, 45),  # an op not offered
])
def test_refuses_bad_input(img: np.ndarray, op: int, k: int) -> None:
    with pytest.raises(ValueError):
        ellipse_morph(img, op, k)
