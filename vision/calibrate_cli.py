"""``python -m vision calibrate CLIP --game roulette|sicbo -o PROFILE.json``.

Calibrates a table camera from footage with no human input, writes a
``table-calibration/1`` profile and, beside it, a diagnostic image (PROFILE.png)
a technician checks at a glance. Each game implements, in ``vision/<game>/calibrate.py``:

- ``calibrate_clip(source: FrameSource, *, show_progress) -> Profile | CalibrationFailure``
- ``draw_diagnostic(frame_bgr, profile) -> image_bgr``
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

import cv2

from vision.calib import Profile, save_profile
from vision.errors import UserError
from vision.footage import VideoFileSource


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("clip", type=Path, help="a clip from the table camera (a few seconds suffice)")
    p.add_argument("--game", required=True, choices=["roulette", "sicbo"])
    p.add_argument("-o", "--output", type=Path, required=True, help="profile JSON to write")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)


def calibrate(clip: Path, game: str, show_progress: bool | None = None) -> Profile:
    """The clip's calibration profile as ``game``; a ``UserError`` saying why if none."""
    module = importlib.import_module(f"vision.{game}.calibrate")
    result = module.calibrate_clip(VideoFileSource(clip), show_progress=show_progress)
    if not result:
        raise UserError(f"could not calibrate {clip} as {game}: {result.message}")
    return result.profile if hasattr(result, "profile") else result


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"vision.{args.game}.calibrate")
    profile = calibrate(args.clip, args.game, args.progress)
    save_profile(profile, args.output)
    _index, frame = next(iter(VideoFileSource(args.clip)))
    diagnostic = args.output.with_suffix(".png")
    cv2.imwrite(str(diagnostic), module.draw_diagnostic(frame, profile))
    print(f"wrote {args.output} (profile v{profile.profile_version}) and {diagnostic}")
    return 0
