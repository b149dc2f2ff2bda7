"""Stage 1 (scene): the dome seen at low resolution: motion, lid on/off, floor region, glare.

Everything here works on a small grey copy of the frame (``shrink``: about 320 px
wide, well under 1 ms for a 720p frame), so it can run on every frame:

- ``moving_px``: how many small pixels changed between two small frames by more than
  the noise (the noise level is measured from the same difference, so sensor noise and
  compression do not count as motion);
- ``LidModel``: what the dome looks like with the lid on (a small template, learnt from
  a still spell where the dice reader saw no dice). The lid is off when more than
  ``open_px`` small pixels, after a 3x3 opening (so a lid put back a pixel off does not
  count), differ from the template: at least a die's worth;
- ``DomeRegion``: the floor ellipse, fitted to where lid-off frames differ from the
  lid template, and the full-resolution box the dice reader is run on;
- the glass's static glare: ``vision.sicbo.glare`` (its names exported here too);
- ``dice_moved_in_spell``: the full-resolution check that the dice did not move in the
  still spell, around the dice only. The small frame cannot see the last sub-pixel
  rocking of a settling die; at full resolution a one-pixel shift of a die's outline is
  a strong change. It compares the present with every frame of the spell: a slowly
  rocking die can swing back to the tilt it had when the spell began.

The lid template is matched after a gain correction (ratio of medians, clipped to
+-14%: the lighting drifts slowly, by ~12% at most), so drift does not open the lid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.sicbo.glare import glare_hides_pips, glare_mask, glare_on_face, white_level

__all__ = ["SMALL_WIDTH", "DomeRegion", "LidModel", "dice_moved_in_spell", "fit_dome",
           "glare_hides_pips", "glare_mask", "glare_on_face", "moving_px", "shrink",
           "small_scale", "white_level"]

SMALL_WIDTH = 320
CLIPPED = 250.0         # a small grey pixel this bright: the camera clipped it
CLIP_CHECK = 8          # the lid test weighs clipped pixels below this x open_px changed


def small_scale(width: int) -> float:
    """Full-resolution pixels per small pixel (>= 1)."""
    return max(1.0, width / SMALL_WIDTH)


def shrink(frame_bgr: np.ndarray) -> np.ndarray:
    """(H, W, 3) uint8 BGR -> small (h, w) float32 grey, ``small_scale(W)`` times smaller.

    Bilinear resampling of the colour frame, then grey, then a 3x3 box blur: bilinear
    touches only ~4 source pixels per small pixel (several times cheaper than converting
    the full frame first), and the blur takes out the heavy-tailed pixel noise of
    MJPEG/H.264 that it leaves, so it is not mistaken for motion."""
    h, w = frame_bgr.shape[:2]
    s = small_scale(w)
    if s > 1.0:
        size = (max(1, round(w / s)), max(1, round(h / s)))
        frame_bgr = cv2.resize(frame_bgr, size, interpolation=cv2.INTER_LINEAR)
    grey = cv2.cvtColor(frame_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return cv2.blur(grey, (3, 3))


def moving_px(prev_small: np.ndarray, cur_small: np.ndarray, *, floor: float = 6.0,
              noise_k: float = 6.0) -> int:
    """Small pixels that changed by more than ``max(floor, noise_k x noise)``."""
    diff = np.abs(cur_small - prev_small)
    noise = float(np.median(diff[::4, ::4])) * 1.48 + 0.5
    return int(np.count_nonzero(diff > max(floor, noise_k * noise)))


def _gain(small: np.ndarray, template: np.ndarray, template_median: float | None = None
          ) -> float:
    """``template_median``: ``template_level(template)``, if the caller kept it."""
    level = template_level(template) if template_median is None else template_median
    gain = level / max(1.0, float(np.median(small[::4, ::4])))
    return float(np.clip(gain, 0.88, 1.14))


def template_level(template: np.ndarray) -> float:
    """The lid template's median (sampled), the gain correction's reference."""
    return float(np.median(template[::4, ::4]))


def _changed(small: np.ndarray, template: np.ndarray, threshold: float, *,
             clipped: bool = False, template_median: float | None = None) -> np.ndarray:
    """uint8 mask of pixels differing from the template, thin differences opened away.

    With ``clipped``, a pixel the camera clipped (``CLIPPED`` or more: the lamp's
    highlight on the lid) only bounds its light from below: clipped in the frame, it
    differs only where the template is darker than that bound after the gain; clipped in
    the template, only where the frame is darker. Scaling a clipped highlight by the gain
    would make up a change (the lid test looks so only near ``open_px``, ``CLIP_CHECK``;
    the dome fit keeps the plain mask): seed 11904 clip 011 (640x480, lighting drifted
    13% brighter): the lid's highlight, clipped in the frame, scaled to 223 against the
    template's 249, 87 small pixels over the threshold against ``open_px`` 75, so the
    lid put on after round 2 was taken for open and round 3 had no decision."""
    diff = small * _gain(small, template, template_median) - template  # > 0: frame brighter
    changed = np.abs(diff) > threshold
    for at, sign in ((small >= CLIPPED, 1.0), (template >= CLIPPED, -1.0)) if clipped else ():
        changed[at] &= sign * diff[at] > threshold    # a change the bound cannot explain
    return cv2.morphologyEx(changed.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


@dataclass(frozen=True, slots=True)
class LidModel:
    """The lid-on look: ``template`` small float32 grey; ``open_px`` changed pixels = open."""

    template: np.ndarray
    threshold: float = 24.0
    open_px: int = 12
    # (cost) ``template_level(template)``, taken once: the template never changes
    level: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.template.ndim != 2:
            raise ValueError(f"template must be a 2-D small grey image, got {self.template.shape}")
        if self.open_px < 1 or self.threshold <= 0:
            raise ValueError(f"open_px and threshold must be > 0, got {self.open_px}, "
                             f"{self.threshold}")
        object.__setattr__(self, "level", template_level(self.template))

    @staticmethod
    def learn(small: np.ndarray, die_edge_px: float | None, width: int) -> LidModel:
        """Template from one lid-on small frame; ``open_px``: ~a third of a die's area."""
        edge_small = (die_edge_px or 30.0) / small_scale(width)
        return LidModel(small.astype(np.float32).copy(), open_px=max(4, round(edge_small**2 / 3)))

    def changed_px(self, small: np.ndarray) -> int:
        if small.shape != self.template.shape:
            raise ValueError(f"small frame {small.shape} does not match the lid template "
                             f"{self.template.shape}")
        n = int(np.count_nonzero(_changed(small, self.template, self.threshold,
                                          template_median=self.level)))
        if self.open_px <= n < CLIP_CHECK * self.open_px:   # near open: a clipped highlight?
            n = int(np.count_nonzero(_changed(small, self.template, self.threshold,
                                              clipped=True, template_median=self.level)))
        return n

    def covered(self, small: np.ndarray) -> bool:
        return self.changed_px(small) < self.open_px

    def blended(self, small: np.ndarray, rate: float = 0.2) -> LidModel:
        """A new model following slow lighting change (call on confirmed lid-on frames)."""
        t = (1 - rate) * self.template + rate * small
        return LidModel(t.astype(np.float32), self.threshold, self.open_px)


