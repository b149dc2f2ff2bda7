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

from vision.calib import save_profile
from vision.errors import UserError
from vision.footage import VideoFileSource


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("clip", type=Path, help="a clip from the table camera (a few seconds suffice)")
    p.add_argument("--game", required=True, choices=["roulette", "sicbo"])
    p.add_argument("-o", "--output", type=Path, required=True, help="profile JSON to write")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"vision.{args.game}.calibrate")
    source = VideoFileSource(args.clip)
    result = module.calibrate_clip(source, show_progress=args.progress)
    if not result:
        raise UserError(f"could not calibrate {args.clip} as {args.game}: {result.message}")
    profile = result.profile if hasattr(result, "profile") else result
    save_profile(profile, args.output)
    _index, frame = next(iter(source))
    diagnostic = args.output.with_suffix(".png")
    cv2.imwrite(str(diagnostic), module.draw_diagnostic(frame, profile))
    print(f"wrote {args.output} (profile v{profile.profile_version}) and {diagnostic}")
    return 0
