"""Two dice seen, the third hidden under or against one of them: the read names the pose.

The frames are the reader's dome crops of the project's own synthetic footage (seed 10604,
spent), at rest:

- clip 012 r2 (1024x576, camera 17 deg, blur 0.9 px, 33 px dice): a six leaning on a four,
  one blob 4.7 edge^2 (over the pair rule's 4.2 for a die joined to the rim), 2.06 x the
  five's one-die blob of 2.3 edge^2 (small blurred dice' blobs are large for their edge);
- clip 023 r3 (800x600, camera 27 deg): a one on a three, its face taken as a "two" (the
  one's pip, 108 px, and a 255 px dark spot below it) that sized the scene's dice at 75 px
  (~57 px dice): the light cue measured the stack's reach 0.65 edge, under 0.74.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.blob import Blob
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.pose import scene_edge_px, sized_face


@needs_model
def test_lean_of_small_dice_in_one_large_blob_is_leaning() -> None:
    reading = read_saved("s10604_012_f990_lean_small_dice.png")
    # before: the six and the five both flat (two dice: the round abstained dice_count)
    assert len(reading.dice) == 2
    assert die_at(reading, (331, 329)).pose == "leaning"
    assert die_at(reading, (400, 365)).pose == "flat"


@needs_model
def test_one_on_a_three_read_as_two_pips_is_stacked() -> None:
    reading = read_saved("s10604_023_f673_stack_one_on_three.png")
    # before: both ones flat (the round abstained dice_count)
    assert len(reading.dice) == 2
    assert die_at(reading, (217, 304)).pose == "stacked"
    assert die_at(reading, (439, 204)).pose == "flat"


def _face(areas: list[float], edge: float) -> TopFace:
    pips = tuple(Pip(center_xy=(10.0 * i, 0.0), area_px=a, axes_px=(5.0, 5.0), angle_deg=0.0,
                     inside=1.0, redness=0.0, ring_lum=200.0) for i, a in enumerate(areas))
    return TopFace(pips=pips, center_xy=(0.0, 0.0), edge_px=edge, side_pips=())


@pytest.mark.parametrize(("areas", "sized"), [
    ([40, 44], True),                  # a two
    ([40, 42, 38, 41, 45, 39], True),  # a six
    ([108, 255], False),               # a one's pip and a dark spot: no face's
    ([32, 33, 126, 33, 31, 32], False),  # a pip joined to something: sizes nothing
    ([97], False),                     # a one: its face size is a guess
])
def test_sized_face_needs_pips_of_one_size(areas: list[float], sized: bool) -> None:
    assert sized_face(_face(areas, 60.0)) is sized


def test_scene_edge_ignores_a_face_of_unequal_pips() -> None:
    blobs = [Blob((0, 0, 62, 62), np.ones((62, 62), bool), 62.0 ** 2, 1.0)] * 2
    tops = [_face([108, 255], 75.0), _face([97], 62.0)]
    assert scene_edge_px(blobs, tops) == pytest.approx(62.0)   # before: 75 (the "two")
