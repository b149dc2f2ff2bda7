"""A turret arm's knob leaning out over the pockets from a tilted camera
(``ghost.label_is_turret``) through the object stage's forward model (``test_bowl``): a
piece on the head joined to the cone by what differs from the model is the turret, not
an object; what lies on the pockets apart from the cone still is one."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.roulette.test_bowl import FPS, Paint, block, disc, first_seen, run
from vision.roulette.bowl import ObjectParams
from vision.roulette.ghost import label_is_turret

CONE = 4  # the strip's first rows: inside the pockets' inner edge (unseen)
CHROME = (200, 200, 205)


def cone(lit: float = 1.0) -> Paint:
    """The cone's wood on the strip's first rows (the reader's strip starts there), lit
    ``lit`` x as the first seconds showed it."""
    return block((0, CONE), (0, 360), tuple(int(v * lit) for v in (35, 55, 85)))


def knob(col: int, start: int, stop: int, lean: int = 3, arm: bool = True) -> Paint:
    """A chrome knob over the pockets' inner edge, 3 rows past the cone (``CONE``), its
    arm running in over the cone to the strip's first row ``lean`` columns aside."""
    def paint(frame: np.ndarray, f: int) -> None:
        if start <= f < stop:
            if arm:
                cv2.line(frame, (col - lean, 0), (col, CONE + 2), CHROME, 2)
            cv2.circle(frame, (col, CONE + 3), 3, CHROME, -1)
    return paint


def ring() -> Paint:
    """The pockets' inner fret ring, as bright as the turret's chrome, on the first row
    past the cone."""
    return block((CONE, CONE + 1), (0, 360), CHROME)


@pytest.mark.parametrize(("lean", "fixtures"), [
    (0, [cone()]),
    (3, [cone()]),
    (-5, [cone()]),
    (3, [cone(), ring()]),  # the arm crosses a ring as bright as its chrome
])
def test_a_turret_knob_leaning_over_the_pockets_is_no_object(lean: int,
                                                             fixtures: list[Paint]) -> None:
    # seed 13901 006 (26 degrees), 021 and 027 (33-35 degrees): the wheel carried a turret
    # arm's knob past the far side, where it leaned out over the pockets for a second or
    # more, its arm in over the cone: an object in the bowl (8 false voids)
    fixes = run([*fixtures, knob(120, 60, 60 + 2 * FPS, lean)], 60 + 3 * FPS, seed=41,
                seed_with=fixtures, cone=CONE)
    assert first_seen(fixes) is None, [(f, x) for f, x in enumerate(fixes) if x][:3]


@pytest.mark.parametrize("paints", [
    [cone(), knob(120, 60, 10**9, arm=False)],  # a chrome piece there, not joined to the cone
    [cone(), disc(CONE + 3, 120, 3, (60, 200, 230), 60)],  # a gold coin at the pockets'
    # inner edge ...
    [cone(), disc(CONE + 3, 120, 3, (60, 200, 230), 60), knob(150, 40, 10**9)],  # ... with
    # a turret arm over the cone a pocket and more away
    # ... the light up 1.6 x on the cone since the first seconds (its rows never learnt)
    [cone(1.6), disc(CONE + 3, 120, 3, (60, 200, 230), 60)],
])
def test_what_lies_at_the_pockets_inner_edge_is_still_reported(paints: list[Paint]) -> None:
    fixes = run(paints, 110, seed=43, seed_with=[cone()], cone=CONE)
    seen = first_seen(fixes)
    assert seen is not None and 60 <= seen <= 60 + FPS // 4, seen  # within 0.25 s
    fix = fixes[seen]
    assert fix is not None and abs(fix.col - 120) <= 3


KNOB_006 = Path(__file__).resolve().parents[1] / "data" / "roulette" / (
    "turret_knob_13901_006_f1332.npz")


@pytest.mark.parametrize("arm", [True, False])
def test_a_knob_beyond_a_ring_as_bright_as_its_arm_is_the_turret(arm: bool) -> None:
    # seed 13901 006 r1, frame 1332 (the strip's first 12 rows about the piece): the knob's
    # top (3 x 4) at rows 6-8, its arm over the cone (rows 0-2) 94-187 off the model; on
    # row 5, the pockets' inner fret ring, the arm only 25-41 off (a false void there).
    # Without the arm over the cone (the frame there as the model) the piece is no turret.
    d = np.load(KNOB_006)
    frame, model = d["frame"].astype(np.float32), d["model"].astype(np.float32)
    if not arm:
        frame[:3] = model[:3]
    n, labels, stats, _ = cv2.connectedComponentsWithStats(d["piece"].view(np.uint8),
                                                           connectivity=8)
    assert n == 2
    assert label_is_turret(frame, model, labels, stats, 1, int(d["head_row"]),
                           ObjectParams().stand_out_head, d["cone"]) == arm
