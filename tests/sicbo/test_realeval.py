"""Real-photo evaluator helpers: simulated other cameras move labels with the image."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo.realeval import Label, transform


def _image() -> np.ndarray:
    image = np.full((40, 60, 3), 100, np.uint8)
    image[5:15, 10:20] = 250          # the labelled die
    return image


@pytest.mark.parametrize(("name", "box", "shape", "die_mean"), [
    ("none", (10, 5, 20, 15), (40, 60, 3), 250),     # unchanged
    ("rot180", (40, 25, 50, 35), (40, 60, 3), 250),  # upside down: the box turns with it
    ("small", (6, 3, 12, 9), (24, 36, 3), 250),      # 0.6x: the box scales
    ("large", (13, 6.5, 26, 19.5), (52, 78, 3), 237),  # 1.3x: the rim is interpolated
    ("hd", (20, 10, 40, 30), (80, 120, 3), 243),     # 2x: more pixels, the rim interpolated
    ("dark", (10, 5, 20, 15), (40, 60, 3), 137),     # 0.55x exposure
])
def test_transform_moves_labels_with_image(name, box, shape, die_mean) -> None:
    image, labels = transform(_image(), [Label(3, (10.0, 5.0, 20.0, 15.0))], name)
    assert image.shape == shape and image.dtype == np.uint8
    assert labels[0].face == 3
    assert labels[0].box_xyxy == pytest.approx(box)
    x0, y0, x1, y1 = (int(round(v)) for v in labels[0].box_xyxy)
    assert float(image[y0:y1, x0:x1].mean()) == pytest.approx(die_mean, abs=2)


def test_transform_rejects_unknown_name() -> None:
    with pytest.raises(ValueError, match="transform must be one of"):
        transform(_image(), [], "sepia")
