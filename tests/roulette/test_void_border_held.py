"""Between rounds, a piece at the frame's border voids only once it has lasted.

Seed 14201 clips 000 r0 and 002 r1 (1280x720 and 1920x1080): before the spin the dealer's
arm came in at the frame's top edge, held still there with its shadow cast into the bowl;
at times the object stage took a piece of it for a chip cut by the border (1 frame, then 10
frames), and the round was voided while the ball had not yet been spun: false voids. A chip
lying at the border stays; between rounds (the ball's track perhaps out of view) the
tracker waits for a border piece to last ``border_lasting_s`` without a break.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.roulette.test_settle import BAND, FPS, HEAD, story
from tests.roulette.tracked import of, track
from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.settle import FrameObs
from vision.roulette.settle_params import SettleParams

LASTING = round(SettleParams().border_lasting_s * FPS)  # frames


def before_a_round(seen: int, at_border: bool) -> list[FrameObs]:
    """120 idle frames with an object seen for ``seen`` frames from frame 20, then a
    round read as pocket 7 (``story``)."""
    obs = [FrameObs(f, 0.4, (), object_seen=20 <= f < 20 + seen,
                    object_at_border=at_border and 20 <= f < 20 + seen) for f in range(120)]
    later, _ = story(pocket_k=7)
    return obs + [replace(o, frame=o.frame + 120) for o in later]


def run(obs: list[FrameObs]) -> list:
    return track(obs, fps=FPS, band=BAND, head=HEAD)


# 0.17 s: the longest a hand at the border was seen in passing (14201 002 r1, 10 frames)
@pytest.mark.parametrize("seen", [1, round(0.17 * FPS), LASTING - 1])
def test_a_passing_piece_at_the_border_is_no_void(seen: int) -> None:
    events = run(before_a_round(seen, at_border=True))
    assert not of(events, "void")
    assert [o.result.number for o in of(events, "outcome")] == [  # type: ignore[union-attr]
        WHEEL_SEQUENCE_CW[7]]


def test_a_piece_lasting_at_the_border_voids_once_it_has_lasted() -> None:
    events = run(before_a_round(LASTING + 15, at_border=True))
    assert [e.frame for e in of(events, "void")] == [20 + LASTING]


def test_an_object_inside_the_view_voids_at_once() -> None:
    # no round before it: nothing held it off (a roll out of view may be running)
    events = run(before_a_round(10, at_border=False))
    assert [e.frame for e in of(events, "void")] == [20]


@pytest.mark.parametrize("seen_s", [0.36, 0.56])
def test_a_chip_seen_briefly_at_the_border_voids(seen_s: float) -> None:
    # seed 15201 005 r4 (800x600 at 25 fps): a chip in the bowl at the frame's left border,
    # seen 0.36 s (1600-1608), then lost as the dealer's arm came in: missed at 0.4 s;
    # fresh 14301's chips cut by the border, 0.56 and 0.76 s. A hand passes in 0.02-0.17 s.
    events = run(before_a_round(round(seen_s * FPS), at_border=True))
    assert len(of(events, "void")) == 1
