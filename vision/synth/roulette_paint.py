"""Once-per-clip layers of a roulette scene.

- the wheel-head texture: a top-down map (pockets, frets' feet, number ring with its
  digits, rotor) in wheel coordinates, later warped through the plane homography;
- the bowl background: the static bowl, ball track, rim, deflectors and table, drawn as
  shaded 3D quads of a surface of revolution, far to near;
- the static overlay: parts on the turning wheel whose look does not change as it turns
  (the cone, the circular fret rings, the turret's stem), drawn in 3D once, with a mask.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.footage import WHEEL_SEQUENCE_CW, pocket_colour
from vision.synth.camera import PinholeCamera
from vision.synth.roulette_scene import (
    POCKET_STEP_RAD,
    POCKETS,
    RIM_TOP_Z,
    WheelDesign,
    bowl_height,
)

__all__ = ["Layer", "LIGHT_DIR", "WheelTexture", "bowl_background", "head_mask", "sample_light",
           "draw_quads", "static_overlay", "surface_quads", "wheel_texture"]

LIGHT_DIR = np.array([0.35, 0.25, 0.9]) / np.linalg.norm([0.35, 0.25, 0.9])


def sample_light(rng: np.random.Generator) -> np.ndarray:
    """Unit vector towards the table's main lamp: high above, from any side."""
    elevation = rng.uniform(np.deg2rad(50), np.deg2rad(85))
    azimuth = rng.uniform(0, 2 * np.pi)
    return np.array([np.cos(elevation) * np.cos(azimuth), np.cos(elevation) * np.sin(azimuth),
                     np.sin(elevation)])


@dataclass(frozen=True, slots=True)
class WheelTexture:
    """``image`` (N, N, 3) uint8 top-down map; ``to_wheel`` maps texture px to wheel xy (m)."""

    image: np.ndarray
    to_wheel: np.ndarray  # (3, 3)


@dataclass(frozen=True, slots=True)
class Layer:
    """An image patch at ``origin_xy`` with a (h, w) uint8 mask of the pixels it covers."""

    image: np.ndarray
    mask: np.ndarray
    origin_xy: tuple[int, int]


def _colour_of(design: WheelDesign, number: int) -> np.ndarray:
    c = {"red": design.red, "black": design.black, "green": design.green}[pocket_colour(number)]
    return np.array(c, np.float32)


def wheel_texture(design: WheelDesign, px_per_m: float) -> WheelTexture:
    d = design
    extent = d.r_head * 1.1  # a margin so that the digits' patches stay inside
    n = int(min(2048, max(256, 2 * np.ceil(extent * px_per_m))))
    s = n / (2 * extent)
    c = (n - 1) / 2.0
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    wx, wy = (xx - c) / s, (c - yy) / s
    r = np.hypot(wx, wy)
    theta = np.arctan2(wy, wx)
    k = np.round((d.zero_angle_rad - theta) / POCKET_STEP_RAD).astype(int) % POCKETS
    frac = (d.zero_angle_rad - theta) / POCKET_STEP_RAD - np.round(
        (d.zero_angle_rad - theta) / POCKET_STEP_RAD)  # -0.5..0.5 across a pocket
    palette = np.stack([_colour_of(d, num) for num in WHEEL_SEQUENCE_CW])
    img = np.empty((n, n, 3), np.float32)
    img[:] = np.array(d.rotor, np.float32)
    pockets = (r >= d.r_pocket_in) & (r < d.r_pocket_out)
    u = (r - d.r_pocket_in) / (d.r_pocket_out - d.r_pocket_in)
    across = np.clip(np.sin(np.pi * np.clip(frac + 0.5, 0, 1)), 0, 1)
    hollow = 0.62 + 0.38 * across**0.6 * np.clip(np.sin(np.pi * np.clip(u, 0, 1)), 0, 1) ** 0.4
    img[pockets] = palette[k[pockets]] * hollow[pockets, None]
    ring = (r >= d.r_pocket_out) & (r < d.r_number_out)
    if d.number_ring_dark:
        img[ring] = np.array(d.black, np.float32) * 0.8
    else:
        img[ring] = palette[k[ring]]
    img[r < d.r_pocket_in] = np.array(d.cone, np.float32)
    # separators' feet and the ring's dividing lines: thin dark/metal lines
    edge = np.abs(np.abs(frac) - 0.5) * POCKET_STEP_RAD * r * s < 1.2
    img[edge & ring] = np.array(d.fret, np.float32) * 0.8
    img[edge & pockets] *= 0.45
    _rotor_rings(img, d, r, s)
    img = np.clip(img, 0, 255).astype(np.uint8)
    _write_numbers(img, d, s, c)
    to_wheel = np.array([[1 / s, 0, -c / s], [0, -1 / s, c / s], [0, 0, 1]])
    return WheelTexture(img, to_wheel)


