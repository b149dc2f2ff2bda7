"""Two dice seen: the third is hidden in one blob only (``pose.assign_poses``).

All three dice are in view and opaque, so with two seen one blob holds two dice. When
the pair rule finds it, the other die's "second face" is its own side face (seen on a
steep view), not a second die's, and that die lies flat.
"""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from tests.sicbo.test_dice_pose import _die, _face
from vision.sicbo.detect import Blob
from vision.sicbo.pips import TopFace
from vision.sicbo.pose import assign_poses, second_face


def _pair(roundness: float) -> tuple[list, list, list]:
    """A die at (100, 100) whose blob shows a clean five beside its top face (its own
    side face), and a 3.4 edge^2 blob at (300, 100) with a clean top face (the pair rule:
    two dice side by side or stacked). ``roundness``: the first die's top pips'."""
    read, _, _ = _die(100, 100, 36, roundness)
    top = TopFace(pips=tuple(_face(100, 100, 3, roundness)), center_xy=(100.0, 100.0),
                  edge_px=36.0, side_pips=tuple(_face(100, 140, 5, 0.85)))
    blob = Blob((81, 81, 119, 135), np.ones((54, 38), bool), 38.0 * 54.0, 0.97)
    big_read, big_blob, big_top = _die(300, 100, 36, 0.9, 66, conf=0.99)
    return [read, big_read], [blob, big_blob], [top, big_top]


def test_second_face_of_the_die_beside_the_pair_is_its_own_side() -> None:
    reads, blobs, tops = _pair(0.95)
    assert second_face(tops[0]) is not None          # the cue fires on its own
    out = assign_poses(reads, blobs, tops)
    assert [r.pose for r in out] == ["flat", "leaning"]   # before: both leaning


def test_a_die_tipped_by_its_own_face_keeps_leaning() -> None:
    reads, blobs, tops = _pair(0.4)                  # its top pips squashed: tipped itself
    assert [r.pose for r in assign_poses(reads, blobs, tops)][0] == "leaning"


@needs_model
def test_steep_stack_beside_a_flat_die_is_stacked() -> None:
    # seed 11004 (spent) clip 013 r1, camera 27 degrees: a one on a die near the frame's
    # bottom (blob 4.6 edge^2, 1.3 long, running towards the nadir as the five's does);
    # the five's own side face showed a clean six beside its top: both were read
    # leaning and the round voided dice_leaning (truth dice_stacked)
    reading = read_saved("s11004_013_f474_steep_stack.png")
    assert len(reading.dice) == 2
    assert die_at(reading, (259, 296)).pose == "stacked"
    assert die_at(reading, (360, 78)).pose == "flat"
