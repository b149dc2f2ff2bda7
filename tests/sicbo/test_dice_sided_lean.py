"""A die tipped against another turns the side face that faced it up, between its top
face and the support: its outline runs out towards the support, its tipped top face is
foreshortened the other way, while the support's and the third die's outlines do not run
that way (``pose.sided_leans``): the round voids as leaning instead of abstaining. Two
flat touching dice seen from a slanted camera show side faces too, but on both dice alike
and the same way in the image: not a lean (still capped, the round abstains).

The frames are the reader's dome crops of fresh seed 13204 (spent), the project's own
synthetic footage: clip 007 r1 at rest, frame 262 (640x480, a three tipped against a
four; its blob and body reach 0.94 edge towards the four and 0.42 away, the four and the
six 0.66 or less that way: both touching dice were capped at 0.5 and the round abstained
low_confidence, truth void dice_leaning), and clip 016 r3, frame 1204 (800x600, a flat
three touching a flat four, dice 3-4-4: the four reaches 0.91 edge towards the three,
but the three and the other four 0.89-0.97 that way too, the camera's side faces: no
lean)."""

from __future__ import annotations

from vision.sicbo.pose_params import POSE_PARAMS

from .saved import die_at, needs_model, read_saved


def test_the_rule_asks_more_than_a_flat_die_shows() -> None:
    # a flat die's top face reaches half an edge from its centre; the side face a lean
    # turns up adds about sin(tilt) edge (0.34-0.64 for 20-40 degrees)
    p = POSE_PARAMS
    assert p.side_reach >= 0.75 and p.side_near <= 0.5 and p.side_margin >= 0.2


@needs_model
def test_three_tipped_against_a_four_is_voided_leaning() -> None:
    reading = read_saved("s13204_007_f262_lean_side_toward.png")
    assert sorted(d.face for d in reading.dice) == [3, 4, 6]
    assert die_at(reading, (319, 190)).pose == "leaning"   # before: flat, capped at 0.5
    assert die_at(reading, (287, 149)).pose == "flat"
    assert die_at(reading, (123, 311)).pose == "flat"


@needs_model
def test_flat_touching_dice_seen_slanted_do_not_lean() -> None:
    reading = read_saved("s13204_016_f1204_flat_touching.png")
    assert sorted(d.face for d in reading.dice) == [3, 4, 4]
    assert all(d.pose == "flat" for d in reading.dice)
