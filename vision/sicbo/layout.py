"""How well a set of pip centres matches the standard layout of its count.

The six standard layouts on a unit face (centre 0, corners at +-1). The fit allows
any affine map (the face is seen in perspective) but charges for a map far from a
similarity: a genuine face seen within ~45 degrees of its normal is squashed at most
~1.5x. Returns 1.0 for a perfect fit, falling to 0 as the residual grows.
"""

from __future__ import annotations

import itertools

import numpy as np

__all__ = ["LAYOUTS", "affine_fits", "layout_fit", "normalised"]

LAYOUTS: dict[int, np.ndarray] = {
    1: np.array([[0, 0]], float),
    2: np.array([[-1, -1], [1, 1]], float),
    3: np.array([[-1, -1], [0, 0], [1, 1]], float),
    4: np.array([[-1, -1], [1, -1], [-1, 1], [1, 1]], float),
    5: np.array([[-1, -1], [1, -1], [-1, 1], [1, 1], [0, 0]], float),
    6: np.array([[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]], float),
}
_PERMS = {n: np.array(list(itertools.permutations(range(n)))) for n in LAYOUTS}


def layout_fit(points_xy: np.ndarray) -> float:
    """Fit quality in [0, 1] of N (1..6) pip centres (Nx2 float) to the N-pip layout."""
    pts = np.asarray(points_xy, float).reshape(-1, 2)
    n = len(pts)
    if n not in LAYOUTS:
        return 0.0
    if n <= 2:
        return 1.0
    pts = normalised(pts)
    if pts is None:
        return 0.0
    if n == 3:
        return _collinear_fit(pts)
    coef, resid = affine_fits(pts)
    sv = np.linalg.svd(coef[:, :2, :], compute_uv=False)     # P x 2, descending
    squash = sv[:, 0] / np.maximum(sv[:, 1], 1e-6)
    best = float(np.min(resid + 0.15 * np.maximum(0.0, squash - 1.6)))
    return float(np.clip(1.0 - best / 0.35, 0.0, 1.0))


def normalised(points_xy: np.ndarray) -> np.ndarray | None:
    """Pip centres (Nx2) centred on their mean and scaled to unit RMS spread; None when
    they have no spread."""
    pts = np.asarray(points_xy, float).reshape(-1, 2)
    pts = pts - pts.mean(axis=0)
    scale = np.sqrt((pts ** 2).sum(axis=1).mean())
    return None if scale <= 0 else pts / scale


def affine_fits(pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """N (4..6) ``normalised`` pip centres against the N-pip layout, every pairing of
    pips to layout places: the least-squares affine maps (P x 3 x 2: layout x, y, 1 ->
    image x, y) and their RMS residuals (P)."""
    n = len(pts)
    design = np.hstack([LAYOUTS[n], np.ones((n, 1))])
    targets = pts[_PERMS[n]]                                   # P x n x 2, every pairing
    coef = np.einsum("ij,pjk->pik", np.linalg.pinv(design), targets)   # least squares
    resid = np.sqrt(((np.einsum("ij,pjk->pik", design, coef) - targets) ** 2)
                    .sum(axis=2).mean(axis=1))
    return coef, resid


def _collinear_fit(pts: np.ndarray) -> float:
    """Three pips: on one line, the middle one halfway between the others."""
    _, sv, vt = np.linalg.svd(pts)
    off_line = sv[1] / max(sv[0], 1e-6)
    proj = np.sort(pts @ vt[0])
    middle = abs(proj[1] - 0.5 * (proj[0] + proj[2])) / max(proj[2] - proj[0], 1e-6)
    return float(np.clip(1.0 - (off_line + middle) / 0.35, 0.0, 1.0))
