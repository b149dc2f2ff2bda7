"""Stage 6b (scene): a die lying on a hidden one, told by its size for its place.

The top faces of dice lying flat on the floor lie on one plane (the floor raised by one
die edge). Under a pinhole camera the reciprocal of a plane point's depth is affine in
its image coordinates, and so is the apparent size of a face lying on that plane: a flat
die's size is ``a + b x + c y`` at its face centre (x, y). The size is the top pips'
span (``DieObs.span_px``: the longest distance between two pips of a face of 2-6, the
diagonal between opposite corner pips, from sub-pixel pip centres; the pip-area edge
``edge_px`` moves by 10-20% on one die within one still spell). ``FloorScale`` is that
plane, fitted from this camera's flat dice read surely in earlier rounds.

A die lying on another has its top face one die edge nearer the camera, so it looks
larger than a flat die at its place by about one edge over the camera's height above
it. With exactly two dice seen (the third hidden), both read surely and flat, one at
least ``rise`` larger than the plane says and the other at most ``level`` x as much
larger (a flat die, within the plane's misfit): the larger lies on the hidden die
(``taller_die``). This sees a stack lined up under a near-vertical camera, which shows
no lower die at all, so neither the light cue (``stack``) nor the pair rule (``pair``)
sees it. Fresh seed 11604 (spent) clip 004 (800x600, camera 7 degrees): the stack of
round 4 +8.8%, the lined-up one of round 2 +10.2%, the flat dice beside them -0.5% and
+2.8% (the plane fitted on 5 places of earlier rounds, misfit 0.4-0.5%); the rendered
scene of tests/sicbo/test_reader_height.py (camera 0.31 m off, 16 mm dice) +5.3-6.5%,
the flat die beside it +1.2%. A camera farther off sees less: under ``rise``, unseen,
unless the plane fits its places closely: within ``tight_spread`` ``tight_rise`` will do,
and between there and ``max_spread`` a rise between the two (``needed_rise``) (fresh
seed 11704 (spent) clip 003 r4, 1280x720, camera 7 degrees: a three on a die
+3.4% on a plane fitting 8 places within 0.42%, the flat five beside it +1.1%; it had
abstained ``dice_count``). Flat dice of a round whose third die was missed, seed 11604
clip 001 r4 (camera 16 degrees, plane 0.88%): +0.9% and -1.0%.

A one shows no pip span, so beside a one the other die alone tells (``lone_one``), only
on a camera nearly straight down (the plane nearly level) whose plane fits its places
within ``tightest_spread``: far off, a stack rises less than 3% there (spent seed 13704
clip 004 r3, 1024x576, camera 1.6 degrees: a four on a four +2.59%, plane misfit 0.18%
over 6 places, a flat one beside it; the flat dice of that clip's rounds of three
-0.9% to +0.15%).

A die merely missed leaves two flat dice, each as large as the plane says: the round
abstains (``dice_count``) as before. Three dice seen are never judged here.

Weak: a tilted camera foreshortens a face by its turn (the diagonal's direction), so
the plane misfits its own places by more than ``max_spread`` and the cue stays off
(clips 010 and 024 of that seed, cameras 26 and 25 degrees: misfits 1.8-2.3%, a flat
die 4-5% off the plane).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.sicbo.points import centre_gap_px

__all__ = ["FloorScale", "HeightParams", "fit_floor_scale", "flat_samples", "lone_one",
           "needed_rise", "taller_die"]


@dataclass(frozen=True, slots=True)
class HeightParams:
    min_places: int = 5           # flat top faces (of 2+ pips) at distinct places before a
    # plane is fitted (one die read again and again at rest is one place)
    max_spread: float = 0.01      # the plane's RMS misfit of its own places, at most
    sure_conf: float = 0.9        # a sample, and each die of a pair, read at least this surely
    sample_apart: float = 1.5     # a sample this x edge from every die of its read read less surely
    rise: float = 0.04            # the die on top: this much larger than the plane says ...
    tight_spread: float = 0.005   # ... or, on a plane that fits its places this closely,
    tight_rise: float = 0.03      # this much larger ...
    # beside a one (no span: ``lone_one``), only on a plane nearly level (a camera nearly
    # straight down) fitting this closely, the other die this much larger (10 x the misfit)
    tightest_spread: float = 0.0025
    tightest_rise: float = 0.025
    flat_grad: float = 0.005      # ... its size changing at most this x per px across the image
    level: float = 0.5            # ... and the other die at most this x as much (a flat die)

    def __post_init__(self) -> None:
        if self.min_places < 4 or not 0 < self.max_spread < self.rise or not 0 <= self.level < 1 \
                or not 0 < self.tight_spread < self.tight_rise <= self.rise \
                or not 0 < self.tightest_spread < self.tight_spread \
                or not self.tightest_spread < self.tightest_rise <= self.tight_rise \
                or self.flat_grad <= 0:
            raise ValueError(f"need min_places >= 4, 0 < max_spread < rise, 0 <= level < 1 and "
                             f"0 < tight_spread < tight_rise <= rise, 0 < tightest_spread < "
                             f"tight_spread, tightest_spread < tightest_rise <= tight_rise and "
                             f"flat_grad > 0, got {self}")


@dataclass(frozen=True, slots=True)
class FloorScale:
    """A flat die's top-pip span (px) at an image point: ``a + b x + c y``; ``spread``
    the RMS of the fit's relative misfits over its ``places``."""

    coef: tuple[float, float, float]
    spread: float
    places: int

    def size_at(self, xy: tuple[float, float]) -> float:
        a, b, c = self.coef
        return a + b * xy[0] + c * xy[1]

    @property
    def grad(self) -> float:
        """How fast the size changes across the image (px per px, any way): the
        relative change over one size's length; near 0 for a camera straight down."""
        return float(np.hypot(self.coef[1], self.coef[2]))


