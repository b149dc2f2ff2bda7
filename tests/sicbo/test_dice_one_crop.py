"""A one is shown to the CNN at about the other dice' size (``dice._crop_edges``): its
lone pip says nothing of its face's size, and a blob joined to its side face sizes it too
large, so the CNN sees the die small in a crop of its surroundings and is unsure. The
face's own edge stays for the pose stage.

The saved frame is the reader's dome crop of fresh seed 14504 (spent) clip 022 r1 frame
252 (the project's own synthetic footage: 800x600, a red floor, dice 1-4-5): a western
one whose blob held its five side face, its face sized 59 px against the others' 45-47
(the 1.3 x cap); the CNN read it 0.70 at 59 px (0.92 at 46), every read at the one's
floor (0.97) or under, and the round abstained."""

from __future__ import annotations

from .saved import die_at, needs_model, read_saved


@needs_model
def test_a_one_sized_by_its_side_face_is_read_sure() -> None:
    reading = read_saved("s14504_022_f252_one_by_side_face.webp")
    assert sorted(d.face for d in reading.dice) == [1, 4, 5]
    one = die_at(reading, (464, 152))
    assert one.face == 1 and one.pose == "flat"
    assert one.confidence >= 0.98                  # before: 0.971, the round abstained
    assert one.edge_px > 55                        # its face as before, for the poses
