"""Two dice seen where three were thrown: the third is hidden under one of them (all three
are in view and opaque), so the round voids ``dice_stacked``; but on a floor nearly as
bright as the dice a die may lie there unseen, and the round abstains ``dice_count``
(``SettleParams.two_means_stacked``, the reader's ``pair.pale_floor`` on reads of two).
The whole reader on rendered rounds: a clean round of three, then two flat dice only,
as a stack lined up under a near-vertical camera shows them (no lower die in sight)."""

from __future__ import annotations

import pytest

from .scenes import dome_scene, flat_dice, round_decisions

DARK, PALE = (50.0, 105.0, 35.0), (215.0, 224.0, 240.0)   # BGR: green baize, near-white


def _decisions(floor_bgr: tuple[float, float, float]) -> list:
    got = round_decisions(dome_scene(tilt_deg=3.0, floor_bgr=floor_bgr),
                          [flat_dice((2, 3, 6)), flat_dice((5, 4), yaw=1.0)], seed=5,
                          still=20)
    return [[e.result.dice if e.type == "outcome" else e.reason for e in decided]
            for _, decided in got]


@pytest.mark.parametrize(("floor_bgr", "expected"), [
    (DARK, ["dice_stacked"]),
    (PALE, ["dice_count"]),
])
def test_two_dice_seen_void_stacked_unless_the_floor_is_pale(floor_bgr: tuple, expected: list
                                                             ) -> None:
    assert _decisions(floor_bgr) == [[(2, 3, 6)], expected]
