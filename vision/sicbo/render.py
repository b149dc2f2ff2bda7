"""Forward model: render dice with known faces (training crops for the face CNN, and
test scenes for ``read_dice``).

A die is a unit cube whose six faces are textures (standard pip layouts, opposite
faces summing to 7; Western black pips or the Chinese style with a large red 1 and
red 4s). It is seen by a pinhole camera tilted ``tilt_deg`` from vertical, each
visible face warped in by a homography and shaded by a light from above. The die is
composited on a floor of any colour with a soft shadow; blur, noise, a glare spot and
JPEG compression follow. Everything is drawn from a caller-given ``numpy`` Generator.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["DieStyle", "face_texture", "grained_floor", "random_style", "render_die",
           "render_scene"]

_SPOTS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
          4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)],
          6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
_TEX = 96
# cube faces: (outward normal, two in-face axes u, v); top is +z
_FACES = {"top": ((0, 0, 1), (1, 0, 0), (0, 1, 0)), "bottom": ((0, 0, -1), (1, 0, 0), (0, -1, 0)),
          "px": ((1, 0, 0), (0, 1, 0), (0, 0, 1)), "nx": ((-1, 0, 0), (0, -1, 0), (0, 0, 1)),
          "py": ((0, 1, 0), (-1, 0, 0), (0, 0, 1)), "ny": ((0, -1, 0), (1, 0, 0), (0, 0, 1))}


@dataclass(frozen=True, slots=True)
class DieStyle:
    """Colours are BGR tuples 0..255; ``chinese``: red 1 (large) and red 4."""

    body_bgr: tuple[int, int, int] = (235, 240, 242)
    pip_bgr: tuple[int, int, int] = (25, 25, 25)
    chinese: bool = False
    pip_radius: float = 0.1          # of the face edge
    spread: float = 0.27             # pip offset from the centre, of the face edge


def random_style(rng: np.random.Generator) -> DieStyle:
    """White/ivory dice mostly, sometimes any colour with contrasting pips."""
    if rng.random() < 0.75:
        body = tuple(int(v) for v in rng.uniform([200, 215, 220], [250, 252, 255]))
        pip = tuple(int(v) for v in rng.uniform(0, 60, 3))
    else:
        body = tuple(int(v) for v in rng.uniform(0, 255, 3))
        light = np.mean(body) > 110
        pip = tuple(int(v) for v in (rng.uniform(0, 50, 3) if light else rng.uniform(200, 255, 3)))
    return DieStyle(body, pip, bool(rng.random() < 0.35), float(rng.uniform(0.075, 0.115)),
                    float(rng.uniform(0.24, 0.3)))


def face_texture(face: int, style: DieStyle, quarter_turns: int = 0) -> np.ndarray:
    """A square BGR texture (uint8) of one face."""
    tex = np.full((_TEX, _TEX, 3), style.body_bgr, np.uint8)
    red = (40, 30, 200)
    colour = red if style.chinese and face in (1, 4) else style.pip_bgr
    radius = style.pip_radius * (1.7 if style.chinese and face == 1 else 1.0)
    for sx, sy in _SPOTS[face]:
        c = (0.5 + style.spread * sx) * _TEX, (0.5 + style.spread * sy) * _TEX
        cv2.circle(tex, (int(c[0] * 16), int(c[1] * 16)), int(radius * _TEX * 16), colour,
                   -1, cv2.LINE_AA, shift=4)
    return np.ascontiguousarray(np.rot90(tex, quarter_turns))


def _faces_values(top: int, rng: np.random.Generator) -> dict[str, int]:
    a, b = [v for v in range(1, 7) if v not in (top, 7 - top)][:: 2][:2]
    a, b = (a, b) if rng.random() < 0.5 else (b, a)
    return {"top": top, "bottom": 7 - top, "px": a, "nx": 7 - a, "py": b, "ny": 7 - b}


def _camera(tilt_deg: float, azim: float, dist: float):  # noqa: ANN202
    t = np.radians(tilt_deg)
    eye = np.array([np.sin(t) * np.cos(azim), np.sin(t) * np.sin(azim), np.cos(t)]) * dist
    eye = eye + np.array([0, 0, 0.5])
    fwd = np.array([0, 0, 0.5]) - eye
    fwd /= np.linalg.norm(fwd)
    right = np.cross(fwd, [np.cos(azim + 1.3), np.sin(azim + 1.3), 0.0])
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    return eye, np.stack([right, down, fwd])


def render_die(face: int, rng: np.random.Generator, *, edge_px: float, tilt_deg: float,
               style: DieStyle | None = None,
               lean_deg: float = 0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One die on a transparent canvas: (bgr uint8, alpha float32 0..1, top quad 4x2).

    The canvas is ~3 edges wide with the die in the middle; ``edge_px`` is the
    apparent top-face edge. ``lean_deg`` tips the die about a horizontal axis (a die
    leaning on another die or the dome wall).
    """
    style = style or random_style(rng)
    values = _faces_values(face, rng)
    spin = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(spin), -np.sin(spin), 0], [np.sin(spin), np.cos(spin), 0], [0, 0, 1]])
    lean = np.radians(lean_deg)
    c, s_ = np.cos(lean), np.sin(lean)
    rot = np.array([[1, 0, 0], [0, c, -s_], [0, s_, c]]) @ rot
    eye, cam = _camera(tilt_deg, rng.uniform(0, 2 * np.pi), rng.uniform(6, 14))
    f = edge_px * np.linalg.norm(eye - [0, 0, 1])
    size = int(3.2 * edge_px)
    light = np.array([rng.normal(0, 0.35), rng.normal(0, 0.35), 1.0])
    light /= np.linalg.norm(light)
    bgr = np.zeros((size, size, 3), np.float32)
    alpha = np.zeros((size, size), np.float32)
    top_quad = None
    for name, (n, u, v) in _FACES.items():
        n, u, v = (rot @ np.array(x, float) for x in (n, u, v))
        centre = np.array([0, 0, 0.5]) + 0.5 * n
        if np.dot(n, eye - centre) <= 0:
            continue
        signs = ((-1, -1), (1, -1), (1, 1), (-1, 1))
        corners = [centre + 0.5 * (su * u + sv * v) for su, sv in signs]
        quad = np.array([_project(c, eye, cam, f, size) for c in corners], np.float32)
        shade = 0.45 + 0.55 * max(0.0, float(np.dot(n, light)))
        tex = face_texture(values[name], style, int(rng.integers(4))).astype(np.float32) * shade
        _paste(bgr, alpha, tex, quad)
        if name == "top":
            top_quad = quad
    return np.clip(bgr, 0, 255).astype(np.uint8), alpha, top_quad


