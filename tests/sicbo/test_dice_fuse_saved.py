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
