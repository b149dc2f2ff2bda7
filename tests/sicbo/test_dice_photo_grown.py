"""A die whose blob the photo's threshold cut short is read where the looser look's blob
holds all of it (``photo_faint.grown``): the piece shows fewer top pips, a one's lone pip
fits a one's layout on any face, so a piece read sure is a confident wrong face (real
photos: ``test_dice_photo_pieces``)."""

from __future__ import annotations

import pytest

from vision.sicbo.photo_faint import GROWN, grown
from vision.sicbo.reading import DiceReading, DieRead


def _die(x: float, y: float, face: int, conf: float, edge: float,
         pip_face: int | None = None, cnn_face: int | None = None) -> DieRead:
    h = 0.5 * edge
    return DieRead(box_xyxy=(x - h, y - h, x + h, y + h), center_xy=(x, y), face=face,
                   confidence=conf, pose="flat",
                   top_quad=((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)),
                   edge_px=edge, pip_face=pip_face or face, cnn_face=cnn_face or face)


PIECE = _die(357, 327, 1, 0.97, 20.0)          # the upper half of a two: its one pip


@pytest.mark.parametrize(("whole", "face"), [
    (_die(349, 336, 2, 0.5, 42.0), 2),                        # the whole die: a two
    (_die(349, 336, 2, 0.5, 42.0, cnn_face=3), 1),            # pips and CNN apart: no die
    (_die(349, 336, 1, 0.99, 42.0), 1),                       # no more pips than the piece
    (_die(349, 336, 2, 0.5, (GROWN - 0.1) * 20.0), 1),        # not much larger: a neighbour
    (_die(420, 336, 2, 0.5, 42.0), 1),                        # elsewhere: another die
])
def test_a_piece_is_read_as_its_whole_die(whole, face) -> None:
    other = _die(200, 250, 5, 0.99, 38.0)
    again = DiceReading((other, whole))
    reading = grown(DiceReading((other, PIECE)), again)
    assert [d.face for d in reading.dice] == [5, face]


def test_two_pieces_of_one_die_are_that_die_once() -> None:
    # train_five_49 on another desk: a five cut in two, read a three and a four
    pieces = (_die(127, 380, 3, 0.27, 22.0), _die(145, 375, 4, 0.21, 22.0))
    reading = grown(DiceReading(pieces), DiceReading((_die(139, 386, 5, 0.998, 44.0),)))
    assert [d.face for d in reading.dice] == [5]
