"""Saved dome crops read through the whole per-image reader: the face fused from the
pip count and the CNN is the die's, and sure enough to pay (issue 4)."""

from __future__ import annotations

from tests.sicbo.saved import die_at, needs_model, read_saved


@needs_model
def test_four_grown_from_a_washed_corner_pair_is_not_doubted_by_its_own_pip() -> None:
    """Seed 10904 (spent) clip 020 r2 at rest (truth 2-4-4): a red four, two pips found
    clearly and one faint (34 px against 57) ranked off the top face; the corner pair grown
    to the four (``faintpip``), the faint pip left as a 'stray' pip inside the face capped
    it at 0.9 (abstained). The faint pip is the grown pip: the four is sure."""
    die = die_at(read_saved("s10904_020_f481_washed_four.png"), (362, 343))
    assert die.face == 4
    assert die.confidence >= 0.95


@needs_model
def test_small_six_read_a_four_by_the_cnn_is_a_six() -> None:
    """Seed 10904 (spent) clip 027 r1 at rest (truth 1-5-6): a six of 29 px, its six
    round pips in a clean layout, the CNN four 0.51 / six 0.42: read a four at 0.26
    (the round abstained low_confidence). A four's pips lie in a six's layout, not
    the other way round: the six, paid (>= 0.95, the floor for 3+ pips)."""
    die = die_at(read_saved("s10904_027_f260_small_six.png"), (151, 301))
    assert die.face == 6
    assert die.confidence >= 0.95


@needs_model
def test_two_with_a_washed_pip_is_no_sure_one() -> None:
    """Seed 11204 (spent) clip 008 r2 at rest (truth 2-4-5): a two, one pip washed out by
    glare, its other pip alone on the face; the CNN one 0.13, two 0.13, not a die 0.64.
    The lone pip fits a one's layout perfectly, which raised the CNN's one to 0.936,
    0.034 short of the one's floor: no lone pip backs a one the CNN barely holds."""
    die = die_at(read_saved("s11204_008_f1012_washed_two.png"), (432, 298))
    assert die.face != 1 or die.confidence < 0.5
