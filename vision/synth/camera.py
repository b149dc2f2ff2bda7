"""A pinhole camera in a right-handed world with z up (metres).

OpenCV camera convention: x right, y down, z forward. Seen from above with the
default ``up`` hint (+y), the image is a map view with no mirror, so "clockwise
seen from above" is clockwise in the image too.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    if n < 1e-12:
        raise ValueError(f"cannot normalise a zero vector {v!r}")
    return v / n


@dataclass(frozen=True, slots=True)
class PinholeCamera:
    """``K`` (3, 3) intrinsics; ``R`` (3, 3) world->camera rotation; ``t`` (3,) translation."""

    K: np.ndarray
    R: np.ndarray
    t: np.ndarray
    width: int
    height: int

    def __post_init__(self) -> None:
        for name, arr, shape in (("K", self.K, (3, 3)), ("R", self.R, (3, 3)), ("t", self.t, (3,))):
            if np.shape(arr) != shape:
                raise ValueError(f"{name} must have shape {shape}, got {np.shape(arr)}")

    @staticmethod
    def look_at(eye_xyz: np.ndarray, target_xyz: np.ndarray, *, focal_px: float,
                width: int, height: int, up_xyz: np.ndarray | None = None,
                roll_rad: float = 0.0) -> PinholeCamera:
        """Camera at ``eye_xyz`` looking at ``target_xyz``; principal point at the centre."""
        eye = np.asarray(eye_xyz, float)
        forward = _unit(np.asarray(target_xyz, float) - eye)
        up = np.array([0.0, 1.0, 0.0]) if up_xyz is None else np.asarray(up_xyz, float)
        right = _unit(np.cross(forward, up))
        down = np.cross(forward, right)
        if roll_rad:
            c, s = np.cos(roll_rad), np.sin(roll_rad)
            right, down = c * right + s * down, -s * right + c * down
        R = np.stack([right, down, forward])
        K = np.array([[focal_px, 0, width / 2.0], [0, focal_px, height / 2.0], [0, 0, 1.0]])
        return PinholeCamera(K=K, R=R, t=-R @ eye, width=width, height=height)

    @property
    def center_xyz(self) -> np.ndarray:
        return -self.R.T @ self.t

    def to_camera(self, points_xyz: np.ndarray) -> np.ndarray:
        """(N, 3) world points -> (N, 3) camera coordinates."""
        return np.asarray(points_xyz, float) @ self.R.T + self.t

    def project(self, points_xyz: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(N, 3) world points -> ((N, 2) pixel xy, (N,) depth along the optical axis)."""
        pc = self.to_camera(np.atleast_2d(points_xyz))
        depth = pc[:, 2]
        uvw = pc @ self.K.T
        return uvw[:, :2] / uvw[:, 2:3], depth

    def plane_homography(self, z: float = 0.0) -> np.ndarray:
        """3x3 H mapping (x, y, 1) on the world plane at height ``z`` to image pixels."""
        r = self.R
        M = np.column_stack([r[:, 0], r[:, 1], r[:, 2] * z + self.t])
        return self.K @ M

    def pixels_per_metre_at(self, point_xyz: np.ndarray) -> float:
        """Approximate image scale (px per metre) near a world point."""
        depth = float(self.to_camera(np.atleast_2d(point_xyz))[0, 2])
        return float(self.K[0, 0]) / depth


def tilted_view(target_xyz: np.ndarray, *, distance_m: float, tilt_rad: float, azimuth_rad: float,
                focal_px: float, width: int, height: int, roll_rad: float = 0.0) -> PinholeCamera:
    """A camera ``distance_m`` from ``target_xyz``, its axis ``tilt_rad`` off vertical.

    ``azimuth_rad`` is the direction (about +z) the camera is displaced towards.
    """
    target = np.asarray(target_xyz, float)
    offset = np.array([np.sin(tilt_rad) * np.cos(azimuth_rad),
                       np.sin(tilt_rad) * np.sin(azimuth_rad),
                       np.cos(tilt_rad)]) * distance_m
    # keep the image "up" pointing away from the camera's displacement, as a mounted camera would
    up = np.array([-np.cos(azimuth_rad), -np.sin(azimuth_rad), 0.0]) if tilt_rad > 1e-3 else None
    return PinholeCamera.look_at(target + offset, target, focal_px=focal_px, width=width,
                                 height=height, up_xyz=up, roll_rad=roll_rad)
