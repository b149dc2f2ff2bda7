"""A pair of dice not lying flat, seen by one face or another in turn: every read of the
spell shows a die stacked or leaning near one place, never the same way at one place on
enough reads for a pose's other rules. Voided by the pose more reads saw, not abstained.

Seed 15704 clip 027 r0 (1024x576, camera 5 degrees): a six tipped 40 degrees against a
six, a red four's side face between them, read as three dice or four (the side face a
die), a die stacked at one place or leaning at another, six reads: abstained
low_confidence (truth dice_leaning). The reads here are those of the clip (places,
edges, faces, confidences), one per frame."""

from __future__ import annotations

import pytest

from tests.sicbo.reads import decisions
from vision.sicbo.settle import DiceObs, DieObs

FOUR = DieObs((440.0, 172.0), 40.0, 4, 0.997)


def _read(six: str, side: str | None, lean: str, lean_xy: tuple[float, float] = (520.0, 394.0)
          ) -> DiceObs:
    """The pair's flat-looking six (pose ``six``), the red four's side face (``side``,
    None: not found) and the tipped six (``lean``), beside the lone four."""
    dice = [FOUR, DieObs((474.0, 350.0), 41.0, 6, 0.5, six)]
    if side is not None:
        dice.append(DieObs((499.0, 374.0), 29.0, 4, 0.5, side))
    dice.append(DieObs(lean_xy, 31.0, 6, 0.999, lean))
    return DiceObs(tuple(dice))


CLIP = [_read("stacked", "flat", "flat"), _read("flat", None, "leaning"),
        _read("stacked", "flat", "flat"), _read("stacked", "flat", "leaning"),
        _read("flat", "leaning", "leaning"), _read("flat", None, "leaning")]


def test_a_pair_seen_posed_on_every_read_is_voided_by_the_pose_most_reads_saw() -> None:
    assert decisions(CLIP) == [("void", 5, "dice_leaning")]     # before: abstain at 5


def test_more_reads_stacked_than_leaning_void_it_stacked() -> None:
    reads = [*CLIP[:4], _read("stacked", None, "flat"), _read("stacked", "flat", "flat")]
    assert decisions(reads) == [("void", 5, "dice_stacked")]


@pytest.mark.parametrize("odd", [
    _read("flat", "flat", "flat"),                       # a read with every die flat
    _read("flat", None, "leaning", lean_xy=(640.0, 394.0)),  # a pose 4 edges off
])
def test_a_read_without_the_pairs_pose_leaves_it_to_a_person(odd: DiceObs) -> None:
    reads = [*CLIP[:3], odd, *CLIP[4:]]
    assert decisions(reads) == [("abstain", 5, "low_confidence")]


# fresh seed 16104 clip 024 r3 (1920x1080): a five and a four, one leaning on the other,
# read in turn as the five leaning beside the six (two dice) and as the five, unsure,
# with the four leaning beside it (three dice), six reads: abstained (truth dice_leaning)
SIX = DieObs((709.0, 549.0), 60.0, 6, 0.999)
PAIR_AS_ONE = DiceObs((SIX, DieObs((844.0, 368.0), 57.0, 5, 0.999, "leaning")))
PAIR_AS_TWO = DiceObs((SIX, DieObs((844.0, 368.0), 56.0, 5, 0.5),
                       DieObs((911.0, 420.0), 55.0, 4, 0.998, "leaning")))


def test_a_pair_seen_as_one_die_and_as_two_in_turn_posed_throughout_is_voided() -> None:
    reads = [PAIR_AS_ONE, PAIR_AS_TWO, PAIR_AS_ONE, PAIR_AS_TWO, PAIR_AS_ONE, PAIR_AS_ONE]
    assert decisions(reads) == [("void", 5, "dice_leaning")]     # before: abstain at 5


def test_two_dice_on_every_read_the_posed_one_wandering_is_left_to_a_person() -> None:
    # (no read sees a third die: it may be hidden under the posed one, whose place moves
    # further than the hidden die's rule allows)
    far = DiceObs((SIX, DieObs((911.0, 420.0), 55.0, 4, 0.998, "leaning")))
    reads = [PAIR_AS_ONE, far, PAIR_AS_ONE, far, PAIR_AS_ONE, PAIR_AS_ONE]
    assert decisions(reads) == [("abstain", 5, "low_confidence")]
