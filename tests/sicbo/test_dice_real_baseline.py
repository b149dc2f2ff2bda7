"""Accuracy regression on a fixed subset of real valid photos (committed baseline).

Reads ``../shared/real-dice-dev`` relative to the repository root; skipped when that
folder is absent. Fails when die accuracy or whole-image accuracy on the subset drops
below the committed baseline (raise the baseline when the reader improves). Read as
``read-dice`` reads a photo: ``photo.read_photo`` with ``photo.PHOTO`` (any number of
dice, the photo's blob-finder settings).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from vision.sicbo.photo import PHOTO, read_photo
from vision.sicbo.realeval import load_labels, score_image

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO / ".." / "shared" / "real-dice-dev"
BASELINE = json.loads((Path(__file__).with_name("real_dice_baseline.json")).read_text())


@pytest.fixture(scope="module")
def subset_scores() -> tuple[int, int, int, int]:
    if not (ROOT / "dice.csv").is_file():
        pytest.skip(f"real dice set not found at {ROOT.resolve()} (../shared/real-dice-dev)")
    labels = load_labels(ROOT)
    dice = right = images_ok = 0
    for name in BASELINE["images"]:
        image = cv2.imread(str(ROOT / name), cv2.IMREAD_COLOR)
        assert image is not None, f"cannot read {ROOT / name}"
        r, ok, _ = score_image(read_photo(image, params=PHOTO), labels[name])
        dice, right, images_ok = dice + len(labels[name]), right + r, images_ok + ok
    return dice, right, images_ok, len(BASELINE["images"])


def test_subset_is_valid_split_only() -> None:
    # the baseline must measure, never train: valid_* photos only, about 20 of them
    assert all(Path(n).name.startswith("valid_") for n in BASELINE["images"])
    assert 15 <= len(BASELINE["images"]) <= 30


def test_die_accuracy_not_below_baseline(subset_scores) -> None:
    dice, right, _, _ = subset_scores
    assert right / dice >= BASELINE["die_accuracy"]


def test_image_accuracy_not_below_baseline(subset_scores) -> None:
    _, _, images_ok, n = subset_scores
    assert images_ok / n >= BASELINE["image_correct"]
