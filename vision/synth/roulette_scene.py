"""Roulette scene geometry: the wheel design and the camera pose, sampled from a seed.

World frame: metres, z up, the wheel's axis on the z axis, the pocket floors (the plane
the wheel-head texture is warped on) at z = 0. Angles are mathematical (counter-clockwise
seen from above is positive), so a pocket sequence that runs clockwise seen from above
has decreasing angles. The wheel frame is the world frame rotated by the wheel angle.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.footage import WHEEL_SEQUENCE_CW
from vision.synth.camera import PinholeCamera, tilted_view

__all__ = [
    "POCKETS", "POCKET_STEP_RAD", "WheelDesign", "bowl_height", "pocket_angle_rad",
    "pocket_index_at", "ring_extent_px", "sample_camera", "sample_design",
]  # fmt: skip

POCKETS = len(WHEEL_SEQUENCE_CW)
POCKET_STEP_RAD = 2 * np.pi / POCKETS
MIN_RING_PX = 410.0  # contract: the pocket ring at least 400 px across (kept with a margin)
MAX_TILT_RAD = np.deg2rad(35.0)

BGR = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class WheelDesign:
    """Dimensions (m) and colours (BGR 0..255) of one wheel and its bowl."""

    r_pocket_in: float  # cone base = inner edge of the pockets
    r_pocket_out: float  # outer edge of the pockets (the pocket ring)
    r_number_out: float  # outer edge of the number ring
    r_head: float  # outer edge of the turning wheel head
    r_track_in: float  # where the bowl's lower slope meets the ball track
    r_rim_in: float  # the ball track's outer wall
    r_rim_out: float  # outer edge of the wooden rim
    cone_height: float
    fret_height: float
    ball_radius: float
    turret_height: float
    turret_arms: int
    turret_arm_len: float
    deflectors: int
    zero_angle_rad: float  # wheel-frame angle of pocket 0's centre
    red: BGR
    black: BGR
    green: BGR
    number_ring_dark: bool  # number ring dark with light digits, else the pocket colours
    rotor: BGR
    cone: BGR
    fret: BGR
    track: BGR
    slope: BGR
    rim: BGR
    table: BGR
    ball: BGR

    def __post_init__(self) -> None:
        radii = (self.r_pocket_in, self.r_pocket_out, self.r_number_out, self.r_head,
                 self.r_track_in, self.r_rim_in, self.r_rim_out)
        if any(b <= a for a, b in zip(radii, radii[1:], strict=False)):
            raise ValueError(f"wheel radii must increase outwards, got {radii}")
        if self.turret_arms not in (0, 3, 4):
            raise ValueError(f"turret_arms must be 0, 3 or 4, got {self.turret_arms}")

    @property
    def r_pocket_mid(self) -> float:
        return 0.5 * (self.r_pocket_in + self.r_pocket_out)

    @property
    def r_ball_rest(self) -> float:
        """Radius of the ball's centre at rest in a pocket (towards the pocket's outer end)."""
        return self.r_pocket_mid + 0.15 * (self.r_pocket_out - self.r_pocket_in)

    @property
    def r_track(self) -> float:
        """Radius of the ball's centre while it runs against the track's outer wall."""
        return self.r_rim_in - self.ball_radius * 1.1

    def to_json(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in self.__slots__}  # type: ignore[attr-defined]


def pocket_angle_rad(design: WheelDesign, index: np.ndarray | int) -> np.ndarray:
    """Wheel-frame angle of the centre of pocket ``index`` (position in WHEEL_SEQUENCE_CW)."""
    return design.zero_angle_rad - np.asarray(index, float) * POCKET_STEP_RAD


def pocket_index_at(design: WheelDesign, wheel_angle_rad: float) -> int:
    """Index into WHEEL_SEQUENCE_CW of the pocket covering a wheel-frame angle."""
    k = np.round((design.zero_angle_rad - wheel_angle_rad) / POCKET_STEP_RAD)
    return int(k) % POCKETS


def bowl_height(design: WheelDesign, r: np.ndarray) -> np.ndarray:
    """Height (m) of the static bowl surface at radius ``r`` (vectorised; r >= r_head)."""
    r = np.asarray(r, float)
    d = design
    slope_top = 0.045
    lower = 0.004 + (slope_top - 0.004) * np.clip((r - d.r_head) / (d.r_track_in - d.r_head), 0, 1)
    u = np.clip((r - d.r_track_in) / (d.r_rim_in - d.r_track_in), 0, 1)
    track = slope_top + 0.012 * u**2  # a concave track rising to the outer wall
    return np.where(r < d.r_track_in, lower, track)


RIM_TOP_Z = 0.075


def _shade(rng: np.random.Generator, base: BGR, spread: float = 0.12) -> BGR:
    f = rng.uniform(1 - spread, 1 + spread, 3)
    return tuple(float(np.clip(c * k, 0, 255)) for c, k in zip(base, f, strict=True))  # type: ignore[return-value]


WOODS: tuple[BGR, ...] = ((40, 70, 120), (25, 45, 80), (60, 95, 150), (30, 35, 45), (20, 30, 60))
METALS: tuple[BGR, ...] = ((200, 200, 205), (120, 190, 215), (170, 175, 180))


def sample_design(rng: np.random.Generator) -> WheelDesign:
    """A plausible single-zero wheel with randomised proportions, colours and details."""
    s = rng.uniform(0.95, 1.05)  # overall scale around a 32-inch bowl
    r_in = 0.150 * s * rng.uniform(0.95, 1.05)
    r_out = r_in + 0.040 * s * rng.uniform(0.9, 1.1)
    wood = WOODS[int(rng.integers(len(WOODS)))]
    return WheelDesign(
        r_pocket_in=r_in, r_pocket_out=r_out,
        r_number_out=r_out + 0.033 * s * rng.uniform(0.9, 1.15),
        r_head=r_out + 0.058 * s, r_track_in=0.345 * s, r_rim_in=0.385 * s, r_rim_out=0.415 * s,
        cone_height=rng.uniform(0.025, 0.05), fret_height=rng.uniform(0.006, 0.011),
        ball_radius=rng.uniform(0.0085, 0.0105), turret_height=rng.uniform(0.07, 0.12),
        turret_arms=int(rng.choice([0, 3, 4, 4])), turret_arm_len=rng.uniform(0.05, 0.085),
        deflectors=int(rng.choice([0, 8, 8, 16])),
        zero_angle_rad=float(rng.uniform(0, 2 * np.pi)),
        red=_shade(rng, (35, 30, 175)), black=_shade(rng, (28, 26, 26), 0.3),
        green=_shade(rng, (60, 130, 20)), number_ring_dark=bool(rng.random() < 0.35),
        rotor=_shade(rng, wood), cone=_shade(rng, WOODS[int(rng.integers(len(WOODS)))]),
        fret=_shade(rng, METALS[int(rng.integers(len(METALS)))], 0.05),
        track=_shade(rng, wood), slope=_shade(rng, WOODS[int(rng.integers(len(WOODS)))]),
        rim=_shade(rng, wood), table=_shade(rng, ((40, 90, 30), (50, 40, 110), (70, 60, 40))
                                           [int(rng.integers(3))]),
        ball=_shade(rng, ((235, 240, 242), (200, 228, 238))[int(rng.random() < 0.3)], 0.04),
    )  # fmt: skip


def ring_extent_px(camera: PinholeCamera, radius_m: float) -> tuple[np.ndarray, np.ndarray]:
    """(min xy, max xy) image bounds of the circle of ``radius_m`` at z = 0."""
    a = np.linspace(0, 2 * np.pi, 180, endpoint=False)
    pts = np.column_stack([radius_m * np.cos(a), radius_m * np.sin(a), np.zeros_like(a)])
    uv, _ = camera.project(pts)
    return uv.min(axis=0), uv.max(axis=0)


def _ring_minor_px(camera: PinholeCamera, radius_m: float) -> float:
    a = np.linspace(0, 2 * np.pi, 180, endpoint=False)
    pts = np.column_stack([radius_m * np.cos(a), radius_m * np.sin(a), np.zeros_like(a)])
    uv, _ = camera.project(pts)
    (_, _), (w, h), _ = cv2.fitEllipse(uv.astype(np.float32))
    return float(min(w, h))


def sample_camera(rng: np.random.Generator, design: WheelDesign, width: int,
                  height: int) -> PinholeCamera:
    """A fixed camera looking down at the wheel: axis within 35 degrees of the wheel axis,
    the whole pocket ring in view and at least MIN_RING_PX across."""
    ring = design.r_pocket_out
    margin = 12.0
    for _attempt in range(200):
        tilt = float(rng.uniform(0.0, MAX_TILT_RAD))
        azimuth = float(rng.uniform(0, 2 * np.pi))
        roll = float(rng.normal(0, np.deg2rad(3)))
        hfov = float(rng.uniform(np.deg2rad(35), np.deg2rad(70)))
        focal = 0.5 * width / np.tan(hfov / 2)
        # the ring's apparent diameter: from the minimum up to what fits the frame
        max_px = min(width, height) - 2 * margin
        if max_px < MIN_RING_PX:
            raise ValueError(f"frame {width}x{height} too small for a {MIN_RING_PX} px ring")
        # favour smaller rings: more of the bowl and the ball track stays in view
        lo_px, hi_px = MIN_RING_PX * 1.02, max(max_px, MIN_RING_PX * 1.05)
        target_px = lo_px + (hi_px - lo_px) * float(rng.uniform(0, 1)) ** 2
        distance = focal * 2 * ring / target_px
        cam = tilted_view(np.zeros(3), distance_m=distance, tilt_rad=tilt, azimuth_rad=azimuth,
                          focal_px=focal, width=width, height=height, roll_rad=roll)
        # the number ring too should be in view (the pocket ring must be)
        lo, hi = ring_extent_px(cam, design.r_number_out)
        slack_lo = lo - margin
        slack_hi = np.array([width, height]) - margin - hi
        if np.any(slack_lo < 0) or np.any(slack_hi < 0):
            lo, hi = ring_extent_px(cam, ring)
            slack_lo = lo - margin
            slack_hi = np.array([width, height]) - margin - hi
            if np.any(slack_lo < 0) or np.any(slack_hi < 0):
                continue
        if _ring_minor_px(cam, ring) < MIN_RING_PX:
            continue
        # a little off-centre, as mounted cameras are; the rings stay in view
        shift = rng.uniform(-slack_lo, slack_hi) * 0.5
        K = cam.K.copy()
        K[0, 2] += shift[0]
        K[1, 2] += shift[1]
        return PinholeCamera(K=K, R=cam.R, t=cam.t, width=width, height=height)
    raise ValueError(f"no camera pose fits the pocket ring into {width}x{height}")
