"""Stage 1's typed values: the blob finder's parameters and one candidate die."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Blob", "DetectParams"]


@dataclass(frozen=True, slots=True)
class DetectParams:
    """Thresholds of the blob finder (scores are in Lab units, sizes in pixels)."""

    score_threshold: float = 14.0     # brightness + chroma distance from the local floor
    noise_factor: float = 4.0         # ... and this x the median score (a textured floor)
    grain_median: float = float("inf")  # a median score above this (a grained floor) counts
    # half (floor_threshold): the die-sized opening already removes the grain's streaks
    dark_threshold: float = 45.0      # a pixel this much darker than the floor also counts
    min_edge_px: float = 14.0         # smallest die edge considered
    max_area_frac: float = 0.06       # largest blob, as a fraction of the image area
    min_solidity: float = 0.72        # area / convex hull area after splitting
    max_aspect: float = 2.2           # long / short side of the minimum-area rectangle
    split_solidity: float = 0.88      # below this a blob is tried for a split
    split_aspect: float = 1.5         # ... and above this aspect (two dice side by side)
    split_balance: float = 0.4        # a die-shaped blob is split only into similar parts
    max_split: int = 4                # a blob splitting into more parts is clutter
    min_sharpness: float = 4.0        # outline gradient (Lab/px): real dice >= ~5, glare ~3
    drop_cut: bool = True             # drop blobs cut by the image border (not readable)
    opening_rel: float = 0.7          # opening disk / min_edge_px: cuts thin bridges
    white_lum: float = 190.0          # an under-exposed image is brightened to this L
    oversize: float = 1.6             # a blob this x the other dice' median area ...
    oversize_solidity: float = 0.93   # ... and less convex than this is cut harder
    peel_first: bool = False          # a misshapen blob: peel thin parts off before splitting
    keep_dark: bool = True            # False: much darker than the floor is never a die
    mirror_border: bool = False       # floor filter mirrors the picture past its border
    wide_floor: float = 0.0           # > 0: also a floor this x the largest die edge wide
    lit_rel: float = 0.0              # > 0: a blob darker than this x its floor is dropped
    split_long: bool = False          # a blob too long for one die, convex: cut harder
    # (detect._long_parts; read_dice sets it in the dome)
    raise_inside: bool = False        # a misshapen blob no cut made a die: cut at its own
    # Otsu level (detect._raised_parts; read_dice sets it in the dome: on the train_*
    # desks it found clutter at the border read as ones, 0.95-0.96 sure)
    # (floor.shaded: a die's side faces or shadow on a paler floor; read_dice sets it in
    # the dome, floor.LIT_REL)
    # (the 31-cell floor filter is ~1.3 die edges wide for a die of 100 px in 640 x 480:
    # a near die is much of its own floor and does not stand out; see floor_score)
    # (the filter otherwise repeats the border row, so a large die the border cuts is much
    # of its own floor and scores faint; the rescue's look uses it)

    def __post_init__(self) -> None:
        if self.score_threshold <= 0 or self.min_edge_px <= 0:
            raise ValueError(f"thresholds must be > 0, got {self.score_threshold}, "
                             f"{self.min_edge_px}")
        if not 0 < self.max_area_frac <= 1:
            raise ValueError(f"max_area_frac must be in (0, 1], got {self.max_area_frac}")


@dataclass(frozen=True, slots=True)
class Blob:
    """One candidate die: its filled mask inside ``box_xyxy`` (bool, HxW of the box).
    ``outlined`` False: a disk drawn about pips found in the floor (``floorpips``), not
    the die's outline, so its size is no evidence of a pose."""

    box_xyxy: tuple[int, int, int, int]
    mask: np.ndarray
    area_px: float
    solidity: float
    outlined: bool = True

    def __post_init__(self) -> None:
        x0, y0, x1, y1 = self.box_xyxy
        if self.mask.shape != (y1 - y0, x1 - x0):
            raise ValueError(f"mask shape {self.mask.shape} does not match box {self.box_xyxy}")

    @property
    def edge_px(self) -> float:
        return float(np.sqrt(self.area_px))

    @property
    def center_xy(self) -> tuple[float, float]:
        ys, xs = np.nonzero(self.mask)
        return float(xs.mean() + self.box_xyxy[0]), float(ys.mean() + self.box_xyxy[1])

