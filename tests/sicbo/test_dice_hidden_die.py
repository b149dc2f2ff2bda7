"""Two dice seen, the third hidden under or against one of them: the read names the pose.

The frames are the reader's dome crops of the project's own synthetic footage (seed 10604,
spent), at rest:

- clip 012 r2 (1024x576, camera 17 deg, blur 0.9 px, 33 px dice): a six leaning on a four,
  one blob 4.7 edge^2 (over the pair rule's 4.2 for a die joined to the rim), 2.06 x the
  five's one-die blob of 2.3 edge^2 (small blurred dice' blobs are large for their edge).
"""

from __future__ import annotations

import pytest

from tests.sicbo.saved import die_at, read_saved
from vision.sicbo.face import load_classifier

needs_model = pytest.mark.skipif(load_classifier() is None, reason="face model not built")


@needs_model
def test_lean_of_small_dice_in_one_large_blob_is_leaning() -> None:
    reading = read_saved("s10604_012_f990_lean_small_dice.png")
    # before: the six and the five both flat (two dice: the round abstained dice_count)
    assert len(reading.dice) == 2
    assert die_at(reading, (331, 329)).pose == "leaning"
    assert die_at(reading, (400, 365)).pose == "flat"
