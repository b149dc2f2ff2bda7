"""A die tipped against another is a lean when its face is seen turned from both other
dice' faces, which are seen alike, even with floor between it and its support.

The frame is the reader's dome crop of seed 11604 clip 016 r0 at rest, frame 73 (spent;
the project's own synthetic footage: 1280x720, camera 6 degrees off vertical, dice 4-5-6,
the five tipped 28.6 degrees against the four). The five's pips are as round as a flat
face's (0.88 against 0.92-0.97) and its face as large; ``touch`` sees floor between it
and the four. Its pip layout is seen 0.55 off its normal (the four 0.00, the six 0.14).
Read as three flat dice at 0.997+, the round paid 4-5-6 (truth: void dice_leaning)."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_face_turned_from_two_alike_dice_is_a_lean() -> None:
    reading = read_saved("s11604_016_f73_lean_turned_five.png")
    assert sorted(d.face for d in reading.dice) == [4, 5, 6]
    five = die_at(reading, (359, 290))
    assert five.face == 5 and five.pose == "leaning"       # before: flat, paid
    assert [d.pose for d in reading.dice].count("leaning") == 1
