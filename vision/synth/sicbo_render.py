"""Drawing a sic bo shaker seen through a camera: floor, glass dome, lid, dice, shadows, glare.

The world: the dome floor is the disc z = 0, radius ``dome_radius_m`` around the origin;
the glass dome is the hemisphere of that radius; the black base is a ring around it; the
lid is a slightly larger opaque hemisphere. Frames are (H, W, 3) float32 BGR 0..255,
clean (``conditions.Degrader`` adds the camera).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.camera import PinholeCamera
from vision.synth.dice3d import FACE_NORMALS, DiceStyle, DiePose, face_textures

__all__ = [
    "DiceFrameRenderer", "DomeScene", "Sprite", "draw_dice", "draw_sprite", "glare_sprite",
    "lid_sprite", "render_background", "render_dice_frame",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class DomeScene:
    """Everything static about one shaker under one camera and light."""

    camera: PinholeCamera
    dome_radius_m: float = 0.1
    floor_bgr: tuple[float, float, float] = (60.0, 110.0, 40.0)
    table_bgr: tuple[float, float, float] = (40.0, 80.0, 30.0)
    base_bgr: tuple[float, float, float] = (22.0, 22.0, 24.0)
    light_xyz: tuple[float, float, float] = (0.3, 0.2, 0.9327379)  # towards the light, unit
    ambient: float = 0.5

    def __post_init__(self) -> None:
        if not 0.02 < self.dome_radius_m < 1.0:
            raise ValueError(f"dome_radius_m must be 0.02..1 m, got {self.dome_radius_m}")
        if abs(np.linalg.norm(self.light_xyz) - 1) > 1e-3 or self.light_xyz[2] <= 0.2:
            raise ValueError(f"light_xyz must be a unit vector from above, got {self.light_xyz}")

    @property
    def light(self) -> np.ndarray:
        return np.array(self.light_xyz, float)


def _floor_coords(cam: PinholeCamera) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel, the world (x, y) on the plane z = 0 that it sees."""
    hinv = np.linalg.inv(cam.plane_homography(0.0))
    yy, xx = np.mgrid[0 : cam.height, 0 : cam.width].astype(np.float64)
    pts = np.stack([xx, yy, np.ones_like(xx)], -1) @ hinv.T
    return pts[..., 0] / pts[..., 2], pts[..., 1] / pts[..., 2]


def render_background(scene: DomeScene, seed: int = 0) -> np.ndarray:
    """Floor, dome rim, base and table: the static part of every frame."""
    cam, radius = scene.camera, scene.dome_radius_m
    x, y = _floor_coords(cam)
    r = np.hypot(x, y) / radius
    rng = np.random.default_rng(seed)
    noise = rng.normal(0, 1, (cam.height, cam.width)).astype(np.float32)
    grain = cv2.GaussianBlur(noise, (0, 0), 1.2)
    img = np.empty((cam.height, cam.width, 3), np.float32)
    floor = np.array(scene.floor_bgr, np.float32) * (1.0 - 0.25 * np.clip(r, 0, 1) ** 4)[..., None]
    base_shine = 1.0 + 1.5 * np.exp(-((r - 1.22) / 0.06) ** 2)
    base = np.array(scene.base_bgr, np.float32) * base_shine[..., None]
    table = np.array(scene.table_bgr, np.float32) * np.ones_like(r)[..., None]
    img[:] = np.where((r < 1.0)[..., None], floor, np.where((r < 1.4)[..., None], base, table))
    img += (grain * 4.0)[..., None]
    _draw_rim(img, scene)
    _draw_clasps(img, scene)
    return np.clip(img, 0, 255)


def _circle_px(cam: PinholeCamera, radius_m: float, z: float, n: int = 180) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    pts = np.stack([radius_m * np.cos(a), radius_m * np.sin(a), np.full_like(a, z)], 1)
    return cam.project(pts)[0]


