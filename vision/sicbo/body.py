"""Stage 5a: how much of each die blob is die, for the pose cues' sizes.

The blob finder takes whatever stands out from the local floor. A die lying against
the dome's rim joins the rim's bright ring, its dark band and the rim's shadow on the
floor: its blob is 1.3-2.5 x a die's (fresh seed-10204 set, clips 015 r0 and 011 r0,
all dice flat, voided as leaning: ``pose._side_showing`` took the extra area for a side
face, ``pose.pair_pose`` for a second die). The pose cues measure a blob's body
instead (``die_bodies``):

- the floor (``floor_region``): where the picture has the floor's colour (taken at the
  picture's middle, which a dome crop centres on the floor), the largest such region,
  closed over dice and glare by its convex hull. The rim's ring and band lie outside it;
- a blob pixel counts when it lies inside the floor and is not floor-coloured shadow
  (``floor_tint``: its chroma, from the die's top-face colour, points the floor's way;
  only on a floor coloured against the dice: ``_shadow``), or when it lies within
  ``keep_rel`` x edge of the die's top face centre (a die leaning on the wall rises
  over the floor's edge; its top face and the side faces at it stay);
- then an opening with a disk of ``open_rel`` x edge drops the thin slivers left at the
  rim, and the body is the part that holds the top face's centre.

A die's own faces (inside the floor, neutral) are kept whole, so a leaning die's side
face and a stack's lower die still count. When the floor cannot be found (it fills
less than ``min_floor`` of the picture, or it is the whole picture), every blob pixel
inside ``keep_rel`` or on the floor counts as before.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.pips import TopFace

__all__ = ["BodyParams", "die_bodies", "floor_region"]


@dataclass(frozen=True, slots=True)
class BodyParams:
    """Sizes are fractions of the die's top-face edge; colours are Lab units (0-255)."""

    floor_chroma: float = 18.0     # a floor pixel: chroma within this of the floor's ...
    floor_darker: float = 0.5      # ... no darker than this x the floor's lightness lower
    floor_lighter: float = 60.0    # ... and no more than this lighter (glare is a hole)
    min_floor: float = 0.15        # a floor this small (fraction of the picture) is not one
    tinted: float = 12.0           # a floor this chromatic, and this far from the dice'
    # colour, is coloured (floor_tint applies)
    floor_tint: float = 0.35       # shadow: chroma along the floor's >= this x the floor's
    keep_rel: float = 0.8          # pixels this near the top face's centre always count
    off_floor_lum: float = 0.5     # off the floor: at least this x the top face's lightness
    open_rel: float = 0.5          # opening disk: cuts slivers left at the rim

    def __post_init__(self) -> None:
        if not 0 < self.floor_darker < 1 or not 0 < self.min_floor < 1:
            raise ValueError(f"floor_darker and min_floor must be in (0, 1), got "
                             f"{self.floor_darker}, {self.min_floor}")
        if self.keep_rel <= 0 or self.open_rel <= 0:
            raise ValueError(f"keep_rel and open_rel must be > 0, got {self.keep_rel}, "
                             f"{self.open_rel}")


