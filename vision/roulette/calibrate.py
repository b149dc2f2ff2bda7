"""Self-calibration of a roulette camera from a clip's first seconds, and its diagnostic image.

Pipeline (pure functions on frames, no I/O):

1. ``ring.ring_pixels``: pixels that turn red and not red as the wheel turns.
2. ``ring.ring_candidates``: the ellipses those pixels may lie on, best first (a ring partly
   out of the frame fits from its visible arc); each of the first few is calibrated (steps
   3-6) until one fits the pocket pattern well, and the best fitting one wins. Its axis
   ratio undoes the camera tilt.
3-6. ``layout``: in the polar unwrap around that ellipse, the pocket/number colour *band*
   (``find_band``), the numbering sense (``sense_votes``: 0's clockwise neighbour is 32,
   red; detected, never assumed), the perspective warp of angles that makes the 37 pockets
   equal (``find_warp``) and the wheel head's outer radius (``find_rotating_rows``).
   Columns of the band outside the frame are left out of every match (``StripGrid.
   inside_columns``); then only frames that show pocket 0 place the wheel.

Profile ``data`` schema (``table-calibration/1`` envelope, game ``roulette``)::

    {
      "ring": {"center_xy": [x, y], "axes_px": [major, minor], "angle_deg": a},
      "band_rho": [inner, outer],      # pocket/number colour band, in ring radii
      "sense": 1 | -1,                 # +1: pocket sequence runs clockwise on screen
      "head_rho": h,                   # radii below h turn with the wheel
      "zero_psi_deg": z,               # where pocket 0 was in the last calibration frame
      "warp": [eta, beta_deg]          # perspective warp of angles around the ring
    }

Angles ``psi`` in the strip are wheel angles after the warp (``wheel.aberration``) is undone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.calib import Profile
from vision.footage import WHEEL_SEQUENCE_CW, FrameSource
from vision.progress import progress
from vision.roulette.layout import find_band, find_rotating_rows, find_warp, sense_votes
from vision.roulette.ring import (
    MIN_ARC,
    MIN_AXIS_RATIO,
    CalibrationFailure,
    fit_ring,
    ring_candidates,
    ring_pixels,
)
from vision.roulette.wheel import (
    COLUMNS,
    POCKET_RAD,
    RingGeometry,
    StripGrid,
    colour_signals,
    locate_zero,
    wheel_to_affine,
)

__all__ = [
    "CALIBRATION_SECONDS", "SCAN", "MIN_ARC", "MIN_AXIS_RATIO", "MIN_IN_VIEW", "CalibrationFailure",
    "WheelCalibration", "calibrate_clip",
    "calibrate_frames", "draw_diagnostic", "find_band", "fit_ring", "from_profile",
    "ring_candidates", "ring_pixels", "to_profile",
]  # fmt: skip

CALIBRATION_SECONDS = 1.5
WORK_WIDTH = 480  # calibration works on frames downscaled to this width
SCAN = (0.35, 1.75, 141)  # rho_min, rho_max, rows of the calibration unwrap


@dataclass(frozen=True, slots=True)
class WheelCalibration:
    ring: RingGeometry
    band_rho: tuple[float, float]
    sense: int
    head_rho: float
    zero_psi: float
    warp: tuple[float, float] = (0.0, 0.0)  # (eta, beta_rad) perspective angle warp
    fit: float = 1.0  # median correlation of the band's colours with the pocket pattern

    def __post_init__(self) -> None:
        if self.sense not in (1, -1):
            raise ValueError(f"sense must be 1 or -1, got {self.sense}")
        if not 0 < self.band_rho[0] < self.band_rho[1]:
            raise ValueError(f"band_rho must be 0 < inner < outer, got {self.band_rho}")


MIN_IN_VIEW = 0.6  # fraction of the pocket band that must lie inside the frame
RING_TRIES = 3  # candidate ring ellipses calibrated in full ...
GOOD_FIT = 0.9  # ... until one fits this well
CLEAR_ZERO = 1.15  # a zero fix scoring this (best match over the next) shows pocket 0
SENSE_AGREEMENT = 0.6  # mean vote (+1 / -1 per frame) that decides the numbering sense


def _in_view(grid: StripGrid, frame: np.ndarray, rows: slice) -> np.ndarray | None:
    """Columns of the band inside the frame, or None when the whole band is (the usual case)."""
    valid = grid.inside_columns(frame.shape[1], frame.shape[0], rows)
    if valid.all():
        return None
    return valid


def calibrate_frames(frames: Sequence[np.ndarray]) -> WheelCalibration | CalibrationFailure:
    """Calibrate from a few (>= 6) BGR frames spread over the first seconds of a clip.

    Candidate ring ellipses (at most ``RING_TRIES``) are calibrated in turn until one fits
    the pocket pattern with ``GOOD_FIT``; the best fitting one wins."""
    if len(frames) < 6:
        return CalibrationFailure(f"need at least 6 frames to calibrate, got {len(frames)}")
    scale = min(1.0, WORK_WIDTH / frames[0].shape[1])
    small = [cv2.resize(f, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) for f in frames]
    rings = ring_candidates(ring_pixels(small))
    if not isinstance(rings, list):
        return rings
    results = []
    for g in rings[:RING_TRIES]:
        results.append(_calibrate_ring(frames, RingGeometry(
            (g.center_xy[0] / scale, g.center_xy[1] / scale),
            (g.axes_px[0] / scale, g.axes_px[1] / scale), g.angle_rad)))
        if isinstance(results[-1], WheelCalibration) and results[-1].fit >= GOOD_FIT:
            break
    good = [r for r in results if isinstance(r, WheelCalibration)]
    return max(good, key=lambda c: c.fit) if good else results[0]


def _calibrate_ring(frames: Sequence[np.ndarray], ring: RingGeometry
                    ) -> WheelCalibration | CalibrationFailure:
    """Band, numbering sense, warp, zero and wheel head around one ring ellipse."""
    grid = StripGrid.build(ring, *SCAN)
    strips = [grid.unwrap(f) for f in frames]
    band = find_band(strips, grid.rho_rows)
    if band is None:
        return CalibrationFailure("no radius where red and black alternate around the ring")
    rows = slice(grid.row_of(band[0]), grid.row_of(band[1]) + 1)
    valid = _in_view(grid, frames[0], rows)
    if valid is not None and valid.mean() < MIN_IN_VIEW:
        return CalibrationFailure(f"only {valid.mean():.0%} of the pocket ring is inside the "
                                  f"frame (expected >= {MIN_IN_VIEW:.0%}): move the camera back")
    signals = [colour_signals(s[rows]) for s in strips]
    votes = sense_votes(signals, valid)
    if abs(votes) < SENSE_AGREEMENT:
        return CalibrationFailure(
            f"cannot tell the numbering direction: beside the greenest pocket the red side "
            f"agrees over the {len(signals)} frames by {votes:+.2f} ({SENSE_AGREEMENT:.2f} "
            "needed either way): is pocket 0 green and in view, the pocket ring sharp and "
            "lit?")
    sense = 1 if votes > 0 else -1
    warp, fit = find_warp(signals, sense, valid)
    if fit < 0.4:
        return CalibrationFailure(f"the ring's colours do not fit the pocket pattern "
                                  f"(correlation {fit:.2f})")
    grid = StripGrid.build(ring, *SCAN, warp=warp)
    strips = [grid.unwrap(f) for f in frames]
    band = find_band(strips, grid.rho_rows) or band
    rows = slice(grid.row_of(band[0]), grid.row_of(band[1]) + 1)
    valid = _in_view(grid, frames[0], rows)
    zeros = [locate_zero(*colour_signals(s[rows]), sense, valid) for s in strips]
    # with part of the ring out of view, only frames that show pocket 0 place the wheel
    clear = [k for k, z in enumerate(zeros) if valid is None or z.score >= CLEAR_ZERO]
    clear = clear if len(clear) >= 3 else list(range(len(zeros)))
    zero_cols = [int(round(zeros[k].psi / (2 * np.pi) * COLUMNS)) for k in clear]
    head = find_rotating_rows([strips[k] for k in clear], zero_cols, grid.rho_rows, band)
    fit = float(np.median([z.fit for z in zeros]))
    return WheelCalibration(ring, band, sense, head, zeros[-1].psi, warp, fit)


def calibration_frames(source: Iterable[tuple[int, np.ndarray]], fps: float,
                       count: int = 10) -> list[np.ndarray]:
    """Every k-th frame over the first ``CALIBRATION_SECONDS`` (the frames a reader would see)."""
    total = max(count, int(round(CALIBRATION_SECONDS * fps)))
    step = max(1, total // count)
    out = []
    for index, frame in source:
        if index >= total:
            break
        if index % step == 0:
            out.append(frame)
    return out


def calibrate_clip(source: FrameSource, *, show_progress: bool | None = False
                   ) -> Profile | CalibrationFailure:
    frames = calibration_frames(progress(source, total=None, desc="calibrate", unit="frame",
                                         enabled=show_progress), source.info.fps)
    cal = calibrate_frames(frames)
    if not cal:
        return cal
    return to_profile(cal, source.info.width, source.info.height,
                      str(getattr(source, "path", "")))


def to_profile(cal: WheelCalibration, width: int, height: int, source: str = "") -> Profile:
    data = {
        "ring": {"center_xy": [round(v, 3) for v in cal.ring.center_xy],
                 "axes_px": [round(v, 3) for v in cal.ring.axes_px],
                 "angle_deg": round(float(np.degrees(cal.ring.angle_rad)), 4)},
        "band_rho": [round(v, 4) for v in cal.band_rho],
        "sense": cal.sense,
        "head_rho": round(cal.head_rho, 4),
        "zero_psi_deg": round(float(np.degrees(cal.zero_psi)), 3),
        "warp": [round(cal.warp[0], 4), round(float(np.degrees(cal.warp[1])), 3)],
    }
    return Profile(game="roulette", width=width, height=height, data=data, source=source)


def from_profile(profile: Profile) -> WheelCalibration:
    """Rebuild the calibration from a profile's data; ValueError names a malformed field."""
    d = profile.data
    try:
        ring = d["ring"]
        return WheelCalibration(
            RingGeometry(tuple(map(float, ring["center_xy"])), tuple(map(float, ring["axes_px"])),
                         float(np.radians(ring["angle_deg"]))),
            tuple(map(float, d["band_rho"])), int(d["sense"]), float(d["head_rho"]),
            float(np.radians(d["zero_psi_deg"])),
            (float(d["warp"][0]), float(np.radians(d["warp"][1]))))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"roulette profile data lacks or mangles {exc}; expected the schema in "
                         "vision/roulette/calibrate.py") from None


