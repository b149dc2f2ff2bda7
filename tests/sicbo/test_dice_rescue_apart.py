"""A die the rescue finds is refused when its blob is pressed against a found die's
(``vision.sicbo.rescue._apart``), but only the contact near that die counts: a found
blob may hold floor or the rim's band joined to it, which is no die to lean on.

Frame: the reader's dome crop (WebP, quality 95) of fresh seed 14904 clip 000 r4 frame
1550 (1280x960, a red floor; truth 2-2-4). The four's blob took in a patch of floor and
the rim's band beside it, which met the right two's blob along 92 px, all 1.45 edge and
more from the four's centre: the two was refused, two dice seen, abstained
``dice_count``."""

from __future__ import annotations

import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.detect import Blob
from vision.sicbo.merged import contact_px


@needs_model
def test_a_die_beside_a_blob_joined_to_the_floor_is_rescued() -> None:
    reading = read_saved("s14904_000_f1550_red_floor_joined.webp")
    assert sorted(d.face for d in reading.dice) == [2, 2, 4]     # before: [2, 4]
    two = die_at(reading, (599, 541))
    assert two.pose == "flat" and two.confidence >= 0.98


def test_contact_near_a_centre() -> None:
    # two squares side by side meeting along x = 10, rows 0..19
    a = Blob((0, 0, 10, 20), np.ones((20, 10), bool), 200.0, 1.0)
    b = Blob((10, 0, 20, 20), np.ones((20, 10), bool), 200.0, 1.0)
    whole = contact_px(a, b)
    assert whole >= 20                                           # the whole side
    assert contact_px(a, b, near=((5.0, 0.0), 8.0)) < whole / 2   # only its top end
    assert contact_px(a, b, near=((5.0, 40.0), 8.0)) == 0         # nowhere near
