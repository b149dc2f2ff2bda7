"""Calibration recovers a known camera pose: ring, numbering sense, zero angle, warp.

Frames come from the drawn wheel in ``drawn.py`` (not the synth), seen through tilted
pinhole cameras; the truth is where pocket 0's centre projects.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.roulette import drawn
from vision.calib import Profile
from vision.roulette.calibrate import (
    CalibrationFailure,
    calibrate_frames,
    draw_diagnostic,
    from_profile,
    to_profile,
)
from vision.roulette.reader import TRUSTED_FIT
from vision.roulette.wheel import (
    POCKET_RAD,
    StripGrid,
    colour_signals,
    locate_zero,
    wheel_to_affine,
)


def frames_for(cam, wheel: drawn.DrawnWheel, mirror: bool = False) -> tuple[list, list]:
    angles = [0.3 + 0.06 * i for i in range(8)]
    frames = [drawn.render(cam, drawn.texture(wheel, a)) for a in angles]
    if mirror:  # a camera seeing the wheel mirrored (e.g. via a mirror): sense must flip
        frames = [cv2.flip(f, 1) for f in frames]
    return frames, angles


def zero_error_pockets(cal, cam, frame: np.ndarray, angle: float, mirror: bool) -> float:
    """How far (in pockets) the reader's pocket 0 is from the truth in this frame."""
    h = cam.plane_homography(0.0) @ drawn.tex_to_world()
    c, r = drawn.TEX / 2, drawn.TEX * 0.45 * 0.56
    p = h @ np.array([c + r * np.cos(angle), c + r * np.sin(angle), 1.0])
    x, y = p[0] / p[2], p[1] / p[2]
    if mirror:
        x = frame.shape[1] - 1 - x
    grid = StripGrid.build(cal.ring, 0.35, 1.75, 141, warp=cal.warp)
    rows = slice(grid.row_of(cal.band_rho[0]), grid.row_of(cal.band_rho[1]) + 1)
    zero = locate_zero(*colour_signals(grid.unwrap(frame)[rows]), cal.sense)
    # the truth point in the reader's wheel frame: undo the ellipse, then the warp
    rho_a, psi_a = cal.ring.to_rectified(np.array(x), np.array(y))
    _, theta = wheel_to_affine(rho_a, psi_a, -cal.warp[0], cal.warp[1])
    return abs(float((zero.psi - theta + np.pi) % (2 * np.pi) - np.pi)) / POCKET_RAD


@pytest.mark.parametrize(("tilt", "azimuth", "ring_px", "mirror"), [
    (0.0, 0.0, 700, False),  # straight down
    (20.0, 200.0, 800, False),  # moderate tilt, other side
    (35.0, 30.0, 520, False),  # the contract's largest tilt, close camera
    (25.0, 120.0, 650, True),  # mirrored image: numbering runs the other way
])
def test_calibration_recovers_zero_and_sense(tilt: float, azimuth: float, ring_px: float,
                                             mirror: bool) -> None:
    cam = drawn.camera(width=1024, height=576, tilt_deg=tilt, azimuth_deg=azimuth,
                       ring_px=ring_px)
    frames, angles = frames_for(cam, drawn.DrawnWheel(), mirror)
    cal = calibrate_frames(frames)
    assert cal, getattr(cal, "message", "")
    assert cal.sense == (-1 if mirror else 1)
    errors = [zero_error_pockets(cal, cam, f, a, mirror) for f, a in zip(frames, angles,
                                                                          strict=True)]
    assert max(errors) < 0.25  # a quarter pocket anywhere around the ring
    assert cal.fit >= TRUSTED_FIT  # a good fit: the reader forwards its outcomes


def test_other_colours_calibrate_too() -> None:
    # a maroon-and-charcoal wheel with a teal zero on a dark bowl
    wheel = drawn.DrawnWheel(red_bgr=(30, 20, 120), black_bgr=(50, 45, 45),
                             green_bgr=(90, 120, 20), bowl_bgr=(25, 30, 40))
    cam = drawn.camera(width=800, height=600, tilt_deg=15.0, ring_px=560)
    frames, angles = frames_for(cam, wheel)
    cal = calibrate_frames(frames)
    assert cal and cal.sense == 1
    assert zero_error_pockets(cal, cam, frames[-1], angles[-1], False) < 0.25


@pytest.mark.parametrize(("make", "why"), [
    (lambda: [np.full((480, 640, 3), 90, np.uint8)] * 8, "pocket ring"),  # nothing there
    (lambda: [np.full((480, 640, 3), 90, np.uint8)] * 3, "at least 6 frames"),  # too few
])
def test_failures_are_values_with_a_message(make, why: str) -> None:
    result = calibrate_frames(make())
    assert isinstance(result, CalibrationFailure) and not result
    assert why in result.message


def test_profile_round_trip_and_diagnostic() -> None:
    cam = drawn.camera(width=800, height=600, tilt_deg=10.0, ring_px=600)
    frames, _ = frames_for(cam, drawn.DrawnWheel())
    cal = calibrate_frames(frames)
    assert cal
    profile = to_profile(cal, 800, 600, "test")
    again = from_profile(profile)
    assert again.sense == cal.sense and again.band_rho == pytest.approx(cal.band_rho, abs=1e-3)
    assert again.warp == pytest.approx(cal.warp, abs=1e-3)
    image = draw_diagnostic(frames[0], profile)
    assert image.shape == frames[0].shape and np.any(image != frames[0])
    with pytest.raises(ValueError, match="schema"):
        from_profile(Profile(game="roulette", width=800, height=600, data={"ring": {}}))