def flat_samples(dice: Sequence[object], params: HeightParams = HeightParams()
                 ) -> list[tuple[float, float, float]]:
    """The samples (x, y, pip span px) a read of three dice, all flat, gives the floor's
    plane (duck-typed dice: ``center_xy``, ``edge_px``, ``span_px``, ``confidence``,
    ``pose``): its dice read at least ``sure_conf`` surely, with a pip span, and at least
    ``sample_apart`` x edge from every die of the read read less surely. A die read
    unsurely may be a piece of the die below a stack, taken for a die, beside the upper
    one, so no die beside it samples; apart from the others (a face under the glare, a
    misread face) it leaves them lying flat on the floor, as in a read of three sure
    dice. Seed 12804 (spent) clip 009 (1280x960, camera 7 degrees): round 2 read two
    fives surely and a two at 0.5, 1.6-1.7 edges from them, and gave no sample (every
    die had to be sure); round 3's stack, a six on a die, lay +6.0% off the plane the
    six places then fit (misfit 0.07%), the flat three beside it -0.1%, but with four
    places there was no plane (``min_places``): abstained dice_count."""
    if len(dice) != 3 or any(d.pose != "flat" for d in dice):          # type: ignore[attr-defined]
        return []
    unsure = [d for d in dice if d.confidence < params.sure_conf]      # type: ignore[attr-defined]
    return [(*d.center_xy, d.span_px) for d in dice                    # type: ignore[attr-defined]
            if d.confidence >= params.sure_conf and d.span_px > 0      # type: ignore[attr-defined]
            and all(centre_gap_px(d, u) >= params.sample_apart         # type: ignore[arg-type]
                    * max(d.edge_px, u.edge_px) for u in unsure)]      # type: ignore[attr-defined]


def fit_floor_scale(samples: Sequence[tuple[float, float, float]],
                    params: HeightParams = HeightParams()) -> FloorScale | None:
    """The plane through ``samples`` (x, y, pip span px of flat top faces), or None when
    they hold too few places or do not lie on one plane (``max_spread``)."""
    s = _places(np.asarray(samples, dtype=float).reshape(-1, 3))
    if len(s) < params.min_places:
        return None
    a = np.c_[np.ones(len(s)), s[:, 0], s[:, 1]]
    if np.linalg.matrix_rank(a) < 3:          # the places on one line: no plane
        return None
    coef, *_ = np.linalg.lstsq(a, s[:, 2], rcond=None)
    fit = a @ coef
    if (fit <= 0).any():
        return None
    spread = float(np.sqrt(np.mean((s[:, 2] / fit - 1) ** 2)))
    if spread > params.max_spread:
        return None
    return FloorScale(coef=(float(coef[0]), float(coef[1]), float(coef[2])), spread=spread,
                      places=len(s))


