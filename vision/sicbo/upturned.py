"""Stage 4f: of two touching dice, one leans when a face between them is tipped neither
flat nor upright.

Every face of a die lying flat is either level (its top) or upright (its sides): its
normal makes 0 or 90 degrees with the floor's. A die leaning on another turns up the
side face that faced its support, tipped by the lean's tilt (20-40 degrees on the
tables), so that face's normal lies 50-70 degrees from the floor's. Where
``touch.touch_pairs`` finds two dice with no floor between them and neither
``touch.square_pairs`` nor any other cue tells whether one leans (both would be capped
and the round abstain), a face of 4-6 pips in a clean standard layout lying between the
two top faces, on neither, is measured: its layout's squash gives the angle ``a`` between
its normal and the line of sight (``lean_view.layout_view``: ``sin(a)`` = the view
vector's length), and the flat dice' top-face layouts the floor's, ``f`` (the largest
of them; the contract's 30 degrees when no top face shows a layout). The angle between
the two normals then lies within ``[|a - f|, a + f]``; where that excludes both 0 and 90
degrees by ``margin_deg``, the face is on a tipped die and the pair holds a lean (both
are marked: the round voids either way; which die leans is only shown).

Geometry only: no colour or brightness, so it holds for any renderer or camera; a
shaded side face the blob finder leaves out (darker than the floor) still shows its pips,
which the pip finder looks for around each die (``TopFace.side_pips``). Taking the
largest top face's angle for the floor's errs towards calling a side face upright.

Fresh seed 14004 (spent) clip 002 r1 f520 (1280x960, camera 3.5 degrees, 66 px dice):
a one tipped 30.4 degrees against a flat five, its upturned five shaded grey and outside
every blob (inside 0.0); its pips, found around both dice, fit the five's layout
(residual 0.017) squashed 0.60: 53 degrees from the line of sight, the flat five's top
7.5: 46-61 degrees from the floor's normal. Both dice were capped (touching, not seen
alike) and the round abstained low_confidence (truth: void dice_leaning).
Weak: an upturned face of 1-3 pips gives no layout (seed 14004 clip 011 r1: an upturned
three); a lean of less than ~20 degrees seen from a tilted camera stays within the margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.sicbo.lean_view import MAX_RESID, layout_map, layout_view
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, pip_span_px
from vision.sicbo.points import centre_gap_px, gap_px

__all__ = ["UpturnedParams", "face_tilt_deg", "face_tipped", "upturned_leans"]


@dataclass(frozen=True, slots=True)
class UpturnedParams:
    margin_deg: float = 15.0    # the face's normal this far from level and from upright
    camera_max_deg: float = 30.0  # the floor's angle to the view with no top layout seen
    max_resid: float = MAX_RESID  # a clean layout (lean_view's)
    reach_rel: float = 1.0      # the face's centre within this x edge of both top faces'
    pip_reach_rel: float = 1.5  # ... its pips within this x edge of both
    same_rel: float = 0.15      # a pip found around both dice: one pip within this x edge
    top_rel: float = 0.25       # a pip this near a top face's pip is that pip
    group_rel: float = 0.75     # one face's pips: within this x edge of a seed pip ...
    trim_rel: float = 0.62      # ... and of the group's centre (pose.second_face's)
    span_lo: float = 0.75       # the face's unforeshortened span this x the top faces' ...
    span_hi: float = 1.33       # ... at most this: a die's face, not pips of two dice
    pip_spread: float = 2.0     # the face's pips differ in area by at most this factor

    def __post_init__(self) -> None:
        if not (0 < self.margin_deg < 45 and 0 < self.span_lo < 1 < self.span_hi):
            raise ValueError(f"need 0 < margin_deg < 45 and span_lo < 1 < span_hi, got {self}")


def upturned_leans(tops: list[TopFace], pairs: set[tuple[int, int]], edge_px: float,
                   params: UpturnedParams = UpturnedParams()) -> set[int]:
    """Indices (into ``tops``) of the touching ``pairs`` (the caller's ``touch - alike``)
    between whose top faces lies a face tipped neither level nor upright (module doc)."""
    if edge_px <= 0:
        return set()
    floor = _floor_deg(tops, params)
    span = _span_ref(tops)
    out: set[int] = set()
    for i, j in sorted(pairs):
        for face in _faces_between(tops, i, j, edge_px, params):
            tilt = face_tilt_deg(face, params.max_resid, span, params)
            if tilt is not None and face_tipped(tilt, floor, params.margin_deg):
                out |= {i, j}
                break
    return out


def face_tilt_deg(pips: list[Pip], max_resid: float, span_ref: float | None,
                  params: UpturnedParams = UpturnedParams()) -> float | None:
    """The angle (degrees) between the normal of the face these 4-6 pips lie on and the
    line of sight, from their layout's squash; None: no clean layout, or a layout not of
    one die's size (its unforeshortened span against ``span_ref``, the top faces')."""
    pts = np.array([p.center_xy for p in pips], float)
    fit = layout_map(pts, max_resid)
    if fit is None:
        return None
    sv = fit[1]
    rms = float(np.sqrt(((pts - pts.mean(axis=0)) ** 2).sum(axis=1).mean()))
    long_span = 2.0 * math.sqrt(2.0) * float(sv[0]) * rms     # corner to corner, unsquashed
    if span_ref is not None and not (params.span_lo * span_ref <= long_span
                                     <= params.span_hi * span_ref):
        return None
    return math.degrees(math.acos(min(1.0, float(sv[1] / max(sv[0], 1e-9)))))


def face_tipped(face_deg: float, floor_deg: float, margin_deg: float) -> bool:
    """The face's normal (``face_deg`` off the line of sight) cannot be level with the
    floor's (``floor_deg`` off it) nor upright to it, by ``margin_deg``."""
    return abs(face_deg - floor_deg) >= margin_deg and face_deg + floor_deg <= 90.0 - margin_deg


