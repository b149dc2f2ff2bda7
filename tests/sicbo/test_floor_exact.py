"""The floor score's cheaper arithmetic gives the same values to the bit as the plain one
(``floor._bright_score``, ``shadowed_floor``, ``floor_coloured``: np.sqrt of an exact sum
of squares for np.hypot, the colour tests only where they can matter), and the lid
model keeps its template's median (``dome.LidModel.level``). Behaviour unchanged: these
pin the cost cuts to the code they replaced."""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.blob import DetectParams
from vision.sicbo.dome import LidModel, _changed, template_level
from vision.sicbo.floor import (
    _bright_score,
    _median_floor,
    _shrunk,
    floor_coloured,
    floor_mask,
    shadowed_floor,
)


def _scene(seed: int) -> np.ndarray:
    """An orange floor with a lit pale die, its shadow, a grey patch and noise."""
    rng = np.random.default_rng(seed)
    image = np.empty((240, 320, 3), np.uint8)
    image[:] = (30, 84, 152)
    image[60:120, 80:140] = (215, 225, 230)              # a die's top face
    image[120:160, 90:150] = (12, 34, 70)                # its shadow: the orange dimmed
    image[30:60, 200:260] = (60, 62, 64)                 # a grey side face
    image[150:200, 200:300] = (90, 40, 200)              # a red thing
    noise = rng.integers(-12, 13, image.shape)
    return np.clip(image.astype(np.int16) + noise, 0, 255).astype(np.uint8)


def _bright_score_plain(lab: np.ndarray, floor: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    d = lab.astype(np.float32) - floor.astype(np.float32)
    chroma = np.hypot(d[..., 1], d[..., 2])
    darker = np.maximum(-d[..., 0], 0.0)
    return np.maximum(d[..., 0], 0.0) + np.maximum(chroma - 0.6 * darker, 0.0), -d[..., 0]


def _shadowed_plain(image_bgr: np.ndarray, params: DetectParams) -> np.ndarray:
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)
    h, w = lab.shape[:2]
    small, _, k = _shrunk(lab)
    floor = _median_floor(small, k, (w, h), params).astype(np.float32)
    px = lab.astype(np.float32)
    fa, fb, pa, pb = floor[..., 1] - 128, floor[..., 2] - 128, px[..., 1] - 128, px[..., 2] - 128
    f_chroma, p_chroma = np.hypot(fa, fb), np.hypot(pa, pb)
    cos_hue = (fa * pa + fb * pb) / np.maximum(f_chroma * p_chroma, 1e-6)
    light = px[..., 0] / np.maximum(floor[..., 0], 1.0)
    return ((floor[..., 0] - px[..., 0] > params.dark_threshold) & (f_chroma >= 20.0)
            & (cos_hue >= np.cos(np.radians(20.0)))
            & (p_chroma >= 0.7 * light * f_chroma) & (p_chroma <= 1.2 * f_chroma))


def test_sqrt_of_whole_and_half_squares_is_hypot() -> None:
    # every difference of two uint8 values, and of one less a median (a half)
    for step in (1.0, 0.5):
        a = np.arange(-255, 255 + step, step, dtype=np.float32)
        x, y = np.meshgrid(a, a)
        assert np.array_equal(np.sqrt(x * x + y * y), np.hypot(x, y))


def test_bright_score_matches_plain() -> None:
    for seed in range(3):
        lab = cv2.cvtColor(_scene(seed), cv2.COLOR_BGR2LAB)
        small, _, k = _shrunk(lab)
        floor = _median_floor(small, k, lab.shape[1::-1], DetectParams())
        for got, want in zip(_bright_score(lab, floor), _bright_score_plain(lab, floor),
                             strict=True):
            assert got.dtype == want.dtype == np.float32
            assert got.tobytes() == want.tobytes()


def test_shadowed_floor_matches_plain() -> None:
    params = DetectParams()
    for seed in range(3):
        image = _scene(seed)
        got = shadowed_floor(image, params)
        assert got.any()                 # the shadow is there to find
        assert np.array_equal(got, _shadowed_plain(image, params))
    flat = np.full((100, 100, 3), (30, 84, 152), np.uint8)    # nothing darker: none
    assert not shadowed_floor(flat, params).any()


def test_floor_coloured_matches_plain() -> None:
    image = _scene(0)
    floor = floor_mask(image)
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    h, w = floor.shape
    middle = (slice(h // 4, h - h // 4), slice(w // 4, w - w // 4))
    ref = np.median(lab[middle][floor[middle]], axis=0)
    chroma = float(np.hypot(ref[1] - 128, ref[2] - 128))
    dist = np.hypot(lab[..., 1] - ref[1], lab[..., 2] - ref[2])
    coloured = ((dist <= max(6.0, 0.2 * chroma))
                & (lab[..., 0] >= 0.7 * ref[0]) & (lab[..., 0] <= 1.3 * ref[0]))
    _, labels = cv2.connectedComponents((coloured | floor).astype(np.uint8))
    want = coloured & np.isin(labels, np.unique(labels[floor]))
    assert want.any()
    assert np.array_equal(floor_coloured(image, floor), want)


def test_lid_model_keeps_its_template_median() -> None:
    rng = np.random.default_rng(1)
    template = rng.uniform(40, 200, (90, 160)).astype(np.float32)
    lid = LidModel(template)
    assert lid.level == float(np.median(template[::4, ::4])) == template_level(template)
    assert lid.blended(template * 1.1).level == template_level(
        ((1 - 0.2) * template + 0.2 * template * 1.1).astype(np.float32))
    small = template * 1.05
    small[20:40, 30:60] += 60
    assert np.array_equal(_changed(small, template, 24.0, template_median=lid.level),
                          _changed(small, template, 24.0))
