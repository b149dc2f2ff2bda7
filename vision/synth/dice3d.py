"""Die geometry: cube poses, face values, pip layouts and face textures.

A die is a cube of edge ``edge_m`` in its own frame (centre at the origin). Local face
normals carry values so that opposite faces sum to seven: +z 1, -z 6, +x 2, -x 5,
+y 3, -y 4. A ``DiePose`` places the cube in the world (z up, metres) with a
rotation (local -> world) and a centre. Everything here is pure: poses in, arrays out.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

__all__ = [
    "EDGE_M", "FACE_NORMALS", "DiceStyle", "DiePose", "face_axes", "face_textures", "flat_pose",
    "lean_against_die", "lean_against_wall", "pip_layout", "rest_on_floor", "rotation_with_top",
    "stacked_pose",
]  # fmt: skip

EDGE_M = 0.019  # a casino sic bo die, about 19 mm

FACE_NORMALS: dict[int, np.ndarray] = {
    1: np.array([0.0, 0.0, 1.0]), 6: np.array([0.0, 0.0, -1.0]),
    2: np.array([1.0, 0.0, 0.0]), 5: np.array([-1.0, 0.0, 0.0]),
    3: np.array([0.0, 1.0, 0.0]), 4: np.array([0.0, -1.0, 0.0]),
}  # fmt: skip


def face_axes(value: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Local (normal, u, v) of a face; texture x runs along u, texture y along v.

    The (u, v) frames are fixed per face, so the diagonal of the 2 and 3 and the
    columns of the 6 have one definite orientation relative to the neighbouring faces.
    """
    n = FACE_NORMALS[value]
    helper = np.array([0.0, 0.0, 1.0]) if abs(n[2]) < 0.5 else np.array([1.0, 0.0, 0.0])
    u = np.cross(helper, n)
    u = u / np.linalg.norm(u)
    return n, u, np.cross(n, u)


def _rot_z(yaw_rad: float) -> np.ndarray:
    c, s = np.cos(yaw_rad), np.sin(yaw_rad)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _rot_axis(axis: np.ndarray, angle_rad: float) -> np.ndarray:
    rvec = np.asarray(axis, float) / np.linalg.norm(axis) * angle_rad
    return cv2.Rodrigues(rvec.reshape(3, 1))[0]


def _cube_rotations() -> list[np.ndarray]:
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1.0, -1.0), repeat=3):
            m = np.zeros((3, 3))
            for row, (col, sg) in enumerate(zip(perm, signs, strict=True)):
                m[row, col] = sg
            if np.linalg.det(m) > 0:
                out.append(m)
    return out


CUBE_ROTATIONS = _cube_rotations()


def rotation_with_top(value: int, yaw_rad: float, spin: int = 0) -> np.ndarray:
    """Local->world rotation with face ``value`` up; ``spin`` (0..3) picks one of its 4 turns."""
    ups = [m for m in CUBE_ROTATIONS if (m @ FACE_NORMALS[value])[2] > 0.5]
    return _rot_z(yaw_rad) @ ups[spin % len(ups)]


@dataclass(frozen=True, slots=True)
class DiePose:
    """``rotation`` (3, 3) local->world, ``center_xyz`` (3,) metres, ``edge_m`` cube edge."""

    rotation: np.ndarray
    center_xyz: np.ndarray
    edge_m: float = EDGE_M

    def __post_init__(self) -> None:
        if np.shape(self.rotation) != (3, 3) or np.shape(self.center_xyz) != (3,):
            raise ValueError(f"rotation must be (3, 3) and center (3,), got "
                             f"{np.shape(self.rotation)} and {np.shape(self.center_xyz)}")
        if not abs(np.linalg.det(self.rotation) - 1.0) < 1e-6:
            raise ValueError(f"rotation must be proper (det 1), "
                             f"got det {np.linalg.det(self.rotation)}")

    @property
    def top_value(self) -> int:
        """The face whose outward normal points most nearly up."""
        return max(FACE_NORMALS, key=lambda v: float((self.rotation @ FACE_NORMALS[v])[2]))

    @property
    def tilt_deg(self) -> float:
        """Angle between the top face's normal and vertical (0 for a die lying flat)."""
        nz = float((self.rotation @ FACE_NORMALS[self.top_value])[2])
        return float(np.degrees(np.arccos(np.clip(nz, -1.0, 1.0))))

    def corners_xyz(self) -> np.ndarray:
        """(8, 3) world corners."""
        h = self.edge_m / 2.0
        local = np.array(list(itertools.product((-h, h), repeat=3)))
        return local @ self.rotation.T + self.center_xyz

    def face_normal(self, value: int) -> np.ndarray:
        return self.rotation @ FACE_NORMALS[value]

    def face_quad_xyz(self, value: int) -> np.ndarray:
        """(4, 3) world corners of a face, in texture order (0,0) (S,0) (S,S) (0,S)."""
        n, u, v = face_axes(value)
        h = self.edge_m / 2.0
        local = np.array([h * (n - u - v), h * (n + u - v), h * (n + u + v), h * (n - u + v)])
        return local @ self.rotation.T + self.center_xyz

    def moved(self, rotation: np.ndarray | None = None, center_xyz: np.ndarray | None = None
              ) -> DiePose:
        return DiePose(self.rotation if rotation is None else rotation,
                       self.center_xyz if center_xyz is None else np.asarray(center_xyz, float),
                       self.edge_m)


