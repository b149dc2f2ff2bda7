"""Wheel geometry: the pocket-ring ellipse, its polar unwrap, and the wheel angle per frame.

Conventions. The pocket ring is seen as an ellipse (``RingGeometry``); the affine map that
takes it to a circle defines the *rectified* frame, where a point has a normalised radius
``rho`` (1.0 on the fitted ring) and an angle ``psi`` (radians, increasing clockwise on
screen because image y points down). Every frame is unwrapped once, with ``cv2.remap`` on a
precomputed grid, into a small polar *strip*: rows are radii ``rho``, columns are angles
``psi`` (``COLUMNS`` per turn, ``COLUMNS / 37`` per pocket). All later stages work on strips.

The wheel angle is read afresh in every frame, without tracking: the strip's per-column
redness and greenness in the pocket band are correlated (FFT, circular) with the colour
pattern the contract's pocket sequence implies (red/black alternating, one green), which
gives where pocket 0's centre is now (``zero_psi``). The numbering sense (clockwise in
``psi`` or mirrored) is found at calibration by trying both. When a close camera cuts off
part of the ring, only the columns in view are matched (``StripGrid.inside_columns``), and
while pocket 0 itself is out of view ``ZeroTracker`` keeps the numbering from frame to frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.footage import WHEEL_SEQUENCE_CW, pocket_colour

__all__ = [
    "COLUMNS", "POCKET_COLS", "POCKET_RAD", "RingGeometry", "StripGrid", "ZeroFix",
    "ZeroTracker", "aberration", "colour_signals", "wheel_to_affine", "locate_zero",
    "pocket_template", "zero_correlation",
]  # fmt: skip

POCKET_COLS = 12
COLUMNS = 37 * POCKET_COLS
POCKET_RAD = 2 * np.pi / 37


@dataclass(frozen=True, slots=True)
class RingGeometry:
    """Pocket-ring ellipse in image pixels: centre, semi-axes (major, minor), major-axis angle."""

    center_xy: tuple[float, float]
    axes_px: tuple[float, float]
    angle_rad: float

    def __post_init__(self) -> None:
        a, b = self.axes_px
        if not (a > 0 and b > 0 and b <= a * 1.0001):
            raise ValueError(f"axes_px must be (major, minor) > 0 with minor <= major, "
                             f"got {self.axes_px}")

    def to_image(self, rho: np.ndarray, psi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rectified (rho, psi) -> image (x, y) pixels (arrays broadcast)."""
        a, b = self.axes_px
        u, v = a * rho * np.cos(psi), b * rho * np.sin(psi)
        c, s = np.cos(self.angle_rad), np.sin(self.angle_rad)
        return self.center_xy[0] + c * u - s * v, self.center_xy[1] + s * u + c * v

    def to_rectified(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Image (x, y) -> rectified (rho, psi)."""
        dx, dy = np.asarray(x, float) - self.center_xy[0], np.asarray(y, float) - self.center_xy[1]
        c, s = np.cos(self.angle_rad), np.sin(self.angle_rad)
        u, v = (c * dx + s * dy) / self.axes_px[0], (-s * dx + c * dy) / self.axes_px[1]
        return np.hypot(u, v), np.mod(np.arctan2(v, u), 2 * np.pi)


@dataclass(frozen=True, slots=True)
class StripGrid:
    """A precomputed polar unwrap: ``rho_rows`` (R,) radii, ``COLUMNS`` angles over one turn."""

    geometry: RingGeometry
    rho_rows: np.ndarray
    map1: np.ndarray
    map2: np.ndarray

    @staticmethod
    def build(geometry: RingGeometry, rho_min: float, rho_max: float, rows: int,
              warp: tuple[float, float] = (0.0, 0.0), rho_offset: np.ndarray | None = None
              ) -> StripGrid:
        """Rows are wheel-plane radii, columns wheel angles; ``warp`` (eta, beta) is the
        perspective left after the ellipse-to-circle affine map (see ``wheel_to_affine``).
        ``rho_offset`` (R', COLUMNS): the first R' rows sample that much further out
        (``swing``: the head where it shows); ``rho_rows`` stay the rows' nominal radii."""
        rho = np.linspace(rho_min, rho_max, rows)
        theta = np.arange(COLUMNS) * (2 * np.pi / COLUMNS)
        sampled = np.repeat(rho[:, None], COLUMNS, axis=1)
        if rho_offset is not None:
            sampled[:len(rho_offset)] += rho_offset
        ra, psi = wheel_to_affine(sampled, theta[None, :], *warp)
        x, y = geometry.to_image(ra, psi)
        m1, m2 = cv2.convertMaps(x.astype(np.float32), y.astype(np.float32), cv2.CV_16SC2)
        return StripGrid(geometry, rho, m1, m2)

    def unwrap(self, frame_bgr: np.ndarray) -> np.ndarray:
        """(H, W, 3) uint8 frame -> (R, COLUMNS, 3) uint8 strip; outside the frame is 0."""
        return cv2.remap(frame_bgr, self.map1, self.map2, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))

    def inside_columns(self, width: int, height: int, rows: slice) -> np.ndarray:
        """(COLUMNS,) bool: columns with most of their ``rows`` inside a ``width`` x
        ``height`` frame (a close camera's ring may leave it; there the strip is black)."""
        xy = self.map1[rows].astype(np.int32)
        inside = (xy[..., 0] >= 0) & (xy[..., 0] < width - 1) & (xy[..., 1] >= 0) \
            & (xy[..., 1] < height - 1)
        return inside.mean(axis=0) >= 0.6

    def row_of(self, rho: float) -> int:
        return int(np.clip(np.searchsorted(self.rho_rows, rho), 0, len(self.rho_rows) - 1))

    def psi_of(self, column: float) -> float:
        return float(column) * 2 * np.pi / COLUMNS

    def radius_px(self) -> float:
        return float(np.sqrt(self.geometry.axes_px[0] * self.geometry.axes_px[1]))


def aberration(angle_rad: np.ndarray, eta: float, beta_rad: float) -> np.ndarray:
    """The angular warp of a circle-preserving projective map (a "boost" of rapidity ``eta``
    towards ``beta_rad``): what a perspective view does to angles around a ring that the
    ellipse-to-circle affine map has made round again. ``eta`` 0 is the identity and
    ``aberration(aberration(a, e, b), -e, b) == a``.
    """
    half = (np.asarray(angle_rad, float) - beta_rad) / 2
    return np.mod(beta_rad + 2 * np.arctan2(np.exp(eta) * np.sin(half), np.cos(half)), 2 * np.pi)


def wheel_to_affine(rho: np.ndarray, theta: np.ndarray, eta: float, beta_rad: float
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Wheel-plane polar (rho, theta) -> affine-rectified polar (rho, psi).

    The plane homography of a perspective camera, once the ring's ellipse has been made a
    unit circle, is a projective map that keeps the unit circle: a rotation and a Lorentz
    "boost" of rapidity ``eta`` towards ``beta_rad``. On the ring itself it moves angles
    by ``aberration(theta, -eta, beta)``; off the ring it shifts concentric circles, as a
    close camera does.
    """
    c, s = np.cos(beta_rad), np.sin(beta_rad)
    x, y = rho * np.cos(theta), rho * np.sin(theta)
    x1, y1 = c * x + s * y, -s * x + c * y
    w = np.sinh(eta) * x1 + np.cosh(eta)
    x2, y2 = (np.cosh(eta) * x1 + np.sinh(eta)) / w, y1 / w
    x3, y3 = c * x2 - s * y2, s * x2 + c * y2
    return np.hypot(x3, y3), np.mod(np.arctan2(y3, x3), 2 * np.pi)


def colour_signals(band_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(R, C, 3) uint8 pocket band -> per-column (redness, greenness), each (C,) float32.

    Redness is red minus the larger of green and blue, greenness likewise; both are
    robust to brightness and white balance, and near zero on black, white and chrome.
    """
    rows = band_bgr.shape[0]
    # (cost) the column sums of small integers are exact in float32 in any order: the
    # per-column mean is numpy's mean(axis=0, dtype=float32) to the bit, at a fifth the cost
    sums = cv2.reduce(np.ascontiguousarray(band_bgr).reshape(rows, -1), 0, cv2.REDUCE_SUM,
                      dtype=cv2.CV_32F)
    m = (sums / np.float32(rows)).reshape(-1, 3)  # (C, 3)
    b, g, r = m[:, 0], m[:, 1], m[:, 2]
    return r - np.maximum(g, b), g - np.maximum(r, b)


def pocket_template(sense: int) -> tuple[np.ndarray, np.ndarray]:
    """Expected (redness, greenness) (COLUMNS,) with pocket 0's centre at column 0.

    ``sense`` +1: the sequence runs towards increasing psi; -1: mirrored.
    """
    cols = np.arange(COLUMNS)
    k = np.round((cols if sense > 0 else -cols) / POCKET_COLS).astype(int) % 37
    colours = [pocket_colour(WHEEL_SEQUENCE_CW[i]) for i in range(37)]
    red = np.array([{"red": 1.0, "black": -1.0, "green": -0.3}[colours[i]] for i in k])
    green = np.array([1.0 if colours[i] == "green" else 0.0 for i in k])
    return red - red.mean(), green - green.mean()


@dataclass(frozen=True, slots=True)
class ZeroFix:
    """Where pocket 0's centre is in this frame: ``psi`` (rad); ``score`` peak over the best
    peak at least a pocket away (how distinct zero is); ``fit`` the peak's correlation."""

    psi: float
    score: float
    fit: float


def _spectrum(t: np.ndarray) -> np.ndarray:
    return np.conj(np.fft.rfft(t))


_TEMPLATE_FFT: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _template_fft(sense: int) -> tuple[np.ndarray, np.ndarray]:
    if sense not in _TEMPLATE_FFT:
        red, green = pocket_template(sense)
        _TEMPLATE_FFT[sense] = (_spectrum(red), _spectrum(green))
    return _TEMPLATE_FFT[sense]


def _row_means(x: np.ndarray, n: np.floating) -> np.ndarray:
    """(N, K) -> (N, 1) mean of each row as numpy's ``mean`` computes it, to the bit (each
    row its own 1-d pairwise sum: a reduction along the contiguous last axis is one, row
    by row), without its per-call overhead; ``n`` is K in ``x``'s dtype."""
    return np.add.reduce(np.ascontiguousarray(x), axis=1, keepdims=True) / n


def _row_stds(x: np.ndarray, n: np.floating, mean: np.ndarray) -> np.ndarray:
    """(N, K) and its (N, 1) ``_row_means`` -> (N, 1) std of each row, as numpy's ``std``."""
    d = x - mean
    d *= d
    return np.sqrt(_row_means(d, n))


def _normalised(x: np.ndarray, valid: np.ndarray | None) -> np.ndarray:
    """(N, C) signals -> each row zero-mean and unit-std over the ``valid`` columns (all
    if None), 0 outside them."""
    floor = x.dtype.type(1e-3)
    if valid is None:
        n = x.dtype.type(x.shape[-1])
        x = x - _row_means(x, n)
        return x / np.maximum(_row_stds(x, n, _row_means(x, n)), floor)
    seen, n = x[:, valid], x.dtype.type(np.count_nonzero(valid))
    mean = _row_means(seen, n)
    return np.where(valid, (x - mean) / np.maximum(_row_stds(seen, n, mean), floor), 0.0)


def zero_correlation(redness: np.ndarray, greenness: np.ndarray, sense: int,
                     valid: np.ndarray | None = None) -> np.ndarray:
    """(..., COLUMNS) circular correlation of the measured colour signals with the pocket
    template, per position of pocket 0 (column), averaged over the columns in view.
    Signals may be stacked (N, COLUMNS), one correlation per row (calibration's many)."""
    stacked = (np.array((redness, greenness)) if redness.ndim == 1  # (cost) not np.stack
               else np.stack([redness, greenness], axis=-2))  # (..., 2, C)
    both = _normalised(stacked.reshape(-1, COLUMNS), valid).reshape(stacked.shape)
    n_cols = COLUMNS if valid is None else max(int(valid.sum()), 1)
    tr, tg = _template_fft(sense)
    spectra = np.fft.rfft(both)  # (cost) one call for both signals
    return np.fft.irfft(spectra[..., 0, :] * tr + 2.0 * spectra[..., 1, :] * tg,
                        n=COLUMNS) / n_cols


def _fix_at(corr: np.ndarray, best: int) -> ZeroFix:
    """The zero fix at column ``best`` of a correlation, refined to a fraction of a column."""
    y0, y1, y2 = corr[best - 1], corr[best], corr[(best + 1) % COLUMNS]
    den = y0 - 2 * y1 + y2
    sub = 0.5 * (y0 - y2) / den if den < 0 else 0.0
    # the best peak at least a pocket away: the columns outside best +- POCKET_COLS, one
    # window of the correlation laid twice (cost: no copy; a maximum in any order the same)
    lo, hi = best + POCKET_COLS + 1, best + COLUMNS - POCKET_COLS
    if hi <= COLUMNS or lo >= COLUMNS:
        second = float(corr[lo % COLUMNS:(hi - 1) % COLUMNS + 1].max())
    else:
        second = float(np.maximum(corr[lo:].max(), corr[:hi - COLUMNS].max()))
    score = float(y1 / second) if second > 1e-6 else 10.0
    return ZeroFix(psi=float(np.mod((best + sub) * 2 * np.pi / COLUMNS, 2 * np.pi)), score=score,
                   fit=float(y1))


def locate_zero(redness: np.ndarray, greenness: np.ndarray, sense: int,
                valid: np.ndarray | None = None) -> ZeroFix:
    """Where pocket 0 is: the best match of the colour signals with the pocket template.

    ``valid`` (C,) bool optionally limits the match to columns in view (see
    ``StripGrid.inside_columns``); ``fit`` is then the correlation over those columns.
    """
    if valid is not None and not valid.any():
        return ZeroFix(psi=0.0, score=1.0, fit=0.0)
    corr = zero_correlation(redness, greenness, sense, valid)
    return _fix_at(corr, int(np.argmax(corr)))


class ZeroTracker:
    """Pocket 0 frame after frame, also while it is out of view (one ``update`` per frame).

    Red and black alternate all round the wheel; only the green 0 tells which pocket is
    which. A match is taken where 0 stands out (``score`` >= ``clear_score``); otherwise
    the match nearest the last frame's zero wins (the wheel turns a fraction of a pocket
    between frames, the alternatives are two pockets apart). That holds when part of the
    ring is out of the frame, and with the whole ring in view (``valid`` None) once 0 has
    stood out: a dealer's arm across the ring may hide 0 there too (seed
    11301 017 r0: the arm over 0 for a second, the best match two pockets off, so the ball
    resting in its pocket stood out from the model, which had it two pockets on: a false
    void; clear frames scored 1.25, those 1.0-1.1). Until 0 has stood out the best match
    is taken, as ``locate_zero`` does. ``seen`` says whether 0 has stood out since the
    start, i.e. whether the numbering can be trusted yet (always, with the whole ring in
    view).
    """

    def __init__(self, sense: int, valid: np.ndarray | None = None, clear_score: float = 1.15
                 ) -> None:
        self.sense, self.valid, self.clear_score = sense, valid, clear_score
        self.last_col: int | None = None
        self.seen = valid is None
        self.stood_out = False  # 0 has stood out since the start

    def update(self, redness: np.ndarray, greenness: np.ndarray) -> ZeroFix:
        if self.valid is not None and not self.valid.any():
            return ZeroFix(psi=0.0, score=1.0, fit=0.0)
        corr = zero_correlation(redness, greenness, self.sense, self.valid)
        best = int(np.argmax(corr))
        fix = _fix_at(corr, best)
        if fix.score >= self.clear_score:
            self.seen = self.stood_out = True
        elif self.last_col is not None and (self.valid is not None or self.stood_out):
            near = np.arange(self.last_col - POCKET_COLS, self.last_col + POCKET_COLS + 1) \
                % COLUMNS
            best = int(near[np.argmax(corr[near])])
            fix = _fix_at(corr, best)
        self.last_col = best
        return fix