@dataclass(frozen=True, slots=True)
class DomeRegion:
    """Floor ellipse (full-res px) and the box ``roi_xyxy`` the dice reader sees."""

    center_xy: tuple[float, float]
    axes_px: tuple[float, float]          # full widths, as cv2.fitEllipse gives them
    angle_deg: float
    roi_xyxy: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        x0, y0, x1, y1 = self.roi_xyxy
        if not (x1 > x0 >= 0 and y1 > y0 >= 0):
            raise ValueError(f"roi_xyxy must be a non-empty box, got {self.roi_xyxy}")
        if min(self.axes_px) <= 0:
            raise ValueError(f"axes must be > 0, got {self.axes_px}")

    @staticmethod
    def whole(width: int, height: int) -> DomeRegion:
        """No dome known: the whole frame."""
        return DomeRegion((width / 2, height / 2), (float(width), float(height)), 0.0,
                          (0, 0, width, height))

    def crop(self, frame_bgr: np.ndarray) -> np.ndarray:
        x0, y0, x1, y1 = self.roi_xyxy
        return frame_bgr[y0:y1, x0:x1]

    def to_json(self) -> dict:
        return {"center_xy": [round(v, 1) for v in self.center_xy],
                "axes_px": [round(v, 1) for v in self.axes_px],
                "angle_deg": round(self.angle_deg, 2), "roi_xyxy": list(self.roi_xyxy)}

    @staticmethod
    def from_json(obj: dict) -> DomeRegion:
        return DomeRegion(tuple(obj["center_xy"]), tuple(obj["axes_px"]),  # type: ignore[arg-type]
                          float(obj["angle_deg"]), tuple(int(v) for v in obj["roi_xyxy"]))


