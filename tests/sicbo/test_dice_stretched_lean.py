"""A two tipped against another two, touching, on a camera near the vertical: its faces
give no pip layout and its pips are too small to show a direction, but its blob is
stretched by the upturned side face while its top face is no larger than the others'
(``pose.stretched_leans``): the round voids as leaning instead of abstaining.

The frame is the reader's dome crop of fresh seed 13104 (spent) clip 027 r1 at rest,
frame 505 (the project's own synthetic footage: 1280x960, camera 9.6 degrees, dice 2-2-2,
the middle-left two tipped 31.5 degrees against the lower-right two). Blob 2.19 edge^2
and 1.74 long against 1.34-1.40 and 1.14-1.19, body 1.82 against 1.27-1.34, face 0.97 x
the others': both touching dice were capped at 0.5 and the round abstained
low_confidence (truth: void dice_leaning)."""

from __future__ import annotations

from vision.sicbo.pose_params import POSE_PARAMS

from .saved import die_at, needs_model, read_saved


def test_the_rule_asks_more_than_a_flat_die_nearer_the_camera_shows() -> None:
    # the face no larger (not nearer the camera) and the blob clearly larger and longer
    p = POSE_PARAMS
    assert p.stretch_face < p.lean_top_rel
    assert p.stretch_area > 1.3 and p.stretch_long > 1.2 and p.stretch_body > 1.2


@needs_model
def test_two_tipped_against_a_two_is_voided_leaning() -> None:
    reading = read_saved("s13104_027_f505_lean_side_stretched.png")
    assert sorted(d.face for d in reading.dice) == [2, 2, 2]
    lean = die_at(reading, (446, 313))
    assert lean.pose == "leaning"             # before: flat, capped at 0.5 (abstain)
    assert die_at(reading, (492, 209)).pose == "flat"
    assert die_at(reading, (514, 364)).pose == "flat"
