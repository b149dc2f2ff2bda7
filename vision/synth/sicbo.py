"""Synthetic sic bo footage: ``synth_clip`` renders a clip of several rounds and its sidecar.

Per clip, from one seed: capture conditions (contract section 5), a camera within 30
degrees of vertical framing the dome so that a die's edge is at least 30 px, floor /
table / dice colours, pip style, light. Per round (``sicbo_motion``): the dice layout
(some rounds void: a leaning or stacked die), settling, the lid timeline. The static
background, lid and glare are rendered once per clip; dice only when they move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.footage import DiceResult, Round, Sidecar, Void, save_sidecar
from vision.progress import progress
from vision.synth.camera import PinholeCamera, tilted_view
from vision.synth.conditions import Conditions, Degrader, sample_conditions
from vision.synth.dice3d import EDGE_M, DiceStyle, face_textures, flat_pose
from vision.synth.sicbo_motion import RoundPlan, sample_round
from vision.synth.sicbo_render import (
    DomeScene,
    draw_dice,
    draw_sprite,
    glare_sprite,
    lid_sprite,
    render_background,
)
from vision.synth.video import ClipWriter, clip_suffix

__all__ = ["ClipScene", "min_die_edge_px", "plan_rounds", "round_to_sidecar", "sample_scene",
           "synth_clip"]

MIN_EDGE_PX = 33.0  # the contract's 30 px, with a margin for lens distortion and blur
FLOORS_BGR = ((50, 105, 35), (40, 40, 150), (120, 60, 20), (28, 28, 30), (200, 205, 210),
              (30, 90, 150), (90, 40, 90), (70, 120, 110))  # fmt: skip
TABLES_BGR = ((40, 90, 30), (90, 55, 20), (30, 30, 110), (35, 35, 38), (60, 80, 90))


@dataclass(frozen=True, slots=True)
class ClipScene:
    dome: DomeScene
    style: DiceStyle
    edge_m: float
    lights: tuple[tuple[np.ndarray, float], ...]  # ceiling lights reflected by the glass
    tilt_deg: float
    azimuth_deg: float


def min_die_edge_px(cam: PinholeCamera, radius_m: float, edge_m: float) -> float:
    """Shortest projected top-face edge of a flat die anywhere on the dome floor, any yaw
    (perspective foreshortening included)."""
    worst = np.inf
    reach = radius_m - edge_m
    for a in np.linspace(0, 2 * np.pi, 16, endpoint=False):
        for r in (0.0, reach):
            for yaw in (0.0, np.pi / 8, np.pi / 4, 3 * np.pi / 8):
                die = flat_pose(1, (r * np.cos(a), r * np.sin(a)), yaw, edge_m=edge_m)
                px = cam.project(die.face_quad_xyz(1))[0]
                worst = min(worst, float(np.linalg.norm(px - np.roll(px, 1, 0), axis=1).min()))
    return worst


def _in_view(cam: PinholeCamera, radius_m: float, margin_px: float) -> bool:
    a = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    pts = np.concatenate([np.stack([radius_m * np.cos(a), radius_m * np.sin(a),
                                    np.full_like(a, z)], 1) for z in (0.0, 0.03)])
    px, depth = cam.project(pts)
    return bool((depth > 0).all() and (px.min(0) >= margin_px).all()
                and (px[:, 0] <= cam.width - margin_px).all()
                and (px[:, 1] <= cam.height - margin_px).all())


def _camera(dist: float, *, tilt_deg: float, azimuth_deg: float, roll_rad: float,
            focal_px: float, width: int, height: int, aim_xy: tuple[float, float]
            ) -> PinholeCamera:
    return tilted_view(np.array([aim_xy[0], aim_xy[1], 0.0]), distance_m=dist,
                       tilt_rad=np.radians(tilt_deg), azimuth_rad=np.radians(azimuth_deg),
                       focal_px=focal_px, width=width, height=height, roll_rad=float(roll_rad))


def _nearest_in_view(make: Callable[[float], PinholeCamera], radius_m: float) -> float:
    """Smallest camera distance (bisection) at which the whole dome is in the picture."""
    lo, hi = radius_m, 40 * radius_m
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if _in_view(make(mid), radius_m, 4.0) else (mid, hi)
    return hi


def _sample_camera(rng: np.random.Generator, cond: Conditions, radius_m: float, edge_m: float
                   ) -> tuple[PinholeCamera, float, float]:
    """Tilt 0-30 degrees, any azimuth, a little roll, aimed near the dome centre; as close as
    the dome fits in the picture or up to as far as the dice stay at least ``MIN_EDGE_PX``."""
    w, h = cond.width, cond.height
    for _ in range(100):
        tilt, az, roll = rng.uniform(0, 30), rng.uniform(0, 360), rng.uniform(-0.4, 0.4)
        aim = tuple(rng.uniform(-0.15, 0.15, 2) * radius_m)  # not always dead centre
        make = partial(_camera, tilt_deg=tilt, azimuth_deg=az, roll_rad=roll,
                       focal_px=w * rng.uniform(0.8, 1.6), width=w, height=h, aim_xy=aim)
        near = _nearest_in_view(make, radius_m)
        room = min_die_edge_px(make(near), radius_m, edge_m) / MIN_EDGE_PX  # >= 1: can back off
        if room < 1.0:
            continue
        dist = near * (1.0 + (min(room, 1.6) - 1.0) * rng.uniform(0.0, 0.9))
        cam = make(dist)
        if min_die_edge_px(cam, radius_m, edge_m) >= MIN_EDGE_PX:
            return cam, float(tilt), float(az)
    raise RuntimeError(f"no camera frames a {radius_m} m dome at {w}x{h} "
                       f"with {MIN_EDGE_PX} px dice")


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


def sample_scene(rng: np.random.Generator, cond: Conditions) -> ClipScene:
    radius = float(rng.uniform(0.09, 0.11))
    edge = EDGE_M * float(rng.uniform(0.9, 1.1))
    cam, tilt, az = _sample_camera(rng, cond, radius, edge)
    floor = np.array(FLOORS_BGR[int(rng.integers(len(FLOORS_BGR)))], float)
    floor = np.clip(floor * rng.uniform(0.8, 1.2) * rng.uniform(0.93, 1.07, 3), 0, 255)
    table = np.array(TABLES_BGR[int(rng.integers(len(TABLES_BGR)))], float) * rng.uniform(0.7, 1.2)
    el, la = np.radians(rng.uniform(50, 85)), rng.uniform(0, 2 * np.pi)
    light = np.array([np.cos(el) * np.cos(la), np.cos(el) * np.sin(la), np.sin(el)])
    base = rng.uniform(16, 28) + rng.uniform(-2, 2, 3)  # near-black, barely tinted
    dome = DomeScene(camera=cam, dome_radius_m=radius, floor_bgr=tuple(map(float, floor)),
                     table_bgr=tuple(map(float, table)), base_bgr=tuple(map(float, base)),
                     light_xyz=tuple(map(float, light)), ambient=float(rng.uniform(0.4, 0.6)))
    ivory = rng.uniform(0, 1)
    body = np.array([235 - 40 * ivory, 242 - 15 * ivory, 246.0]) * rng.uniform(0.92, 1.0)
    pips = "chinese" if rng.random() < 0.5 else "western"
    black = rng.uniform(15, 45) + rng.uniform(-6, 6, 3)  # black, graphite or a blue-black
    red = np.array([rng.uniform(20, 60), rng.uniform(15, 45), rng.uniform(160, 215)])
    style = DiceStyle(body_bgr=tuple(map(float, body)), pip_style=pips,
                      pip_bgr=tuple(map(float, black)), red_bgr=tuple(map(float, red)))
    lights = tuple((_unit(np.array([*rng.normal(0, 0.35, 2), 1.0])), float(rng.uniform(50, 130)))
                   for _ in range(int(rng.integers(1, 4))))
    return ClipScene(dome, style, edge, lights, tilt, az)


def plan_rounds(rng: np.random.Generator, rounds: int, fps: float, scene: ClipScene,
                lid_px: float) -> list[RoundPlan]:
    dome = scene.dome
    ppm = dome.camera.pixels_per_metre_at(np.zeros(3)) * 1.3  # the nearest floor point, roughly
    plans: list[RoundPlan] = []
    start = 0
    for i in range(rounds):
        plans.append(sample_round(rng, i, start, fps, dome.dome_radius_m, lid_px=lid_px,
                                  edge=scene.edge_m, visible_m=0.5 / ppm))
        start = plans[-1].end_frame + 1
    return plans


def round_to_sidecar(plan: RoundPlan) -> Round:
    if plan.kind == "result":
        return Round(plan.index, plan.start_frame, plan.end_frame, plan.settled_frame,
                     DiceResult(plan.faces), None)  # type: ignore[arg-type]
    return Round(plan.index, plan.start_frame, plan.end_frame, None, None,
                 Void(plan.kind, plan.void_frame))


def _synth_extra(seed: int, cond: Conditions, scene: ClipScene, plans: list[RoundPlan]
                 ) -> dict[str, Any]:
    cam = scene.dome.camera
    return {"synth": {
        "generator": "vision.synth.sicbo", "seed": seed, "conditions": cond.to_json(),
        "camera_tilt_deg": scene.tilt_deg, "camera_azimuth_deg": scene.azimuth_deg,
        "min_die_edge_px": min_die_edge_px(cam, scene.dome.dome_radius_m, scene.edge_m),
        "pip_style": scene.style.pip_style, "dice_body_bgr": list(scene.style.body_bgr),
        "pip_bgr": list(scene.style.pip_bgr), "red_pip_bgr": list(scene.style.red_bgr),
        "floor_bgr": list(scene.dome.floor_bgr),
        "rounds": [{"kind": p.kind, "faces": list(p.faces), "lift_start": p.lift_start,
                    "lid_off_frame": p.lift_end, "close_start": p.close_start,
                    "tilts_deg": [round(d.tilt_deg, 1) for d in p.final]} for p in plans],
    }}  # fmt: skip


class _FrameComposer:
    """Clean frames for one clip, re-rendering the dice layer only when the dice change."""

    def __init__(self, scene: ClipScene, seed: int) -> None:
        self.scene = scene
        self.background = render_background(scene.dome, seed)
        size = int(np.clip(min_die_edge_px(scene.dome.camera, scene.dome.dome_radius_m,
                                           scene.edge_m) * 1.6, 48, 160))
        self.textures = face_textures(scene.style, size)
        self.lid = lid_sprite(scene.dome)
        self.glare = glare_sprite(scene.dome, scene.lights)
        self._key: tuple[int, int] | None = None
        self._dice_layer = self.background
        self._lid_on: np.ndarray | None = None

    def frame(self, plan: RoundPlan, index: int, t_s: float) -> np.ndarray:
        """The clean frame ``index`` of ``plan`` (shared with a cache: do not modify it)."""
        lid = plan.lid_at(index)
        if lid.opacity >= 1.0:  # lid on: no dice; the still lid is drawn once per clip
            if lid.offset_px == (0, 0) and self._lid_on is not None:
                return self._lid_on
            out = self.background.copy()
            draw_sprite(out, self.lid, offset_xy=lid.offset_px)
            if lid.offset_px == (0, 0):
                self._lid_on = out
            return out
        key = (plan.index, index if plan.moving(index) else -1)
        if key != self._key:
            layer = self.background.copy()
            draw_dice(layer, plan.poses_at(index), self.scene.dome, self.textures)
            self._key, self._dice_layer = key, layer
        out = self._dice_layer.copy()
        wobble = (int(round(2.5 * np.sin(t_s * 0.9))), int(round(2.0 * np.sin(t_s * 0.6 + 1))))
        draw_sprite(out, self.glare, offset_xy=wobble, additive=True)
        draw_sprite(out, self.lid, offset_xy=lid.offset_px, opacity=lid.opacity)
        return out


def synth_clip(out_dir: str | Path, name: str, *, seed: int, rounds: int = 3,
               width: int | None = None, height: int | None = None, fps: float | None = None,
               show_progress: bool | None = None) -> Path:
    """Render ``<out_dir>/<name>.mp4|.avi`` and ``<name>.json``; return the video path."""
    cv2.setNumThreads(1)
    rng = np.random.default_rng(seed)
    cond = sample_conditions(rng, width=width, height=height, fps=fps)
    scene = sample_scene(rng, cond)
    composer = _FrameComposer(scene, seed)
    lid_px = float(max(composer.lid.alpha.shape))
    plans = plan_rounds(rng, rounds, cond.fps, scene, lid_px)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    video = out_dir / f"{name}{clip_suffix(cond.codec)}"
    degrader = Degrader(cond, seed)
    total = plans[-1].end_frame + 1
    with ClipWriter(video, fps=cond.fps, width=cond.width, height=cond.height, codec=cond.codec,
                    quality=cond.quality) as writer:
        frames = progress(range(total), total=total, desc=name, unit="frame",
                          enabled=show_progress)
        plan_iter = iter(plans)
        plan = next(plan_iter)
        for i in frames:
            if i > plan.end_frame:
                plan = next(plan_iter)
            writer.write(degrader.apply(composer.frame(plan, i, i / cond.fps), i / cond.fps))
    sidecar = Sidecar("sicbo", cond.fps, cond.width, cond.height,
                      tuple(round_to_sidecar(p) for p in plans),
                      _synth_extra(seed, cond, scene, plans))
    save_sidecar(sidecar, out_dir / f"{name}.json")
    return video