def fit_dome(lid: LidModel, open_small: np.ndarray, width: int, height: int,
             dice_xy: list[tuple[float, float]], die_edge_px: float) -> DomeRegion:
    """The floor: the largest region where a lid-off frame differs from the lid.

    Falls back to the whole frame when that region does not hold every seen die or is
    not much bigger than the dice (a floor the colour of the lid).

    The box the dice reader sees holds the region and the ellipse fitted to it, each
    padded by 1.5 die edges (a top face lies a die's height above the floor, off the
    nadir). A floor as dark as the lid differs from it only at the pale line round its
    edge, and where that line shows broken, in dots, the largest region stops short of
    the floor's edge: fresh seed 14304 (spent) clip 015 (1920x1080, camera 29 degrees,
    a dark purple floor), the region's top 80 px below the floor's edge, the box's top
    cut through a die lying against the wall there, read as a two at 0.5 where it showed
    a four: abstained. The ellipse, fitted to the rest of the line, runs on to the
    floor's edge."""
    s = small_scale(width)
    mask = _changed(open_small, lid.template, lid.threshold)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return DomeRegion.whole(width, height)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea)).astype(np.float32) * s
    if len(hull) < 5 or cv2.contourArea(hull) < 40 * die_edge_px**2:
        return DomeRegion.whole(width, height)
    if any(cv2.pointPolygonTest(hull, (float(x), float(y)), True) < -die_edge_px
           for x, y in dice_xy):
        return DomeRegion.whole(width, height)
    (cx, cy), (a, b), ang = cv2.fitEllipse(hull)
    x, y, w, h = cv2.boundingRect(hull)
    t = np.deg2rad(ang)   # the ellipse's half extents along x and y
    hx, hy = (float(np.hypot(a / 2 * np.cos(t), b / 2 * np.sin(t))),
              float(np.hypot(a / 2 * np.sin(t), b / 2 * np.cos(t))))
    x0, y0 = min(x, int(cx - hx)), min(y, int(cy - hy))
    x1, y1 = max(x + w, int(np.ceil(cx + hx))), max(y + h, int(np.ceil(cy + hy)))
    pad = round(1.5 * die_edge_px)
    roi = (max(0, x0 - pad), max(0, y0 - pad), min(width, x1 + pad), min(height, y1 + pad))
    return DomeRegion((cx, cy), (a, b), ang, roi)


def dice_moved_in_spell(spell_bgr: Sequence[np.ndarray], now_bgr: np.ndarray,
                        dice: list[tuple[float, float, float]], *,
                        level: float = 8.0) -> bool:
    """Did any die (centre x, y and edge, px) change between any frame of a still spell
    and the present (full-res BGR or grey frames)?

    Compares a box of 2 edges around each die after a light blur; a die moved when more
    than half an edge's worth of pixels changed by over ``level`` grey levels (or six
    times the box's own noise, if larger). A settling die's last rock of a degree or
    two shifts its outline by about a pixel: many edge pixels change by 15-50 levels.
    Every frame of the spell, not only its first: a die rocking slowly to rest changes
    by a few grey levels per frame (below the motion test) and can swing back to the
    tilt it had when the spell began, so the first frame alone may match the present;
    some frame in between does not. ``level`` is 8, not 12:
    a die sliding the last pixel at 30 fps (seed-9704 clip 019 round 2) changed 57 px by
    over 8 levels but only 18 by over 12 in 6 frames (noisy footage raises the threshold
    anyway, to six times the box's noise). Only the dice's boxes are converted to grey,
    so this is cheap next to a dice read."""
    for die in dice:
        now = _die_box(now_bgr, die)
        if now.size == 0:
            continue
        if any(_box_changed(_die_box(f, die), now, die[2], level) for f in spell_bgr
               if f.shape == now_bgr.shape):
            return True
    return False


def _die_box(frame: np.ndarray, die: tuple[float, float, float]) -> np.ndarray:
    """The grey, lightly blurred box of 2 edges around a die (int16); empty if < 3 px."""
    x, y, edge = die
    h, w = frame.shape[:2]
    x0, y0 = max(0, int(x - edge)), max(0, int(y - edge))
    x1, y1 = min(w, int(x + edge) + 1), min(h, int(y + edge) + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return np.zeros((0, 0), np.int16)
    box = frame[y0:y1, x0:x1]
    if box.ndim == 3:
        box = cv2.cvtColor(box, cv2.COLOR_BGR2GRAY)
    return cv2.GaussianBlur(box, (0, 0), 1.0).astype(np.int16)


def _box_changed(a: np.ndarray, b: np.ndarray, edge: float, level: float) -> bool:
    """More than half an edge's worth of pixels changed by over ``level`` (or six times
    the box's own noise); a box whose typical pixel changed by over ``level / 2`` changed
    as a whole (the lid was there: the noise estimate cannot come from that diff)."""
    diff = np.abs(a - b)
    median = float(np.median(diff))
    if median > 0.5 * level:
        return True
    threshold = max(level, 6 * 1.48 * median)
    return int(np.count_nonzero(diff > threshold)) > 0.5 * edge
