"""A die whose pips are out-answered by the dark floor in a narrow gap beside it is
still read (``dice._tops``' second look, ``pips.find_pips(peak_on_die=True)``)."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_four_beside_a_gap_of_dark_floor_is_read() -> None:
    """Seed 13604 (spent) clip 027 r1 at rest (truth 4-6-6, dark floor): a red four turned
    45 degrees, a narrow wedge of dark floor between it and a six. The black-hat answered
    that wedge at 234 against the four's red pips' ~100, so the pip threshold (0.45 x the
    strongest response) rose over every pip: no top face, two dice seen, the round
    abstained dice_count. Measured against the die's own blob, the four is read, sure."""
    reading = read_saved("s13604_027_f267_four_by_gap.png")
    assert len(reading.dice) == 3
    assert die_at(reading, (228, 360)).face == 4
    assert die_at(reading, (228, 360)).confidence >= 0.95
    assert sorted(d.face for d in reading.dice) == [4, 6, 6]
