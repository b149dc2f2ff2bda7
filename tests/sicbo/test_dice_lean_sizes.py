"""The pose cues' sizes on spent seed 12404: a flat six by the dome's rim is no
lean because its top face is no larger than the others' by its pips' span
(``pose._top_large``); a two-dice pair whose one-die blob is a piece of its die says
nothing by blob sizes (``pair._piece``)."""

from __future__ import annotations

from vision.sicbo.settle import SettleParams

from .saved import die_at, needs_model, read_saved


@needs_model
def test_a_flat_six_by_the_rim_is_flat() -> None:
    # seed 12404 (spent) clip 006 r2, 1280x720, camera 22 degrees: a six by the rim under
    # the glare, its blob 1.38 x the others', its face 48 px by pip areas against a five's
    # 41 and a three's 40 (the scene: 48, 49, 55): voided leaning. Spans: 0.97 x
    reading = read_saved("s12404_006_f506_rim_six.png")
    assert [d.pose for d in reading.dice] == ["flat"] * 3
    assert sorted(d.face for d in reading.dice) == [3, 5, 6]
    # clip 008 r4, 1024x576: a six at the rim, 41 px against fives of 38 and 29
    reading = read_saved("s12404_008_f1782_rim_six.png")
    assert [d.pose for d in reading.dice] == ["flat"] * 3
    assert sorted(d.face for d in reading.dice) == [5, 5, 6]


@needs_model
def test_a_pair_sized_by_a_piece_is_no_lean() -> None:
    # seed 12404 (spent) clip 029 r4, pale floor: a six missed, a five's 20 px piece read
    # as a two sizes the scene, so the one's 40 px blob is "4.2 edge^2": voided leaning.
    # No face sure but the piece's two: the rescue also looks sized by the floor's pip
    # spots (rescue._spot_sized), and finds the six; the piece stays unsure
    reading = read_saved("s12404_029_f1714_five_piece.png")
    assert [d.pose for d in reading.dice] == ["flat"] * 3
    assert die_at(reading, (390, 408)).face == 6
    assert die_at(reading, (232, 459)).confidence < SettleParams().min_face_conf
