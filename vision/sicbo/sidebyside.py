"""Stage 4c: two dice side by side in one blob, when fewer than three dice are seen.

A die leaning on another (or wedged between two) merges with its support into one
blob twice as long as a die. The blob finder drops a blob that long (``DetectParams.
max_aspect``: a bright bar, a piece of the rim), and the pose stage's pair rule
(``pose.pair_pose``) needs exactly two blobs, so such a pair was not seen at all and
the round abstained ``dice_count`` (fresh seed-10204 clip 003 r2: a four, a one
leaning on it and a two in one blob of 2.6 edge^2, elongation 2.3, only the third die
found; seed-9804 clip 022 r0, 3.0 edge^2, 2.4; seed-10204 clip 018 r2: a four leaning
on a four, one blob of 2.8 edge^2, elongation 1.8, the third die missed on a white
floor).

- ``long_pair``: with fewer than three dice found, look again with a longer aspect
  allowed (``long_aspect``) for a blob apart from the dice found, the size of two or
  three dice (``long_area`` to ``long_area_max`` x edge^2), long (``long_elong`` x as
  long as wide: ``pose.elongation``), convex (``long_solidity``: not a die joined to
  the rim's arc) and holding a top face (pips in a layout). Rim pieces and the dome's
  markers the longer aspect lets in are under 0.6 edge^2 on those frames.
- ``lone_pair``: exactly one die seen, and its blob holds more than one die:
  ``one_area`` x its top face's edge^2 (a face of two or more pips: a one's face
  size is a guess), ``one_elong`` long and ``long_solidity`` convex.

Either is leaning as far as the round is concerned: two dice pressed side by side
cannot be told from a lean from above (``merged``'s rule for flat dice touching), and
the round is voided for a person to confirm, never paid. A stack is compact (the die
below sticks out by at most a fifth of an edge: ``pose.elongation``), so it is not
called here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from vision.sicbo.detect import Blob, DetectParams, find_die_blobs
from vision.sicbo.pips import PipParams, TopFace, find_pips, select_top_face
from vision.sicbo.pose import elongation

__all__ = ["SideBySideParams", "lone_pair", "long_pair"]


@dataclass(frozen=True, slots=True)
class SideBySideParams:
    long_aspect: float = 3.2      # the second look lets blobs this long in (default 2.2)
    long_area: float = 1.8        # a blob of two dice: at least this x edge^2 ...
    long_area_max: float = 4.2    # ... and below this (``pose.PoseParams.pair_area_top``)
    long_elong: float = 1.9       # ... this x as long as wide (``pose.PoseParams.pair_long``)
    long_solidity: float = 0.84   # ... and this convex (``pose.PoseParams.pair_solidity``)
    one_area: float = 2.2         # one die seen: its blob at least this x its face's edge^2
    one_elong: float = 1.6        # ... and this long

    def __post_init__(self) -> None:
        if not 0 < self.long_area < self.long_area_max or self.long_aspect <= 1:
            raise ValueError(f"need 0 < long_area < long_area_max and long_aspect > 1, "
                             f"got {self}")


def long_pair(image_bgr: np.ndarray, found: list[tuple[Blob, TopFace]], edge_px: float,
              detect: DetectParams, pips: PipParams,
              params: SideBySideParams = SideBySideParams()) -> tuple[Blob, TopFace] | None:
    """A blob of two dice side by side that the blob finder dropped as too long, apart
    from the dice ``found`` (blob, top face pairs), or None. ``edge_px``: the scene's
    die edge (``pose.scene_edge_px`` of the dice found)."""
    if edge_px <= 0:
        return None
    for blob in find_die_blobs(image_bgr, replace(detect, max_aspect=params.long_aspect)):
        area = blob.area_px / edge_px ** 2
        if not params.long_area <= area < params.long_area_max \
                or blob.solidity < params.long_solidity or _holds_found(blob, found):
            continue
        if elongation(blob) < params.long_elong:
            continue
        top = select_top_face(find_pips(image_bgr, blob, pips), blob, pips)
        if top is not None:
            return blob, top
    return None


def lone_pair(blobs: list[Blob], tops: list[TopFace],
              params: SideBySideParams = SideBySideParams()) -> bool:
    """Exactly one die seen and its blob holds more than one die (see the module)."""
    if len(blobs) != 1 or tops[0].count < 2:
        return False
    blob, edge = blobs[0], tops[0].edge_px
    return (blob.area_px >= params.one_area * edge ** 2 and blob.solidity >= params.long_solidity
            and elongation(blob) >= params.one_elong)


def _holds_found(blob: Blob, found: list[tuple[Blob, TopFace]]) -> bool:
    """``blob``'s box holds the top face centre of a die found, or its centre lies in a
    found die's box: the same die again."""
    x0, y0, x1, y1 = blob.box_xyxy
    cx, cy = blob.center_xy
    for other, top in found:
        ox0, oy0, ox1, oy1 = other.box_xyxy
        tx, ty = top.center_xy
        if (x0 <= tx < x1 and y0 <= ty < y1) or (ox0 <= cx < ox1 and oy0 <= cy < oy1):
            return True
    return False
