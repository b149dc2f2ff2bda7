"""Roulette motion: the wheel's turning and the ball's path, as functions of time.

A ``BallPath`` is one round's ball: held by the dealer's hand, released on the track,
decelerating for several revolutions, dropping down the bowl, hopping across frets in the
wheel frame and resting in a pocket that then rides with the wheel. ``Wheel`` integrates
the wheel's angular speed over the clip. Everything is deterministic given its numbers;
the randomness is drawn in ``roulette_timeline``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.synth.roulette_scene import (
    POCKET_STEP_RAD,
    WheelDesign,
    bowl_height,
    pocket_angle_rad,
    pocket_index_at,
)

__all__ = ["BallPath", "Hop", "Keyframes", "Wheel", "plan_hops", "polar_xyz", "resting_xyz",
           "smoothstep", "wrap_pi"]


def smoothstep(u: float) -> float:
    u = min(max(u, 0.0), 1.0)
    return u * u * (3 - 2 * u)


def wrap_pi(a: float) -> float:
    return float((a + np.pi) % (2 * np.pi) - np.pi)


def polar_xyz(r: float, angle_rad: float, z: float) -> np.ndarray:
    return np.array([r * np.cos(angle_rad), r * np.sin(angle_rad), z])


def resting_xyz(design: WheelDesign, world_angle_rad: float) -> np.ndarray:
    """The ball's centre at rest in the pocket at ``world_angle_rad``."""
    return polar_xyz(design.r_ball_rest, world_angle_rad, design.ball_radius)


class Wheel:
    """Wheel angle (rad, counter-clockwise positive) from angular speed knots over time."""

    def __init__(self, knots_t: np.ndarray, knots_omega: np.ndarray, *, angle0_rad: float,
                 duration_s: float, step_s: float = 0.005) -> None:
        self._t = np.arange(0.0, duration_s + 1.0, step_s)
        omega = np.interp(self._t, knots_t, knots_omega)
        self._angle = angle0_rad + np.concatenate([[0.0], np.cumsum(
            0.5 * (omega[1:] + omega[:-1]) * step_s)])
        self._omega = omega

    def angle(self, t_s: float) -> float:
        return float(np.interp(t_s, self._t, self._angle))

    def omega(self, t_s: float) -> float:
        return float(np.interp(t_s, self._t, self._omega))


@dataclass(frozen=True, slots=True)
class Keyframes:
    """Piecewise smooth-stepped path through ``points`` (N, 3) at increasing ``times``."""

    times: tuple[float, ...]
    points: np.ndarray

    def __post_init__(self) -> None:
        if len(self.times) != len(self.points) or len(self.times) < 1:
            raise ValueError(f"need as many times as points, got {len(self.times)} and "
                             f"{len(self.points)}")
        if any(b < a for a, b in zip(self.times, self.times[1:], strict=False)):
            raise ValueError(f"keyframe times must increase, got {self.times}")

    @property
    def start(self) -> float:
        return self.times[0]

    @property
    def end(self) -> float:
        return self.times[-1]

    def at(self, t_s: float) -> np.ndarray:
        ts = self.times
        if t_s <= ts[0]:
            return self.points[0].copy()
        for i in range(1, len(ts)):
            if t_s <= ts[i]:
                u = smoothstep((t_s - ts[i - 1]) / max(ts[i] - ts[i - 1], 1e-9))
                return (1 - u) * self.points[i - 1] + u * self.points[i]
        return self.points[-1].copy()


@dataclass(frozen=True, slots=True)
class Hop:
    """One bounce in the wheel frame: from one angle/radius to another, peaking at height."""

    t0: float
    t1: float
    angle0: float
    angle1: float
    r0: float
    r1: float
    height: float

    def __post_init__(self) -> None:
        if not (self.t1 > self.t0 and self.height >= 0):
            raise ValueError(f"a hop needs t1 > t0 and height >= 0, got {self}")


