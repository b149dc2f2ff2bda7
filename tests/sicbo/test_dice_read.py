"""read_dice through the forward model: render dice with known top faces, read them back."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo import DiceParams, DiceReading, DieRead, read_dice
from vision.sicbo.render import DieStyle, render_scene

WESTERN = DieStyle()
CHINESE = DieStyle(chinese=True)
RED_DIE = DieStyle(body_bgr=(40, 40, 190), pip_bgr=(245, 245, 245))

CASES = [
    # (faces, style, tilt_deg, edge_px, seed)
    ([1, 2, 3], WESTERN, 0, 48, 1),        # camera straight down
    ([4, 5, 6], WESTERN, 0, 48, 2),
    ([1, 2, 3], CHINESE, 15, 44, 3),       # red 1 (large) and red 4
    ([4, 5, 6], CHINESE, 15, 44, 4),
    ([6, 6, 6], WESTERN, 30, 40, 5),       # a triple, camera at the 30 degree limit
    ([2, 3, 5], WESTERN, 25, 32, 6),       # dice near the smallest size (edge ~30 px)
    ([1, 4, 6], CHINESE, 30, 56, 7),
    ([3, 5, 2], RED_DIE, 10, 50, 8),       # a coloured die with light pips
]


def _match(reading: DiceReading, centre: tuple[float, float], edge: float) -> DieRead | None:
    near = [d for d in reading.dice
            if np.hypot(d.center_xy[0] - centre[0], d.center_xy[1] - centre[1]) < 0.4 * edge]
    return near[0] if len(near) == 1 else None


@pytest.mark.parametrize(("use_classifier"), [True, False], ids=["fused", "pips"])
@pytest.mark.parametrize(("faces", "style", "tilt", "edge", "seed"), CASES)
def test_reads_rendered_faces(faces, style, tilt, edge, seed, use_classifier) -> None:
    rng = np.random.default_rng(seed)
    image, centres = render_scene(faces, rng, edge_px=edge, tilt_deg=tilt, style=style)
    reading = read_dice(image, params=DiceParams(use_classifier=use_classifier))
    assert len(reading.dice) == len(faces)
    for face, centre in zip(faces, centres, strict=True):
        die = _match(reading, centre, edge)
        assert die is not None, f"no die read at {centre}"
        assert die.face == face
        assert die.pose == "flat"
        assert 0.5 <= die.confidence <= 1.0


def test_empty_floor_reads_no_dice() -> None:
    # a textured floor with no dice must not produce phantom dice
    rng = np.random.default_rng(11)
    image, _ = render_scene([], rng)
    assert read_dice(image) == DiceReading(dice=(), flags=())


@pytest.mark.parametrize(("image", "message"), [
    (np.zeros((10, 10), np.uint8), "HxWx3 uint8"),            # grey image
    (np.zeros((10, 10, 3), np.float32), "HxWx3 uint8"),      # float image
])
def test_rejects_bad_images(image, message) -> None:
    with pytest.raises(ValueError, match=message):
        read_dice(image)


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(face=7), "face must be 1..6"),                      # no such face
    (dict(confidence=1.5), "confidence"),                    # out of range
    (dict(pose="lying"), "pose must be one of"),             # unknown pose
    (dict(box_xyxy=(5, 5, 1, 9)), "box_xyxy"),               # inverted box
])
def test_die_read_validates(kwargs, message) -> None:
    base = dict(box_xyxy=(0, 0, 10, 10), center_xy=(5, 5), face=3, confidence=0.9,
                pose="flat", top_quad=((0, 0), (10, 0), (10, 10), (0, 10)), edge_px=10.0)
    with pytest.raises(ValueError, match=message):
        DieRead(**{**base, **kwargs})
