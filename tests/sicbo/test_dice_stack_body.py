"""A stack whose blob joins the dome's rim or its shadow: the pair rule calls it leaning
(blob past ``pair_area_max``, its centroid pulled off the top face), the die's body (rim
and shadow cut away) lies centred on its top face, or runs off it towards the nadir as the
other die's body does off its own: stacked (``stack._centred_body``). A second face in the
blob (a die tipped against the seen one) keeps the die leaning."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_stack_joined_to_the_rim_is_stacked_by_its_body() -> None:
    # fresh seed 12404 (spent) clip 002 r1, the reader's dome crop at frame 627: a two on a
    # die (1280x960, camera 20 degrees), voided dice_leaning before
    reading = read_saved("s12404_002_f627_stack_body.png")
    assert len(reading.dice) == 2
    assert die_at(reading, (299, 393)).pose == "stacked"
    assert die_at(reading, (675, 776)).pose == "flat"


@needs_model
def test_stack_whose_body_runs_towards_the_nadir_is_stacked() -> None:
    # fresh seed 13004 (spent) clip 010 r2, the reader's dome crop at frame 942: a two on
    # a die (1024x576, camera 19 degrees); blob 3.1 edge^2 at (0.40, 0.42) off the two's
    # face (shadow and glare), body 2.07 edge^2 at (0.09, 0.33), the flat three's body
    # (0.02, 0.17): voided dice_leaning before
    reading = read_saved("s13004_010_f942_stack_body_nadir.png")
    assert len(reading.dice) == 2
    assert die_at(reading, (291, 263)).pose == "stacked"
    assert die_at(reading, (284, 131)).pose == "flat"


@needs_model
def test_pair_blob_with_a_second_face_towards_the_nadir_is_leaning() -> None:
    # fresh seed 13004 (spent) clip 024 r4, the reader's dome crop at frame 793: a four
    # tipped 32 degrees against a three (640x480, camera 28 degrees), the four's pips seen
    # in the three's blob (pose.second_face), which runs off the three's face towards the
    # nadir as the flat one's does: voided dice_stacked before
    reading = read_saved("s13004_024_f793_lean_second_face.png")
    assert len(reading.dice) == 2
    assert die_at(reading, (241, 250)).pose == "leaning"
    assert die_at(reading, (420, 179)).pose == "flat"
