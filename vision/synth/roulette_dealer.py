"""The dealer's hand and foreign objects: paths through the scene over time.

A ``HandPass`` enters from off-frame on the dealer's side, its fingertips visiting
targets (the ball on the track, a pocket, an object, the rim) and leaves; a held ball or
object rides at the fingertips. A ``BowlObject`` falls into the bowl or onto the wheel
head and lies there until a hand picks it up.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.synth.camera import PinholeCamera
from vision.synth.roulette_motion import BallPath, Keyframes, Wheel, polar_xyz
from vision.synth.roulette_scene import RIM_TOP_Z, WheelDesign, bowl_height

__all__ = ["FINGER_M", "OBJECT_KINDS", "BowlObject", "HandPass", "hand_pass", "object_colour",
           "object_rest", "rim_pass"]

OBJECT_KINDS = ("chip", "coin", "lighter")
FINGER_M = 0.095  # palm centre to the ball held at the fingertips


@dataclass(frozen=True, slots=True)
class HandPass:
    """The dealer's hand: palm path over time, arm coming from ``root_xyz`` off-frame."""

    path: Keyframes
    root_xyz: np.ndarray

    def palm(self, t_s: float) -> np.ndarray | None:
        return self.path.at(t_s) if self.path.start <= t_s <= self.path.end else None

    def fingertip(self, t_s: float) -> np.ndarray:
        palm = self.path.at(t_s)
        d = palm[:2] - self.root_xyz[:2]
        d = d / max(float(np.linalg.norm(d)), 1e-9)
        return palm + np.array([d[0] * FINGER_M, d[1] * FINGER_M, -0.02])


@dataclass(frozen=True, slots=True)
class BowlObject:
    """A foreign object falling into the bowl at ``fall_t`` and lying there until picked up."""

    kind: str
    colour: tuple[float, float, float]
    fall_t: float
    land_t: float
    start_xyz: np.ndarray
    rest_r: float
    rest_angle: float  # world angle at landing (wheel frame if ``on_head``, see position)
    rest_z: float
    on_head: bool
    yaw: float
    picked_t: float
    hand: HandPass

    def __post_init__(self) -> None:
        if self.kind not in OBJECT_KINDS:
            raise ValueError(f"object kind must be one of {OBJECT_KINDS}, got {self.kind!r}")
        if not self.fall_t < self.land_t <= self.picked_t:
            raise ValueError(f"expected fall_t < land_t <= picked_t, got {self.fall_t}, "
                             f"{self.land_t}, {self.picked_t}")

    def position(self, t_s: float, wheel: Wheel) -> np.ndarray | None:
        if t_s < self.fall_t or t_s > self.hand.path.end:
            return None
        if t_s >= self.picked_t:
            return self.hand.fingertip(t_s)
        angle = self.rest_angle
        if self.on_head:
            angle += wheel.angle(t_s) - wheel.angle(self.land_t)
        land = polar_xyz(self.rest_r, angle, self.rest_z)
        if t_s >= self.land_t:
            return land
        u = (t_s - self.fall_t) / (self.land_t - self.fall_t)
        p = self.start_xyz + (land - self.start_xyz) * u
        p[2] = self.start_xyz[2] + (land[2] - self.start_xyz[2]) * u * u
        return p


def hand_pass(rng: np.random.Generator, camera: PinholeCamera, dealer_az: float,
          times: tuple[float, ...], tips: list[np.ndarray]) -> HandPass:
    """A hand entering from off-frame on the dealer's side, its fingertips visiting
    ``tips`` at ``times[1:-1]``, then leaving."""
    az = dealer_az + float(rng.uniform(-0.45, 0.45))
    reach = max(float(np.hypot(p[0], p[1])) for p in tips)
    root = _offframe_point(camera, az, reach + 0.25)  # the arm is longer than the fingers
    pts = np.array([root, *(_palm_for(p, root) for p in tips), root])
    return HandPass(Keyframes(times, pts), root)


def _offframe_point(camera: PinholeCamera, az: float, min_r: float) -> np.ndarray:
    for r in np.arange(max(min_r, 0.45), 1.6, 0.03):
        p = polar_xyz(float(r), az, 0.16)
        uv, depth = camera.project(p[None])
        x, y = uv[0]
        out = x < -60 or y < -60 or x > camera.width + 60 or y > camera.height + 60
        if depth[0] > 0.15 and out:
            return p
    return polar_xyz(1.6, az, 0.16)


def _palm_for(target_xyz: np.ndarray, root_xyz: np.ndarray) -> np.ndarray:
    """Palm position such that the fingertips are at ``target_xyz``."""
    d = target_xyz[:2] - root_xyz[:2]
    d = d / max(float(np.linalg.norm(d)), 1e-9)
    return target_xyz - np.array([d[0] * FINGER_M, d[1] * FINGER_M, -0.02])


def object_rest(rng: np.random.Generator, d: WheelDesign, camera: PinholeCamera,
                on_head: bool) -> tuple[float, float, float, bool]:
    """Where a fallen object comes to rest, in view: (radius, world angle, height, on the
    wheel head). If the bowl's slope is out of the picture it lands on the pockets."""
    for _ in range(100):
        if on_head:
            r = float(rng.uniform(d.r_pocket_out + 0.005, d.r_number_out))
            z = d.fret_height + 0.004
        else:
            r = float(rng.uniform(d.r_head + 0.025, d.r_track_in - 0.01))
            z = float(bowl_height(d, r)) + 0.004
        angle = float(rng.uniform(0, 2 * np.pi))
        (x, y), = camera.project(polar_xyz(r, angle, z)[None])[0]
        if 30 < x < camera.width - 30 and 30 < y < camera.height - 30:
            return r, angle, z, on_head
    # the pocket ring is always in view (contract section 5)
    r = float(rng.uniform(d.r_pocket_in + 0.015, d.r_pocket_out - 0.005))
    return r, float(rng.uniform(0, 2 * np.pi)), d.fret_height + 0.004, True


def object_colour(rng: np.random.Generator, kind: str) -> tuple[float, float, float]:
    if kind == "coin":
        base = ((60, 170, 210), (190, 190, 195))[int(rng.integers(2))]
    elif kind == "chip":
        base = ((40, 40, 200), (200, 80, 30), (40, 150, 40), (30, 30, 30), (220, 220, 225),
                (40, 160, 230), (150, 40, 140))[int(rng.integers(7))]
    else:
        base = tuple(float(v) for v in rng.uniform(30, 230, 3))  # type: ignore[assignment]
    return tuple(float(v) for v in base)  # type: ignore[return-value]


def rim_pass(rng: np.random.Generator, design: WheelDesign, camera: PinholeCamera,
              dealer_az: float, ball: BallPath) -> HandPass | None:
    """The dealer's hand reaching over the rim while the ball is on the track."""
    lo, hi = ball.release_t + 0.8, ball.drop_t - 2.0
    if hi <= lo:
        return None
    t0 = float(rng.uniform(lo, hi))
    r = float(rng.uniform(design.r_rim_in, design.r_rim_out + 0.04))
    tip = polar_xyz(r, dealer_az + float(rng.uniform(-1.0, 1.0)), RIM_TOP_Z + 0.03)
    return hand_pass(rng, camera, dealer_az, (t0, t0 + 0.5, t0 + 0.9, t0 + 1.4), [tip, tip])
