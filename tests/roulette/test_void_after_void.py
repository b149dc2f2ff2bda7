"""An object that falls in soon after a void round ended: the hold after a round (the
dealer's hands at work) does not hide one lying still (seed 10701 clip 020 r3)."""

from __future__ import annotations

import pytest

from tests.roulette.tracked import of, track
from vision.roulette.settle import FrameObs

FPS = 30.0
BAND = (0.8, 1.15)
HEAD = 1.3


def two_objects(second: list[range]) -> list[FrameObs]:
    """A void round (an object 40-54, no ball seen), ended at 70 (object and ball gone);
    then something shows in the frames of ``second`` (2.3 s later and on)."""
    seen = [range(40, 55), *second]
    return [FrameObs(f, (0.4 + 0.8 * f / FPS) % 6.283, (),
                     object_seen=any(f in r for r in seen)) for f in range(260)]


def voids(obs: list[FrameObs]) -> list[int]:
    return [e.frame for e in of(track(obs, fps=FPS, band=BAND, head=HEAD, finish=False), "void")]


@pytest.mark.parametrize(("second", "expected"), [
    # a chip lying 1.5 s, 2.3 s after the void ended: a void once it lay 1 s
    ([range(139, 184)], [40, 169]),
    # pieces of a hand at work, seen 0.4 s at a time: no void within the hold
    ([range(139, 151), range(156, 168), range(173, 185)], [40]),
])
def test_an_object_lying_still_after_a_void_round_is_a_void(second: list[range],
                                                             expected: list[int]) -> None:
    assert voids(two_objects(second)) == expected
