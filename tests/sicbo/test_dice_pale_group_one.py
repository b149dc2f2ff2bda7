"""A die found only by its pips on a floor as pale as it (``vision.sicbo.floorpips``):
a disk drawn about a group of pip spots must show a face of two pips or more; a one
comes only from a disk about a lone spot (``vision.sicbo.rescue._on_disks``).

Frame: the reader's dome crop of fresh seed 14804 clip 001 r1 frame 599 (640x480, white
dice on a white floor; truth 2-3-6). No die stands out from the floor: all three are
found by their pips. The two's upper pip, its faint lower pip (10 px) and its side
face's dark edge made a group; in the group's disk only the upper pip was found, and
the CNN, shown the face about that pip, read a one 0.994 sure: the round paid 1-3-6."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_a_pale_two_with_one_pip_found_is_not_a_one() -> None:
    reading = read_saved("s14804_001_f599_pale_two_one_pip.webp")
    assert 1 not in [d.face for d in reading.dice]                 # before: 1 at 0.994
    assert die_at(reading, (190, 265)).face == 6                    # the others still read
    assert die_at(reading, (329, 285)).face == 3
