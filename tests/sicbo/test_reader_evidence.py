"""Scene-level pose evidence on DiceObs (no images): overlapping top faces mean stacked."""

from __future__ import annotations

import pytest

from vision.sicbo.evidence import EvidenceParams, refine_poses
from vision.sicbo.settle import DiceObs, DieObs


def obs(*dice: tuple[float, float, float, str]) -> DiceObs:
    return DiceObs(tuple(DieObs((x, y), e, 3, 0.9, p) for x, y, e, p in dice))


CASES = [
    # three flat dice well apart: unchanged
    (obs((0, 0, 40, "flat"), (100, 0, 40, "flat"), (0, 100, 40, "flat")),
     ["flat", "flat", "flat"]),
    # two top faces 20 px apart (half an edge): the larger-looking one is on top
    (obs((0, 0, 40, "flat"), (20, 0, 43, "flat"), (0, 100, 40, "flat")),
     ["flat", "stacked", "flat"]),
    # touching side by side (one edge apart) is not stacked
    (obs((0, 0, 40, "flat"), (40, 0, 40, "flat"), (0, 100, 40, "flat")),
     ["flat", "flat", "flat"]),
    # the dice reader's own poses are kept
    (obs((0, 0, 40, "leaning"), (100, 0, 40, "flat"), (0, 100, 40, "flat")),
     ["leaning", "flat", "flat"]),
]


@pytest.mark.parametrize("given,poses", CASES)
def test_refine_poses(given: DiceObs, poses: list[str]) -> None:
    assert [d.pose for d in refine_poses(given).dice] == poses


def test_leaning_by_size_when_enabled() -> None:
    # a die seen much smaller than the others is slanted (only when switched on)
    given = obs((0, 0, 28, "flat"), (100, 0, 40, "flat"), (0, 100, 40, "flat"))
    assert refine_poses(given).dice[0].pose == "flat"
    assert refine_poses(given, EvidenceParams(lean_size=0.8)).dice[0].pose == "leaning"
    with pytest.raises(ValueError, match="lean_size"):
        EvidenceParams(lean_size=1.5)