def _draw_rim(img: np.ndarray, scene: DomeScene) -> None:
    """The glass meeting the floor: a dark seam and a bright refracting band."""
    cam, rad = scene.camera, scene.dome_radius_m
    ppm = cam.pixels_per_metre_at(np.zeros(3))
    thick = max(2, int(round(ppm * rad * 0.03)))
    for radius, colour, width in ((rad * 1.0, (18, 18, 18), thick),
                                  (rad * 0.985, (150, 160, 165), max(1, thick // 2)),
                                  (rad * 1.02, (90, 95, 100), max(1, thick // 2))):
        pts = np.round(_circle_px(cam, radius, 0.0) * 16).astype(np.int32)
        cv2.polylines(img, [pts], True, colour, width, cv2.LINE_AA, shift=4)


def _draw_clasps(img: np.ndarray, scene: DomeScene) -> None:
    cam, rad = scene.camera, scene.dome_radius_m
    for angle in (0.0, np.pi):
        c, s = np.cos(angle), np.sin(angle)
        local = [(1.12, -0.07), (1.32, -0.07), (1.32, 0.07), (1.12, 0.07)]
        pts = np.array([[rad * (a * c - b * s), rad * (a * s + b * c), 0.0] for a, b in local])
        px = np.round(cam.project(pts)[0] * 16).astype(np.int32)
        cv2.fillConvexPoly(img, px, (60, 150, 190), cv2.LINE_AA, shift=4)
        cv2.polylines(img, [px], True, (120, 210, 235), 1, cv2.LINE_AA, shift=4)


@dataclass(frozen=True, slots=True)
class Sprite:
    """An image patch at ``origin_xy`` (top-left, px): ``bgr`` (h, w, 3), ``alpha`` (h, w)."""

    bgr: np.ndarray
    alpha: np.ndarray
    origin_xy: tuple[int, int]


def _sphere_hits(cam: PinholeCamera, radius_m: float) -> tuple[np.ndarray, tuple[int, int]]:
    """Outer surface points (h, w, 3) of the upper hemisphere seen per pixel in its bbox
    (NaN where the ray misses), and the bbox origin."""
    a = np.linspace(0, 2 * np.pi, 90)
    e = np.linspace(0, np.pi / 2, 12)
    pts = np.stack([np.outer(np.cos(e), np.cos(a)), np.outer(np.cos(e), np.sin(a)),
                    np.outer(np.sin(e), np.ones_like(a))], -1).reshape(-1, 3) * radius_m
    px = cam.project(pts)[0]
    x0, y0 = np.floor(px.min(0)).astype(int) - 2
    x1, y1 = np.ceil(px.max(0)).astype(int) + 2
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float64)
    rays = np.stack([xx, yy, np.ones_like(xx)], -1) @ np.linalg.inv(cam.K).T @ cam.R
    rays /= np.linalg.norm(rays, axis=-1, keepdims=True)
    c = cam.center_xyz
    b = rays @ c
    disc = b**2 - (c @ c - radius_m**2)
    t = -b - np.sqrt(np.where(disc > 0, disc, np.nan))
    hit = c + rays * t[..., None]
    hit[hit[..., 2] < 0] = np.nan
    return hit, (int(x0), int(y0))


def lid_sprite(scene: DomeScene, radius_scale: float = 1.08) -> Sprite:
    """The opaque lid (base colour) as a shaded hemisphere sprite."""
    cam = scene.camera
    hit, origin = _sphere_hits(cam, scene.dome_radius_m * radius_scale)
    inside = ~np.isnan(hit[..., 0])
    n = np.nan_to_num(hit / (scene.dome_radius_m * radius_scale))
    view = cam.center_xyz - np.nan_to_num(hit)
    view /= np.linalg.norm(view, axis=-1, keepdims=True) + 1e-12
    half = scene.light + view
    half /= np.linalg.norm(half, axis=-1, keepdims=True)
    diff = np.clip(n @ scene.light, 0, 1)
    spec = np.clip(np.sum(n * half, -1), 0, 1) ** 60
    base = np.array(scene.base_bgr, np.float32)
    bgr = base * (0.6 + 0.8 * diff)[..., None] + (spec * 200.0)[..., None]
    alpha = cv2.GaussianBlur(inside.astype(np.float32), (3, 3), 0)
    return Sprite(bgr.astype(np.float32), alpha, origin)


def glare_sprite(scene: DomeScene, lights: Sequence[tuple[np.ndarray, float]]) -> Sprite:
    """Specular reflections of ceiling ``lights`` (unit direction, strength) on the glass dome."""
    cam = scene.camera
    hit, origin = _sphere_hits(cam, scene.dome_radius_m)
    n = np.nan_to_num(hit / scene.dome_radius_m)
    view = cam.center_xyz - np.nan_to_num(hit)
    view /= np.linalg.norm(view, axis=-1, keepdims=True) + 1e-12
    glow = np.zeros(hit.shape[:2], np.float32)
    for direction, strength in lights:
        half = direction + view
        half /= np.linalg.norm(half, axis=-1, keepdims=True)
        nh = np.clip(np.sum(n * half, -1), 0, 1)
        glow += strength * (nh**400 + 0.12 * nh**20)  # the lamp, and the haze around it
    # the glass edge seen at grazing angles reflects the room: a faint bright silhouette ring
    grazing = 1.0 - np.clip(np.abs(np.sum(n * view, -1)), 0, 1)
    glow += 40.0 * grazing**6
    glow[np.isnan(hit[..., 0])] = 0
    glow = cv2.GaussianBlur(glow, (0, 0), 1.5)
    return Sprite(np.repeat(glow[..., None], 3, -1), np.ones_like(glow), origin)


def draw_sprite(frame: np.ndarray, sprite: Sprite, *, offset_xy: tuple[int, int] = (0, 0),
                opacity: float = 1.0, additive: bool = False) -> None:
    """Composite ``sprite`` into ``frame`` in place (clipped to the frame)."""
    h, w = sprite.alpha.shape
    x0, y0 = sprite.origin_xy[0] + offset_xy[0], sprite.origin_xy[1] + offset_xy[1]
    fx0, fy0 = max(x0, 0), max(y0, 0)
    fx1, fy1 = min(x0 + w, frame.shape[1]), min(y0 + h, frame.shape[0])
    if fx1 <= fx0 or fy1 <= fy0 or opacity <= 0:
        return
    src = (slice(fy0 - y0, fy1 - y0), slice(fx0 - x0, fx1 - x0))
    roi = frame[fy0:fy1, fx0:fx1]
    if additive:
        roi += sprite.bgr[src] * np.float32(opacity)
        return
    a = (sprite.alpha[src] * np.float32(opacity))[..., None]
    roi *= 1 - a
    roi += sprite.bgr[src] * a


def _face_shade(normal: np.ndarray, to_cam: np.ndarray, scene: DomeScene) -> tuple[float, float]:
    """Lambertian factor and a specular add for one face."""
    diff = max(0.0, float(normal @ scene.light))
    half = scene.light + to_cam / np.linalg.norm(to_cam)
    spec = max(0.0, float(normal @ half / np.linalg.norm(half))) ** 30
    return scene.ambient + (1.0 - scene.ambient) * diff, 70.0 * spec


def _draw_face(frame: np.ndarray, quad_px: np.ndarray, texture: np.ndarray, shade: float,
               spec: float) -> None:
    h, w = frame.shape[:2]
    x0, y0 = np.floor(quad_px.min(0)).astype(int)
    x1, y1 = np.ceil(quad_px.max(0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return
    size = texture.shape[0]
    src = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    hmat = cv2.getPerspectiveTransform(src, (quad_px - (x0, y0)).astype(np.float32))
    warped = cv2.warpPerspective(texture, hmat, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4] * np.float32(1 / 255)
    roi = frame[y0:y1, x0:x1]
    roi *= 1 - a
    roi += (warped[..., :3] * np.float32(shade) + np.float32(spec)) * a


def _draw_shadows(frame: np.ndarray, dice: Sequence[DiePose], scene: DomeScene) -> None:
    """Soft shadows on the floor, cast along the light, plus dark contact patches."""
    cam, light = scene.camera, scene.light
    polys = []
    for die in dice:
        c = die.corners_xyz()
        shadow = c - light * (c[:, 2:3] / light[2])
        contact = c.copy()
        contact[:, 2] = 0.0
        for pts in (shadow, contact):
            px = cam.project(pts)[0]
            polys.append(cv2.convexHull(px.astype(np.float32)).reshape(-1, 2))
    allpx = np.concatenate(polys)
    pad = int(cam.pixels_per_metre_at(np.zeros(3)) * dice[0].edge_m * 0.4) + 2
    x0, y0 = np.maximum(np.floor(allpx.min(0)).astype(int) - pad, 0)
    x1 = min(int(np.ceil(allpx[:, 0].max())) + pad, frame.shape[1])
    y1 = min(int(np.ceil(allpx[:, 1].max())) + pad, frame.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    for i, poly in enumerate(polys):
        strength = 0.45 if i % 2 == 0 else 0.35
        pts = np.round((poly - (x0, y0)) * 16).astype(np.int32)
        cv2.fillConvexPoly(mask, pts, strength, cv2.LINE_AA, shift=4)
    mask = cv2.GaussianBlur(np.minimum(mask, 0.7), (0, 0), max(pad / 3.0, 1.0))
    frame[y0:y1, x0:x1] *= (1.0 - mask)[..., None]


def draw_dice(frame: np.ndarray, dice: Sequence[DiePose], scene: DomeScene,
              textures: dict[int, np.ndarray]) -> None:
    """Shadows, then every camera-facing face of every die, far dice first (in place)."""
    if not dice:
        return
    cam = scene.camera
    _draw_shadows(frame, dice, scene)
    eye = cam.center_xyz
    order = sorted(dice, key=lambda d: -float(np.linalg.norm(d.center_xyz - eye)))
    for die in order:
        for value in FACE_NORMALS:
            quad = die.face_quad_xyz(value)
            normal = die.face_normal(value)
            to_cam = eye - quad.mean(0)
            if float(normal @ to_cam) <= 0:
                continue  # back face
            shade, spec = _face_shade(normal, to_cam, scene)
            _draw_face(frame, cam.project(quad)[0], textures[value], shade, spec)


class DiceFrameRenderer:
    """Renders many frames of one scene: background, glare and lid are drawn once.

    ``render(dice, lid_opacity=...)`` gives a clean (H, W, 3) float32 frame, 0..255.
    """

    def __init__(self, scene: DomeScene, style: DiceStyle | None = None, *,
                 texture_px: int = 96, glare: float = 120.0) -> None:
        self.scene = scene
        self.background = render_background(scene)
        self.textures = face_textures(style or DiceStyle(), texture_px)
        self.glare = glare_sprite(scene, [(scene.light, glare)]) if glare > 0 else None
        self._lid: Sprite | None = None

    def render(self, dice: Sequence[DiePose], *, lid_opacity: float = 0.0) -> np.ndarray:
        frame = self.background.copy()
        if lid_opacity < 1.0:
            draw_dice(frame, dice, self.scene, self.textures)
            if self.glare is not None:
                draw_sprite(frame, self.glare, additive=True)
        if lid_opacity > 0:
            self._lid = self._lid or lid_sprite(self.scene)
            draw_sprite(frame, self._lid, opacity=lid_opacity)
        return np.clip(frame, 0, 255)


def render_dice_frame(scene: DomeScene, dice: Sequence[DiePose], style: DiceStyle | None = None,
                      *, texture_px: int = 96, lid_opacity: float = 0.0) -> np.ndarray:
    """One clean frame (H, W, 3) float32 0..255: background, ``dice`` at their poses, glare,
    and the lid at ``lid_opacity`` (1 = lid on: no dice drawn). For tests and reader
    development; use ``DiceFrameRenderer`` to render many frames of one scene."""
    renderer = DiceFrameRenderer(scene, style, texture_px=texture_px)
    return renderer.render(dice, lid_opacity=lid_opacity)
