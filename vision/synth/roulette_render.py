"""Per-frame rendering of a roulette scene through a perspective camera.

The wheel head's texture is warped through the homography of its plane with the wheel's
rotation composed in; separators, the turret's arms, the ball, foreign objects and the
dealer's hand are projected in 3D from their true heights and drawn far to near.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.synth.camera import PinholeCamera
from vision.synth.roulette_paint import (
    CHROME,
    KNOB_RADIUS_M,
    STEM_RADIUS_M,
    bowl_background,
    head_mask,
    sample_light,
    static_overlay,
    wheel_texture,
)
from vision.synth.roulette_props import (
    SHIFT,
    DealerLook,
    draw_hand,
    draw_object,
    fixed_px,
    rot_z,
)
from vision.synth.roulette_scene import POCKET_STEP_RAD, POCKETS, WheelDesign, bowl_height
from vision.synth.roulette_timeline import FrameState

__all__ = ["RouletteRenderer"]



def _angular_blur(image: np.ndarray, sweep_rad: float) -> np.ndarray:
    """(N, N, 3) top-down texture box-blurred along circles about its centre."""
    n = image.shape[0]
    rows = 4096  # angle samples over the full turn
    centre = ((n - 1) / 2.0, (n - 1) / 2.0)
    polar = cv2.warpPolar(image, (n // 2, rows), centre, n / 2.0, cv2.WARP_POLAR_LINEAR)
    k = max(1, int(round(sweep_rad / (2 * np.pi) * rows)))
    padded = np.concatenate([polar[-k:], polar, polar[:k]])  # the angle wraps around
    smeared = cv2.blur(padded, (1, k))[k:-k]
    return cv2.warpPolar(smeared, (n, n), centre, n / 2.0,
                         cv2.WARP_POLAR_LINEAR | cv2.WARP_INVERSE_MAP)


class RouletteRenderer:
    """Static layers built once; ``render(state)`` draws one clean (H, W, 3) uint8 frame."""

    def __init__(self, design: WheelDesign, camera: PinholeCamera,
                 rng: np.random.Generator) -> None:
        self.design, self.camera = design, camera
        self.px_per_m = camera.pixels_per_metre_at(np.zeros(3))
        self.light = sample_light(rng)
        self.texture = wheel_texture(design, self.px_per_m * 1.4)
        self.background = bowl_background(design, camera, rng, self.light)
        self.mask, self.box = head_mask(design, camera)
        self.overlay = static_overlay(design, camera, self.box, self.light)
        self._plane = camera.plane_homography(0.0)
        self.dealer = DealerLook.sample(rng)
        sep = design.zero_angle_rad - (np.arange(POCKETS) + 0.5) * POCKET_STEP_RAD
        self._sep_angles = sep
        self._arm_phase = float(rng.uniform(0, 2 * np.pi))
        self._light_cam = camera.R @ self.light
        self._smeared: dict[int, np.ndarray] = {}

    def render(self, state: FrameState) -> np.ndarray:
        frame = self.background.copy()
        self._head(frame, state.wheel_angle, state.wheel_sweep)
        mid = state.wheel_angle - state.wheel_sweep / 2  # the wheel at mid-exposure
        self._frets(frame, mid)
        self._composite(frame)
        if state.obj is not None:
            draw_object(frame, self.camera, *state.obj)
        if state.ball_xyz:
            self._shadow(frame, state.ball_xyz[0])
            self._ball(frame, state.ball_xyz)
        self._turret_arms(frame, mid)
        if state.hand is not None and state.hand_palm is not None:
            draw_hand(frame, self.camera, self.dealer, self.light, state.hand, state.hand_palm)
        return frame

    # -- the turning wheel -------------------------------------------------------------
    def _head(self, frame: np.ndarray, angle: float, sweep: float) -> None:
        """The wheel head at mid-exposure, smeared along its turn over the exposure."""
        x0, y0, x1, y1 = self.box
        shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
        H = shift @ self._plane @ rot_z(angle - sweep / 2) @ self.texture.to_wheel
        warped = cv2.warpPerspective(self._smeared_texture(sweep), H, (x1 - x0, y1 - y0),
                                     flags=cv2.INTER_LINEAR)
        roi = frame[y0:y1, x0:x1]
        cv2.copyTo(warped, self.mask, roi)

    def _smeared_texture(self, sweep: float) -> np.ndarray:
        """The texture blurred along circles by ``sweep`` radians, cached by the blur's
        length in whole pixels at the number ring."""
        step = 1.0 / (self.design.r_number_out * self.px_per_m)  # 1 px at the ring
        key = int(round(abs(sweep) / step))
        if key < 2:
            return self.texture.image
        if key not in self._smeared:
            self._smeared[key] = _angular_blur(self.texture.image, key * step)
        return self._smeared[key]

    def _composite(self, frame: np.ndarray) -> None:
        ov = self.overlay
        x0, y0 = ov.origin_xy
        h, w = ov.mask.shape
        cv2.copyTo(ov.image, ov.mask, frame[y0:y0 + h, x0:x0 + w])

    def _frets(self, frame: np.ndarray, angle: float) -> None:
        d = self.design
        a = self._sep_angles + angle
        ca, sa = np.cos(a), np.sin(a)
        pts = []
        for r, z in ((d.r_pocket_in, 0.0), (d.r_pocket_out, 0.0), (d.r_pocket_out, d.fret_height),
                     (d.r_pocket_in, d.fret_height)):
            pts.append(np.column_stack([r * ca, r * sa, np.full_like(a, z)]))
        corners = np.stack(pts, 1)  # (37, 4, 3)
        uv, _ = self.camera.project(corners.reshape(-1, 3))
        uv = fixed_px(uv.reshape(-1, 4, 2))
        dark = tuple(float(v) * 0.55 for v in d.fret)
        cv2.fillPoly(frame, list(uv), dark, cv2.LINE_AA, SHIFT)
        width = max(1, int(round(0.0022 * self.px_per_m)))
        cv2.polylines(frame, list(uv[:, 2:4]), False, d.fret, width, cv2.LINE_AA, SHIFT)

    def _turret_arms(self, frame: np.ndarray, angle: float) -> None:
        d = self.design
        if not d.turret_arms:
            return  # a plain spindle: drawn whole in the static overlay
        z = d.turret_height - 0.004
        width = max(2, int(round(0.009 * self.px_per_m)))
        light_az = np.arctan2(self.light[1], self.light[0])
        for i in range(d.turret_arms):
            a = angle + self._arm_phase + 2 * np.pi * i / d.turret_arms
            u = np.array([np.cos(a), np.sin(a), 0.0])
            ends = np.array([u * STEM_RADIUS_M + (0, 0, z), u * d.turret_arm_len + (0, 0, z)])
            uv, _ = self.camera.project(ends)
            glint = 0.55 + 0.45 * abs(np.sin(a - light_az))
            cv2.line(frame, *map(tuple, fixed_px(uv)), tuple(float(c) * glint for c in CHROME),
                     width, cv2.LINE_AA, SHIFT)
            cv2.line(frame, *map(tuple, fixed_px(uv)), (250, 250, 250), max(1, width // 4),
                     cv2.LINE_AA, SHIFT)
            self._sphere(frame, [ends[1]], 0.008, CHROME, gloss=1.0)
        self._sphere(frame, [np.array([0, 0, d.turret_height + KNOB_RADIUS_M])],
                     KNOB_RADIUS_M, CHROME, gloss=1.0)

    # -- spheres: the ball and chrome knobs ----------------------------------------------
    def _ball(self, frame: np.ndarray, samples: tuple[np.ndarray, ...]) -> None:
        self._sphere(frame, list(samples), self.design.ball_radius, self.design.ball, gloss=1.3)

    def _sphere(self, frame: np.ndarray, centres: list[np.ndarray], radius_m: float,
                colour: tuple[float, float, float], *, gloss: float) -> None:
        """Shaded sphere(s) with a specular highlight; several centres = motion blur."""
        uv, depth = self.camera.project(np.array(centres))
        if np.any(depth <= 0.05):
            return
        rad = self.camera.K[0, 0] * radius_m / depth
        pad = int(np.ceil(rad.max())) + 2
        x0, y0 = np.floor(uv.min(axis=0)).astype(int) - pad
        x1, y1 = np.ceil(uv.max(axis=0)).astype(int) + pad + 1
        fx0, fy0 = max(x0, 0), max(y0, 0)
        fx1, fy1 = min(x1, frame.shape[1]), min(y1, frame.shape[0])
        if fx1 <= fx0 or fy1 <= fy0:
            return
        yy, xx = np.mgrid[fy0:fy1, fx0:fx1].astype(np.float32)
        acc_c = np.zeros((fy1 - fy0, fx1 - fx0, 3), np.float32)
        acc_a = np.zeros((fy1 - fy0, fx1 - fx0), np.float32)
        lc = self._light_cam
        half = lc + np.array([0, 0, -1.0])
        half /= np.linalg.norm(half)
        base = np.array(colour, np.float32)
        for (cx, cy), r in zip(uv, rad, strict=True):
            dx, dy = (xx - cx) / r, (yy - cy) / r
            d2 = dx * dx + dy * dy
            nz = -np.sqrt(np.clip(1 - d2, 0, 1))
            lam = np.clip(dx * lc[0] + dy * lc[1] + nz * lc[2], 0, 1)
            spec = np.clip(dx * half[0] + dy * half[1] + nz * half[2], 0, 1) ** 60
            col = base * (0.35 + 0.7 * lam)[..., None] + (255 * gloss * spec)[..., None]
            alpha = np.clip(r * (1 - np.sqrt(d2)) + 0.5, 0, 1) / len(uv)
            acc_c += col * alpha[..., None]
            acc_a += alpha
        roi = frame[fy0:fy1, fx0:fx1]
        out = roi * (1 - acc_a[..., None]) + acc_c
        roi[:] = np.clip(out, 0, 255).astype(np.uint8)

    def _shadow(self, frame: np.ndarray, ball_xyz: np.ndarray) -> None:
        d = self.design
        r = float(np.hypot(ball_xyz[0], ball_xyz[1]))
        ground = 0.0 if r < d.r_head else float(bowl_height(d, r))
        lift = ball_xyz[2] - ground
        if lift > 0.04:
            return
        p = ball_xyz.copy()
        p[:2] -= self.light[:2] / self.light[2] * lift
        p[2] = ground
        uv, depth = self.camera.project(p[None])
        rpx = self.camera.K[0, 0] * d.ball_radius / depth[0]
        x, y = uv[0]
        pad = int(rpx * 1.6) + 2
        x0, y0, x1, y1 = int(x) - pad, int(y) - pad, int(x) + pad + 1, int(y) + pad + 1
        if x0 < 0 or y0 < 0 or x1 > frame.shape[1] or y1 > frame.shape[0]:
            return
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        dist = np.hypot(xx - x, yy - y) / rpx
        dark = 1 - 0.45 * np.clip(1.3 - dist, 0, 1)
        roi = frame[y0:y1, x0:x1]
        roi[:] = (roi * dark[..., None]).astype(np.uint8)
