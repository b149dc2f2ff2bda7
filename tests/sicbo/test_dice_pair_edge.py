"""Two dice seen, the third leaning in the larger blob: a face read unsurely on that blob
does not size the blobs, so the pair is seen and called leaning, not stacked.

The frame is the reader's dome crop of fresh seed 13504 (spent) clip 022 r3 at rest,
frame 687 (800x600, camera 9 degrees, red floor; the project's own synthetic footage):
a five leaning 25 degrees on a five beside a flat six. Both fives' top faces lie in one
blob (118 x 61 px), their pips read as one six at 0.28 with a 75 px edge for 48 px dice;
the scene's edge, the median with the flat six's 48 px, 61 px, made the pair's blob 1.47
and its body 1.39 edge^2, under ``pair_area`` (1.45) by body: the pair rule let it go,
the light cue called it stacked and the round was voided dice_stacked (truth
dice_leaning). (Since ``pips._blots`` drops a large blob whose surround is half dark, the
grey side face between the fives is no pip of that face: the pair's face reads a five at
0.40, its centre 16 px from where the six's was, with a 53 px edge.)"""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_two_faces_read_as_one_unsure_face_do_not_size_the_pair() -> None:
    reading = read_saved("s13504_022_f687_lean_merged_pair.png")
    assert len(reading.dice) == 2
    assert die_at(reading, (136, 352)).pose == "flat"
    assert die_at(reading, (372, 245), within=20).pose == "leaning"   # before: stacked