def draw_diagnostic(frame_bgr: np.ndarray, profile: Profile) -> np.ndarray:
    """The frame with the ring ellipse, the band, every pocket number where the reader puts it."""
    cal = from_profile(profile)
    grid = StripGrid.build(cal.ring, *SCAN, warp=cal.warp)
    rows = slice(grid.row_of(cal.band_rho[0]), grid.row_of(cal.band_rho[1]) + 1)
    valid = _in_view(grid, frame_bgr, rows)
    zero = locate_zero(*colour_signals(grid.unwrap(frame_bgr)[rows]), cal.sense, valid)
    out = frame_bgr.copy()

    def to_image(rho: np.ndarray, theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return cal.ring.to_image(*wheel_to_affine(rho, theta, *cal.warp))

    theta = np.linspace(0, 2 * np.pi, 181)
    for rho, col in ((cal.band_rho[0], (255, 255, 0)), (cal.band_rho[1], (255, 255, 0)),
                     (cal.head_rho, (255, 0, 255))):
        x, y = to_image(np.full_like(theta, rho), theta)
        cv2.polylines(out, [np.stack([x, y], 1).astype(np.int32)], True, col, 1, cv2.LINE_AA)
    sure = valid is None or zero.score >= CLEAR_ZERO  # pocket 0 in view: the numbers are
    ink = (255, 255, 255) if sure else (150, 150, 150)
    mid = 0.5 * (cal.band_rho[0] + cal.band_rho[1])
    scale = max(0.35, grid.radius_px() / 700)
    for k, n in enumerate(WHEEL_SEQUENCE_CW):
        x, y = to_image(np.array(mid), np.array(zero.psi + cal.sense * k * POCKET_RAD))
        text = str(n)
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        org = (int(x - tw / 2), int(y + th / 2))
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, ink, 1, cv2.LINE_AA)
    x0, y0 = to_image(np.array([cal.band_rho[0], cal.band_rho[1] + 0.1]),
                      np.array([zero.psi, zero.psi]))
    cv2.line(out, (int(x0[0]), int(y0[0])), (int(x0[1]), int(y0[1])), (0, 255, 0), 2)
    seen = "" if valid is None else f"  ring in view {valid.mean():.0%}" + (
        "" if sure else ", 0 out of view: numbers unsure")
    text = f"zero  sense {'cw' if cal.sense > 0 else 'ccw'}  fit {zero.fit:.2f}{seen}"
    cv2.putText(out, text, (10, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 5, cv2.LINE_AA)
    cv2.putText(out, text, (10, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 255, 0), 2, cv2.LINE_AA)
    return out
