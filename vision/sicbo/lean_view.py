"""Stage 4e: of two touching dice (``touch``), one leans when their top faces are seen
from clearly different directions.

Two dice side by side on the floor show their top faces from the same direction: the
camera is ~0.5 m away, the dice an edge or two apart. A die leaning on another tips its
top face 20-40 degrees from the support's, which turns the face's normal, as the image
shows it, away from the support's. Where ``touch.touch_pairs`` finds two dice with no
floor between them and ``touch.square_pairs`` cannot call both flat, that turn is a lean
(the caller marks it ``leaning``; the round voids instead of abstaining).

The face's normal is read from its pip layout, not from the pips' own shapes: the
corner pips of a 4, 5 or 6 lie ~0.6 edge apart, a 10 px pip's outline is a few pixels.
An affine map of the standard layout (``layout.affine_fits``) onto the pip centres gives
the face's squash: its singular values s1 >= s2, r = s2 / s1 = cos(t) for a face seen t
off its normal, the minor axis' image direction the normal's (sign unknown). The view
vector is ``(1 - r**2) ** 0.5`` along it (the convention of ``touch.face_view``).

The gap between two views (``view_gap``) is about the angle between the two faces'
normals (radians): ``turn`` 0.35 is a 20-degree turn, the least the tables' leans tip.
Spent sets, read at the decision frame of every round (seeds 10904, 10804, 10704, part
of 10604): flat dice within 2.6 edges differ by 0.02-0.20, once 0.29 (seed 10804 clip
008 r0, 1920x1080, dice of 100 px at the image's lower edge, 2.1 edges apart; lens
distortion and perspective); the touching leans that abstained at 0461d43 (seed 10904
clips 004 r0, 006 r4, 008 r2: tilts 23-28 degrees, cameras 13-29 degrees) by 0.40-0.51,
those of seed 10804 clips 000 r3 and 014 r1 (voided by other rules) 0.62 and 0.44; the
touching flat pairs (seed 10704) are seen alike (``touch.square_pairs``), not judged.
Good layout fits leave residuals of 0.013 at most; a pip found off its face, 0.29.
Weak: a lean tipped towards a camera slanted half its tilt looks as its support does (the
sign is lost), so only a lean seen turned is found; then the pair still abstains as before.
Faces of 1-3 pips give no layout: of three dice, ``pip_turned`` judges them by the
direction their pips' own ellipses are squashed along instead (large pips only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from vision.sicbo.layout import affine_fits, normalised
from vision.sicbo.pips import TopFace
from vision.sicbo.touch import face_view

__all__ = ["LeanViewParams", "flat_view", "flat_views_fit", "layout_map", "layout_turned",
           "layout_view", "layouts_turned", "lone_turned", "one_turned", "pip_turned",
           "pip_view", "turned_leans"]

MAX_RESID = 0.05   # layout fit residual (RMS, x the pips' RMS spread) at most


@dataclass(frozen=True, slots=True)
class LeanViewParams:
    turn: float = 0.35          # views this far apart (view vectors, sign-free): one leans
    max_resid: float = MAX_RESID  # a clean layout (good fits 0.013 at most; a misfound pip 0.29)
    min_edge_px: float = 30.0   # faces at least this large (a die's edge, section 5)
    blame_margin: float = 0.1   # the third die's view tells the lean by this much, else both
    alike: float = 0.2          # lone_turned: the two other dice seen alike within this
    far_turn: float = 0.35      # ... and the lone face this far from each of their views
    oblique: float = 0.25       # ... and seen this much more obliquely (view length)
    pip_px: float = 8.0         # pip_turned: every pip's minor axis at least this (px) ...
    pip_slant: float = 0.25     # ... the two alike seen at least this off their normal ...
    pip_agree: float = 0.2      # ... each face's pips squashed alike within this (view gap)
    pip_turn: float = 0.4       # ... and the lone face's pip view this far from each
    flat_fit: float = 0.1       # ... unless one camera sees all three flat within this
    one_conf: float = 0.95      # one_turned: a one read this surely shows its view by its pip

    def __post_init__(self) -> None:
        if not (self.turn > 0 and self.max_resid > 0):
            raise ValueError(f"need turn > 0 and max_resid > 0, got {self}")


def layout_map(points: np.ndarray, max_resid: float = MAX_RESID
               ) -> tuple[np.ndarray, np.ndarray] | None:
    """The singular vectors and values ``(u, s)`` of the map from the standard layout that
    4-6 pip centres (N x 2, px) fit best to the image (2x2), or None: fewer than 4 or more
    than 6 points, or no clean fit (residual above ``max_resid``)."""
    if not 4 <= len(points) <= 6:
        return None
    pts = normalised(points)
    if pts is None:
        return None
    coef, resid = affine_fits(pts)
    best = int(np.argmin(resid))
    if resid[best] > max_resid:
        return None
    u, s, _ = np.linalg.svd(coef[best, :2, :].T)                # layout -> image (2x2)
    return u, s


def layout_view(top: TopFace, max_resid: float = MAX_RESID) -> np.ndarray | None:
    """The face's view vector (x, y) from its pip layout (``layout_map``), or None."""
    fit = layout_map(np.array([p.center_xy for p in top.pips], float), max_resid)
    if fit is None:
        return None
    u, s = fit
    r = float(s[1] / max(s[0], 1e-9))
    return float(np.sqrt(max(0.0, 1.0 - r * r))) * u[:, 1]


