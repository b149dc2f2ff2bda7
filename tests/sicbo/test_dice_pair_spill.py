"""Two dice seen on a pale floor: a pair blob whose excess lies away from the camera's
side of its top face is the floor's shading joined in, not a die under it
(``pair._spilled_away``). Fresh seed 13304 (spent) clip 010 r3 (1280x960, pale mint
floor): a one by the rim, its blob spilled into the rim's shading, the third die missed
on the floor: voided dice_stacked (truth 1-1-5). A die's blob lies off its top face
toward the camera (the side faces it shows), and so does a die under a stacked one."""

from __future__ import annotations

import pytest

from vision.sicbo.pair import pair_pose

from .reads import one_with_blob


@pytest.mark.parametrize(("offset", "pale", "expected"), [
    ((12, 0), True, None),               # excess beside, not toward the camera: no stack
    ((0, 12), True, (1, "stacked")),     # toward the camera, as the reference's: a stack
    ((12, 0), False, (1, "stacked")),    # off a pale floor the blob rule stands as it was
])
def test_pale_pair_blob_spilled_away_from_the_camera_is_no_stack(
        offset: tuple[int, int], pale: bool, expected: tuple[int, str] | None) -> None:
    ref = one_with_blob(100, 100, 48, 0, 10)   # one die: its blob 0.2 edge toward the camera
    big = one_with_blob(300, 100, 64, *offset)  # 1.78 x the reference's area
    reads, blobs, tops = zip(ref, big, strict=True)
    assert pair_pose(list(blobs), list(tops), list(reads), ["flat", "flat"],
                     pale=pale) == expected


def test_near_vertical_camera_is_not_judged() -> None:
    """A reference blob under 0.1 edge off its face gives no direction: the rule stands."""
    reads, blobs, tops = zip(one_with_blob(100, 100, 48, 0, 2),
                             one_with_blob(300, 100, 64, 12, 0), strict=True)
    assert pair_pose(list(blobs), list(tops), list(reads), ["flat", "flat"],
                     pale=True) == (1, "stacked")
