"""``python -m vision read-dice IMAGE_OR_FOLDER... [--json] [--annotate DIR] [--dice N]``.

Reads the dice in still photos (jpg/png; folders are searched, not recursively), any
number of dice unless ``--dice N`` says how many are in play (sic bo: 3).
Default output is a table per image; ``--json`` prints one JSON object per image:
``{"image": PATH, "dice": [{"box_xyxy": [...], "face": 1-6, "confidence": 0-1,
"pose": "flat"|"leaning"|"stacked"}]}``. An unreadable image prints an error line
and the others are still read; the exit status is then 1. A photo longer than 640 pixels
is read shrunk to that, and again larger if its dice look small (``photo.read_photo``);
boxes are in the photo's own pixels.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

import cv2

from vision.errors import UserError
from vision.progress import progress
from vision.sicbo.dice import DiceReading
from vision.sicbo.photo import PHOTO, read_photo

__all__ = ["add_arguments", "collect_images", "format_table", "run"]

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="IMAGE_OR_FOLDER",
                        help="jpg/png images, or folders holding them")
    parser.add_argument("--json", action="store_true", help="one JSON object per image")
    parser.add_argument("--annotate", type=Path, metavar="DIR",
                        help="also write each image with boxes and faces drawn into DIR")
    parser.add_argument("--no-classifier", action="store_true",
                        help="read faces by pip counting alone (skip the CNN)")
    parser.add_argument("--model", type=Path, help="face classifier .onnx (default: packaged)")
    parser.add_argument("--dice", type=int, metavar="N",
                        help="how many dice are in play (sic bo: 3): with fewer found the "
                             "reader looks again, weak extras are dropped; default any number")


def collect_images(paths: list[str]) -> list[Path]:
    """Images named or inside the named folders, in order (missing files are kept: the
    reading loop reports them and goes on); UserError for a folder with no images."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(q for q in p.iterdir() if q.suffix.lower() in IMAGE_SUFFIXES)
            if not found:
                raise UserError(f"folder {p} holds no .jpg/.jpeg/.png images")
            out.extend(found)
        else:
            out.append(p)
    return out


def format_table(path: Path, reading: DiceReading) -> str:
    lines = [f"{path}: {len(reading.dice)} dice" +
             (f"  [{', '.join(reading.flags)}]" if reading.flags else "")]
    for i, d in enumerate(reading.dice):
        box = " ".join(f"{v:6.1f}" for v in d.box_xyxy)
        lines.append(f"  #{i}  face {d.face or '?'}  conf {d.confidence:.2f}  {d.pose:8s} "
                     f"box [{box}]")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    images = collect_images(args.paths)
    if args.model is not None and not args.model.is_file():
        raise UserError(f"expected a face classifier .onnx file, got {args.model} (missing)")
    if args.dice is not None and args.dice < 1:
        raise UserError(f"--dice expects a number of dice >= 1, got {args.dice}")
    params = replace(PHOTO, use_classifier=not args.no_classifier,
                     model_path=str(args.model) if args.model else None, max_dice=args.dice)
    if args.annotate:
        args.annotate.mkdir(parents=True, exist_ok=True)
    failed = 0
    for path in progress(images, total=len(images), desc="read-dice", unit="img"):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            why = "not a decodable jpg/png image" if path.exists() else "no such file"
            print(f"error: cannot read {path}: {why}", file=sys.stderr)
            failed += 1
            continue
        reading = read_photo(image, params=params)
        if args.json:
            print(json.dumps({"image": str(path), "dice": [d.to_json() for d in reading.dice]}))
        else:
            print(format_table(path, reading))
        if args.annotate:
            _write_annotated(args.annotate / f"{path.stem}.png", image, reading)
    return 1 if failed else 0


def _write_annotated(out: Path, image, reading: DiceReading) -> None:  # noqa: ANN001
    from vision.sicbo.draw import draw_reading

    if not cv2.imwrite(str(out), draw_reading(image, reading)):
        print(f"error: cannot write {out}", file=sys.stderr)