def _rotor_rings(img: np.ndarray, d: WheelDesign, r: np.ndarray, s: float) -> None:
    for radius, col in ((d.r_number_out, d.fret), (d.r_head - 0.006, d.fret)):
        img[np.abs(r - radius) * s < 1.0] = np.array(col, np.float32) * 0.85
    rim = (r >= d.r_number_out) & (r < d.r_head)
    grain = 0.9 + 0.1 * np.sin(r * 900.0)
    img[rim] *= grain[rim, None]


def _write_numbers(img: np.ndarray, d: WheelDesign, s: float, c: float) -> None:
    """Digits on the number ring, upright when read from outside the wheel (tops inwards)."""
    band_px = (d.r_number_out - d.r_pocket_out) * s
    r_mid = 0.5 * (d.r_pocket_out + d.r_number_out)
    arc_px = POCKET_STEP_RAD * r_mid * s
    colour = (225, 235, 240) if not d.number_ring_dark else (120, 200, 230)
    ph, pw = int(band_px * 1.2) + 4, int(arc_px * 1.4) + 4
    font = cv2.FONT_HERSHEY_SIMPLEX
    (tw, th), _ = cv2.getTextSize("36", font, 1.0, 2)
    scale = min(0.8 * arc_px / tw, 0.62 * band_px / th)
    thick = max(1, int(round(scale * 2)))
    for k, number in enumerate(WHEEL_SEQUENCE_CW):
        patch = np.zeros((ph, pw), np.uint8)
        (w, h), _ = cv2.getTextSize(str(number), font, scale, thick)
        cv2.putText(patch, str(number), ((pw - w) // 2, (ph + h) // 2), font, scale, 255,
                    thick, cv2.LINE_AA)
        theta = d.zero_angle_rad - k * POCKET_STEP_RAD
        down = np.array([np.cos(theta), -np.sin(theta)])  # outwards, in texture px
        right = np.array([down[1], -down[0]])
        centre = np.array([c, c]) + down * r_mid * s
        m = np.column_stack([right, down, centre - right * pw / 2 - down * ph / 2])
        x0, y0 = np.floor(centre - max(ph, pw)).astype(int)
        size = 2 * max(ph, pw)
        m[:, 2] -= (x0, y0)
        warped = cv2.warpAffine(patch, m, (size, size))
        roi = img[y0:y0 + size, x0:x0 + size]
        a = (warped[:roi.shape[0], :roi.shape[1]].astype(np.float32) / 255.0)[..., None]
        roi[:] = (roi * (1 - a) + np.array(colour, np.float32) * a).astype(np.uint8)


def surface_quads(profile_rz: np.ndarray, n_angles: int) -> tuple[np.ndarray, np.ndarray]:
    """Quads of the surface of revolution of a (M, 2) profile: ((Q, 4, 3) corners, (Q, 3)
    unit normals)."""
    a = np.linspace(0, 2 * np.pi, n_angles + 1)
    r, z = profile_rz[:, 0], profile_rz[:, 1]
    ca, sa = np.cos(a), np.sin(a)
    pts = np.stack([r[:, None] * ca, r[:, None] * sa, np.broadcast_to(z[:, None], (len(r),
                                                                                  len(a)))], -1)
    quads = np.stack([pts[:-1, :-1], pts[:-1, 1:], pts[1:, 1:], pts[1:, :-1]], 2)
    dr, dz = np.diff(r), np.diff(z)
    am = 0.5 * (a[:-1] + a[1:])
    nr, nz = -dz, dr  # the profile's tangent turned to face up / inwards
    norm = np.hypot(nr, nz)[:, None] + 1e-12
    normals = np.stack([(nr[:, None] / norm) * np.cos(am), (nr[:, None] / norm) * np.sin(am),
                        np.broadcast_to(nz[:, None] / norm, (len(dr), len(am)))], -1)
    return quads.reshape(-1, 4, 3), normals.reshape(-1, 3)


def draw_quads(img: np.ndarray, camera: PinholeCamera, quads: np.ndarray, normals: np.ndarray,
               colours: np.ndarray, *, specular: float = 0.0, mask: np.ndarray | None = None,
               offset_xy: tuple[int, int] = (0, 0), light: np.ndarray = LIGHT_DIR) -> None:
    """Shade and fill quads far to near, skipping those facing away from the camera."""
    centres = quads.mean(axis=1)
    view = camera.center_xyz - centres
    view /= np.linalg.norm(view, axis=1, keepdims=True)
    facing = np.einsum("ij,ij->i", normals, view) > 0
    lam = np.clip(normals @ light, 0, 1)
    shade = colours * (0.45 + 0.6 * lam)[:, None]
    if specular:
        refl = 2 * (normals @ light)[:, None] * normals - light
        spec = np.clip(np.einsum("ij,ij->i", refl, view), 0, 1) ** 30
        shade += specular * 255 * spec[:, None]
    shade = np.clip(shade, 0, 255)
    uv, depth = camera.project(quads.reshape(-1, 3))
    uv = np.round((uv.reshape(-1, 4, 2) - offset_xy) * 4).astype(np.int32)
    depth = depth.reshape(-1, 4).mean(axis=1)
    for i in np.argsort(-depth):
        if facing[i]:
            cv2.fillConvexPoly(img, uv[i], tuple(float(v) for v in shade[i]), cv2.LINE_8, 2)
            if mask is not None:
                cv2.fillConvexPoly(mask, uv[i], 255, cv2.LINE_8, 2)


def _bowl_profile(d: WheelDesign) -> tuple[np.ndarray, np.ndarray]:
    r_slope = np.linspace(d.r_head, d.r_rim_in, 28)
    prof = [np.column_stack([r_slope, bowl_height(d, r_slope)])]
    top = float(bowl_height(d, d.r_rim_in))
    prof.append(np.array([[d.r_rim_in, top + 0.5 * (RIM_TOP_Z - top)], [d.r_rim_in, RIM_TOP_Z],
                          [0.5 * (d.r_rim_in + d.r_rim_out), RIM_TOP_Z + 0.004],
                          [d.r_rim_out, RIM_TOP_Z], [d.r_rim_out + 0.02, 0.05]]))
    rz = np.concatenate(prof)
    rm = 0.5 * (rz[1:, 0] + rz[:-1, 0])
    cols = np.where((rm < d.r_track_in)[:, None], np.array(d.slope), np.array(d.track))
    cols = np.where((rm >= d.r_rim_in - 1e-6)[:, None], np.array(d.rim), cols)
    return rz, cols.astype(np.float32)


def bowl_background(design: WheelDesign, camera: PinholeCamera, rng: np.random.Generator,
                    light: np.ndarray = LIGHT_DIR) -> np.ndarray:
    """(H, W, 3) uint8: the table, the static bowl and its deflectors, no wheel head."""
    h, w = camera.height, camera.width
    img = np.empty((h, w, 3), np.uint8)
    img[:] = np.clip(np.array(design.table) * 0.8, 0, 255).astype(np.uint8)
    profile, cols = _bowl_profile(design)
    rim_px = 2 * np.pi * design.r_rim_out * camera.pixels_per_metre_at(np.zeros(3))
    n_ang = int(np.clip(rim_px / 6, 180, 720))  # facets of at most ~6 px along the rim
    quads, normals = surface_quads(profile, n_ang)
    colours = np.repeat(cols, n_ang, axis=0)
    a = np.linspace(0, 2 * np.pi, n_ang, endpoint=False)
    grain = 0.92 + 0.08 * np.sin(np.outer(np.ones(len(cols)), a * 23.0) + rng.uniform(0, 6))
    colours = colours * grain.reshape(-1, 1)
    draw_quads(img, camera, quads, normals, colours, specular=0.25, light=light)
    _deflectors(img, design, camera)
    noise = rng.normal(0, 3.0, img.shape).astype(np.float32)
    return np.clip(cv2.GaussianBlur(img, (0, 0), 0.7) + noise, 0, 255).astype(np.uint8)


def _deflectors(img: np.ndarray, d: WheelDesign, camera: PinholeCamera) -> None:
    if d.deflectors == 0:
        return
    r = 0.55 * d.r_head + 0.45 * d.r_track_in
    z = float(bowl_height(d, r))
    for i in range(d.deflectors):
        a = 2 * np.pi * i / d.deflectors
        tall = i % 2 == 0
        lr, la = (0.018, 0.006) if tall else (0.007, 0.014)
        radial, tang = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
        corners = [r * radial + lr * radial, r * radial + la * tang,
                   r * radial - lr * radial, r * radial - la * tang]
        top = np.array([*(r * radial), z + 0.006])
        pts = [np.array([*c2, z + 0.001]) for c2 in corners]
        for j in range(4):
            tri = np.array([pts[j], pts[(j + 1) % 4], top])
            uv, _ = camera.project(tri)
            level = 150 + 90 * (j % 2)
            cv2.fillConvexPoly(img, np.round(uv * 4).astype(np.int32),
                               (level, level, level + 5), cv2.LINE_AA, 2)


def head_mask(design: WheelDesign, camera: PinholeCamera) -> tuple[np.ndarray,
                                                                     tuple[int, int, int, int]]:
    """Mask of the turning wheel head (radius r_head at z = 0) inside its bounding box
    (x0, y0, x1, y1), clipped to the frame."""
    a = np.linspace(0, 2 * np.pi, 360, endpoint=False)
    pts = np.column_stack([design.r_head * np.cos(a), design.r_head * np.sin(a), np.zeros_like(a)])
    uv, _ = camera.project(pts)
    x0, y0 = np.maximum(np.floor(uv.min(axis=0)).astype(int) - 2, 0)
    x1 = min(int(np.ceil(uv[:, 0].max())) + 2, camera.width)
    y1 = min(int(np.ceil(uv[:, 1].max())) + 2, camera.height)
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(mask, [np.round((uv - (x0, y0)) * 4).astype(np.int32)], 255, cv2.LINE_8, 2)
    return mask, (int(x0), int(y0), x1, y1)


CHROME = np.array((175.0, 175.0, 180.0), np.float32)
STEM_RADIUS_M = 0.011
KNOB_RADIUS_M = 0.015


def static_overlay(design: WheelDesign, camera: PinholeCamera, box: tuple[int, int, int, int],
                   light: np.ndarray = LIGHT_DIR) -> Layer:
    """The cone, the circular fret rings and the turret's stem and top knob (chrome, with
    glare): parts of the turning wheel that look the same at every wheel angle. A wheel
    without turret arms still has the spindle."""
    d = design
    x0, y0, x1, y1 = box
    img = np.zeros((y1 - y0, x1 - x0, 3), np.uint8)
    mask = np.zeros(img.shape[:2], np.uint8)
    ring_w = max(1, int(round(0.0025 * camera.pixels_per_metre_at(np.zeros(3)))))
    for radius in (d.r_pocket_in, d.r_pocket_out):
        a = np.linspace(0, 2 * np.pi, 240, endpoint=False)
        pts = np.column_stack([radius * np.cos(a), radius * np.sin(a),
                               np.full_like(a, d.fret_height)])
        uv, _ = camera.project(pts)
        poly = [np.round((uv - (x0, y0)) * 4).astype(np.int32)]
        cv2.polylines(img, poly, True, d.fret, ring_w, cv2.LINE_AA, 2)
        cv2.polylines(mask, poly, True, 255, ring_w, cv2.LINE_AA, 2)
    r_top = 0.04
    # profiles run outwards/downwards so that surface normals face out and up
    cone = np.column_stack([np.linspace(r_top, d.r_pocket_in, 10),
                            np.linspace(d.cone_height, 0.004, 10)])
    quads, normals = surface_quads(cone, 120)
    draw_quads(img, camera, quads, normals, np.tile(np.array(d.cone, np.float32), (len(quads), 1)),
               specular=0.3, mask=mask, offset_xy=(x0, y0), light=light)
    _turret_stem(img, mask, d, camera, (x0, y0), light)
    return Layer(img, mask, (x0, y0))


def _turret_stem(img: np.ndarray, mask: np.ndarray, d: WheelDesign, camera: PinholeCamera,
                 offset: tuple[int, int], light: np.ndarray) -> None:
    a = np.linspace(0, np.pi - np.arcsin(STEM_RADIUS_M / KNOB_RADIUS_M), 9)
    knob = np.column_stack([KNOB_RADIUS_M * np.sin(a),
                            d.turret_height + KNOB_RADIUS_M * (1 + np.cos(a))])
    base = np.array([[STEM_RADIUS_M, d.cone_height + 0.012], [0.02, d.cone_height + 0.006],
                     [0.04, d.cone_height]])
    profile = np.concatenate([knob, base])
    quads, normals = surface_quads(profile, 48)
    draw_quads(img, camera, quads, normals, np.tile(CHROME, (len(quads), 1)), specular=1.2,
               mask=mask, offset_xy=offset, light=light)
