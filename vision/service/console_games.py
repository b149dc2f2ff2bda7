"""The console's adapters to each game's calibration module (``vision/<game>/calibrate.py``):
check data with the game's own parser, recalibrate from recent live frames, draw the
game's diagnostic, place roulette's pocket 0 on a frame. No HTTP here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from vision.calib import Profile
from vision.footage import ArraySource
from vision.service.console_overlay import overlay

__all__ = ["auto_calibrate", "check_data", "draw_diagnostic", "zero_in_frame"]


def check_data(game: str, width: int, height: int, data: dict[str, Any]) -> None:
    """Raise (any exception, with the game's own message) unless the game accepts ``data``."""
    profile = Profile(game=game, width=width, height=height, data=data)
    if game == "roulette":
        from vision.roulette.calibrate import from_profile

        from_profile(profile)
    else:
        from vision.sicbo.calibrate import scene_from_profile

        scene_from_profile(profile)
    overlay(game, data)


def auto_calibrate(game: str, frames: Sequence[np.ndarray], fps: float,
                   reader: object | None) -> Any:
    """A ``Profile`` or the game's falsy ``CalibrationFailure``. ``frames``: recent frames
    ``fps`` apart (the live frame rate divided by the sampling step); ``reader``: the
    table's live reader (sic bo: its learned scene is used when complete)."""
    if game == "sicbo":
        from vision.sicbo.calibrate import CalibrationFailure, calibrate_clip, scene_to_data

        scene = getattr(reader, "scene", None)
        if scene is not None and scene.lid is not None and scene.dome is not None and frames:
            h, w = frames[-1].shape[:2]
            return Profile(game="sicbo", width=w, height=h, data=scene_to_data(scene))
        if len(frames) < 2:
            return CalibrationFailure("no recent frames from this camera")
        return calibrate_clip(ArraySource(frames, fps))
    from vision.roulette.calibrate import CalibrationFailure, calibrate_clip

    if len(frames) < 6:
        return CalibrationFailure(f"only {len(frames)} recent frames, need 6")
    return calibrate_clip(ArraySource(frames, fps))


def draw_diagnostic(profile: Profile, frame_bgr: np.ndarray) -> np.ndarray:
    if profile.game == "roulette":
        from vision.roulette.calibrate import draw_diagnostic as draw
    else:
        from vision.sicbo.calibrate import draw_diagnostic as draw
    return draw(frame_bgr, profile)


def zero_in_frame(data: dict[str, Any], frame_bgr: np.ndarray) -> dict[str, Any]:
    """Roulette: ``data`` with ``zero_psi_deg`` where pocket 0 is in this frame (the wheel
    turns), so the numbers sit in their pockets on a frozen frame."""
    from vision.roulette.calibrate import SCAN, from_profile
    from vision.roulette.wheel import StripGrid, colour_signals, locate_zero

    h, w = frame_bgr.shape[:2]
    try:
        cal = from_profile(Profile(game="roulette", width=w, height=h, data=data))
    except ValueError:
        return data
    grid = StripGrid.build(cal.ring, *SCAN, warp=cal.warp)
    rows = slice(grid.row_of(cal.band_rho[0]), grid.row_of(cal.band_rho[1]) + 1)
    zero = locate_zero(*colour_signals(grid.unwrap(frame_bgr)[rows]), cal.sense)
    return {**data, "zero_psi_deg": round(float(np.degrees(zero.psi)), 3)}
