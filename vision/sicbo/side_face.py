"""Stage 2b: a face found beside a top face, towards the nadir, nearer than any other die's
top face could lie and darker than it, is that die's side face, not a die.

A tilted camera sees each die's side faces on the nadir side of its top face
(``PipParams.nadir_xy``: down, the dome's cameras). A side face seen at ``p`` degrees off
its normal's complement has its centre ``(cos(p) + sin(p)) / 2`` of an edge from the top
face's (0.5-0.71 for the views of 0-45 degrees the dome shows), along the top face's
edge normal nearest the nadir (within 45 degrees of it); two dice lying flat have their top
faces an edge apart or more, a lean's 1.3-1.5 edges from its support's. Under the dome's
top light the side face is darker than its top face (a shaded side face: ``detect``'s
``lit_rel`` works on the same light), and it shows only where the top face is seen
obliquely: ``min_view`` (24 degrees) off its normal or more, by its pips' ellipses
(``touch.face_view``); a face seen square on shows slivers of side faces, and a face
below it is another die's (fresh seed 17504 clip 007 r4, 1280x960, camera 0.5 degrees: a
four tipped 38 degrees over a five, its top face seen 0.21 off its normal; the five's
face, 0.78 of the four's edge below it and darker, was the lean's one sign: without it
two dice were seen, voided ``dice_stacked``). A candidate ``gap_rel`` x the brighter face's edge
from it or nearer, within ``down_deg`` of the nadir from it, whose face is ``dark_rel`` x
as bright or darker (the median L over the middle ``middle_rel`` of each face), is
dropped before the faces are read: its pips are no top face's, and as a die it is either
too close to the other to be flat (the pair not trusted) or pressed against it (a lean).

Fresh seed 17304 (spent) clip 013 r4 frame 1462 (1280x960, camera 30 degrees, dice
1-3-4, Chinese pips): the one's side face (a two, L 162 against the one's 197) 0.71 of
the one's edge below it, 29 degrees off the nadir, and the three's (a five, 161 against
203) 0.56 below it, 25 degrees off, were two more dice: five dice, the two read leaning
against the one (``merged.pressed_dice``: their blobs meet along a whole edge), voided
``dice_leaning`` (a false void). With the rule, that round reads 1-3-4 and no other
decision of the spent set changed; on spent 17504 (30 clips) it read 021 r0 right (a
flat 3-3-1 voided ``dice_leaning`` before) and changed nothing else; of 450 rendered
poses (``tests/sicbo/pose_sweep.py``, seed 681: leans, stacks, flat pairs, cameras 0-30
degrees) no read changed.
Weak: a light from the side (not the dome's) can leave a side face as bright as the top.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.pips import PipParams, TopFace
from vision.sicbo.points import centre_gap_px
from vision.sicbo.touch import face_view

__all__ = ["SideFaceParams", "side_faces"]


@dataclass(frozen=True, slots=True)
class SideFaceParams:
    gap_rel: float = 0.8      # the side face's centre within this x the top face's edge ...
    down_deg: float = 50.0    # ... this near the nadir's direction from it ...
    dark_rel: float = 0.9     # ... and its face at most this x as bright
    middle_rel: float = 0.35  # brightness over the face's middle: this x its edge either way
    min_view: float = 0.4     # the top face seen at least asin(this) off its normal (face_view)


def side_faces(image_bgr: np.ndarray, tops: list[TopFace],
               params: SideFaceParams = SideFaceParams(),
               nadir_xy: tuple[float, float] = PipParams().nadir_xy) -> set[int]:
    """Indices (into ``tops``) of faces that are another top face's side face. (cost) The
    brightness is measured only for the pairs placed so (seldom): a face's middle alone."""
    if len(tops) < 2:
        return set()
    down = np.asarray(nadir_xy, float) / float(np.hypot(*nadir_xy))
    cos_max = float(np.cos(np.radians(params.down_deg)))
    placed: list[tuple[int, int]] = []
    for i, top in enumerate(tops):
        view = face_view(top)
        if view is None or float(np.hypot(*view)) < params.min_view:
            continue              # seen near square on: its side faces are slivers
        for j, side in enumerate(tops):
            gap = centre_gap_px(top, side)
            if i == j or gap <= 0 or gap > params.gap_rel * top.edge_px:
                continue
            off = (np.asarray(side.center_xy, float) - np.asarray(top.center_xy, float)) / gap
            if float(off @ down) >= cos_max:
                placed.append((i, j))
    bright = {k: _middle_lum(image_bgr, tops[k], params.middle_rel)
              for k in {k for pair in placed for k in pair}}
    return {j for i, j in placed if bright[i] is not None and bright[j] is not None
            and bright[j] <= params.dark_rel * bright[i]}


def _middle_lum(image_bgr: np.ndarray, top: TopFace, rel: float) -> float | None:
    """The median L (Lab) of the square ``rel`` x the face's edge either way of its
    centre, or None where that square leaves the image."""
    cx, cy = top.center_xy
    h = max(1, int(round(rel * top.edge_px)))
    x0, y0, x1, y1 = int(round(cx)) - h, int(round(cy)) - h, int(round(cx)) + h, \
        int(round(cy)) + h
    if x0 < 0 or y0 < 0 or x1 > image_bgr.shape[1] or y1 > image_bgr.shape[0]:
        return None
    lab = cv2.cvtColor(np.ascontiguousarray(image_bgr[y0:y1, x0:x1]), cv2.COLOR_BGR2LAB)
    return float(np.median(lab[..., 0]))
