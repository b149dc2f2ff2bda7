"""A face tipped against another die shows its pips squashed, and on a tilted camera the
nadir push ranks its lowest pip under the floor: a five found as its centre pip alone is
grown to the five the CNN reads when the die's pips, ranked lower too, make a five as
cleanly as a shrunk face's (``vision.sicbo.pips.grown_to``); tipped, it leans.

Frame: the reader's dome crop of fresh seed 15004 clip 012 r1 frame 557 (1280x720, camera
26 degrees; truth dice_leaning, a five tipped 23 degrees against a five, a two apart): the
tipped five's pips 0.56-0.75 round, the CNN 0.97 sure of a five, the face read as a one's
pip: capped at 0.48, and the pair pressed: abstained ``low_confidence``."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_a_five_tipped_against_a_five_leans() -> None:
    reading = read_saved("s15004_012_f557_tipped_five.webp")
    tipped = die_at(reading, (427, 200))
    assert (tipped.face, tipped.pose) == (5, "leaning")      # before: 5 at 0.485, flat
    two = die_at(reading, (197, 271))
    assert (two.face, two.pose) == (2, "flat")