def _places(s: np.ndarray) -> np.ndarray:
    """One mean sample per place: face centres on a grid of a fifth of a pip span (one
    die read again and again at rest weighs once)."""
    if not len(s):
        return s
    cell = 0.2 * float(np.median(s[:, 2]))
    groups: dict[tuple[int, int], list[np.ndarray]] = {}
    for row in s:
        groups.setdefault((round(row[0] / cell), round(row[1] / cell)), []).append(row)
    return np.array([np.mean(g, axis=0) for g in groups.values()])


def taller_die(dice: Sequence[object], scale: FloorScale,
               params: HeightParams = HeightParams()) -> int | None:
    """Index of the die lying on a hidden one, when exactly two are seen (duck-typed
    ``center_xy``, ``span_px``, ``face``, ``confidence``, ``pose``), else None. The other
    die may be a one (no pip span: ``lone_one``)."""
    if len(dice) != 2 or any(d.pose != "flat"                            # type: ignore[attr-defined]
                             or d.confidence < params.sure_conf for d in dice):  # type: ignore[attr-defined]
        return None
    sized = [d.span_px > 0 for d in dice]                               # type: ignore[attr-defined]
    if not all(sized):
        return lone_one(dice, scale, params) if any(sized) else None
    rel = [d.span_px / scale.size_at(d.center_xy) - 1 for d in dice]    # type: ignore[attr-defined]
    big = int(np.argmax(rel))
    rise = needed_rise(scale.spread, params)
    if rel[big] >= rise and rel[1 - big] <= params.level * rel[big]:
        return big
    return None


def lone_one(dice: Sequence[object], scale: FloorScale,
             params: HeightParams = HeightParams()) -> int | None:
    """The die of 2+ pips of a pair whose other die is a one (one pip: no span, so no
    size of its own to show it flat), when it is ``tightest_rise`` larger than the plane
    says, on a plane fitting its places within ``tightest_spread`` and nearly level
    (``flat_grad``: a camera nearly straight down). A face of 2+ pips lying flat is as
    large as the plane says, within its misfit, the one beside it or not. A tilted
    camera foreshortens a face by its turn, and a plane fitted on its first few places
    can fit them closely and still miss a flat die elsewhere by far: spent seed 13704
    clip 003 r3 (camera 27.5 degrees), a flat four +9.1% and a three -4.3% on a plane
    fitting 5 places within 0.18% (size gradient ~0.035). Spent seed 13704 clip 004 r3
    (1024x576, camera 1.6 degrees): a four on a four, +2.59% on a plane fitting 6 places
    within 0.18% (gradient ~0.0025), the flat one beside it with no span: abstained
    dice_count (truth dice_stacked)."""
    if scale.spread > params.tightest_spread or scale.grad > params.flat_grad:
        return None
    i = next(k for k, d in enumerate(dice) if d.span_px > 0)           # type: ignore[attr-defined]
    if dice[1 - i].face != 1:                                          # type: ignore[attr-defined]
        return None
    d = dice[i]
    rel = d.span_px / scale.size_at(d.center_xy) - 1                  # type: ignore[attr-defined]
    return i if rel >= params.tightest_rise else None


def needed_rise(spread: float, params: HeightParams = HeightParams()) -> float:
    """How much larger than the plane says the die on top must look, for a plane that
    misfits its own places by ``spread``: ``tight_rise`` up to ``tight_spread``, rising
    linearly to ``rise`` at ``max_spread`` (the margin over the plane's misfit grows
    with it: 6 x the misfit at ``tight_spread``, 4 x at ``max_spread``). A step from
    ``tight_rise`` to ``rise`` just past ``tight_spread`` asked a die on a plane
    misfitting by 0.55% for as much as one misfitting by 1%: fresh seed 13104 (spent)
    clip 021 r3 (800x600, camera 1.3 degrees): a two on a die +3.51% on a plane fitting
    8 places within 0.55%, the flat six beside it -0.06%; clip 029 r4 (1280x720): a
    five on a die +3.77% on 7 places within 0.59%, the flat five beside it +0.18%: both
    abstained ``dice_count`` (truth ``dice_stacked``); now 3.1% and 3.2% will do."""
    if spread <= params.tight_spread:
        return params.tight_rise
    t = min(1.0, (spread - params.tight_spread) / (params.max_spread - params.tight_spread))
    return params.tight_rise + t * (params.rise - params.tight_rise)
