"""A die found by its pips alone (``floorpips``: a white die on a near-white floor) is
given a disk about them, not its outline: the disk's size is no evidence that a third die
lies under it (``pair.pair_pose`` does not judge it).

The saved frame is the reader's dome crop of fresh seed 14504 (spent) clip 003 r1 frame
239 (the project's own synthetic footage: 1280x960, white dice on a near-white floor,
camera 1 degree off vertical, dice 1-1-3). The three was found; one one was found by its
red pip alone, its disk 1.52 edge^2 (1.65 x the three's blob), the other one missed: the
reader voided the round dice_stacked."""

from __future__ import annotations

from dataclasses import replace

from vision.sicbo.pair import pair_pose

from .reads import one_with_blob
from .saved import die_at, needs_model, read_saved


def test_a_disk_about_pips_is_no_pair_blob() -> None:
    ref, big = one_with_blob(100, 100, 40), one_with_blob(300, 100, 52)  # 1.69 x the area
    reads, blobs, tops = (list(t) for t in zip(ref, big, strict=True))
    assert pair_pose(blobs, tops, reads, ["flat", "flat"]) == (1, "stacked")   # an outline
    blobs[1] = replace(blobs[1], outlined=False)
    assert pair_pose(blobs, tops, reads, ["flat", "flat"]) is None


@needs_model
def test_a_one_found_by_its_pip_is_not_stacked() -> None:
    reading = read_saved("s14504_003_f239_pale_one.webp")
    # the other one, missed before, is rescued since its large red pip need only be
    # read 0.85 sure (rescue._red_one): all three read
    assert sorted(d.face for d in reading.dice) == [1, 1, 3]
    one = die_at(reading, (543, 331))
    assert one.face == 1 and one.pose == "flat"              # before: stacked, a false void
