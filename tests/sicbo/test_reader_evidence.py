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
    # a smaller face 0.65 edge from a flat die's, seen leaning by the reader: tipped
    # against it, no stack (fresh seed 14504 clip 022 r4: the one called stacked)
    (obs((0, 0, 56, "flat"), (36, 0, 45, "leaning"), (200, 100, 56, "flat")),
     ["flat", "leaning", "flat"]),
    # ... seen flat, the same pair is a stack
    (obs((0, 0, 56, "flat"), (36, 0, 45, "flat"), (200, 100, 56, "flat")),
     ["stacked", "flat", "flat"]),
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


def test_two_weak_half_faces_are_not_a_stack() -> None:
    # one die found twice as two weak half-faces 20 px apart (0.2 and 0.4 confident):
    # not a stack; the same pair read surely is
    weak = DiceObs((DieObs((0, 0), 40, 3, 0.2), DieObs((20, 0), 43, 4, 0.4),
                    DieObs((0, 100), 40, 5, 0.99)))
    sure = DiceObs((DieObs((0, 0), 40, 3, 0.9), DieObs((20, 0), 43, 4, 0.9),
                    DieObs((0, 100), 40, 5, 0.99)))
    assert [d.pose for d in refine_poses(weak).dice] == ["flat", "flat", "flat"]
    assert [d.pose for d in refine_poses(sure).dice] == ["flat", "stacked", "flat"]


def _with_piece(dist: float, *, pose: str = "leaning", conf: float = 1.0,
                piece_edge: float = 38.0) -> DiceObs:
    """A four read at ``conf`` (edge 60 px), a piece read at 0.17 ``dist`` x 60 px from
    it, and a flat one far away."""
    return DiceObs((DieObs((100, 100), 60, 4, conf), DieObs((100 + 60 * dist, 100), piece_edge,
                                                            5, 0.17, pose),
                    DieObs((400, 100), 60, 1, 1.0)))


PIECES = [
    # the lower die of a stack showing under the upper: a 0.64-edge piece read at 0.17,
    # 0.79 edge away, posed leaning by the reader (seed 10304 clip 018 r3): stacked
    (_with_piece(0.79), ["stacked", "leaning", "flat"]),
    # a die leaning on another: its face 1.3 edges from the support's: left leaning
    (_with_piece(1.3), ["flat", "leaning", "flat"]),
    # the piece not posed by the reader: nothing is renamed (no new void)
    (_with_piece(0.79, pose="flat"), ["flat", "flat", "flat"]),
    # the upper die read unsurely: no reference, left as read
    (_with_piece(0.79, conf=0.8), ["flat", "leaning", "flat"]),
    # a piece as large as a face (0.8 edge): not a piece
    (_with_piece(0.79, piece_edge=48.0), ["flat", "leaning", "flat"]),
]


@pytest.mark.parametrize("given,poses", PIECES)
def test_a_sure_die_on_a_posed_piece_is_stacked(given: DiceObs, poses: list[str]) -> None:
    assert [d.pose for d in refine_poses(given).dice] == poses
