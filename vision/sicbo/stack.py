"""Stage 5b: a die stacked on another, when only two dice show.

All three dice are in view and opaque, so when exactly two are seen the third is
hidden: under one of them (stacked), against one (leaning), or merely missed by the
blob finder. ``pose.pair_pose`` calls a stack from a blob holding more than one die;
the blob finder often leaves the lower die's shaded sides out, and then the stack's
blob looks one die's size. This stage looks at the light instead.

Under top lighting a die's top face is its brightest face, and a stacked pair shows two
lit top faces of nearly the same size, one above the other: the upper die's, and the
corners of the lower die's that stick out from under it (the upper die lies turned and
shifted on it). The lit region around a top face (pixels as bright and as coloured as
that face's body, pips closed, the component over the face's centre: ``lit_top``)
reaches about half a diagonal (0.71 edge) from a flat die's centre; with the lower
die's corners it reaches up to ~1 edge, on two or more sides. A die is called stacked
when its lit region reaches at least ``min_reach`` x edge, ``reach_margin`` further
than the other die's (the same camera, floor and light: the other die is the
reference), and neither lit region is cut by the search window (the floor or a glare
is as bright as a die: no reference). The lower die's corners often stick out at one
side only (a small turn), so the far pixels need not surround the face.

Weak: a lower die lined up under the upper one (turned by a multiple of 90 degrees and
barely shifted) hides its top face; only its shaded sides show, and this stage does not
see it (the round then abstains ``dice_count``). Measured on the seed-9704/9804/9904
reads (see the commit messages).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.pips import TopFace

__all__ = ["LitTop", "StackParams", "lit_top", "stacked_die"]


@dataclass(frozen=True, slots=True)
class StackParams:
    lit_drop: float = 0.12        # lit: at least (1 - lit_drop) x the face body's L ...
    lit_chroma: float = 12.0      # ... and this close to its colour (Lab a, b units)
    window_rel: float = 1.4       # the lit region is looked for within this x edge
    min_reach: float = 0.74       # a stack's lit region reaches this x edge or more ...
    reach_margin: float = 0.1     # ... this much further than the other die's

    def __post_init__(self) -> None:
        if not 0 < self.lit_drop < 1 or self.window_rel <= self.min_reach:
            raise ValueError(f"need 0 < lit_drop < 1 and window_rel > min_reach, got {self}")


@dataclass(frozen=True, slots=True)
class LitTop:
    """The lit region around one top face: ``reach_rel`` its furthest pixel from the
    face centre (x edge); ``cut`` True when it reaches the search window's border (the
    floor or a glare is as bright as the die)."""

    area_px: float
    reach_rel: float
    cut: bool

    def __post_init__(self) -> None:
        if self.area_px < 0 or self.reach_rel < 0:
            raise ValueError(f"area_px and reach_rel must be >= 0, got {self}")


def lit_top(image_bgr: np.ndarray, center_xy: tuple[float, float], edge_px: float,
            params: StackParams = StackParams()) -> LitTop | None:
    """The lit region over the top face centred at ``center_xy`` (BGR uint8 image), or
    None when the face's own centre is not lit (no body colour to grow from)."""
    r = int(params.window_rel * edge_px) + 2
    m = np.float32([[1, 0, r - center_xy[0]], [0, 1, r - center_xy[1]]])
    win = cv2.warpAffine(image_bgr, m, (2 * r, 2 * r), borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(win, cv2.COLOR_BGR2LAB).astype(np.float32)
    yy, xx = np.mgrid[:2 * r, :2 * r]
    dist = np.hypot(xx - r, yy - r) / edge_px
    lit = _lit_mask(lab, dist < 0.4, edge_px, params)
    n, labels = cv2.connectedComponents(lit)
    overlap = np.bincount(labels[dist < 0.45].ravel(), minlength=n)
    overlap[0] = 0
    best = int(np.argmax(overlap))
    if overlap[best] < 0.2 * np.pi * (0.45 * edge_px) ** 2:
        return None
    region = labels == best
    return LitTop(area_px=float(region.sum()), reach_rel=float(dist[region].max()),
                  cut=bool((region & (dist > params.window_rel - 0.05)).any()))


def _lit_mask(lab: np.ndarray, inner: np.ndarray, edge_px: float,
              params: StackParams) -> np.ndarray:
    """Pixels as bright and as coloured as the face body (uint8 0/1), pips closed."""
    lum = lab[..., 0]
    body_l = float(np.percentile(lum[inner], 80))
    body = inner & (lum > body_l - 10)
    ab = np.median(lab[..., 1:][body], axis=0)
    chroma = np.hypot(lab[..., 1] - ab[0], lab[..., 2] - ab[1])
    mask = ((lum >= body_l * (1 - params.lit_drop)) & (chroma < params.lit_chroma)).astype(np.uint8)
    k = max(3, int(0.25 * edge_px) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def stacked_die(image_bgr: np.ndarray, tops: list[TopFace], edge_px: float,
                params: StackParams = StackParams()) -> int | None:
    """Index of the die that lies on another when exactly two dice are seen, else None.
    ``edge_px``: the scene's die edge (a one's face size is a guess; see
    ``pose.scene_edge_px``), used for a face showing one pip."""
    if len(tops) != 2:
        return None
    edges = [t.edge_px if t.count >= 2 else edge_px for t in tops]
    lits = [lit_top(image_bgr, t.center_xy, e, params) for t, e in zip(tops, edges, strict=True)]
    if any(x is None or x.cut for x in lits):
        return None
    a, b = lits                                   # type: ignore[misc]
    for i, (mine, other) in enumerate(((a, b), (b, a))):
        if (mine.reach_rel >= params.min_reach
                and mine.reach_rel >= other.reach_rel + params.reach_margin):
            return i
    return None
