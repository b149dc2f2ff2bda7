"""Synthetic roulette footage: ``synth_clip`` writes a clip and its exact sidecar.

Pipeline: sample capture conditions, a wheel design and a camera pose from the seed
(``roulette_scene``), plan the rounds (``roulette_timeline`` over ``roulette_motion``),
render every frame in 3D (``roulette_render``), degrade it as a camera would
(``conditions.Degrader``) and encode it (``video.ClipWriter``). The sidecar's ground truth
comes from the simulation state, never from the pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.footage import Sidecar, save_sidecar
from vision.progress import progress
from vision.synth.camera import PinholeCamera
from vision.synth.conditions import Conditions, Degrader, sample_conditions
from vision.synth.roulette_render import RouletteRenderer
from vision.synth.roulette_scene import WheelDesign, sample_camera, sample_design
from vision.synth.roulette_timeline import ClipTimeline, plan_clip
from vision.synth.video import ClipWriter, clip_suffix

__all__ = ["RouletteScene", "build_scene", "render_still", "synth_clip"]


@dataclass(frozen=True, slots=True)
class RouletteScene:
    """Everything one clip is drawn from."""

    seed: int
    conditions: Conditions
    design: WheelDesign
    camera: PinholeCamera
    timeline: ClipTimeline

    def renderer(self, design: WheelDesign | None = None) -> RouletteRenderer:
        """The scene's renderer (its looks drawn from the seed too); ``design`` overrides
        the wheel's looks, e.g. a test removing the turret."""
        rng = np.random.default_rng([self.seed, 1])
        return RouletteRenderer(design or self.design, self.camera, rng)

    def sidecar(self) -> Sidecar:
        """The contract's sidecar plus a ``synth`` extension describing how the clip was
        made (for debugging readers; readers never read sidecars)."""
        extra = {"synth": {"generator": "vision.synth.roulette", "seed": self.seed,
                           "camera": self._camera_summary(),
                           "design": {"turret_arms": self.design.turret_arms,
                                      "deflectors": self.design.deflectors,
                                      "number_ring_dark": self.design.number_ring_dark},
                           "conditions": self.conditions.to_json()}}
        c = self.conditions
        return Sidecar("roulette", c.fps, c.width, c.height, self.timeline.rounds, extra)

    def _camera_summary(self) -> dict[str, object]:
        """Tilt, focal length and the pocket ring's image ellipse (before lens distortion)."""
        cam = self.camera
        tilt = float(np.degrees(np.arccos(np.clip(-cam.R[2, 2], -1, 1))))
        a = np.linspace(0, 2 * np.pi, 180, endpoint=False)
        r = self.design.r_pocket_out
        uv, _ = cam.project(np.column_stack([r * np.cos(a), r * np.sin(a), np.zeros_like(a)]))
        (cx, cy), (w, h), angle = cv2.fitEllipse(uv.astype(np.float32))
        return {"tilt_deg": round(tilt, 2), "focal_px": round(float(cam.K[0, 0]), 1),
                "pocket_ring_px": {"center_xy": [round(cx, 1), round(cy, 1)],
                                   "axes": [round(w, 1), round(h, 1)],
                                   "angle_deg": round(angle, 1)}}


def build_scene(seed: int, *, rounds: int, width: int | None = None, height: int | None = None,
                fps: float | None = None) -> RouletteScene:
    """Draw a whole clip's scene from ``seed`` (deterministic)."""
    rng = np.random.default_rng(seed)
    cond = sample_conditions(rng, width=width, height=height, fps=fps)
    design = sample_design(rng)
    camera = sample_camera(rng, design, cond.width, cond.height)
    timeline = plan_clip(rng, design, camera, fps=cond.fps, rounds=rounds)
    return RouletteScene(seed, cond, design, camera, timeline)


def synth_clip(out_dir: Path, name: str, *, seed: int, rounds: int, width: int | None = None,
               height: int | None = None, fps: float | None = None,
               show_progress: bool | None = None) -> Path:
    """Render one clip to ``out_dir/<name>.mp4|.avi`` with ``<name>.json``; return the video."""
    cv2.setNumThreads(1)
    scene = build_scene(seed, rounds=rounds, width=width, height=height, fps=fps)
    c = scene.conditions
    path = Path(out_dir) / f"{name}{clip_suffix(c.codec)}"
    degrader = Degrader(c, seed)
    frames = scene.timeline.frames
    renderer = scene.renderer()
    with ClipWriter(path, fps=c.fps, width=c.width, height=c.height, codec=c.codec,
                    quality=c.quality) as writer:
        for f in progress(range(frames), total=frames, desc=name, unit="frame",
                          enabled=show_progress):
            clean = renderer.render(scene.timeline.state(f))
            writer.write(degrader.apply(clean.astype(np.float32), f / c.fps))
    save_sidecar(scene.sidecar(), Path(out_dir) / f"{name}.json")
    return path


def render_still(seed: int, *, width: int = 960, height: int = 720, frame: int | None = None,
                 degrade: bool = False) -> np.ndarray:
    """One (H, W, 3) uint8 frame of the clip ``seed`` would render: by default the first
    round's settled frame, clean (no capture degradation)."""
    scene = build_scene(seed, rounds=1, width=width, height=height, fps=30.0)
    r = scene.timeline.rounds[0]
    f = frame if frame is not None else (r.settled_frame or r.void.frame)  # type: ignore[union-attr]
    img = scene.renderer().render(scene.timeline.state(f))
    if degrade:
        img = Degrader(scene.conditions, seed).apply(img.astype(np.float32), f / 30.0)
    return img
