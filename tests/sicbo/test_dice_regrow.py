"""A face found in part on a pale floor is read again in a disk at the dice' size
(``vision.sicbo.regrow``): the pips its blob left out are counted, and a piece that
is no face of the dice' size stays as it was.

Frame: the reader's dome crop of fresh seed 14804 clip 009 r0 frame 231 (1280x960, white
dice on a pale grey floor, noise; truth 3-3-4). The four's blob held one pip and a strip
(28 px, read a one, capped), the top three's only its pips (32 px); the lower three
49 px, sure. Every read of the round alike: abstained ``low_confidence``."""

from __future__ import annotations

import cv2
import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.detect import Blob
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace
from vision.sicbo.reading import DiceParams
from vision.sicbo.regrow import regrown_partials
from vision.sicbo.settle import SettleParams

FLOOR = SettleParams().min_face_conf_many       # a face of 3+ pips pays from this


@needs_model
def test_pieces_of_pale_dice_are_read_whole() -> None:
    reading = read_saved("s14804_009_f231_pale_pieces.webp")
    assert sorted(d.face for d in reading.dice) == [3, 3, 4]     # before: 1, 3, 3
    for xy in ((310, 410), (441, 227)):                           # the two pieces
        die = die_at(reading, xy)
        assert die.confidence >= FLOOR and die.edge_px > 44       # before 28 and 32 px
    assert die_at(reading, (310, 410)).face == 4


def _face(count: int, edge: float, xy: tuple[float, float]) -> TopFace:
    pips = tuple(Pip((xy[0] + 0.25 * edge * k, xy[1]), 50.0, (8.0, 8.0), 0.0, 1.0, 0.0)
                 for k in range(count))
    return TopFace(pips=pips, center_xy=xy, edge_px=edge, side_pips=())


def _blob() -> Blob:
    return Blob((0, 0, 4, 4), np.ones((4, 4), bool), 16.0, 1.0)


def test_nothing_to_grow_without_a_sure_ruler_or_a_piece() -> None:
    image = np.full((200, 200, 3), 200, np.uint8)        # a blank floor: no pips to find
    found = [(_blob(), _face(2, 40.0, (50.0, 50.0))), (_blob(), _face(1, 20.0, (150.0, 150.0)))]
    asked: list = []

    def classify(tops: list) -> list:
        asked.extend(tops)
        return [np.eye(7)[t.count - 1] for t in tops]

    unsure = [np.full(7, 1 / 7), np.full(7, 1 / 7)]        # no face read surely: no ruler
    assert regrown_partials(image, found, unsure, classify, DiceParams()) == (found, unsure)
    sure = [np.eye(7)[1], np.eye(7)[0]]                    # the two sure at 40 px: the one
    got = regrown_partials(image, found, sure, classify, DiceParams())   # at 20 is a piece,
    assert got == (found, sure) and not asked              # but its disk holds no face


def _four_of_ellipses(squash: float) -> np.ndarray:
    """A pale floor with a four's pips drawn about (100, 100), 16 px apart (a die of
    ~42 px): dark ellipses 9 px long, ``squash`` as wide (a tipped face's are squashed)."""
    image = np.full((200, 200, 3), 215, np.uint8)
    for dx, dy in ((-8, -8), (8, -8), (-8, 8), (8, 8)):
        cv2.ellipse(image, (100 + dx, 100 + dy), (4, max(1, round(4 * squash))), 0, 0, 360,
                    (40, 40, 40), -1, cv2.LINE_AA)
    return image


def test_a_piece_grows_only_to_a_face_as_round_as_the_sure_ones() -> None:
    # the sure face (not in the picture) has round pips; the piece is the four's upper
    # left pip alone at 20 px, under 0.7 x the sure 50 px
    ruler = (_blob(), _face(2, 50.0, (30.0, 30.0)))
    piece = (_blob(), _face(1, 20.0, (92.0, 92.0)))
    sure = [np.eye(7)[1], np.eye(7)[0]]

    def classify(tops: list) -> list:
        return [np.eye(7)[t.count - 1] for t in tops]     # the CNN agrees with the pips

    flat, _ = regrown_partials(_four_of_ellipses(1.0), [ruler, piece], sure, classify,
                               DiceParams())
    assert flat[1][1].count == 4                           # round pips: read whole
    tipped, _ = regrown_partials(_four_of_ellipses(0.5), [ruler, piece], sure, classify,
                                 DiceParams())
    assert tipped[1] == piece                              # squashed: left a piece


def test_a_face_the_cnn_reads_as_more_pips_grows_though_not_small() -> None:
    # the four's upper pips alone at 42 px (0.84 x the sure 50 px: no piece by size)
    pips = tuple(Pip((x, 92.0), 50.0, (4.0, 4.0), 0.0, 1.0, 0.0) for x in (92.0, 108.0))
    upper = (_blob(), TopFace(pips=pips, center_xy=(100.0, 92.0), edge_px=42.0, side_pips=()))
    ruler = (_blob(), _face(2, 50.0, (30.0, 30.0)))

    def classify(tops: list) -> list:
        return [np.eye(7)[t.count - 1] for t in tops]

    image = _four_of_ellipses(1.0)
    four = np.array([0.01, 0.02, 0.01, 0.95, 0.005, 0.005, 0.0])      # the CNN: a four
    grown, _ = regrown_partials(image, [ruler, upper], [np.eye(7)[1], four], classify,
                                DiceParams())
    assert grown[1][1].count == 4
    two = np.array([0.02, 0.95, 0.01, 0.01, 0.005, 0.005, 0.0])       # the CNN: its two
    kept, _ = regrown_partials(image, [ruler, upper], [np.eye(7)[1], two], classify,
                               DiceParams())
    assert kept[1] == upper


@needs_model
def test_a_pale_six_found_in_part_is_read_whole() -> None:
    # fresh seed 15804 (spent) clip 019 r4 frame 1760 (1920x1080, white dice on a
    # near-white floor; truth 1-2-6): the six's blob its lower part (61 px, 0.76 x the
    # two's 81), four pips found, the CNN six 0.91: read 0.456, abstained low_confidence
    reading = read_saved("s15804_019_f1760_pale_six_in_part.webp")
    six = die_at(reading, (420, 567))
    assert six.face == 6 and six.pose == "flat" and six.confidence >= FLOOR
    assert sorted(d.face for d in reading.dice) == [1, 2, 6]
