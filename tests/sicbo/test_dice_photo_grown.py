"""A die whose blob the photo's threshold cut short is read where the looser look's blob
holds all of it (``photo_faint.grown``): the piece shows fewer top pips, a one's lone pip
fits a one's layout on any face, so a piece read sure is a confident wrong face (real
photos: ``test_dice_photo_pieces``)."""

from __future__ import annotations

import pytest

from tests.sicbo.reads import square_die
from vision.sicbo.photo_faint import GROWN, grown
from vision.sicbo.reading import DiceReading

PIECE = square_die(357, 327, 1, 0.97, 20.0)          # the upper half of a two: its one pip


@pytest.mark.parametrize(("whole", "face"), [
    (square_die(349, 336, 2, 0.5, 42.0), 2),                        # the whole die: a two
    (square_die(349, 336, 2, 0.5, 42.0, cnn_face=3), 1),            # pips and CNN apart: no die
    (square_die(349, 336, 1, 0.99, 42.0), 1),                       # no more pips than the piece
    (square_die(349, 336, 2, 0.5, (GROWN - 0.1) * 20.0), 1),        # not much larger: a neighbour
    (square_die(420, 336, 2, 0.5, 42.0), 1),                        # elsewhere: another die
])
def test_a_piece_is_read_as_its_wholesquare_die(whole, face) -> None:
    other = square_die(200, 250, 5, 0.99, 38.0)
    again = DiceReading((other, whole))
    reading = grown(DiceReading((other, PIECE)), again)
    assert [d.face for d in reading.dice] == [5, face]


def test_two_pieces_of_one_die_are_that_die_once() -> None:
    # train_five_49 on another desk: a five cut in two, read a three and a four
    pieces = (square_die(127, 380, 3, 0.27, 22.0), square_die(145, 375, 4, 0.21, 22.0))
    reading = grown(DiceReading(pieces), DiceReading((square_die(139, 386, 5, 0.998, 44.0),)))
    assert [d.face for d in reading.dice] == [5]
