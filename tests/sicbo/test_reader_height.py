"""A die lying squarely on another, the lower die hidden under it, seen by its size
(``vision.sicbo.height``): the whole reader on a rendered clip whose first rounds show
this camera flat dice at several places, then a lined-up stack beside a flat die.

The lined-up stack shows no lower die's top (the light cue, ``stack.stacked_die``, sees
nothing) and one die's outline (the pair rule sees nothing): before the size cue the
round abstained ``dice_count``. A die missed by the reader is no stack: two flat dice
seen, both as large as flat dice at their places, still abstain."""

from __future__ import annotations

import pytest

from vision.synth.dice3d import flat_pose, stacked_pose

from .scenes import EDGE_M, dome_scene, round_decisions

# two clean rounds, the dice at six places of the floor: the camera's flat-die sizes
CLEAN = [
    (flat_pose(2, (-0.05, -0.03), 0.3, edge_m=EDGE_M), flat_pose(3, (0.045, -0.035), 1.0,
     edge_m=EDGE_M), flat_pose(4, (0.0, 0.05), 1.7, edge_m=EDGE_M)),
    (flat_pose(5, (-0.045, 0.035), 0.6, edge_m=EDGE_M), flat_pose(6, (0.05, 0.03), 1.3,
     edge_m=EDGE_M), flat_pose(2, (0.005, -0.055), 2.1, edge_m=EDGE_M)),
]
BELOW = flat_pose(3, (0.02, 0.0), 0.4, edge_m=EDGE_M)
STACK = (BELOW, stacked_pose(5, BELOW, (0.0, 0.0), 0.4), flat_pose(4, (-0.04, -0.03), 1.1,
                                                                     edge_m=EDGE_M))
MISSED = (flat_pose(5, (0.02, 0.0), 0.4, edge_m=EDGE_M), flat_pose(4, (-0.04, -0.03), 1.1,
                                                                   edge_m=EDGE_M))


def _decisions(rounds: list) -> list:
    return [[e.result.dice if e.type == "outcome" else e.reason for e in decided]
            for _, decided in round_decisions(dome_scene(tilt_deg=3.0), rounds, seed=3)]


@pytest.mark.parametrize(("last", "expected"), [
    (STACK, ["dice_stacked"]),       # the upper die's face 5.3-6.5% larger than the plane
    # says, the flat four beside it +1.2% (camera 0.31 m off, dice 16 mm)
    (MISSED, ["dice_count"]),        # two flat dice (a third not thrown in: as if missed)
])
def test_a_lined_up_stack_is_told_by_its_size_for_its_place(last: tuple, expected: list
                                                             ) -> None:
    got = _decisions([*CLEAN, last])
    assert got == [[(2, 3, 4)], [(2, 5, 6)], expected]