def _floor_deg(tops: list[TopFace], params: UpturnedParams) -> float:
    """The floor's normal's angle to the line of sight (degrees): the largest of the top
    faces' layouts' (noise only lengthens a view, and the larger the floor's angle, the
    more readily a face passes for upright: errs safe; a top face seen less slanted than
    the floor is not level, a lean in the round whichever pair is blamed), else
    ``camera_max_deg``."""
    views = [layout_view(t, params.max_resid) for t in tops]
    angles = [math.degrees(math.asin(min(1.0, float(np.hypot(*v))))) for v in views
              if v is not None]
    return max(angles) if angles else params.camera_max_deg


def _span_ref(tops: list[TopFace]) -> float | None:
    """The top faces' pip span (corner to corner, px), median of those of 2+ pips."""
    spans = [pip_span_px(t) for t in tops if t.count >= 2]
    return float(np.median(spans)) if spans else None


def _faces_between(tops: list[TopFace], i: int, j: int, edge_px: float,
                   params: UpturnedParams) -> list[list[Pip]]:
    """Groups of 4-6 pips on neither top face, found around dice ``i`` and ``j`` (one pip
    once), centred within ``reach_rel`` x edge of both top faces' centres, alike in area."""
    on_top = [p.center_xy for t in tops for p in t.pips]
    cands: list[Pip] = []
    for p in (*tops[i].side_pips, *tops[j].side_pips):
        if any(gap_px(p.center_xy, q) < params.top_rel * edge_px for q in on_top):
            continue
        if any(gap_px(p.center_xy, q.center_xy) < params.same_rel * edge_px for q in cands):
            continue
        if all(centre_gap_px(p, t) <= params.pip_reach_rel * edge_px for t in (tops[i], tops[j])):
            cands.append(p)
    groups = []
    for seed in cands:
        group = [p for p in cands if centre_gap_px(p, seed) <= params.group_rel * edge_px]
        centre = tuple(np.mean([p.center_xy for p in group], axis=0))
        group = [p for p in group if gap_px(p.center_xy, centre) <= params.trim_rel * edge_px]
        if not group:
            continue
        areas = [p.area_px for p in group]
        centre = tuple(np.mean([p.center_xy for p in group], axis=0))
        near = all(gap_px(centre, t.center_xy) <= params.reach_rel * edge_px
                   for t in (tops[i], tops[j]))
        if 4 <= len(group) <= 6 and near and max(areas) <= params.pip_spread * min(areas) \
                and group not in groups:
            groups.append(group)
    return groups
