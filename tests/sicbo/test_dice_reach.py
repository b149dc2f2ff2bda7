"""Dice whose blobs meet along a short contact are not trusted (flat or leaning cannot be
told apart: ``dice.read_dice``'s pressed cap) only where one could lean on the other: their
top faces within a lean's reach (``dice._in_reach``, ``TouchParams.reach_rel``)."""

from __future__ import annotations

from vision.sicbo.dice import _in_reach
from vision.sicbo.pips import TopFace
from vision.sicbo.reading import DiceParams

from .saved import die_at, needs_model, read_saved


def _top(x: float, y: float) -> TopFace:
    return TopFace(pips=(), center_xy=(x, y), edge_px=40.0, side_pips=())


def test_in_reach_is_a_leans_distance() -> None:
    params = DiceParams()
    assert _in_reach(_top(100, 100), _top(160, 100), 40.0, params)       # 1.5 edges
    assert _in_reach(_top(100, 100), _top(150, 145), 40.0, params)       # 1.68: slid
    assert not _in_reach(_top(100, 100), _top(180, 100), 40.0, params)   # 2.0: too far


@needs_model
def test_a_flat_pair_beyond_reach_is_trusted() -> None:
    """Seed 12804 (spent) clip 022 r2 frame 1045 (the dome's crop, 1024x576 clip): a flat
    one and a three 2.0 edges apart, their blobs meeting along 0.82 edge at a corner; the
    one (or on other reads the three) was capped at 0.5 on every read: abstained."""
    reading = read_saved("s12804_022_f1045_pair_beyond_reach.png")
    one = die_at(reading, (378, 306), within=10.0)
    three = die_at(reading, (415, 241), within=10.0)
    assert (one.face, three.face) == (1, 3)
    assert one.confidence >= 0.97 and three.confidence >= 0.95, (one.confidence,
                                                                  three.confidence)
    assert [d.pose for d in reading.dice] == ["flat"] * 3
