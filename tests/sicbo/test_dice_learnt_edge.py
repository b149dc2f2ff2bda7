"""On a floor paler than the dice, where no face of a read is sure enough to size the
others, the dice' edge the reader learnt on this camera sizes the pieces of faces
(``DiceParams.die_edge_px``, ``vision.sicbo.regrow``); a lone pip's piece is read again
in a disk wide enough to hold a two's other corner.

Frame: fresh seed 16104 (spent) clip 022 r0 frame 181 (800x600, ivory dice on a floor
238/245/234, paler than them; truth 1-2-5), the whole frame with the reader's dome. The
top faces scored as floor: the five's blob held two of its pips, the two's its lower pip
and side face, nothing sized them, and the one was never found: two dice seen,
abstained ``dice_count``."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.sicbo.saved import DATA, needs_model
from vision.footage import StreamInfo
from vision.sicbo.detect import Blob
from vision.sicbo.dome import DomeRegion
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace
from vision.sicbo.reader import SceneState, SicBoReader
from vision.sicbo.reading import DiceParams
from vision.sicbo.regrow import RegrowParams, regrown_partials
from vision.sicbo.settle import SettleParams

FLOOR = SettleParams().min_face_conf_many       # a face of 3+ pips pays from this
DOME = DomeRegion((377.6, 345.0), (503.7, 527.9), 160.7, (54, 12, 703, 600))
EDGE = 49.7                                     # the edge the reader had learnt by then


def _read(die_edge_px: float | None, name: str = "s16104_022_f181_pale_floor.webp"
          ) -> list[tuple[int | None, float, tuple[float, float]]]:
    frame = cv2.imread(str(DATA / name))
    assert frame is not None
    reader = SicBoReader(StreamInfo(60.0, 800, 600, None),
                         scene=SceneState(dome=DOME, die_edge_px=die_edge_px))
    return sorted((d.face, d.confidence, d.center_xy) for d in reader._read(frame).dice)


@needs_model
def test_the_learnt_edge_finds_every_die_on_a_paler_floor() -> None:
    got = _read(EDGE)
    assert [face for face, _, _ in got] == [1, 2, 5]
    assert all(conf >= FLOOR for _, conf, _ in got)
    five = got[2][2]
    assert abs(five[0] - 465) < 8 and abs(five[1] - 208) < 8


@needs_model
def test_a_face_is_grown_from_its_own_pips_not_its_side_faces() -> None:
    # r4 frame 1949 (truth 1-4-6): the six's blob held its left two columns (32 px, CNN
    # 0.64 six); its disk at the learnt edge holds its side face's three pips too, 3-4 x
    # the top pips' area, which made the grown face a one: only pips alike the piece's
    # count. Before: the six at 0.32, the four unfound, abstained
    got = _read(50.2, "s16104_022_f1949_pale_floor.webp")
    assert [face for face, _, _ in got] == [1, 4, 6]
    assert all(conf >= FLOOR for _, conf, _ in got)


@needs_model
def test_with_nothing_learnt_the_pieces_stay_unsure() -> None:
    got = _read(None)        # as before: two pieces of faces, neither trusted
    assert len(got) < 3 or any(conf < FLOOR for _, conf, _ in got)


def _blob() -> Blob:
    return Blob((0, 0, 4, 4), np.ones((4, 4), bool), 16.0, 1.0)


def _pips_on_floor(places: list[tuple[int, int]]) -> np.ndarray:
    """A pale floor with round dark pips 9 px across at ``places``."""
    image = np.full((200, 200, 3), 215, np.uint8)
    for xy in places:
        cv2.circle(image, xy, 4, (40, 40, 40), -1, cv2.LINE_AA)
    return image


def _lone_pip(xy: tuple[float, float], edge: float = 20.0) -> tuple[Blob, TopFace]:
    pip = Pip(xy, 50.0, (9.0, 9.0), 0.0, 1.0, 0.0)
    return _blob(), TopFace(pips=(pip,), center_xy=xy, edge_px=edge, side_pips=())


def _agree(tops: list) -> list:
    return [np.eye(7)[t.count - 1] for t in tops]      # the CNN agrees with the pips


UNSURE = [np.full(7, 1 / 7)]


def test_a_piece_is_sized_by_the_learnt_edge_when_no_face_is_sure() -> None:
    # a four of pips 16 px apart (a ~56 px face by its layout); its upper left pip alone
    image = _pips_on_floor([(92, 92), (108, 92), (92, 108), (108, 108)])
    piece = _lone_pip((92.0, 92.0))
    left, _ = regrown_partials(image, [piece], UNSURE, _agree, DiceParams())
    assert left == [piece]                              # nothing to size it by
    grown, _ = regrown_partials(image, [piece], UNSURE, _agree, DiceParams(die_edge_px=50.0))
    assert grown[0][1].count == 4


@pytest.mark.parametrize(("one_disk_rel", "count"), [(1.0, 2), (0.75, 1)])
def test_a_lone_pip_grows_to_a_two_whose_other_pip_lies_a_disk_away(
        one_disk_rel: float, count: int) -> None:
    # a two's pips 40 px apart (0.85 x a 47 px edge): only the wide disk holds both
    image = _pips_on_floor([(86, 86), (114, 114)])
    piece = _lone_pip((114.0, 114.0))
    grown, _ = regrown_partials(image, [piece], UNSURE, _agree, DiceParams(die_edge_px=47.0),
                                RegrowParams(one_disk_rel=one_disk_rel))
    assert grown[0][1].count == count


def test_the_learnt_edge_must_be_positive() -> None:
    with pytest.raises(ValueError, match="die_edge_px"):
        DiceParams(die_edge_px=0.0)