def _project(p: np.ndarray, eye: np.ndarray, cam: np.ndarray, f: float, size: int) -> tuple:
    q = cam @ (p - eye)
    return f * q[0] / q[2] + size / 2, f * q[1] / q[2] + size / 2


def _paste(bgr: np.ndarray, alpha: np.ndarray, tex: np.ndarray, quad: np.ndarray) -> None:
    src = np.array([[0, 0], [_TEX, 0], [_TEX, _TEX], [0, _TEX]], np.float32)
    h = cv2.getPerspectiveTransform(src, quad)
    size = bgr.shape[1], bgr.shape[0]
    warped = cv2.warpPerspective(tex, h, size, flags=cv2.INTER_LINEAR)
    m = cv2.warpPerspective(np.ones((_TEX, _TEX), np.float32), h, size, flags=cv2.INTER_LINEAR)
    bgr[:] = bgr * (1 - m[..., None]) + warped * m[..., None]
    np.maximum(alpha, m, out=alpha)


def _floor(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    colour = rng.uniform(0, 255, 3)
    h, w = shape
    noise = cv2.resize(rng.normal(0, 1, (max(2, h // 16), max(2, w // 16), 1)).astype(np.float32),
                       (w, h), interpolation=cv2.INTER_CUBIC)
    grad = np.linspace(-1, 1, w, dtype=np.float32)[None, :] * rng.uniform(-20, 20)
    base = colour[None, None, :] + (noise * rng.uniform(0, 12) + grad)[..., None]
    return base.astype(np.float32)


def grained_floor(shape: tuple[int, int], colour_bgr: tuple[float, float, float],
                  grain: float, rng: np.random.Generator) -> np.ndarray:
    """A wooden desk (float32 HxWx3): ``colour_bgr`` streaked along x, each streak
    darker or lighter by ``grain`` x the colour (about its standard deviation; a
    saturated floor's streaks differ in chroma too), the streaks 2-4 px high."""
    h, w = shape
    streaks = cv2.resize(rng.normal(0, 1, (max(2, h // 2), max(2, w // 40))).astype(np.float32),
                         (w, h), interpolation=cv2.INTER_CUBIC)
    return np.asarray(colour_bgr, np.float32)[None, None, :] * (1.0 + grain * streaks[..., None])


def finish(image: np.ndarray, rng: np.random.Generator, *, glare: bool = True) -> np.ndarray:
    """Capture conditions: blur, glare spot, sensor noise, JPEG (BGR uint8 out)."""
    img = image.astype(np.float32)
    if rng.random() < 0.7:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.3))
    if glare and rng.random() < 0.3:
        h, w = img.shape[:2]
        spot = np.zeros((h, w), np.float32)
        r = rng.uniform(0.03, 0.12) * max(h, w)
        cv2.circle(spot, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), int(r), 1.0, -1)
        img += cv2.GaussianBlur(spot, (0, 0), r / 2)[..., None] * rng.uniform(40, 120)
    img += rng.normal(0, rng.uniform(0, 7), img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(35, 95))])
    return cv2.imdecode(enc, cv2.IMREAD_COLOR)


def composite(floor: np.ndarray, die: tuple[np.ndarray, np.ndarray, np.ndarray],
              xy: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """Put a rendered die (from ``render_die``) on ``floor`` (float32) at top-left ``xy``."""
    bgr, alpha, _ = die
    x, y = xy
    h, w = alpha.shape
    roi = floor[y:y + h, x:x + w]
    shadow = cv2.GaussianBlur(alpha, (0, 0), 0.12 * w)
    dx, dy = (int(v) for v in rng.integers(-w // 12, w // 12 + 1, 2))
    shadow = np.roll(shadow, (dy, dx), axis=(0, 1))
    roi *= 1 - rng.uniform(0.2, 0.5) * shadow[..., None]
    roi[:] = roi * (1 - alpha[..., None]) + bgr.astype(np.float32) * alpha[..., None]
    return floor


def render_scene(faces: list[int], rng: np.random.Generator, *, size_wh=(640, 480),
                 edge_px: float = 48, tilt_deg: float = 15, style: DieStyle | None = None,
                 leans_deg: list[float] | None = None, floor_bgr: np.ndarray | None = None,
                 ) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """Dice with the given top faces spread over a floor; returns (image, top centres).
    ``leans_deg``: per die, how far it is tipped (0: flat); ``floor_bgr``: the floor
    (HxWx3, e.g. ``grained_floor``) instead of a random smooth one."""
    w, h = size_wh
    floor = _floor((h, w), rng) if floor_bgr is None else floor_bgr.astype(np.float32)
    cell = int(3.2 * edge_px)
    slots = [(x, y) for y in range(0, h - cell + 1, cell) for x in range(0, w - cell + 1, cell)]
    if len(slots) < len(faces):
        raise ValueError(f"{len(faces)} dice of edge {edge_px}px do not fit in {size_wh}")
    order = rng.permutation(len(slots))[: len(faces)]
    centres = []
    leans = leans_deg or [0.0] * len(faces)
    for face, k, lean in zip(faces, order, leans, strict=True):
        die = render_die(face, rng, edge_px=edge_px, tilt_deg=tilt_deg, style=style,
                         lean_deg=lean)
        composite(floor, die, slots[k], rng)
        qc = die[2].mean(axis=0)
        centres.append((float(qc[0] + slots[k][0]), float(qc[1] + slots[k][1])))
    return finish(np.clip(floor, 0, 255), rng, glare=False), centres
