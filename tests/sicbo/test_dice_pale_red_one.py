"""A large red lone pip found again by the rescue on a floor as pale as the die is a
Chinese one, and the CNN need not be as sure of it as of another lone pip
(``vision.sicbo.rescue._red_one``).

Frame: the reader's dome crop of fresh seed 14804 clip 001 r3 frame 1389 (640x480, white
dice on a white floor; truth 1-3-5). The one's body shows only by its side face and its
shadow; the rescue finds it by its red pip (0.95 round), but the CNN, whose grey crop
holds the red pip mid-grey and the side face's black pips darker, reads a one 0.876
sure, under the rescued one's 0.93: two dice seen on every read, abstained
``dice_count``."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace
from vision.sicbo.rescue import rescued_ok
from vision.sicbo.settle import SettleParams

FLOOR_ONE = SettleParams().min_face_conf_one


@needs_model
def test_a_pale_red_one_is_rescued() -> None:
    reading = read_saved("s14804_001_f1389_pale_red_one.webp")
    assert sorted(d.face for d in reading.dice) == [1, 3, 5]     # before: [3, 5]
    one = die_at(reading, (365, 260))
    assert one.pose == "flat" and one.confidence >= FLOOR_ONE


def _one(redness: float, across: float) -> TopFace:
    r = across / 2
    pip = Pip((50.0, 50.0), float(np.pi * r * r), (r, r), 0.0, 1.0, redness)
    return TopFace(pips=(pip,), center_xy=(50.0, 50.0), edge_px=40.0, side_pips=())


def test_only_a_large_red_pip_lowers_the_bar() -> None:
    probs = np.array([0.88, 0.01, 0.02, 0.05, 0.01, 0.02, 0.01])  # a one, 0.88 sure
    assert rescued_ok(_one(redness=40.0, across=16.0), probs, dome=True)
    assert not rescued_ok(_one(redness=2.0, across=16.0), probs, dome=True)   # black
    assert not rescued_ok(_one(redness=40.0, across=8.0), probs, dome=True)   # a four's
    assert not rescued_ok(_one(redness=40.0, across=16.0), probs, dome=False)  # a photo