def rest_on_floor(rotation: np.ndarray, xy: np.ndarray, edge_m: float, floor_z: float = 0.0
                   ) -> DiePose:
    probe = DiePose(rotation, np.array([xy[0], xy[1], 0.0]), edge_m)
    z = floor_z - float(probe.corners_xyz()[:, 2].min())
    return probe.moved(center_xyz=np.array([xy[0], xy[1], z]))


def flat_pose(value: int, center_xy: tuple[float, float], yaw_rad: float, *, spin: int = 0,
              edge_m: float = EDGE_M) -> DiePose:
    """A die lying flat on the floor (z = 0) with ``value`` on top."""
    return rest_on_floor(rotation_with_top(value, yaw_rad, spin), np.asarray(center_xy, float),
                          edge_m)


def stacked_pose(value: int, below: DiePose, offset_xy: tuple[float, float], yaw_rad: float, *,
                 spin: int = 0) -> DiePose:
    """A die lying flat on the top face of ``below`` (which must lie flat)."""
    top_z = float(below.corners_xyz()[:, 2].max())
    xy = below.center_xyz[:2] + np.asarray(offset_xy, float)
    return rest_on_floor(rotation_with_top(value, yaw_rad, spin), xy, below.edge_m, top_z)


def _tipped(value: int, yaw_rad: float, spin: int, toward_xy: np.ndarray, tilt_rad: float
            ) -> np.ndarray:
    """Rotation of a die tipped by ``tilt_rad``: its side facing ``toward_xy`` lifted."""
    d = np.array([toward_xy[0], toward_xy[1], 0.0])
    axis = np.cross(np.array([0.0, 0.0, 1.0]), d)  # lifting the +d side = rotating about -axis
    return _rot_axis(axis, -tilt_rad) @ rotation_with_top(value, yaw_rad, spin)


def lean_against_die(value: int, support: DiePose, side: int, tilt_rad: float, *, spin: int = 0,
                     slide: float = 0.0) -> DiePose:
    """A die resting tilted: one bottom edge on the floor, the opposite raised bottom edge
    propped against a vertical side face of ``support`` (a flat die).

    ``side`` (0..3) picks which side face of the support; ``slide`` (-0.3..0.3) shifts the
    die along that face, in edges.
    """
    normals = [support.rotation @ FACE_NORMALS[v] for v in FACE_NORMALS]
    sides = sorted((n for n in normals if abs(n[2]) < 0.5), key=lambda n: np.arctan2(n[1], n[0]))
    n_out = sides[side % 4]
    toward = -n_out[:2]
    yaw = float(np.arctan2(n_out[1], n_out[0]))
    rot = _tipped(value, yaw, spin, toward, tilt_rad)
    edge = support.edge_m
    face_xy = support.center_xyz[:2] + n_out[:2] * edge / 2.0
    along = np.array([-n_out[1], n_out[0]]) * slide * edge
    probe = rest_on_floor(rot, np.zeros(2), edge)
    reach = float((probe.corners_xyz()[:, :2] @ toward).max())  # furthest point towards support
    xy = face_xy - toward * (reach + 1e-4) + along
    return rest_on_floor(rot, xy, edge)


