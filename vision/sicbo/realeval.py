"""Score ``read_photo`` on the real photo set (``dice.csv`` + ``images/``).

Labels give each die's TOP face and a box around the top face's pips; detections are
matched to labels greedily by the distance between the label box centre and the
die's top-face centre (within ``0.8 x`` the label box's longer side, at least 20 px).

Metrics per split (``train_*`` and ``valid_*`` separately):
- die_accuracy: labelled dice matched AND read with the right face / labelled dice;
- image_correct: images where every labelled die is read right and nothing extra
  was reported / images;
- count_correct: images where the number of dice found equals the number labelled.

``--transform`` re-measures under a simulated other camera (image and labels mapped
together): ``dark`` (0.55x exposure), ``bright`` (1.15x + 10, a paler floor), ``blur``
(Gaussian sigma 1.5), ``small`` (0.6x size: a farther camera), ``far`` (0.45x: farther
still, dice 18-36 px wide; ``photo.read_photo`` reads them enlarged), ``large`` (1.3x
size: a nearer camera), ``hd`` (2x size, 1280 x 960: a higher-resolution camera with
the same soft optics; ``photo.read_photo`` reads it shrunk), ``rot180`` (the camera upside
down: the side faces above the top faces; ``photo.nadir_direction``), ``rot90`` (the
camera rolled a quarter turn: a portrait photo), ``hue`` (another desk: hue turned 90 degrees,
saturation 1.8x), ``noisy`` (a cheap sensor: Gaussian noise sigma 6, JPEG quality 40).
``--every N`` reads every Nth image only, from the ``--start``-th (0-based): with
``train_face --real-every N --real-start K`` a model trained on some ``train_*`` photos
is measured on the others (``--model``), a held-out check that does not touch ``valid_*``.

The photos hold 1 to 5 dice, so they are read as ``read-dice`` reads a photo:
``photo.PHOTO`` (no sic bo three-dice prior; the photo's blob-finder settings).

Run: ``python -m vision.sicbo.realeval [--root ../shared/real-dice-dev]``.
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from vision.progress import progress
from vision.sicbo.dice import DiceParams, DiceReading
from vision.sicbo.photo import PHOTO, read_photo
from vision.sicbo.points import centre_gap_px

__all__ = ["DEFAULT_ROOT", "TRANSFORMS", "Label", "SplitScore", "evaluate", "load_labels",
           "score_image", "split_names", "transform"]

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / ".." / "shared" / "real-dice-dev"


@dataclass(frozen=True, slots=True)
class Label:
    face: int
    box_xyxy: tuple[float, float, float, float]

    @property
    def center_xy(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box_xyxy
        return 0.5 * (x0 + x1), 0.5 * (y0 + y1)


@dataclass(frozen=True, slots=True)
class SplitScore:
    images: int
    dice: int
    dice_right: int
    images_correct: int
    counts_correct: int

    @property
    def die_accuracy(self) -> float:
        return self.dice_right / max(1, self.dice)

    @property
    def image_correct(self) -> float:
        return self.images_correct / max(1, self.images)

    @property
    def count_correct(self) -> float:
        return self.counts_correct / max(1, self.images)

    def line(self, name: str) -> str:
        return (f"{name:6s} images={self.images:4d} dice={self.dice:5d} "
                f"die_accuracy={self.die_accuracy:.4f} image_correct={self.image_correct:.4f} "
                f"count_correct={self.count_correct:.4f}")


def load_labels(root: Path) -> dict[str, list[Label]]:
    """image path relative to root -> its labelled dice."""
    labels: dict[str, list[Label]] = defaultdict(list)
    with open(root / "dice.csv", newline="") as f:
        for row in csv.DictReader(f):
            box = tuple(float(row[k]) for k in ("x0", "y0", "x1", "y1"))
            labels[row["image"]].append(Label(int(row["face"]), box))  # type: ignore[arg-type]
    return dict(labels)


TRANSFORMS = ("none", "dark", "bright", "blur", "small", "far", "large", "hd", "rot180",
              "rot90", "hue", "noisy")


def transform(image_bgr: np.ndarray, labels: list[Label],
              name: str) -> tuple[np.ndarray, list[Label]]:
    """The photo as another camera might take it, and its labels moved to match."""
    if name not in TRANSFORMS:
        raise ValueError(f"transform must be one of {TRANSFORMS}, got {name!r}")
    img = image_bgr.astype(np.float32)
    h, w = image_bgr.shape[:2]
    if name in ("small", "far", "large", "hd"):
        f = {"small": 0.6, "far": 0.45, "large": 1.3, "hd": 2.0}[name]
        resized = cv2.resize(image_bgr, (round(f * w), round(f * h)),
                             interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
        return resized, [Label(lab.face, tuple(f * v for v in lab.box_xyxy))  # type: ignore[arg-type]
                         for lab in labels]
    if name == "rot90":          # clockwise: (x, y) -> (h - 1 - y, x)
        return (np.ascontiguousarray(np.rot90(image_bgr, -1)),
                [Label(lab.face, (h - lab.box_xyxy[3], lab.box_xyxy[0], h - lab.box_xyxy[1],
                                  lab.box_xyxy[2])) for lab in labels])
    if name == "hue":
        return _hue_turned(image_bgr), labels
    if name == "noisy":
        noise = np.random.default_rng(0).normal(0.0, 6.0, img.shape)
        noisy = np.clip(img + noise, 0, 255).astype(np.uint8)
        _, jpg = cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 40])
        return cv2.imdecode(jpg, cv2.IMREAD_COLOR), labels
    if name == "rot180":
        return (np.ascontiguousarray(image_bgr[::-1, ::-1]),
                [Label(lab.face, (w - lab.box_xyxy[2], h - lab.box_xyxy[3], w - lab.box_xyxy[0],
                                  h - lab.box_xyxy[1])) for lab in labels])
    if name == "dark":
        img = img * 0.55
    elif name == "bright":
        img = img * 1.15 + 10
    elif name == "blur":
        img = cv2.GaussianBlur(img, (0, 0), 1.5)
    return np.clip(img, 0, 255).astype(np.uint8), labels


def _hue_turned(image_bgr: np.ndarray) -> np.ndarray:
    """Another desk: hue turned 90 degrees, saturation 1.8x (the wood turns lavender or
    green; the near-white dice stay pale, tinted)."""
    hsv = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2HSV).astype(np.float32)
    hsv[..., 0] = (hsv[..., 0] + 45.0) % 180.0
    hsv[..., 1] = np.clip(hsv[..., 1] * 1.8, 0, 255)
    return cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)


def score_image(reading: DiceReading, labels: list[Label]) -> tuple[int, bool, bool]:
    """(dice read right, whole image right, count right) for one image."""
    pairs = []
    for i, lab in enumerate(labels):
        x0, y0, x1, y1 = lab.box_xyxy
        limit = max(20.0, 0.8 * max(x1 - x0, y1 - y0))
        for j, die in enumerate(reading.dice):
            d = centre_gap_px(die, lab)
            if d <= limit:
                pairs.append((d, i, j))
    used_l, used_d, right = set(), set(), 0
    for _, i, j in sorted(pairs):
        if i not in used_l and j not in used_d:
            used_l.add(i)
            used_d.add(j)
            right += int(reading.dice[j].face == labels[i].face)
    n_found = len(reading.dice)
    return right, right == len(labels) and n_found == len(labels), n_found == len(labels)


def evaluate(root: Path, split: str, params: DiceParams | None = None,
             failures: list[str] | None = None, *, how: str = "none",
             every: int = 1, start: int = 0) -> SplitScore:
    """Score one split (``train`` or ``valid``) under transform ``how``, every
    ``every``-th image from the ``start``-th; failing image names go to ``failures``."""
    labels = load_labels(root)
    names = split_names(labels, split, every, start)
    dice = right = img_ok = cnt_ok = 0
    for name in progress(names, desc=split, unit="img"):
        image = cv2.imread(str(root / name), cv2.IMREAD_COLOR)
        if image is None:
            raise FileNotFoundError(f"cannot read image {root / name}")
        image, labs = transform(image, labels[name], how)
        reading = read_photo(image, params=params or PHOTO)
        r, ok, cnt = score_image(reading, labs)
        dice += len(labs)
        right, img_ok, cnt_ok = right + r, img_ok + ok, cnt_ok + cnt
        if not ok and failures is not None:
            failures.append(name)
    return SplitScore(len(names), dice, right, img_ok, cnt_ok)


def split_names(labels: dict[str, list[Label]], split: str, every: int = 1,
                start: int = 0) -> list[str]:
    """The ``split`` images (sorted by name), every ``every``-th from the ``start``-th."""
    if every < 1 or not 0 <= start < every:
        raise ValueError(f"need every >= 1 and 0 <= start < every, got every={every} "
                         f"start={start}")
    return sorted(n for n in labels if Path(n).name.startswith(split + "_"))[start::every]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    ap.add_argument("--split", choices=("train", "valid", "both"), default="both")
    ap.add_argument("--no-classifier", action="store_true", help="read by pips alone")
    ap.add_argument("--failures", action="store_true", help="list images not read right")
    ap.add_argument("--transform", choices=TRANSFORMS, default="none",
                    help="simulate another camera (see the module docstring)")
    ap.add_argument("--every", type=int, default=1, metavar="N", help="every Nth image only")
    ap.add_argument("--start", type=int, default=0, metavar="K",
                    help="with --every N: from the Kth image (0-based, K < N)")
    ap.add_argument("--model", type=Path, default=None,
                    help="face CNN (.onnx) to read with instead of models/dice_face.onnx")
    args = ap.parse_args(argv)
    if args.every < 1 or not 0 <= args.start < args.every:
        ap.error(f"need --every >= 1 and 0 <= --start < --every, got --every {args.every} "
                 f"--start {args.start}")
    if args.model is not None and not args.model.is_file():
        ap.error(f"--model must be an .onnx file; {args.model} does not exist")
    if not (args.root / "dice.csv").is_file():
        ap.error(f"--root must be the real-dice folder holding dice.csv and images/; "
                 f"{args.root.resolve()} has no dice.csv")
    cv2.setNumThreads(1)
    params = replace(PHOTO, use_classifier=not args.no_classifier,
                     model_path=None if args.model is None else str(args.model))
    for split in ("train", "valid") if args.split == "both" else (args.split,):
        fails: list[str] = []
        score = evaluate(args.root, split, params, fails, how=args.transform, every=args.every,
                         start=args.start)
        print(score.line(split), flush=True)
        if args.failures:
            print("  failures:", " ".join(Path(f).name for f in fails))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
