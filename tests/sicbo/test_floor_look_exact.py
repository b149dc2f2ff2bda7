"""The blob finder and the touch test share one look at the floor (``floor.FloorLook``:
the Lab image, the floor's median filters, the score and its threshold, made once per
picture) and the touch test's colour tests look each value up (``floor_coloured``).
Behaviour unchanged: these pin the cost cut to the code it replaced, on rendered dice
scenes (a lean on a pale floor, flat dice on an orange one), as the camera sees them
and under-exposed (``expose`` brightens the picture: the touch test's colour tests
then take the raw picture's own colours)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.sicbo.blob import DetectParams
from vision.sicbo.detect import find_die_blobs, find_die_blobs_each
from vision.sicbo.floor import (
    LIT_REL,
    floor_coloured,
    floor_look,
    floor_mask,
    pip_spots,
    shadowed_floor,
)
from vision.sicbo.reading import DiceParams
from vision.sicbo.touch import TouchParams, bare_floor
from vision.synth.dice3d import DiceStyle, flat_pose, lean_against_die
from vision.synth.sicbo_render import DiceFrameRenderer

from .scenes import EDGE_M, SPOTS, camera_frame, dome_scene

# the blob finder's look in the dome (read_dice's)
DOME = replace(DiceParams().detect, lit_rel=LIT_REL, split_long=True)
EDGE = 40.0


def _lean(floor_bgr: tuple[float, float, float]) -> np.ndarray:
    """A 3 leaning 40 degrees on a 6, a 2 apart, on ``floor_bgr``."""
    support = flat_pose(6, (-0.03, -0.02), 1.8, edge_m=EDGE_M)
    dice = (support, lean_against_die(3, support, 3, np.radians(40.0), slide=0.0),
            flat_pose(2, SPOTS[2], 1.1, edge_m=EDGE_M))
    clean = DiceFrameRenderer(dome_scene(tilt_deg=25.0, floor_bgr=floor_bgr),
                              DiceStyle(pip_style="western")).render(dice)
    return camera_frame(clean, np.random.default_rng(5))


def _flat(floor_bgr: tuple[float, float, float]) -> np.ndarray:
    """A 4 and a 6 flat 1.8 edges apart, a 2 apart, on ``floor_bgr``."""
    d = np.array((0.9 * EDGE_M, 0.0))
    dice = (flat_pose(4, tuple(np.array((-0.02, -0.01)) - d), 0.3, edge_m=EDGE_M),
            flat_pose(6, tuple(np.array((-0.02, -0.01)) + d), 1.1, edge_m=EDGE_M),
            flat_pose(2, SPOTS[2], 1.1, edge_m=EDGE_M))
    clean = DiceFrameRenderer(dome_scene(tilt_deg=10.0, floor_bgr=floor_bgr),
                              DiceStyle(pip_style="western")).render(dice)
    return camera_frame(clean, np.random.default_rng(7))


def _dim(image: np.ndarray) -> np.ndarray:
    return (image * 0.45).astype(np.uint8)


SCENES = {
    "lean_pale": lambda: _lean((200.0, 205.0, 215.0)),
    "flat_orange": lambda: _flat((30.0, 84.0, 152.0)),
    "lean_orange_dim": lambda: _dim(_lean((30.0, 84.0, 152.0))),
    "flat_pale_dim": lambda: _dim(_flat((200.0, 205.0, 215.0))),
}


def _pip_spots_plain(image_bgr: np.ndarray, floor: np.ndarray, edge_px: float,
                     dark: float) -> np.ndarray:
    """``pip_spots`` as it was: the whole picture's L in float32."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats((~floor).astype(np.uint8))
    light = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    out = np.zeros(floor.shape, bool)
    lo, hi = 0.004 * edge_px ** 2, 0.06 * edge_px ** 2
    area = stats[:, cv2.CC_STAT_AREA]
    for i in np.flatnonzero((area >= lo) & (area <= hi)):
        if i == 0:
            continue
        x, y, w, h = stats[i, :4]
        x0, y0 = max(0, x - 3), max(0, y - 3)
        x1, y1 = min(floor.shape[1], x + w + 3), min(floor.shape[0], y + h + 3)
        part = labels[y0:y1, x0:x1] == i
        rim = cv2.dilate(part.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~part
        box = light[y0:y1, x0:x1]
        if box[rim].mean() - box[part].mean() >= dark:
            out[y0:y1, x0:x1] |= part
    return out


def _floor_coloured_plain(image_bgr: np.ndarray, floor: np.ndarray) -> np.ndarray:
    """``floor_coloured`` as it was: every test over the whole picture in float32."""
    h, w = floor.shape
    middle = (slice(h // 4, h - h // 4), slice(w // 4, w - w // 4))
    if not floor[middle].any():
        return np.zeros(floor.shape, bool)
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    ref = np.median(lab[middle][floor[middle]], axis=0)
    chroma = float(np.hypot(ref[1] - 128, ref[2] - 128))
    if chroma < 20.0:
        return np.zeros(floor.shape, bool)
    dist = np.hypot(lab[..., 1] - ref[1], lab[..., 2] - ref[2])
    coloured = ((dist <= max(6.0, 0.2 * chroma))
                & (lab[..., 0] >= 0.7 * ref[0]) & (lab[..., 0] <= 1.3 * ref[0]))
    _, labels = cv2.connectedComponents((coloured | floor).astype(np.uint8))
    return coloured & np.isin(labels, np.unique(labels[floor]))


def _bare_floor_plain(image_bgr: np.ndarray, edge_px: float, params: TouchParams,
                      detect: DetectParams) -> np.ndarray:
    """``touch.bare_floor`` as it was: its own floor mask, Lab image and median floor."""
    floor = floor_mask(image_bgr, detect)
    floor = floor | shadowed_floor(image_bgr, detect) | _floor_coloured_plain(image_bgr, floor)
    spots = _pip_spots_plain(image_bgr, floor, edge_px, detect.dark_threshold)
    if not spots.any():
        return floor
    k = int(2 * params.pip_reach_rel * edge_px) | 1
    disk = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    return floor & (cv2.dilate(spots.astype(np.uint8), disk) == 0)


def _blobs(blobs: list) -> list:
    return [(b.box_xyxy, b.mask.tobytes(), b.area_px, b.solidity) for b in blobs]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_shared_look_gives_the_same_floor_and_blobs(name: str) -> None:
    image = SCENES[name]()
    look = floor_look(image, DOME)
    assert look.exposed == name.endswith("_dim")
    assert np.array_equal(look.floor, floor_mask(image, DOME))
    assert _blobs(find_die_blobs(image, DOME, look=look)) == _blobs(find_die_blobs(image, DOME))
    want = _bare_floor_plain(image, EDGE, TouchParams(), DOME)
    assert want.any() and not want.all()
    assert np.array_equal(bare_floor(image, EDGE, TouchParams(), DOME, look), want)
    assert np.array_equal(bare_floor(image, EDGE, TouchParams(), DOME), want)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_colour_lookups_match_plain(name: str) -> None:
    image = SCENES[name]()
    floor = floor_mask(image, DOME)
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    want = _floor_coloured_plain(image, floor)
    assert want.any() == ("orange" in name)     # a pale floor has no colour to test
    assert np.array_equal(floor_coloured(image, floor, lab=lab), want)
    assert np.array_equal(pip_spots(image, floor, EDGE, dark=45.0, lab=lab),
                          _pip_spots_plain(image, floor, EDGE, 45.0))


def test_looks_sharing_floors_find_what_each_finds_alone() -> None:
    image = SCENES["lean_orange_dim"]()
    looks = [DOME, replace(DOME, noise_factor=3.0), replace(DOME, mirror_border=True,
                                                            keep_dark=False), DOME]
    each = find_die_blobs_each(image, looks)
    assert [_blobs(b) for b in each] == [_blobs(find_die_blobs(image, p)) for p in looks]


def test_a_look_made_for_other_params_is_refused() -> None:
    image = SCENES["flat_orange"]()
    look = floor_look(image, DetectParams())
    with pytest.raises(ValueError, match="floor look"):
        find_die_blobs(image, DOME, look=look)
    with pytest.raises(ValueError, match="floor look"):
        bare_floor(image, EDGE, TouchParams(), DOME, look)
    with pytest.raises(ValueError):     # its arrays are read-only
        look.lab[0, 0, 0] = 1

