"""Die blob finder (``vision.sicbo.detect``): touching dice are cut apart, an
under-exposed image is brightened before the Lab thresholds."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sicbo import DiceParams, read_dice
from vision.sicbo.detect import DetectParams, find_die_blobs, find_die_blobs_each
from vision.sicbo.layout import LAYOUTS
from vision.sicbo.pips import PipParams
from vision.sicbo.render import DieStyle, render_scene


def _face(image: np.ndarray, x: int, y: int, face: int, edge: int = 50) -> None:
    """A die seen from straight above: a white square with black pips."""
    cv2.rectangle(image, (x, y), (x + edge, y + edge), (235, 240, 242), -1)
    for sx, sy in LAYOUTS[face]:
        centre = (int(x + edge / 2 + sx * 0.27 * edge), int(y + edge / 2 + sy * 0.27 * edge))
        cv2.circle(image, centre, int(0.1 * edge), (30, 30, 30), -1, cv2.LINE_AA)


def _two_touching(offset_px: int) -> np.ndarray:
    """Four dice; the 3 and the 4 touch along a face, shifted by ``offset_px``."""
    image = np.full((480, 640, 3), (60, 100, 140), np.uint8)
    _face(image, 80, 80, 2)
    _face(image, 450, 100, 5)
    _face(image, 250, 300, 3)
    _face(image, 300, 300 + offset_px, 4)
    return cv2.GaussianBlur(image, (0, 0), 1.0)


@pytest.mark.parametrize("offset_px", [
    10,    # nearly aligned: one fairly convex blob (solidity ~0.93), twice a die's area
    20,    # a step between them: the first distance-transform split still sees one peak
])
def test_touching_dice_are_split(offset_px) -> None:
    image = _two_touching(offset_px)
    assert len(find_die_blobs(image)) == 4
    assert len(find_die_blobs(image, DetectParams(oversize=100.0))) == 3   # without the cut
    assert sorted(read_dice(image).faces) == [2, 3, 4, 5]


def test_lone_big_die_is_not_cut() -> None:
    # a die twice the size of the others but convex (nearer the camera) stays whole
    image = np.full((480, 640, 3), (60, 100, 140), np.uint8)
    _face(image, 80, 80, 2)
    _face(image, 450, 100, 5)
    _face(image, 250, 280, 6, edge=72)
    image = cv2.GaussianBlur(image, (0, 0), 1.0)
    assert len(find_die_blobs(image)) == 3
    assert sorted(read_dice(image).faces) == [2, 5, 6]


@pytest.mark.parametrize(("faces", "seed"), [
    ([1, 2, 3], 31),     # an under-exposed camera: every contrast at ~half, then ~0.3
    ([4, 5, 6], 32),
])
def test_under_exposed_dice_are_read(faces, seed) -> None:
    rng = np.random.default_rng(seed)
    image, _ = render_scene(faces, rng, edge_px=46, tilt_deg=15, style=DieStyle())
    for gain in (0.5, 0.3):
        dark = np.clip(image.astype(np.float32) * gain, 0, 255).astype(np.uint8)
        assert sorted(read_dice(dark).faces) == sorted(faces), gain
    # At 0.3 the exposure step carries it: without it no die is found. (At 0.5 the pip map
    # chosen by its spots, pipblobs._spot, now reads the dice even without it.)
    off = DiceParams(detect=DetectParams(white_lum=1.0), pips=PipParams(white_lum=1.0))
    assert sorted(f for f in read_dice(dark, params=off).faces if f) != sorted(faces)



def _near_die(edge: int) -> np.ndarray:
    """832 x 624, a pale floor and a white die showing three, ``edge`` px, from above."""
    rng = np.random.default_rng(7)
    image = np.clip(np.full((624, 832, 3), (150, 180, 200), np.float32)
                    + rng.normal(0, 3, (624, 832, 3)), 0, 255).astype(np.uint8)
    cv2.rectangle(image, (340, 240), (340 + edge, 240 + edge), (225, 235, 238), -1)
    for f in (0.25, 0.5, 0.75):
        cv2.circle(image, (int(340 + f * edge), int(240 + f * edge)), int(0.09 * edge),
                   (30, 30, 30), -1)
    return cv2.GaussianBlur(image, (0, 0), 1.0)


@pytest.mark.parametrize(("edge", "wide_floor", "blobs"), [
    # a white die seen near the camera on a pale floor (the floor filter is 155 px wide
    # at 832 x 624); blobs: how many the finder returns
    (110, 0.0, 1),     # the usual floor filter sees floor round a die this size
    (150, 0.0, 2),     # ... not round this one: its centre is "floor", the centre pip a
                       # second "die" (much darker than that floor)
    (150, 2.0, 1),     # a floor 2x the largest die wide as well: the die alone
])
def test_near_die_and_the_floor_filter(edge, wide_floor, blobs) -> None:
    found = find_die_blobs(_near_die(edge), DetectParams(wide_floor=wide_floor))
    assert len(found) == blobs
    assert found[0].box_xyxy == pytest.approx((340, 240, 341 + edge, 241 + edge), abs=2)


@pytest.mark.parametrize(("wide_floor", "sure"), [
    # the near die above (150 px) read as a photo: a three either way, ...
    (DiceParams().photo_wide_floor, True),   # ... surely with the photo's wide floor
    (0.0, False),                            # ... unsurely without it (a pip-blob torn)
])
def test_photo_reads_a_near_die(wide_floor, sure) -> None:
    reading = read_dice(_near_die(150), params=DiceParams(max_dice=None,
                                                          photo_wide_floor=wide_floor))
    assert [d.face for d in reading.dice] == [3]
    assert (reading.dice[0].confidence >= 0.9) == sure


@pytest.mark.parametrize("looks", [
    # looks sharing one floor (the rescue's): the floor estimated once, reused
    [DetectParams(), DetectParams(keep_dark=False),
     DetectParams(score_threshold=10.0, noise_factor=3.0)],
    # looks with different floors (border mirrored, wide): each its own floor
    [DetectParams(), DetectParams(mirror_border=True), DetectParams(wide_floor=2.0),
     DetectParams(wide_floor=2.0, keep_dark=False)],
])
def test_each_look_finds_what_it_finds_alone(looks) -> None:
    image = _two_touching(10)
    image[200:260, 500:600] = (20, 20, 20)     # a dark object: keep_dark decides about it
    for scene in (image, _near_die(150)):
        alone = [find_die_blobs(scene, look) for look in looks]
        each = find_die_blobs_each(scene, looks)
        assert [[(b.box_xyxy, b.area_px) for b in found] for found in each] == \
            [[(b.box_xyxy, b.area_px) for b in found] for found in alone]
