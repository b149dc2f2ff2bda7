"""Drawing the props of a roulette scene: foreign objects and the dealer's hand.

Both are projected in 3D from their true heights. The hand casts a soft shadow along the
table lamp's direction onto the bowl or the table below it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.camera import PinholeCamera
from vision.synth.roulette_dealer import BowlObject, HandPass

__all__ = ["SHIFT", "DealerLook", "draw_hand", "draw_object", "fixed_px", "rot_z"]

SHIFT = 2  # sub-pixel bits for cv2 drawing
SKINS = ((120, 160, 220), (90, 130, 190), (60, 90, 140), (150, 180, 225))
SLEEVES = ((20, 20, 20), (235, 235, 235), (40, 30, 90), (60, 40, 30))
SHADOW_Z = 0.05  # height the hand's shadow falls on (table and bowl, roughly)


def fixed_px(uv: np.ndarray) -> np.ndarray:
    """Pixel coordinates to cv2's fixed point with SHIFT fractional bits."""
    return np.round(np.asarray(uv) * (1 << SHIFT)).astype(np.int32)


def rot_z(a: float) -> np.ndarray:
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])


@dataclass(frozen=True, slots=True)
class DealerLook:
    skin: tuple[float, float, float]
    sleeve: tuple[float, float, float]

    @staticmethod
    def sample(rng: np.random.Generator) -> DealerLook:
        skin = np.array(SKINS[int(rng.integers(len(SKINS)))], float) * rng.uniform(0.9, 1.1)
        sleeve = SLEEVES[int(rng.integers(len(SLEEVES)))]
        return DealerLook(tuple(float(c) for c in np.clip(skin, 0, 255)),  # type: ignore[arg-type]
                          tuple(float(c) for c in sleeve))  # type: ignore[arg-type]


def draw_object(frame: np.ndarray, camera: PinholeCamera, obj: BowlObject,
                pos: np.ndarray) -> None:
    if obj.kind == "lighter":
        _box(frame, camera, pos, obj.yaw, (0.062, 0.024, 0.012), obj.colour)
        return
    radius = 0.0195 if obj.kind == "chip" else 0.012
    thick = 0.0036 if obj.kind == "chip" else 0.0022
    a = np.linspace(0, 2 * np.pi, 48, endpoint=False) + obj.yaw
    ring = np.column_stack([radius * np.cos(a), radius * np.sin(a), np.zeros_like(a)])
    top = ring + pos + (0, 0, thick / 2)
    uv_t, _ = camera.project(top)
    uv_b, _ = camera.project(ring + pos - (0, 0, thick / 2))
    hull = cv2.convexHull(np.concatenate([uv_t, uv_b]).astype(np.float32))
    col = np.array(obj.colour)
    cv2.fillConvexPoly(frame, fixed_px(hull[:, 0]), tuple(col * 0.6), cv2.LINE_AA, SHIFT)
    cv2.fillConvexPoly(frame, fixed_px(uv_t), tuple(col), cv2.LINE_AA, SHIFT)
    if obj.kind == "chip":  # edge spots and an inlay ring
        for j in range(0, 48, 8):
            spot = np.array([top[j], top[j + 3], pos + (top[j + 3] - pos) * 0.75,
                             pos + (top[j] - pos) * 0.75])
            spot[2:, 2] = top[0, 2]
            uv, _ = camera.project(spot)
            cv2.fillConvexPoly(frame, fixed_px(uv), (235, 235, 235), cv2.LINE_AA, SHIFT)
        inner = (top - pos) * 0.55 + pos
        inner[:, 2] = top[0, 2]
        uv, _ = camera.project(inner)
        cv2.polylines(frame, [fixed_px(uv)], True, (230, 230, 230), 1, cv2.LINE_AA, SHIFT)
    else:  # a glint on the coin
        px_per_m = camera.pixels_per_metre_at(pos)
        uv, _ = camera.project((pos + (0, 0, thick / 2))[None])
        cv2.circle(frame, tuple(fixed_px(uv[0] - radius * 0.3 * px_per_m)),
                   max(1, int(radius * 0.25 * px_per_m)) << SHIFT,
                   (250, 250, 250), -1, cv2.LINE_AA, SHIFT)


def _box(frame: np.ndarray, camera: PinholeCamera, pos: np.ndarray, yaw: float,
         size: tuple[float, float, float], colour: tuple[float, float, float]) -> None:
    sx, sy, sz = (s / 2 for s in size)
    corners = np.array([[x, y, z] for z in (-sz, sz) for x, y in
                        ((-sx, -sy), (sx, -sy), (sx, sy), (-sx, sy))])
    uv, _ = camera.project(corners @ rot_z(yaw).T + pos)
    hull = cv2.convexHull(uv.astype(np.float32))
    col = np.array(colour)
    cv2.fillConvexPoly(frame, fixed_px(hull[:, 0]), tuple(col * 0.55), cv2.LINE_AA, SHIFT)
    cv2.fillConvexPoly(frame, fixed_px(uv[4:]), tuple(col), cv2.LINE_AA, SHIFT)
    cap = np.array([uv[4], uv[5], uv[5] * 0.8 + uv[6] * 0.2, uv[4] * 0.8 + uv[7] * 0.2])
    cv2.fillConvexPoly(frame, fixed_px(cap), (190, 190, 195), cv2.LINE_AA, SHIFT)