@dataclass(frozen=True, slots=True)
class BallPath:
    """One round's ball. Times are clip seconds; angles radians (ccw positive)."""

    design: WheelDesign
    release_t: float
    release_angle: float  # world angle where the ball leaves the hand
    direction: int  # +1 ccw, -1 cw (world, seen from above)
    omega0: float  # initial angular speed on the track (rad/s, > 0)
    decel: float  # angular deceleration (rad/s^2, > 0)
    track_s: float  # time on the track before leaving it
    drop_s: float  # time to roll down the bowl slope to the wheel head
    hops: tuple[Hop, ...]
    deflect_height: float = 0.0  # a hop off a deflector half way down the slope (0 = none)

    def __post_init__(self) -> None:
        if not self.hops:
            raise ValueError("a ball path needs at least one hop into its resting pocket")
        if self.omega0 - self.decel * (self.track_s + self.drop_s) <= 0:
            raise ValueError("the ball would stop before reaching the wheel head")

    @property
    def drop_t(self) -> float:
        return self.release_t + self.track_s

    @property
    def land_t(self) -> float:
        return self.drop_t + self.drop_s

    @property
    def settle_t(self) -> float:
        return self.hops[-1].t1

    @property
    def rest_r(self) -> float:
        return self.hops[-1].r1

    @property
    def rest_angle(self) -> float:
        """Wheel-frame angle of the ball at rest (the resting pocket's centre)."""
        return self.hops[-1].angle1

    @property
    def pocket_index(self) -> int:
        return pocket_index_at(self.design, self.rest_angle)

    def world_angle(self, t_s: float) -> float:
        """Ball's world angle while it is on the track or the slope (t <= land_t)."""
        tau = min(max(t_s - self.release_t, 0.0), self.track_s + self.drop_s)
        return self.release_angle + self.direction * (self.omega0 * tau - 0.5 * self.decel * tau**2)

    def speed_at(self, t_s: float) -> float:
        tau = min(max(t_s - self.release_t, 0.0), self.track_s + self.drop_s)
        return self.omega0 - self.decel * tau

    def position(self, t_s: float, wheel: Wheel) -> np.ndarray:
        """World xyz of the ball's centre at ``t_s`` >= release_t."""
        d, rb = self.design, self.design.ball_radius
        if t_s <= self.drop_t:
            z = float(bowl_height(d, d.r_track)) + rb
            return polar_xyz(d.r_track, self.world_angle(t_s), z)
        if t_s <= self.land_t:
            u = smoothstep((t_s - self.drop_t) / self.drop_s)
            r = d.r_track + (d.r_number_out - d.r_track) * u
            z = float(bowl_height(d, max(r, d.r_head))) + rb
            v = (u - 0.45) / 0.2  # the deflector kick, while u runs 0.45..0.65
            if self.deflect_height and 0 < v < 1:
                z += self.deflect_height * 4 * v * (1 - v)
            return polar_xyz(r, self.world_angle(t_s), z)
        rel, r, z = self._wheel_frame(t_s)
        return polar_xyz(r, rel + wheel.angle(t_s), z)

    def _wheel_frame(self, t_s: float) -> tuple[float, float, float]:
        rb = self.design.ball_radius
        for hop in self.hops:
            if t_s <= hop.t1:
                u = (t_s - hop.t0) / max(hop.t1 - hop.t0, 1e-9)
                u = min(max(u, 0.0), 1.0)
                rel = hop.angle0 + (hop.angle1 - hop.angle0) * u
                r = hop.r0 + (hop.r1 - hop.r0) * smoothstep(u)
                return rel, r, rb + hop.height * 4 * u * (1 - u)
        # at rest: a small damped rocking inside the pocket, never leaving it
        tau = t_s - self.settle_t
        rock = 0.18 * POCKET_STEP_RAD * np.exp(-tau / 0.18) * np.sin(2 * np.pi * tau / 0.22)
        return self.rest_angle + float(rock), self.rest_r, rb


def plan_hops(rng: np.random.Generator, design: WheelDesign, *, land_t: float,
              land_rel_angle: float, rel_speed: float) -> tuple[Hop, ...]:
    """A few bounces across frets in the wheel frame, ending on a pocket centre."""
    sign = 1.0 if rel_speed >= 0 else -1.0
    n = int(rng.integers(2, 6))
    t, angle, r = land_t, land_rel_angle, design.r_number_out - design.ball_radius
    dur, height = float(rng.uniform(0.3, 0.45)), float(rng.uniform(0.02, 0.04))
    hops = []
    for i in range(n):
        if i == 0:
            travel = abs(rel_speed) * dur * rng.uniform(0.5, 0.9)
        else:  # later bounces lose energy: mostly one fret, sometimes two, or back one
            travel = POCKET_STEP_RAD * float(rng.choice([-1, 1, 1, 1, 2]))
        target = angle + sign * travel
        k = pocket_index_at(design, target)
        target += wrap_pi(float(pocket_angle_rad(design, k)) - target)
        r1 = design.r_ball_rest
        hops.append(Hop(t, t + dur, angle, target, r, r1, height))
        t, angle, r = t + dur, target, r1
        dur = max(0.12, dur * float(rng.uniform(0.6, 0.85)))
        height *= float(rng.uniform(0.35, 0.6))
    return tuple(hops)