def lean_against_wall(value: int, azimuth_rad: float, wall_radius_m: float, tilt_rad: float, *,
                      yaw_rad: float = 0.0, spin: int = 0, edge_m: float = EDGE_M) -> DiePose:
    """A die near the dome wall at ``azimuth_rad``, its outer bottom edge raised against the
    glass of a hemisphere of radius ``wall_radius_m`` centred on the floor's origin."""
    out = np.array([np.cos(azimuth_rad), np.sin(azimuth_rad)])
    rot = _tipped(value, azimuth_rad + yaw_rad, spin, out, tilt_rad)
    lo, hi = 0.0, wall_radius_m
    for _ in range(40):  # largest centre distance with every corner inside the sphere
        mid = (lo + hi) / 2.0
        corners = rest_on_floor(rot, out * mid, edge_m).corners_xyz()
        lo, hi = (mid, hi) if np.linalg.norm(corners, axis=1).max() < wall_radius_m else (lo, mid)
    return rest_on_floor(rot, out * lo, edge_m)


def pip_layout(value: int) -> np.ndarray:
    """(N, 2) pip centres in face coordinates (-1..1, x along u, y along v)."""
    a = 0.52
    layouts = {
        1: [(0, 0)], 2: [(-a, -a), (a, a)], 3: [(-a, -a), (0, 0), (a, a)],
        4: [(-a, -a), (a, -a), (-a, a), (a, a)],
        5: [(-a, -a), (a, -a), (0, 0), (-a, a), (a, a)],
        6: [(-a, -a), (-a, 0), (-a, a), (a, -a), (a, 0), (a, a)],
    }  # fmt: skip
    if value not in layouts:
        raise ValueError(f"die face must be 1..6, got {value!r}")
    return np.array(layouts[value], float)


@dataclass(frozen=True, slots=True)
class DiceStyle:
    """Body colour and pip style: ``western`` (black pips) or ``chinese`` (red 1 and 4,
    the 1 a big red pip)."""

    body_bgr: tuple[float, float, float] = (238.0, 244.0, 246.0)
    pip_style: str = "western"
    pip_bgr: tuple[float, float, float] = (30.0, 28.0, 26.0)
    red_bgr: tuple[float, float, float] = (40.0, 30.0, 190.0)

    def __post_init__(self) -> None:
        if self.pip_style not in ("western", "chinese"):
            raise ValueError(f"pip_style must be 'western' or 'chinese', got {self.pip_style!r}")

    def pip_colour(self, value: int) -> tuple[float, float, float]:
        return self.red_bgr if self.pip_style == "chinese" and value in (1, 4) else self.pip_bgr

    def pip_radius(self, value: int) -> float:
        """Pip radius in face coordinates (face half-width = 1)."""
        if value == 1:
            return 0.42 if self.pip_style == "chinese" else 0.24
        return 0.17


def _face_texture(value: int, style: DiceStyle, size: int) -> np.ndarray:
    s = size * 3  # supersample, then shrink: smooth pip edges
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float32)
    fx, fy = (xx + 0.5) / s * 2 - 1, (yy + 0.5) / s * 2 - 1
    edge = np.maximum(np.abs(fx), np.abs(fy))
    bevel = np.clip((edge - 0.86) / 0.14, 0, 1) ** 2  # rounded edges fall off in brightness
    img = np.ones((s, s, 3), np.float32) * np.array(style.body_bgr, np.float32)
    img *= (1.0 - 0.35 * bevel)[..., None]
    corner = np.hypot(np.clip(np.abs(fx) - 0.8, 0, None), np.clip(np.abs(fy) - 0.8, 0, None))
    alpha = np.clip((0.2 - corner) / 0.04, 0, 1)  # rounded corners
    r = style.pip_radius(value)
    colour = np.array(style.pip_colour(value), np.float32)
    for px, py in pip_layout(value):
        d = np.hypot(fx - px, fy - py) / r
        inside = np.clip((1.0 - d) * s * r / 3.0, 0, 1)
        # a concave pip: its far wall catches light, its near wall is in shade
        wall = 1.0 + 0.55 * np.clip(((fx - px) + (fy - py)) / r, -1, 1) * (d > 0.55)
        pip = colour * wall[..., None]
        img = img * (1 - inside[..., None]) + pip * inside[..., None]
    out = np.dstack([img, alpha * 255.0]).astype(np.float32)
    return cv2.resize(out, (size, size), interpolation=cv2.INTER_AREA)


@lru_cache(maxsize=32)
def face_textures(style: DiceStyle, size: int = 96) -> dict[int, np.ndarray]:
    """Per face value, a (size, size, 4) float32 BGRA texture (0..255). Cached: do not modify."""
    return {v: _face_texture(v, style, size) for v in range(1, 7)}