def _hand_polygons(hand: HandPass, palm: np.ndarray, look: DealerLook
                   ) -> list[tuple[np.ndarray, tuple[float, float, float]]]:
    """3D outlines of sleeve, forearm, palm with fingers, and thumb, with their colours."""
    root = hand.root_xyz
    d = palm[:2] - root[:2]
    d = d / max(float(np.linalg.norm(d)), 1e-9)
    e = np.array([-d[1], d[0]])

    def at(base: np.ndarray, along: float, side: float, dz: float = 0.0) -> np.ndarray:
        xy = base[:2] + d * along + e * side
        return np.array([xy[0], xy[1], base[2] + dz])

    skin = np.array(look.skin)
    wrist = at(palm, -0.055, 0.0)
    elbow = root + (wrist - root) * 0.55
    return [
        (np.array([at(root, 0, -0.05), at(root, 0, 0.05), at(elbow, 0, 0.045),
                   at(elbow, 0, -0.045)]), look.sleeve),
        (np.array([at(elbow, 0, -0.04), at(elbow, 0, 0.04), at(wrist, 0, 0.032),
                   at(wrist, 0, -0.032)]), tuple(skin * 0.92)),
        (np.array([at(palm, -0.06, -0.035), at(palm, -0.06, 0.035), at(palm, 0.02, 0.045),
                   at(palm, 0.078, 0.03, -0.012), at(palm, 0.085, -0.01, -0.015),
                   at(palm, 0.03, -0.05)]), tuple(skin)),
        (np.array([at(palm, -0.02, 0.035), at(palm, 0.02, 0.06, -0.006),
                   at(palm, 0.055, 0.05, -0.012), at(palm, 0.03, 0.03)]), tuple(skin * 0.85)),
    ]


def draw_hand(frame: np.ndarray, camera: PinholeCamera, look: DealerLook, light: np.ndarray,
              hand: HandPass, palm: np.ndarray) -> None:
    polys = _hand_polygons(hand, palm, look)
    _hand_shadow(frame, camera, light, [p for p, _ in polys])
    for pts, col in polys:
        uv, depth = camera.project(pts)
        if np.all(depth > 0.05):
            cv2.fillPoly(frame, [fixed_px(uv)], col, cv2.LINE_AA, SHIFT)
    d = palm[:2] - hand.root_xyz[:2]
    d = d / max(float(np.linalg.norm(d)), 1e-9)
    e = np.array([-d[1], d[0]])
    for side in (-0.02, 0.0, 0.02):  # creases between the fingers
        a = np.array([*(palm[:2] + d * 0.03 + e * side), palm[2]])
        b = np.array([*(palm[:2] + d * 0.075 + e * side * 1.1), palm[2] - 0.012])
        uv, depth = camera.project(np.array([a, b]))
        if np.all(depth > 0.05):
            cv2.line(frame, *map(tuple, fixed_px(uv)), tuple(c * 0.7 for c in look.skin), 1,
                     cv2.LINE_AA, SHIFT)


def _hand_shadow(frame: np.ndarray, camera: PinholeCamera, light: np.ndarray,
                 polys: list[np.ndarray]) -> None:
    """Darken, softly, where the hand's outline falls along the light onto SHADOW_Z."""
    shadows = []
    for pts in polys:
        drop = (pts[:, 2] - SHADOW_Z) / light[2]
        flat = pts - drop[:, None] * light
        uv, depth = camera.project(flat)
        if np.all(depth > 0.05):
            shadows.append(uv)
    if not shadows:
        return
    h, w = frame.shape[:2]
    allpts = np.concatenate(shadows)
    pad = 12
    x0, y0 = np.maximum(np.floor(allpts.min(axis=0)).astype(int) - pad, 0)
    x1 = min(int(np.ceil(allpts[:, 0].max())) + pad, w)
    y1 = min(int(np.ceil(allpts[:, 1].max())) + pad, h)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    cv2.fillPoly(mask, [fixed_px(s - (x0, y0)) for s in shadows], 1.0, cv2.LINE_AA, SHIFT)
    mask = cv2.GaussianBlur(mask, (0, 0), 5.0)
    roi = frame[y0:y1, x0:x1]
    roi[:] = (roi * (1 - 0.4 * mask[..., None])).astype(np.uint8)