def floor_region(lab: np.ndarray, params: BodyParams = BodyParams()
                 ) -> tuple[np.ndarray | None, np.ndarray]:
    """``(floor, colour)``: the floor (bool HxW, None when not found) and its Lab colour
    (float32, 3), from a Lab uint8 image (HxWx3). The colour is the median of the middle
    half of the picture (a few dice do not move a median)."""
    h, w = lab.shape[:2]
    s = max(1, round(max(h, w) / 160))
    small = cv2.resize(lab, (max(1, w // s), max(1, h // s)),
                       interpolation=cv2.INTER_AREA).astype(np.float32)
    sh, sw = small.shape[:2]
    colour = np.median(small[sh // 4:max(sh // 4 + 1, 3 * sh // 4),
                             sw // 4:max(sw // 4 + 1, 3 * sw // 4)].reshape(-1, 3), axis=0)
    d = small - colour
    like = ((np.hypot(d[..., 1], d[..., 2]) < params.floor_chroma)
            & (d[..., 0] > -params.floor_darker * colour[0])
            & (d[..., 0] < params.floor_lighter)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(like, connectivity=4)
    if n < 2:
        return None, colour
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    contours, _ = cv2.findContours((labels == k).astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    hull = np.zeros((sh, sw), np.uint8)
    cv2.fillPoly(hull, [cv2.convexHull(max(contours, key=cv2.contourArea))], 1)
    if not params.min_floor <= hull.mean() < 0.98:
        return None, colour
    return cv2.resize(hull, (w, h), interpolation=cv2.INTER_NEAREST) > 0, colour


def die_bodies(image_bgr: np.ndarray, blobs: list[Blob], tops: list[TopFace],
               params: BodyParams = BodyParams()) -> list[Blob]:
    """Each blob cut to its die's body (see the module doc); parallel to ``blobs``. A
    blob left with nothing at its top face's centre is kept as it was."""
    if not blobs:
        return []
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)
    floor, colour = floor_region(lab, params)
    return [_body(lab, floor, colour, b, t, params) for b, t in zip(blobs, tops, strict=True)]


def _body(lab: np.ndarray, floor: np.ndarray | None, colour: np.ndarray, blob: Blob,
          top: TopFace, params: BodyParams) -> Blob:
    x0, y0, x1, y1 = blob.box_xyxy
    edge = top.edge_px
    yy, xx = np.mgrid[y0:y1, x0:x1]
    near = np.hypot(xx - top.center_xy[0], yy - top.center_xy[1]) < params.keep_rel * edge
    patch = lab[y0:y1, x0:x1]
    on_floor = np.ones(blob.mask.shape, bool) if floor is None else floor[y0:y1, x0:x1]
    lum = patch[..., 0].astype(np.float32)
    face_l = float(np.percentile(lum[near & blob.mask], 80)) if (near & blob.mask).any() \
        else float(lum[blob.mask].max())
    lit = lum >= params.off_floor_lum * face_l
    face = near & blob.mask & (lum >= face_l - 10)            # the top face's body pixels
    die_ab = np.median(patch[..., 1:][face], axis=0) if face.any() else np.full(2, 128.0)
    mask = blob.mask & (((on_floor | lit) & ~_shadow(patch, colour, die_ab, params)) | near)
    k = max(3, int(params.open_rel * edge) | 1)
    mask = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    _, labels = cv2.connectedComponents(mask)
    cx = int(np.clip(top.center_xy[0] - x0, 0, x1 - x0 - 1))
    cy = int(np.clip(top.center_xy[1] - y0, 0, y1 - y0 - 1))
    if labels[cy, cx] == 0:
        return blob
    body = labels == labels[cy, cx]
    return Blob(box_xyxy=blob.box_xyxy, mask=body, area_px=float(body.sum()),
                solidity=blob.solidity, outlined=blob.outlined)


def _shadow(lab: np.ndarray, colour: np.ndarray, die_ab: np.ndarray,
            params: BodyParams) -> np.ndarray:
    """Floor-coloured pixels of a Lab patch (bool): chroma, measured from the die's own
    colour (``die_ab``, its top face's Lab a, b) along the floor's, at least
    ``floor_tint`` x the floor's. All False when the floor's colour differs from the
    die's by less than ``tinted``: ivory dice and the camera's white balance tint the
    dice too, and on a pale tinted floor they may be as coloured as it (fresh seed-10504
    clip 029: a pale green floor, the dice' top faces 1.1 x as green as it; every pixel
    of the die was 'shadow' and only the disk round its top face stayed). All False too
    when the floor itself is within ``tinted`` of neutral: a shadow on a black or grey
    floor has no colour, while from tinted dice every neutral pixel, a pip among them,
    points the floor's way (fresh seed-11204 clip 005 r3, black floor, dice tinted
    green-yellow: a one leaning on a two lost its side face's pips, the opening cut the
    pair at its neck to the one's die, read flat, abstained dice_count)."""
    tint = colour[1:] - np.asarray(die_ab, np.float32)
    norm = float(np.hypot(tint[0], tint[1]))
    if norm < params.tinted or np.hypot(colour[1] - 128.0, colour[2] - 128.0) < params.tinted:
        return np.zeros(lab.shape[:2], bool)
    along = ((lab[..., 1].astype(np.float32) - die_ab[0]) * tint[0]
             + (lab[..., 2].astype(np.float32) - die_ab[1]) * tint[1]) / norm
    return along >= params.floor_tint * norm
