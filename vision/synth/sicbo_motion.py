"""One sic bo round in time: where the dice come to rest, how they settle, when the lid moves.

A round runs: lid on (dice hidden), the shake (three presses: the lid jiggles), a pause,
the lid lifted off (it slides away and fades), the dice visible (some still rocking or
sliding for a few frames), the result shown for a few seconds, the lid put back. The plan
is sampled once from a generator; ``poses_at`` and ``lid_at`` are pure per-frame lookups.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.synth.dice3d import (
    EDGE_M,
    DiePose,
    flat_pose,
    lean_against_die,
    lean_against_wall,
    rest_on_floor,
    stacked_pose,
)

__all__ = ["KINDS", "DieMotion", "LidState", "RoundPlan", "sample_layout", "sample_round"]

KINDS = ("result", "dice_leaning", "dice_stacked")


@dataclass(frozen=True, slots=True)
class DieMotion:
    """Settling after the lid comes off: a slide that decelerates to the final position and a
    decaying rock about a horizontal axis, both over frames [start_frame, end_frame). From
    ``rest_frame`` (<= end_frame: where what is left of the motion is too small to see) the
    die snaps to its final pose, so "at rest" in the sidecar means visibly still too."""

    start_frame: int
    end_frame: int
    slide_xy_m: tuple[float, float]
    rock_axis_xy: tuple[float, float]
    rock_rad: float
    rock_cycles: float
    rest_frame: int

    def __post_init__(self) -> None:
        if not self.start_frame < self.end_frame or self.rest_frame > self.end_frame:
            raise ValueError(f"need start < end and rest <= end, got {self.start_frame}, "
                             f"{self.end_frame}, {self.rest_frame}")

    def pose_at(self, final: DiePose, frame: int) -> DiePose:
        if frame >= self.rest_frame:
            return final
        u = max(0.0, (frame - self.start_frame) / (self.end_frame - self.start_frame))
        xy = final.center_xyz[:2] + np.array(self.slide_xy_m) * (1 - u) ** 2
        angle = self.rock_rad * (1 - u) * abs(np.cos(np.pi * self.rock_cycles * u))
        ax = np.array([self.rock_axis_xy[0], self.rock_axis_xy[1], 0.0])
        rvec = ax / np.linalg.norm(ax) * angle
        rot = cv2.Rodrigues(rvec.reshape(3, 1))[0] @ final.rotation
        return rest_on_floor(rot, xy, final.edge_m)


@dataclass(frozen=True, slots=True)
class LidState:
    opacity: float  # 1 = on (no dice visible), 0 = off
    offset_px: tuple[int, int]


@dataclass(frozen=True, slots=True)
class RoundPlan:
    index: int
    kind: str
    start_frame: int
    shake_end: int  # shake runs [start_frame + hold, shake_end)
    shake_start: int
    lift_start: int  # the lid starts to move
    lift_end: int  # first frame with the lid fully off
    close_start: int  # the lid starts coming back; fully on at end_frame
    end_frame: int
    final: tuple[DiePose, ...]
    motions: tuple[DieMotion | None, ...]
    lift_dir: tuple[float, float]
    lift_px: float
    jiggle_px: float

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")
        order = (self.start_frame, self.shake_start, self.shake_end, self.lift_start,
                 self.lift_end, self.close_start, self.end_frame)
        if list(order) != sorted(order) or self.lift_end <= self.lift_start:
            raise ValueError(f"round {self.index}: timeline out of order: {order}")

    @property
    def rest_frame(self) -> int:
        """First frame with every die at its final pose."""
        return max([m.rest_frame for m in self.motions if m is not None], default=0)

    @property
    def settled_frame(self) -> int:
        return max(self.lift_end, self.rest_frame)

    @property
    def void_frame(self) -> int:
        """First frame at which the lid is at most half opaque while lifting."""
        return next(f for f in range(self.lift_start, self.lift_end + 1)
                    if self.lid_at(f).opacity <= 0.5)

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(p.top_value for p in self.final)

    def moving(self, frame: int) -> bool:
        return any(m is not None and m.start_frame <= frame < m.rest_frame for m in self.motions)

    def poses_at(self, frame: int) -> tuple[DiePose, ...]:
        return tuple(p if m is None else m.pose_at(p, frame)
                     for p, m in zip(self.final, self.motions, strict=True))

    def lid_at(self, frame: int) -> LidState:
        if frame < self.lift_start:
            jig = 0.0
            if self.shake_start <= frame < self.shake_end:
                u = (frame - self.shake_start) / (self.shake_end - self.shake_start)
                jig = self.jiggle_px * abs(np.sin(3 * np.pi * u))
            return LidState(1.0, (0, int(round(-jig))))
        if frame < self.lift_end:
            p = (frame - self.lift_start) / (self.lift_end - self.lift_start)
            return self._moving_lid(p)
        if frame < self.close_start:
            return LidState(0.0, (0, 0))
        p = 1.0 - (frame - self.close_start) / max(self.end_frame - self.close_start, 1)
        return self._moving_lid(p)

    def _moving_lid(self, p: float) -> LidState:
        """``p`` 0 = on, 1 = off: the lid rises, slides towards ``lift_dir`` and fades."""
        s = p * p * (3 - 2 * p)
        d = self.lift_px * p * p
        return LidState(float(1.0 - s), (int(round(self.lift_dir[0] * d)),
                                         int(round(self.lift_dir[1] * d))))


def _separated(poses: list[DiePose], min_m: float, touching: int) -> bool:
    """Every pair at least ``min_m`` apart (centres, horizontally), except the first
    ``touching`` dice, which are a deliberate void pair."""
    xy = [p.center_xyz[:2] for p in poses]
    return all(np.linalg.norm(xy[i] - xy[j]) >= min_m
               for i in range(len(xy)) for j in range(i + 1, len(xy)) if j >= touching)


def _inside(pose: DiePose, radius_m: float) -> bool:
    return bool(np.linalg.norm(pose.corners_xyz(), axis=1).max() < radius_m * 0.985)


def _random_flat(rng: np.random.Generator, radius_m: float, edge: float) -> DiePose:
    r_max = np.sqrt(radius_m**2 - (1.2 * edge) ** 2) - 0.8 * edge
    r, a = r_max * np.sqrt(rng.random()), rng.uniform(0, 2 * np.pi)
    return flat_pose(int(rng.integers(1, 7)), (r * np.cos(a), r * np.sin(a)),
                     float(rng.uniform(0, 2 * np.pi)), spin=int(rng.integers(4)), edge_m=edge)


def _void_pair(kind: str, rng: np.random.Generator, radius_m: float, edge: float
               ) -> list[DiePose]:
    """The two dice that make the round void (plus, for a wall lean, nothing else)."""
    value = int(rng.integers(1, 7))
    spin = int(rng.integers(4))
    if kind == "dice_stacked":
        below = _random_flat(rng, radius_m * 0.8, edge)
        off = tuple(rng.uniform(-0.2, 0.2, 2) * edge)
        return [below, stacked_pose(value, below, off, float(rng.uniform(0, 2 * np.pi)), spin=spin)]
    tilt = float(np.radians(rng.uniform(20, 40)))
    if rng.random() < 0.4:  # against the dome wall
        wall = lean_against_wall(value, float(rng.uniform(0, 2 * np.pi)), radius_m, tilt,
                                 yaw_rad=float(rng.uniform(-0.3, 0.3)), spin=spin, edge_m=edge)
        return [wall]
    support = _random_flat(rng, radius_m * 0.75, edge)
    return [support, lean_against_die(value, support, int(rng.integers(4)), tilt, spin=spin,
                                      slide=float(rng.uniform(-0.3, 0.3)))]


def sample_layout(kind: str, rng: np.random.Generator, radius_m: float, edge: float = EDGE_M
                  ) -> tuple[DiePose, ...]:
    """Three resting dice that do not touch (except the void pair) and lie inside the dome."""
    for _ in range(500):
        poses = [] if kind == "result" else _void_pair(kind, rng, radius_m, edge)
        touching = len(poses) if len(poses) == 2 else 0
        while len(poses) < 3:
            poses.append(_random_flat(rng, radius_m, edge))
        if _separated(poses, 1.6 * edge, touching) and all(_inside(p, radius_m) for p in poses):
            order = rng.permutation(3)
            return tuple(poses[i] for i in order)
    raise RuntimeError(f"could not place three dice for a {kind!r} round in a {radius_m} m dome")


def _visible_rest(motion: DieMotion, final: DiePose, visible_m: float) -> int:
    """First frame after which the die never again moves ``visible_m`` from its final pose."""
    corners = final.corners_xyz()
    for f in range(motion.end_frame - 1, motion.start_frame - 1, -1):
        if np.abs(motion.pose_at(final, f).corners_xyz() - corners).max() >= visible_m:
            return f + 1
    return motion.start_frame


def _settling(rng: np.random.Generator, final: tuple[DiePose, ...], start: int, fps: float,
              visible_m: float) -> tuple[DieMotion | None, ...]:
    """For some rounds, one or two dice still rock or slide right after the lid comes off."""
    edge = final[0].edge_m
    out: list[DieMotion | None] = [None, None, None]
    if rng.random() > 0.4:
        return tuple(out)
    for i in rng.choice(3, size=int(rng.integers(1, 3)), replace=False):
        dur = int(round(fps * rng.uniform(0.5, 1.1)))
        a = rng.uniform(0, 2 * np.pi)
        slide = np.array([np.cos(a), np.sin(a)]) * edge * rng.uniform(0.0, 0.6)
        others = [p.center_xyz[:2] for j, p in enumerate(final) if j != i]
        path = [final[i].center_xyz[:2] + slide * (1 - u) ** 2 for u in np.linspace(0, 1, 8)]
        if any(np.linalg.norm(q - o) < 1.7 * edge for q in path for o in others):
            slide = slide * 0.0
        b = rng.uniform(0, 2 * np.pi)
        full = DieMotion(start, start + dur, (float(slide[0]), float(slide[1])),
                         (float(np.cos(b)), float(np.sin(b))),
                         float(np.radians(rng.uniform(8, 20))), float(rng.uniform(1.5, 3.5)),
                         start + dur)
        rest = _visible_rest(full, final[i], visible_m)
        out[i] = replace(full, rest_frame=rest) if rest > start else None
    return tuple(out)


def sample_round(rng: np.random.Generator, index: int, start_frame: int, fps: float,
                 radius_m: float, *, void_rate: float = 0.17, lid_px: float = 400.0,
                 edge: float = EDGE_M, visible_m: float = 1e-4) -> RoundPlan:
    """Draw one round's layout, settling and lid timeline. ``visible_m``: the smallest die
    movement a camera could see (about half a pixel), below which a die counts as at rest."""
    u = rng.random()
    kind = ("dice_leaning" if u < void_rate / 2 else "dice_stacked" if u < void_rate
            else "result")
    final = sample_layout(kind, rng, radius_m, edge)

    def frames(lo: float, hi: float) -> int:
        return max(1, int(round(fps * rng.uniform(lo, hi))))

    shake_start = start_frame + frames(0.4, 1.0)
    shake_end = shake_start + frames(0.9, 1.5)
    lift_start = shake_end + frames(0.3, 0.8)
    lift_end = lift_start + frames(0.3, 0.6)
    motions = (_settling(rng, final, lift_start, fps, visible_m) if kind == "result"
               else (None, None, None))
    settle = max([lift_end] + [m.rest_frame for m in motions if m is not None])
    close_start = settle + frames(2.5, 4.0)
    end_frame = close_start + frames(0.3, 0.5)
    a = rng.uniform(0, 2 * np.pi)
    return RoundPlan(index, kind, start_frame, shake_end, shake_start, lift_start, lift_end,
                     close_start, end_frame, final, motions, (float(np.cos(a)), float(np.sin(a))),
                     float(lid_px * rng.uniform(0.8, 1.3)), float(rng.uniform(2.0, 6.0)))