def view_gap(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart two view vectors are, their signs unknown."""
    return min(float(np.hypot(*(a - b))), float(np.hypot(*(a + b))))


def turned_leans(tops: list[TopFace], pairs: set[tuple[int, int]],
                 params: LeanViewParams = LeanViewParams()) -> set[int]:
    """Indices (into ``tops``) of leaning dice among the touching ``pairs``: both faces'
    layouts give views (``layout_view``) at least ``turn`` apart. The lean is the face
    farther from a third die's view (its layout's, else its pips' ``touch.face_view``)
    by ``blame_margin``; with no third die to tell, both are marked (the round voids
    either way; which die leans is only shown)."""
    out: set[int] = set()
    for i, j in sorted(pairs):
        if min(tops[i].edge_px, tops[j].edge_px) < params.min_edge_px:
            continue
        vi, vj = layout_view(tops[i], params.max_resid), layout_view(tops[j], params.max_resid)
        if vi is None or vj is None or view_gap(vi, vj) < params.turn:
            continue
        out |= _blamed(tops, i, j, vi, vj, params)
    return out


def layouts_turned(tops: list[TopFace], pairs: set[tuple[int, int]],
                   params: LeanViewParams = LeanViewParams()) -> set[tuple[int, int]]:
    """The ``pairs`` whose two faces' layouts (``layout_view``) are seen at least ``turn``
    apart: ``touch.square_pairs`` cannot call them alike. Its views come from the pips'
    own ellipses, and a pip's outline can be squashed by what is no view at all, the same
    way on every face of one colour: fresh seed 13104 clip 023 r2 (1280x960, camera 5.7
    degrees): a four tipped 27 degrees against a four, both fours' red pips found
    0.76-0.78 round along one direction (the flat three's black pips 0.99), pip views 0.67
    and 0.62 and 0.13 apart, so the pair was released as seen alike from a slanted camera
    and paid 3-4-4 (truth: void dice_leaning); their layouts, from the pips' centres,
    0.44 and 0.18 long and 0.46 apart (flat dice within 2.6 edges: 0.29 at most). The
    pips' outlines were cut by their recesses' shaded walls, lit from one side. Read whole,
    all 30 clips of seed 13104 and 9 of seed 13004 (002, 006, 009, 013, 017, 021, 022,
    024, 028): no other pair released as alike had layouts turned apart."""
    out: set[tuple[int, int]] = set()
    for i, j in pairs:
        if min(tops[i].edge_px, tops[j].edge_px) < params.min_edge_px:
            continue
        vi, vj = layout_view(tops[i], params.max_resid), layout_view(tops[j], params.max_resid)
        if vi is not None and vj is not None and view_gap(vi, vj) >= params.turn:
            out.add((i, j))
    return out


def _blamed(tops: list[TopFace], i: int, j: int, vi: np.ndarray, vj: np.ndarray,
            params: LeanViewParams) -> set[int]:
    for k, top in enumerate(tops):
        if k in (i, j):
            continue
        ref = layout_view(top, params.max_resid)
        ref = face_view(top) if ref is None else ref
        if ref is None:
            continue
        gi, gj = view_gap(vi, ref), view_gap(vj, ref)
        if abs(gi - gj) >= params.blame_margin:
            return {i} if gi > gj else {j}
    return {i, j}


def lone_turned(tops: list[TopFace], params: LeanViewParams = LeanViewParams()) -> set[int]:
    """Of three dice, touching or apart, the one whose face layout is seen turned from both
    others' (``far_turn``) and more obliquely (``oblique``: its view vector that much
    longer), while those two are seen alike (``alike``): it leans. Flat dice differ by
    perspective alone. Fresh seed 11604 clip 016 r0 (1280x720, camera 6 deg): a five tipped
    28.6 degrees against a four, floor seen between their faces (``touch`` calls them
    apart), its pips as round as flat ones'; view lengths 0.55 (the five), 0.00 and 0.14;
    the five 0.55 and 0.42 from the others' views, those 0.14 apart: read three flat dice,
    paid 4-5-6 (truth dice_leaning). On 53 clips of seeds 11604/11504/11404 the flat trios
    judged came closest at 0.16 longer and 0.15 turned (alike 0.22). Weak: faces of 1-3
    pips give no layout (11604 clip 015 r0, a two leaning on a three: ``pip_turned``)."""
    if len(tops) != 3 or min(t.edge_px for t in tops) < params.min_edge_px:
        return set()
    views = [layout_view(t, params.max_resid) for t in tops]
    if any(v is None for v in views):
        return set()
    length = [float(np.hypot(*v)) for v in views]
    return _odd_one(views, params.alike, params.far_turn,
                    lambda k, pair: length[k] - max(length[m] for m in pair) >= params.oblique)


def one_turned(tops: list[TopFace], pairs: set[tuple[int, int]], confidences: list[float],
               params: LeanViewParams = LeanViewParams(),
               image_size: tuple[int, int] | None = None) -> set[int]:
    """Of a touching pair (``pairs``) of a one and a face with a layout, the latter leans
    when its layout's view (``layout_view``) is at least ``turn`` from both the one's and
    the third die's, those two seen alike (``alike``) and clearly slanted (``pip_slant``).
    A one read surely (``one_conf``) shows its face's view by its lone pip's ellipse: a
    one's pip is the largest of any face's (at least ``pip_px`` across its minor axis),
    so its outline shows its squash, and the third die seen as it is seen says the one
    lies flat. Not where one camera looking at the image's centre sees all three faces
    flat (``flat_views_fit`` within ``flat_fit``, given the ``image_size``). Unlike
    ``lone_turned`` the lean need not be seen more obliquely: one tipped towards the
    camera is seen less so.

    Fresh seed 14304 (spent) clip 006 r2 (1920x1080, camera 25 degrees): a six tipped 21
    degrees against a one, touching, a flat four apart; the one's pip (16 x 18 px) seen
    (+0.08, +0.48), the four's layout (+0.14, +0.47), the six's layout (+0.33, +0.15),
    0.41 and 0.37 from them: both capped by the touch rule, abstained low_confidence
    (truth dice_leaning). ``pip_view`` takes no lone pip: one blob may be two pips run
    together, or a pip cut by glare; a one read surely is neither."""
    out: set[int] = set()
    if len(tops) != 3:
        return out
    for i, j in sorted(pairs):
        for one, lean in ((i, j), (j, i)):
            o, k = tops[one], 3 - one - lean
            if o.count != 1 or confidences[one] < params.one_conf \
                    or min(o.pips[0].axes_px) < params.pip_px:
                continue
            third = layout_view(tops[k], params.max_resid)
            by = {one: face_view(o), lean: layout_view(tops[lean], params.max_resid),
                  k: pip_view(tops[k], params) if third is None else third}
            views = [by[m] for m in range(3)]
            if any(v is None for v in views):
                continue
            length = [float(np.hypot(*v)) for v in views]
            odd = _odd_one(views, params.alike, params.turn,
                           lambda m, pair, lean=lean, length=length: m == lean
                           and min(length[n] for n in pair) >= params.pip_slant)
            if odd and not _seen_flat(tops, views, image_size, params):
                out |= odd
    return out


def pip_view(top: TopFace, params: LeanViewParams = LeanViewParams()) -> np.ndarray | None:
    """The face's view vector from its pips' own ellipses (``touch.face_view``), or None:
    fewer than two pips (one blob's outline may be two pips run together, or a pip cut
    by glare: seed 11404 clip 015 f202, a flat two's top found as one blob 23 px wide,
    its view 0.54 and 0.44 from two flat threes'), a pip narrower than ``pip_px`` (its
    outline too coarse to show a direction), or pips squashed along different directions
    (``pip_agree``: one is no pip of this face, or is cut by glare or an edge)."""
    if top.count < 2 or min(min(p.axes_px) for p in top.pips) < params.pip_px:
        return None
    view = face_view(top)
    ones = [face_view(replace(top, pips=(p,))) for p in top.pips]
    if view is None or any(v is None or view_gap(v, view) > params.pip_agree for v in ones):
        return None
    return view


def pip_turned(tops: list[TopFace], params: LeanViewParams = LeanViewParams(),
               image_size: tuple[int, int] | None = None) -> set[int]:
    """Of three dice, the one without a face layout (``layout_view``: a face of 1-3 pips)
    whose pips are squashed along another direction than both others'
    (``pip_turn``, ``pip_view``), those two seen alike (``alike``) and clearly slanted
    (``pip_slant``: on a camera near the vertical a round pip's direction is noise): it
    leans. A flat face's pips are squashed along the line of sight, a lean's along its
    own tilt. Fresh seed 11604 clip 015 r0 (1920x1080, camera 29 degrees): a two tipped
    33 degrees sideways against a three, its pips as round as the flat dice' (0.84 against
    0.83-0.85), floor seen between (``touch``: apart); pip views (0.42, -0.35) for the
    two, (0.17, 0.55) for the three and (0.02, 0.53) for the other two: 0.62 and 0.47
    turned, the flat pair 0.16 apart; read flat, paid 2-2-3 (truth: void dice_leaning).
    Seed 11704 clip 017 r1 (1920x1080, camera 18 degrees, pips 13-15 px): a two tipped
    22 degrees against a two, a flat four; the flat pair seen 0.29-0.31 off the normal,
    0.15 apart, the lean 0.43-0.46 turned: abstained at a slant of 0.35 (``pip_slant``
    0.25: a flat face that oblique shows its direction; the lean must still lie 0.4 off).
    The turned face is one without a layout (its pips are its only view; a layout's face
    is judged by ``lone_turned``): seed 11704 clip 019 r2 f388, three flat dice, a six's
    pips 0.37 turned from two threes seen 0.29-0.43 off the normal, 0.20 apart.
    Given the ``image_size`` (w, h), a face so turned is still flat where one camera
    looking at the image's centre sees all three faces flat (``flat_views_fit`` within
    ``flat_fit``): a flat face far across the image from the other two is seen from
    another direction by perspective alone. Fresh seed 13804 clip 010 r4 (1280x960,
    camera 26.6 degrees, focal 1244 px): three flat threes, the one at the lower left
    480-615 px from the others, its pip view (0.35, 0.28), theirs (0.03, 0.55) and
    (0.08, -0.46), 0.14 apart: 0.43 and 0.46 turned, voided dice_leaning; the views the
    scene's own camera gives a flat face there are (0.35, 0.28), (0.04, 0.56) and
    (-0.05, 0.43), and the fitted camera explains all three within 0.03."""
    if len(tops) != 3 or min(t.edge_px for t in tops) < params.min_edge_px:
        return set()
    laid = [layout_view(t, params.max_resid) is not None for t in tops]
    if all(laid):
        return set()
    views = [pip_view(t, params) for t in tops]
    if any(v is None for v in views):
        return set()
    length = [float(np.hypot(*v)) for v in views]
    odd = _odd_one(views, params.alike, params.pip_turn,
                   lambda k, pair: min(length[m] for m in pair) >= params.pip_slant
                   and not laid[k])
    return set() if odd and _seen_flat(tops, views, image_size, params) else odd


def layout_turned(tops: list[TopFace], params: LeanViewParams = LeanViewParams(),
                  image_size: tuple[int, int] | None = None) -> set[int]:
    """Of three dice, some with a face layout and some without, the one whose layout's
    view (``layout_view``) is ``pip_turn`` from both others' while those two are seen
    alike (``alike``; a face without a layout by its pips' own ellipses, ``pip_view``):
    it leans, where the two alike are clearly slanted (``pip_slant``) or the turned face
    is seen more obliquely than both (``oblique``). Not where one camera looking at the
    image's centre sees all three faces flat (``flat_views_fit`` within ``flat_fit``,
    given the ``image_size``). The case between ``lone_turned`` (every face a layout)
    and ``pip_turned`` (the turned face without one): a layout is the surer view of the
    two, so the turned face may be the one that has it.

    Fresh seed 17304 clip 008 r1 (1920x1080, camera 25 degrees, Chinese pips of 13-14
    px): a five tipped 27 degrees against a three, touching, a flat three apart; the
    threes' pips seen (0.06, 0.47) and (0.06, -0.45), 0.02 apart, the five's layout
    (-0.52, 0.25), 0.50 and 0.62 from them, no camera seeing all three flat within 0.21;
    clip 027 r4 (1280x960, camera 5 degrees): a five tipped 39 degrees against a two,
    its layout seen 0.70 off its normal, the two's and the third die's pips 0.19 and
    0.28, 0.15 apart, the five 0.63 and 0.75 from them (fit 0.47). Both pairs were
    capped by the touch rule and the rounds abstained (truth: void dice_leaning)."""
    if len(tops) != 3 or min(t.edge_px for t in tops) < params.min_edge_px:
        return set()
    laid = [layout_view(t, params.max_resid) for t in tops]
    if all(v is not None for v in laid) or all(v is None for v in laid):
        return set()
    views = [pip_view(t, params) if v is None else v for v, t in zip(laid, tops, strict=True)]
    if any(v is None for v in views):
        return set()
    length = [float(np.hypot(*v)) for v in views]

    def seen_turned(k: int, pair: tuple[int, int]) -> bool:
        return laid[k] is not None and (
            min(length[m] for m in pair) >= params.pip_slant
            or length[k] - max(length[m] for m in pair) >= params.oblique)

    odd = _odd_one(views, params.alike, params.pip_turn, seen_turned)
    return set() if odd and _seen_flat(tops, views, image_size, params) else odd


def _seen_flat(tops: list[TopFace], views: list[np.ndarray], image_size: tuple[int, int] | None,
               params: LeanViewParams) -> bool:
    """Given the ``image_size``, one camera looking at the image's centre sees every face
    flat (``flat_views_fit`` within ``flat_fit``): a face turned by perspective alone.
    (cost) Asked only of a face already found turned."""
    return image_size is not None and flat_views_fit(
        [t.center_xy for t in tops], views, image_size) <= params.flat_fit


FOCALS = (0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 2.0, 2.5, 3.0, 4.0)   # x the image width


def flat_view(xy: tuple[float, float], centre: np.ndarray, focal_px: float,
              up: np.ndarray) -> np.ndarray:
    """The view vector (``touch.face_view``'s convention) a pinhole camera (principal
    point ``centre``, ``focal_px``; ``up`` the floor's normal in its coordinates) gives a
    flat face at image point ``xy``: a small circle's image, from the local map of the
    floor's plane onto the image."""
    u = (np.asarray(xy, float) - centre) / focal_px
    a = np.cross(up, (1.0, 0.0, 0.0))
    a /= np.linalg.norm(a)
    b = np.cross(up, a)
    jac = np.column_stack([a[:2] - u * a[2], b[:2] - u * b[2]])
    rot, s, _ = np.linalg.svd(jac)
    r = float(s[1] / max(s[0], 1e-9))
    return float(np.sqrt(max(0.0, 1.0 - r * r))) * rot[:, 1]


def flat_views_fit(centres: list[tuple[float, float]], views: list[np.ndarray],
                   image_size: tuple[int, int]) -> float:
    """How well one camera looking at the image's centre sees every face flat: the
    largest ``view_gap`` between a face's view and the one ``flat_view`` gives it, for
    the best floor normal (Gauss-Newton from straight down) over focal lengths of
    ``FOCALS`` x the width. Run only for a face already found turned (no frame cost)."""
    centre = np.array(image_size, float) / 2.0

    def gaps(f: float, p: np.ndarray) -> np.ndarray:
        up = np.array([p[0], p[1], 1.0]) / float(np.hypot(np.hypot(*p), 1.0))
        out = []
        for xy, v in zip(centres, views, strict=True):
            w = flat_view(xy, centre, f, up)
            out.append(w - v if np.hypot(*(w - v)) <= np.hypot(*(w + v)) else -w - v)
        return np.concatenate(out)

    best = np.inf
    for rel in FOCALS:
        f, p = rel * image_size[0], np.zeros(2)
        for _ in range(12):
            r0 = gaps(f, p)
            jac = np.column_stack([(gaps(f, p + e) - r0) / 1e-4 for e in np.eye(2) * 1e-4])
            p = p + np.clip(np.linalg.lstsq(jac, -r0, rcond=None)[0], -0.5, 0.5)
        r = gaps(f, p).reshape(-1, 2)
        best = min(best, float(np.hypot(r[:, 0], r[:, 1]).max()))
    return best


def _odd_one(views: list[np.ndarray], alike: float, turn: float,
             also: Callable[[int, tuple[int, int]], bool]) -> set[int]:
    """Of three views, the one at least ``turn`` from both others while those two are
    within ``alike`` of each other, and ``also(k, (i, j))`` holds (``lone_turned``,
    ``pip_turned``)."""
    out = set()
    for k in range(3):
        i, j = (m for m in range(3) if m != k)
        if (view_gap(views[i], views[j]) <= alike
                and all(view_gap(views[k], views[m]) >= turn for m in (i, j))
                and also(k, (i, j))):
            out.add(k)
    return out
