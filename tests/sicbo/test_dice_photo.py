"""read_dice on a photo of any number of dice (``max_dice=None``), through the forward
model: render known dice, every face in both pip styles, and read them all back."""

from __future__ import annotations

import numpy as np
import pytest

from vision.cli import main
from vision.sicbo import DiceParams, read_dice
from vision.sicbo.render import DieStyle, render_scene

from .scenes import faces_at

PHOTO = DiceParams(max_dice=None)

CASES = [
    # (faces, style, tilt_deg, edge_px, seed)
    ([1, 2, 3, 4, 5], DieStyle(), 10, 44, 21),             # five Western dice
    ([6, 5, 4, 3, 2], DieStyle(chinese=True), 20, 44, 22),  # five Chinese (red 1 and 4)
    ([1, 6], DieStyle(chinese=True), 25, 48, 23),          # two dice only
]


@pytest.mark.parametrize(("faces", "style", "tilt", "edge", "seed"), CASES)
def test_photo_reads_every_die(faces, style, tilt, edge, seed) -> None:
    rng = np.random.default_rng(seed)
    image, centres = render_scene(faces, rng, edge_px=edge, tilt_deg=tilt, style=style)
    reading = read_dice(image, params=PHOTO)
    assert len(reading.dice) == len(faces)
    assert faces_at(reading, centres, 0.4 * edge) == [[face] for face in faces]


def test_max_dice_validated() -> None:
    # zero dice in play is a configuration error, not a reading
    with pytest.raises(ValueError, match="max_dice must be None or >= 1"):
        DiceParams(max_dice=0)


def test_cli_rejects_bad_dice_count(tmp_path, capsys) -> None:
    # --dice 0 is bad input: one clear line, exit 2
    rng = np.random.default_rng(25)
    image, _ = render_scene([3], rng)
    import cv2

    cv2.imwrite(str(tmp_path / "a.png"), image)
    assert main(["read-dice", str(tmp_path / "a.png"), "--dice", "0"]) == 2
    assert "--dice expects a number of dice >= 1, got 0" in capsys.readouterr().err


@pytest.mark.parametrize(("seed", "cut_rel", "found"), [
    # the lowest die's body is cut by the bottom border ``cut_rel`` x edge below its top
    # face's centre; found lists which dice are read (top face inside: rescued)
    (61, 0.62, [5, 3, 2]),          # top face inside, side faces cut: read
    (62, 0.62, [5, 3, 2]),          # ... two dice cut at once
    (63, 0.62, [5, 3, 2]),
    (62, 0.3, [3]),                 # the cut runs through the top faces: not read
])
def test_die_cut_by_the_border(seed, cut_rel, found) -> None:
    rng = np.random.default_rng(seed)
    image, centres = render_scene([3, 5, 2], rng, edge_px=44, tilt_deg=25, style=DieStyle())
    bottom = int(max(cy for _, cy in centres) + cut_rel * 44)
    reading = read_dice(np.ascontiguousarray(image[:bottom]), params=PHOTO)
    assert sorted(d.face for d in reading.dice) == sorted(found)


@pytest.mark.parametrize(("thick_px", "off_rel", "seed"), [
    (22, 0.6, 71),      # a cable half a die wide running along a die's side
    (30, 0.65, 73),     # a thicker one: die and cable are one blob unless dark is left out
])
def test_die_touching_a_dark_cable(thick_px, off_rel, seed) -> None:
    import cv2

    rng = np.random.default_rng(seed)
    image, centres = render_scene([4, 2, 6], rng, edge_px=44, tilt_deg=15, style=DieStyle())
    cx, cy = centres[0]
    x = int(cx - off_rel * 44 - thick_px / 2 + 2)
    cv2.ellipse(image, (x + 200, int(cy)), (200, 300), 0, 90, 270, (30, 30, 30), thick_px)
    reading = read_dice(image, params=PHOTO)
    assert sorted(d.face for d in reading.dice) == [2, 4, 6]


@pytest.mark.parametrize(("faces", "cut_rel", "found", "seed"), [
    # the lowest die's body is cut by the bottom border ``cut_rel`` x edge below its top
    # face's centre; a lone pip there is read only as a one's centre pip
    ([3, 5, 1], 0.45, [1, 3, 5], 100),   # a one, its side face cut: read
    ([3, 5, 1], 0.3, [1, 3, 5], 100),    # ... its face's lower rim cut too: still a one
    ([5, 4, 3], -0.1, [4, 5], 101),      # a three cut above its centre, one corner pip
                                         # left: not a one
])
def test_lone_pip_cut_by_the_border(faces, cut_rel, found, seed) -> None:
    rng = np.random.default_rng(seed)
    image, centres = render_scene(faces, rng, edge_px=44, tilt_deg=20, style=DieStyle())
    bottom = int(centres[-1][1] + cut_rel * 44)
    reading = read_dice(np.ascontiguousarray(image[:bottom]), params=PHOTO)
    assert sorted(d.face for d in reading.dice) == found


def _print_label(image: np.ndarray, x: int, y: int, text: str, angle_deg: float) -> None:
    """A white cable label 38 x 18 px with a black square and ``text`` printed on it,
    turned by ``angle_deg``, pasted with its turned box's corner at (x, y)."""
    import cv2

    w, h = 38, 18
    big, mask = np.zeros((2 * h + w, 2 * h + w, 3), np.uint8), np.zeros((2 * h + w,) * 2, np.uint8)
    patch = big[h:2 * h, h:h + w]
    patch[:] = 230
    cv2.rectangle(patch, (w - h // 2 - 4, 3), (w - 4, h // 2), (30, 30, 30), -1)
    cv2.putText(patch, text, (2, int(0.8 * h)), cv2.FONT_HERSHEY_SIMPLEX, 0.55, (25, 25, 25), 1)
    mask[h:2 * h, h:h + w] = 255
    turn = cv2.getRotationMatrix2D((big.shape[1] / 2, big.shape[0] / 2), angle_deg, 1.0)
    big = cv2.warpAffine(big, turn, mask.shape[::-1])
    mask = cv2.warpAffine(mask, turn, mask.shape[::-1])
    roi = image[y:y + mask.shape[0], x:x + mask.shape[1]]
    roi[mask > 128] = big[mask > 128]


@pytest.mark.parametrize(("doubt_p", "faces"), [
    # a printed label beside two dice: one round mark (the "0"-like blob) counts as one
    # pip, the CNN half reads the print as a six and half as "not a die" (0.29)
    (PHOTO.photo_doubt_p, [3, 5]),    # pips and CNN disagree and the CNN doubts: clutter
    (1.01, [3, 5, 6]),                # that rule off: only a sure "not a die" drops it
])
def test_printed_label_is_not_a_die(doubt_p, faces) -> None:
    import dataclasses

    import cv2

    rng = np.random.default_rng(5)
    image, centres = render_scene([5, 3], rng, edge_px=40, tilt_deg=15, style=DieStyle())
    assert all(np.hypot(60 - cx, 420 - cy) > 100 for cx, cy in centres)   # room for it
    _print_label(image, 20, 380, "C12", 80)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    reading = read_dice(image, params=dataclasses.replace(PHOTO, photo_doubt_p=doubt_p))
    assert sorted(d.face for d in reading.dice) == faces
