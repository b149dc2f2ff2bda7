"""What the technician console draws over a frame, and what dragging a handle changes.

Pure functions over a profile's ``data`` (schemas in ``vision/roulette/calibrate.py`` and
``vision/sicbo/calibrate.py``): ``overlay`` gives shapes (polylines, labels, an image) and
handles in full-resolution image pixels; ``adjust`` moves one handle and returns new data.
The browser only draws what it is given and sends handle positions back.

Roulette handles: ``center``, ``major`` and ``minor`` (ellipse axis ends at the ring),
``band_in``/``band_out`` (the pocket band's radii, opposite the major end), ``zero`` (where
pocket 0 is in the frame shown). Sic bo handles: ``center``, ``major``, ``minor`` (the
floor ellipse; the dice reader's box follows it).
"""

from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np

from vision.footage import WHEEL_SEQUENCE_CW

__all__ = ["adjust", "exclusion_ellipse", "overlay"]

Shape = dict[str, Any]
POCKET_RAD = 2 * math.pi / 37


def overlay(game: str, data: dict[str, Any]) -> dict[str, Any]:
    """{"shapes": [...], "handles": [{"id", "xy"}]} for ``data``; ValueError if malformed."""
    try:
        return _roulette(data) if game == "roulette" else _sicbo(data)
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"{game} calibration data lacks or mangles {exc}") from None


def adjust(game: str, data: dict[str, Any], handle: str, xy: tuple[float, float]
           ) -> dict[str, Any]:
    """A copy of ``data`` with ``handle`` moved to image point ``xy``."""
    out = copy.deepcopy(data)
    moves = _ROULETTE_MOVES if game == "roulette" else _SICBO_MOVES
    if handle not in moves:
        raise ValueError(f"handle must be one of {sorted(moves)}, got {handle!r}")
    moves[handle](out, float(xy[0]), float(xy[1]))
    return out


def exclusion_ellipse(game: str, data: dict[str, Any]) -> tuple[tuple[float, float],
                                                                   tuple[float, float], float]:
    """(centre, semi-axes, angle_deg) of the part of the picture that changes by design
    (a turning wheel head, a lid coming and going): never used to check for drift."""
    if game == "roulette":
        ring = data["ring"]
        k = float(data["band_rho"][1]) + 0.08
        return tuple(ring["center_xy"]), (ring["axes_px"][0] * k, ring["axes_px"][1] * k), \
            float(ring["angle_deg"])
    dome = data["dome"]
    return tuple(dome["center_xy"]), (dome["axes_px"][0] * 0.62, dome["axes_px"][1] * 0.62), \
        float(dome["angle_deg"])


# -- roulette --------------------------------------------------------------------------
def _ring(data: dict[str, Any]) -> tuple[float, float, float, float, float]:
    r = data["ring"]
    return (float(r["center_xy"][0]), float(r["center_xy"][1]), float(r["axes_px"][0]),
            float(r["axes_px"][1]), math.radians(float(r["angle_deg"])))


