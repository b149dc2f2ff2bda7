"""Real-photo evaluator helpers: simulated other cameras move labels with the image."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo.realeval import Label, split_names, transform


def _image() -> np.ndarray:
    image = np.full((40, 60, 3), 100, np.uint8)
    image[5:15, 10:20] = 250          # the labelled die
    return image


@pytest.mark.parametrize(("name", "box", "shape", "die_mean"), [
    ("none", (10, 5, 20, 15), (40, 60, 3), 250),     # unchanged
    ("rot180", (40, 25, 50, 35), (40, 60, 3), 250),  # upside down: the box turns with it
    ("small", (6, 3, 12, 9), (24, 36, 3), 250),      # 0.6x: the box scales
    ("far", (4.5, 2.25, 9, 6.75), (18, 27, 3), 221),  # 0.45x: the rim is averaged in
    ("large", (13, 6.5, 26, 19.5), (52, 78, 3), 237),  # 1.3x: the rim is interpolated
    ("hd", (20, 10, 40, 30), (80, 120, 3), 243),     # 2x: more pixels, the rim interpolated
    ("dark", (10, 5, 20, 15), (40, 60, 3), 137),     # 0.55x exposure
    ("rot90", (25, 10, 35, 20), (60, 40, 3), 250),   # a quarter turn clockwise: portrait
    ("noisy", (10, 5, 20, 15), (40, 60, 3), 247),    # sensor noise + JPEG: box unchanged
])
def test_transform_moves_labels_with_image(name, box, shape, die_mean) -> None:
    image, labels = transform(_image(), [Label(3, (10.0, 5.0, 20.0, 15.0))], name)
    assert image.shape == shape and image.dtype == np.uint8
    assert labels[0].face == 3
    assert labels[0].box_xyxy == pytest.approx(box)
    x0, y0, x1, y1 = (int(round(v)) for v in labels[0].box_xyxy)
    assert float(image[y0:y1, x0:x1].mean()) == pytest.approx(die_mean, abs=2)


def test_hue_turns_the_floor_not_a_white_die() -> None:
    image = _image()
    image[:] = (60, 110, 170)                     # a wooden desk (BGR)
    image[5:15, 10:20] = 250                      # a white die
    turned, labels = transform(image, [Label(3, (10.0, 5.0, 20.0, 15.0))], "hue")
    assert labels[0].box_xyxy == (10.0, 5.0, 20.0, 15.0)
    assert np.abs(turned[30, 40].astype(int) - image[30, 40]).max() > 40   # another floor
    assert np.abs(turned[10, 15].astype(int) - 250).max() <= 2             # the die stays


def test_transform_rejects_unknown_name() -> None:
    with pytest.raises(ValueError, match="transform must be one of"):
        transform(_image(), [], "sepia")


_LABELS = {f"images/{s}_{i}.jpg": [] for s in ("train", "valid") for i in range(5)}


@pytest.mark.parametrize(("every", "start", "want"), [
    (1, 0, [0, 1, 2, 3, 4]),    # the whole split
    (2, 0, [0, 2, 4]),          # one half ...
    (2, 1, [1, 3]),             # ... and the other, held out from it
    (3, 2, [2]),                # every third from the third
])
def test_split_names_picks_every_nth_from_start(every, start, want) -> None:
    assert split_names(_LABELS, "train", every, start) == [f"images/train_{i}.jpg" for i in want]


@pytest.mark.parametrize(("every", "start"), [
    (0, 0),    # no step
    (2, 2),    # start past the step: would skip a part
    (2, -1),   # negative start
])
def test_split_names_rejects_bad_steps(every, start) -> None:
    with pytest.raises(ValueError, match="0 <= start < every"):
        split_names(_LABELS, "train", every, start)


@pytest.mark.parametrize(("main_name", "argv", "message"), [
    # realeval: a start past the step
    ("realeval", ["--every", "2", "--start", "2"], "0 <= --start < --every"),
    # realeval: a model file that is not there
    ("realeval", ["--model", "/nonexistent/face.onnx"], "--model must be an .onnx file"),
    # train_face: the real photos' part must be a real part, checked before any work
    ("train_face", ["--real-every", "2", "--real-start", "5"], "0 <= --real-start"),
])
def test_cli_rejects_bad_parts(main_name, argv, message, capsys) -> None:
    import importlib

    main = importlib.import_module(f"vision.sicbo.{main_name}").main
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
