"""A second, deliberately different roulette "renderer" for tests: a flat wheel drawn with cv2.

The wheel is drawn top-down on a texture (clockwise in the texture = clockwise seen from
above), then projected through a tilted pinhole camera with ``warpPerspective``. Its colours
and proportions differ from the synth's on purpose, so tests check that the reader does not
key on one renderer. Everything is in world units relative to the bowl radius (1.0).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.footage import WHEEL_SEQUENCE_CW, pocket_colour
from vision.synth.camera import PinholeCamera, tilted_view

TEX = 900  # texture size in px; the bowl radius is TEX * 0.45


@dataclass(frozen=True, slots=True)
class DrawnWheel:
    red_bgr: tuple[int, int, int] = (40, 30, 170)
    black_bgr: tuple[int, int, int] = (35, 30, 30)
    green_bgr: tuple[int, int, int] = (60, 140, 30)
    bowl_bgr: tuple[int, int, int] = (40, 70, 110)
    head_bgr: tuple[int, int, int] = (30, 50, 80)
    pocket_in: float = 0.50  # pocket ring, fraction of the bowl radius
    pocket_out: float = 0.62
    number_out: float = 0.72  # number ring up to here; the wheel head ends at 0.76
    head_out: float = 0.76
    fret_bgr: tuple[int, int, int] = (200, 200, 200)  # the separators between pockets
    fret_px: int = 2  # (texture px)


def _wedge(r0: float, r1: float, a0: float, a1: float) -> np.ndarray:
    a = np.linspace(a0, a1, 8)
    c = TEX / 2.0
    outer = np.stack([c + r1 * np.cos(a), c + r1 * np.sin(a)], 1)
    inner = np.stack([c + r0 * np.cos(a[::-1]), c + r0 * np.sin(a[::-1])], 1)
    return np.round(np.concatenate([outer, inner]) * 16).astype(np.int32)


def texture(w: DrawnWheel, wheel_rad: float, ball: tuple[float, float] | None = None,
            chip: tuple[float, float] | None = None,
            bar: tuple[float, float, float, float] | None = None,
            chip_bgr: tuple[int, int, int] = (200, 80, 20),
            chip_spots_bgr: tuple[int, int, int] | None = None) -> np.ndarray:
    """Top-down BGR texture. ``wheel_rad``: clockwise angle of pocket 0's centre from +x.

    ``ball``/``chip``: (radius fraction of the bowl, clockwise angle from +x) or None.
    In texture pixels (y down) a clockwise angle on screen is a positive atan2 angle.
    ``bar``: (radius fraction, clockwise angle, length, width), a light green box lying
    along the circle there (a lighter), lengths as fractions of the bowl's radius.
    ``chip_bgr`` the chip's colour; ``chip_spots_bgr``: eight small spots of this colour
    round its edge (a casino chip's edge marks), or none.
    """
    img = np.full((TEX, TEX, 3), 90, np.uint8)
    c, rb = TEX // 2, TEX * 0.45
    cv2.circle(img, (c, c), int(rb), w.bowl_bgr, -1)
    cv2.circle(img, (c, c), int(rb * w.head_out), w.head_bgr, -1)
    step = 2 * np.pi / 37
    for k, n in enumerate(WHEEL_SEQUENCE_CW):
        col = {"red": w.red_bgr, "black": w.black_bgr, "green": w.green_bgr}[pocket_colour(n)]
        a0, a1 = wheel_rad + (k - 0.5) * step, wheel_rad + (k + 0.5) * step
        cv2.fillPoly(img, [_wedge(rb * w.pocket_in, rb * w.number_out, a0, a1)], col,
                     cv2.LINE_AA, 4)
        p = _wedge(rb * w.pocket_in, rb * w.pocket_out, a0, a0 + 0.002)
        cv2.polylines(img, [p], True, w.fret_bgr, w.fret_px, cv2.LINE_AA, 4)
    cv2.circle(img, (c, c), int(rb * w.pocket_out), (150, 170, 190), 2, cv2.LINE_AA)
    cv2.circle(img, (c, c), int(rb * w.pocket_in * 0.6), (60, 110, 160), -1)
    if chip is not None:
        x, y = c + rb * chip[0] * np.cos(chip[1]), c + rb * chip[0] * np.sin(chip[1])
        cv2.circle(img, (int(x), int(y)), int(rb * 0.05), chip_bgr, -1, cv2.LINE_AA)
        for k in range(8 if chip_spots_bgr is not None else 0):
            a = k * np.pi / 4
            cv2.circle(img, (int(x + rb * 0.04 * np.cos(a)), int(y + rb * 0.04 * np.sin(a))),
                       max(1, int(rb * 0.012)), chip_spots_bgr, -1, cv2.LINE_AA)
    if bar is not None:
        x, y = c + rb * bar[0] * np.cos(bar[1]), c + rb * bar[0] * np.sin(bar[1])
        box = ((float(x), float(y)), (rb * bar[2], rb * bar[3]), float(np.degrees(bar[1])) + 90)
        cv2.fillConvexPoly(img, np.round(cv2.boxPoints(box) * 16).astype(np.int32),
                           (140, 210, 145), cv2.LINE_AA, 4)
    if ball is not None:
        x, y = c + rb * ball[0] * np.cos(ball[1]), c + rb * ball[0] * np.sin(ball[1])
        cv2.circle(img, (int(x), int(y)), int(rb * 0.028), (235, 240, 240), -1, cv2.LINE_AA)
    return img


def camera(width: int = 800, height: int = 600, tilt_deg: float = 25.0, azimuth_deg: float = 30.0,
           roll_deg: float = 10.0, ring_px: float = 520.0) -> PinholeCamera:
    """A tilted camera whose bowl (radius 1 world unit) spans about ``ring_px`` pixels."""
    focal = 900.0
    return tilted_view(np.zeros(3), distance_m=focal * 2.0 / ring_px, tilt_rad=np.radians(tilt_deg),
                       azimuth_rad=np.radians(azimuth_deg), focal_px=focal, width=width,
                       height=height, roll_rad=np.radians(roll_deg))


def tex_to_world() -> np.ndarray:
    """3x3 map from texture px to world (x, y) on the bowl plane; texture y down = world -y."""
    s = 1.0 / (TEX * 0.45)
    return np.array([[s, 0, -TEX / 2 * s], [0, -s, TEX / 2 * s], [0, 0, 1.0]])


def render(cam: PinholeCamera, tex: np.ndarray) -> np.ndarray:
    h = cam.plane_homography(0.0) @ tex_to_world()
    return cv2.warpPerspective(tex, h, (cam.width, cam.height), flags=cv2.INTER_LINEAR,
                               borderValue=(90, 90, 90))