def _wheel_point(data: dict[str, Any], rho: np.ndarray, theta: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    from vision.roulette.wheel import wheel_to_affine

    cx, cy, a, b, ang = _ring(data)
    eta, beta_deg = data.get("warp", [0.0, 0.0])
    ra, psi = wheel_to_affine(rho, theta, float(eta), math.radians(float(beta_deg)))
    u, v = a * ra * np.cos(psi), b * ra * np.sin(psi)
    return cx + math.cos(ang) * u - math.sin(ang) * v, cy + math.sin(ang) * u + math.cos(ang) * v


def _circle(data: dict[str, Any], rho: float, colour: str, width: int = 2) -> Shape:
    theta = np.linspace(0, 2 * math.pi, 97)
    x, y = _wheel_point(data, np.full_like(theta, rho), theta)
    return {"kind": "polyline", "points": _pts(x, y), "closed": True, "color": colour,
            "width": width}


def _roulette(data: dict[str, Any]) -> dict[str, Any]:
    cx, cy, a, b, ang = _ring(data)
    band_in, band_out = (float(v) for v in data["band_rho"])
    zero = math.radians(float(data["zero_psi_deg"]))
    sense = int(data["sense"])
    mid = 0.5 * (band_in + band_out)
    shapes = [_ellipse((cx, cy), (a, b), ang, "#00e5ff", 1),
              _circle(data, band_in, "#ffff00"), _circle(data, band_out, "#ffff00"),
              _circle(data, float(data["head_rho"]), "#ff00ff", 1)]
    theta = zero + sense * POCKET_RAD * np.arange(37)
    xs, ys = _wheel_point(data, np.full(37, mid), theta)
    for n, x, y in zip(WHEEL_SEQUENCE_CW, xs, ys, strict=True):
        shapes.append({"kind": "label", "xy": [round(float(x), 1), round(float(y), 1)],
                       "text": str(n), "color": "#00ff00" if n == 0 else "#ffffff"})
    zx, zy = _wheel_point(data, np.array([band_in - 0.05, band_out + 0.12]),
                          np.array([zero, zero]))
    shapes.append({"kind": "polyline", "points": _pts(zx, zy), "closed": False,
                   "color": "#00ff00", "width": 3})
    hx, hy = _wheel_point(data, np.array([band_in, band_out]),  # opposite the major end
                          np.array([math.pi, math.pi]))
    handles = [("center", cx, cy), ("major", *_axis_end(cx, cy, a, ang)),
               ("minor", *_axis_end(cx, cy, b, ang + math.pi / 2)),
               ("band_in", hx[0], hy[0]), ("band_out", hx[1], hy[1]),
               ("zero", float(zx[1]), float(zy[1]))]
    return {"shapes": shapes, "handles": [{"id": h, "xy": [round(float(x), 1),
                                                           round(float(y), 1)]}
                                          for h, x, y in handles]}


def _rectified(data: dict[str, Any], x: float, y: float) -> tuple[float, float]:
    """Image point -> (rho, theta) on the wheel, by search (the warp has no closed inverse)."""
    rho = np.linspace(0.2, 2.0, 181)
    theta = np.linspace(0, 2 * math.pi, 361)
    px, py = _wheel_point(data, rho[:, None], theta[None, :])
    i, j = np.unravel_index(int(np.argmin((px - x) ** 2 + (py - y) ** 2)), px.shape)
    return float(rho[i]), float(theta[j])


def _set_center(d: dict[str, Any], x: float, y: float) -> None:
    d["ring"]["center_xy"] = [round(x, 3), round(y, 3)]


def _set_major(d: dict[str, Any], x: float, y: float) -> None:
    cx, cy, _, b, _ = _ring(d)
    length = max(math.hypot(x - cx, y - cy), b, 5.0)
    d["ring"]["axes_px"][0] = round(length, 3)
    d["ring"]["angle_deg"] = round(math.degrees(math.atan2(y - cy, x - cx)), 4)


def _set_minor(d: dict[str, Any], x: float, y: float) -> None:
    cx, cy, a, _, ang = _ring(d)
    along = abs(-(x - cx) * math.sin(ang) + (y - cy) * math.cos(ang))
    d["ring"]["axes_px"][1] = round(min(max(along, 0.5 * a), a), 3)


def _set_band(index: int):  # noqa: ANN202 - a move function
    def move(d: dict[str, Any], x: float, y: float) -> None:
        rho, _ = _rectified(d, x, y)
        band = [float(v) for v in d["band_rho"]]
        band[index] = round(rho, 4)
        if not 0 < band[0] < band[1]:
            raise ValueError(f"the band's inner radius must stay inside its outer one, got "
                             f"{band}")
        d["band_rho"] = band
    return move


def _set_zero(d: dict[str, Any], x: float, y: float) -> None:
    _, theta = _rectified(d, x, y)
    d["zero_psi_deg"] = round(math.degrees(theta), 3)


_ROULETTE_MOVES = {"center": _set_center, "major": _set_major, "minor": _set_minor,
                   "band_in": _set_band(0), "band_out": _set_band(1), "zero": _set_zero}


# -- sic bo ----------------------------------------------------------------------------
def _dome(data: dict[str, Any]) -> tuple[float, float, float, float, float]:
    d = data["dome"]
    return (float(d["center_xy"][0]), float(d["center_xy"][1]), float(d["axes_px"][0]) / 2,
            float(d["axes_px"][1]) / 2, math.radians(float(d["angle_deg"])))


def _sicbo(data: dict[str, Any]) -> dict[str, Any]:
    cx, cy, a, b, ang = _dome(data)
    x0, y0, x1, y1 = (int(v) for v in data["dome"]["roi_xyxy"])
    shapes: list[Shape] = []
    if data.get("glare_png"):
        shapes.append({"kind": "mask", "png": data["glare_png"], "color": "#ff00ff"})
    shapes += [_ellipse((cx, cy), (a, b), ang, "#00ff00", 2),
               {"kind": "polyline", "points": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
                "closed": True, "color": "#ffff00", "width": 1}]
    handles = [("center", cx, cy), ("major", *_axis_end(cx, cy, a, ang)),
               ("minor", *_axis_end(cx, cy, b, ang + math.pi / 2))]
    return {"shapes": shapes, "handles": [{"id": h, "xy": [round(x, 1), round(y, 1)]}
                                          for h, x, y in handles]}


def _move_dome(d: dict[str, Any], cx: float, cy: float, a: float, b: float, ang: float) -> None:
    """Set the floor ellipse; the reader's box keeps its size relative to the ellipse."""
    ocx, ocy, oa, ob, _ = _dome(d)
    x0, y0, x1, y1 = (float(v) for v in d["dome"]["roi_xyxy"])
    sx, sy = (max(a, b) / max(oa, ob),) * 2
    box = [cx + (x0 - ocx) * sx, cy + (y0 - ocy) * sy, cx + (x1 - ocx) * sx,
           cy + (y1 - ocy) * sy]
    d["dome"].update(center_xy=[round(cx, 2), round(cy, 2)],
                     axes_px=[round(2 * a, 2), round(2 * b, 2)],
                     angle_deg=round(math.degrees(ang), 3),
                     roi_xyxy=[int(round(v)) for v in box])


def _sb_center(d: dict[str, Any], x: float, y: float) -> None:
    _, _, a, b, ang = _dome(d)
    _move_dome(d, x, y, a, b, ang)


def _sb_major(d: dict[str, Any], x: float, y: float) -> None:
    cx, cy, _, b, _ = _dome(d)
    _move_dome(d, cx, cy, max(math.hypot(x - cx, y - cy), 5.0), b,
               math.atan2(y - cy, x - cx))


def _sb_minor(d: dict[str, Any], x: float, y: float) -> None:
    cx, cy, a, _, ang = _dome(d)
    along = abs(-(x - cx) * math.sin(ang) + (y - cy) * math.cos(ang))
    _move_dome(d, cx, cy, a, max(along, 5.0), ang)


_SICBO_MOVES = {"center": _sb_center, "major": _sb_major, "minor": _sb_minor}


# -- shared ----------------------------------------------------------------------------
def _axis_end(cx: float, cy: float, length: float, ang: float) -> tuple[float, float]:
    return cx + length * math.cos(ang), cy + length * math.sin(ang)


def _ellipse(center: tuple[float, float], axes: tuple[float, float], ang: float,
             colour: str, width: int) -> Shape:
    t = np.linspace(0, 2 * math.pi, 97)
    u, v = axes[0] * np.cos(t), axes[1] * np.sin(t)
    x = center[0] + math.cos(ang) * u - math.sin(ang) * v
    y = center[1] + math.sin(ang) * u + math.cos(ang) * v
    return {"kind": "polyline", "points": _pts(x, y), "closed": True, "color": colour,
            "width": width}


def _pts(x: np.ndarray, y: np.ndarray) -> list[list[float]]:
    return [[round(float(a), 1), round(float(b), 1)] for a, b in zip(x, y, strict=True)]
