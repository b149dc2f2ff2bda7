"""A stack whose blob joins the dome's rim: the pair rule calls it leaning (blob past
``pair_area_max``, its centroid pulled off the top face), the die's body (rim and shadow cut
away) lies centred on its top face: stacked (``stack._centred_body``)."""

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
