"""A die leaning on another, its pair's blob found whole on some reads and split in two
on others: voided ``dice_leaning``, not abstained.

Fresh seed 13504 (spent) clip 020 r1 (1024x576, camera 16 degrees): a four tipped 22
degrees against a six. The reads went in turn: the six and the four as two dice, both
capped at 0.5 by the touch rule (1.39 edges apart, no floor between), and the pair as
one six leaning (the four hidden in its blob): three leaning reads of six, the split
reads denying the lean, abstained low_confidence. The reads here are those of the
clip (places, edges, confidences), one per frame."""

from __future__ import annotations

import pytest

from tests.sicbo.reads import decisions
from vision.sicbo.settle import DiceObs, DieObs

TWO = DieObs((335.0, 392.0), 52.0, 2, 0.999)


def _split(conf: float = 0.5, four_xy: tuple[float, float] = (485.0, 312.0)) -> DiceObs:
    return DiceObs((TWO, DieObs((423.0, 349.0), 52.0, 6, conf),
                    DieObs(four_xy, 41.0, 4, conf)))


LEAN = DiceObs((TWO, DieObs((423.0, 349.0), 52.0, 6, 1.0, "leaning")))


def test_lean_seen_whole_and_split_into_two_unsure_dice_is_voided() -> None:
    reads = [_split(), LEAN, LEAN, _split(), LEAN, _split()]
    assert decisions(reads) == [("void", 4, "dice_leaning")]     # before: abstain at 5


@pytest.mark.parametrize("split", [
    _split(conf=0.999),                      # the split reads sure of both: flat dice
    _split(four_xy=(560.0, 300.0)),          # the "fourth" die 2.6 edges off: not the pair
])
def test_split_reads_that_do_not_show_the_pair_still_deny_the_lean(split: DiceObs) -> None:
    reads = [split, LEAN, LEAN, split, LEAN, split]
    assert [d[0] for d in decisions(reads)] == ["abstain"]

