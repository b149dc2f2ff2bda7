"""A blob refused only as too long for one die, as convex as a die, is cut harder into
the dice in a row it holds (``detect._long_parts``), in the dome: a die leaning on its
support and the support, whose blob's aspect crossed ``max_aspect`` from read to read.

The saved frame is the reader's dome crop of fresh seed 13604 (spent), the project's own
synthetic footage: clip 019 r4 frame 721 (640x480, camera 1.3 degrees): a two tipped 34
degrees against a three, its upturned four between them, and a flat six apart. The
lean's faces and the three made one blob 2.23 long (over 2.2): dropped, the rescue cut
the lean's faces out as a flat four and the three was never seen; two dice, both flat,
on three reads: abstained ``dice_count`` (truth dice_leaning). On the read before, the
blob was 2.18 long, cut into the lean and the three, and the lean seen."""

from __future__ import annotations

import cv2
import numpy as np

from vision.sicbo.detect import DetectParams, find_die_blobs

from .saved import die_at, needs_model, read_saved


@needs_model
def test_lean_in_a_blob_too_long_is_voided_leaning() -> None:
    reading = read_saved("s13604_019_f721_lean_row.png")
    assert len(reading.dice) == 3                        # before: two, the three unseen
    assert die_at(reading, (144, 231)).pose == "leaning"    # before: a flat four at 0.99
    assert die_at(reading, (173, 229)).face == 3
    six = die_at(reading, (286, 230))
    assert (six.face, six.pose) == (6, "flat")
    assert "leaning" in reading.flags


def test_one_long_bar_is_not_cut() -> None:
    # a light bar 2.5 x as long as wide (a fitting, a rim piece) with no waist: refused
    # as too long, and not cut into dice (one distance-transform peak at every level)
    img = np.full((480, 640, 3), (40, 110, 50), np.uint8)
    cv2.rectangle(img, (300, 220), (381, 251), (225, 228, 230), -1)
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    assert find_die_blobs(img, DetectParams(split_long=True)) == []
