"""A ball seen coming down the bowl, then out of sight a little over the track's
``reach_s`` and seen again in the pockets on its way, was seen coming: no look-alike test
(``found.followed_down``). Seed 12801 025 r2 (640x480 at 30 fps, the wheel filling the
frame, the ball's track out of view): seen for 5 frames coming down at 3 rad/s, 9 frames
unseen (0.3 s), then in the pockets 0.80 rad on; the wheel turning its way, it hopped 0.9
pocket relative to the wheel, under ``settle_travel``, and was dropped as a look-alike at
rest: nothing was sent for the round. The ball's sightings as the reader took them, fed
to the settle state machine one frame at a time (as ``test_way_glimpsed``).
"""

from __future__ import annotations

import pytest

from tests.roulette.test_way_glimpsed import frames
from tests.roulette.tracked import of, track
from vision.footage import RouletteResult
from vision.roulette.pocket import pocket_at
from vision.roulette.settle import FrameObs

FPS, BAND, HEAD = 30.0, (0.88, 1.29), 1.31
# above the pockets (frame, rho, image angle), coming down at ~3 rad/s
DOWN = [(98, 1.49, 3.80), (99, 1.44, 3.92), (100, 1.41, 4.03), (101, 1.38, 4.14),
        (102, 1.35, 4.24)]
# in the pockets (frame, rho, angle relative to where it came in): 0.9 pocket at most
IN = [(111, 1.13, 0.0), (112, 1.08, 0.06), (113, 1.05, 0.10), (114, 1.01, 0.13),
      (115, 1.04, 0.11), (116, 1.04, 0.09), (117, 1.05, 0.06), (118, 1.04, 0.02),
      (119, 1.04, -0.01), (120, 1.01, -0.03), (121, 1.02, -0.01), (122, 1.03, 0.02),
      (123, 1.03, 0.07), (124, 1.03, 0.10), (125, 1.02, 0.13)]
REST = 0.15  # ... where it rests from 126 on


def down_then_in(wheel: float, *, speed: float = 1.0, ahead: float = 0.80,
                 first: int = 111) -> list[FrameObs]:
    """The ball coming down (its image steps ``speed`` times those of the clip), seen in
    the pockets from ``first`` on, ``ahead`` rad on its way from its last place above."""
    zero0 = 5.73 - 1.07 * 98 / FPS  # (the wheel's angle as in the clip)
    zero = lambda f: zero0 + wheel * f / FPS  # noqa: E731
    last = DOWN[-1]
    spots = {f: (rho, last[2] + speed * (theta - last[2])) for f, rho, theta in DOWN}
    entry = last[2] + ahead - zero(IN[0][0])  # relative angle where it came in
    spots |= {f: (rho, zero(f) + entry + d) for f, rho, d in IN if f >= first}
    spots |= {f: (1.01, zero(f) + entry + REST) for f in range(126, 240)}
    return frames(FPS, wheel, spots, 260, zero0=zero0)


def rest_number(wheel: float) -> int:
    zero0 = 5.73 - 1.07 * 98 / FPS
    return pocket_at(DOWN[-1][2] + 0.80 - (zero0 + wheel * 111 / FPS) + REST, 0.0, 1).number


@pytest.mark.parametrize("wheel", [
    1.07,  # 025 r2: the wheel its way (a same-direction spin), little travel in the pockets
    -1.07,  # the wheel against it: where it came in lies on its way as well
])
def test_seen_coming_down_then_in_the_pockets_is_read(wheel: float) -> None:
    events = track(down_then_in(wheel), fps=FPS, band=BAND, head=HEAD)
    said = of(events, "outcome")
    assert [(e.frame >= 126, e.result) for e in said] == [
        (True, RouletteResult(rest_number(wheel)))]
    assert not of(events, "abstain")


@pytest.mark.parametrize("story", [
    dict(ahead=-1.0),  # in the pockets behind where it was going: a look-alike, maybe
    dict(ahead=2.5),  # far ahead of where its speed could take it in 0.3 s
    dict(first=116),  # unseen 14 frames (0.47 s): too long to say where it got to
    dict(speed=4.0),  # running at 12 rad/s: still on the track, it could be anywhere
])
def test_not_seen_coming_it_must_hop_on_before_it_rests(story: dict) -> None:
    # found so, the spot goes 0.9 pocket at most relative to the wheel: no outcome
    events = track(down_then_in(1.07, **story), fps=FPS, band=BAND, head=HEAD)
    assert not of(events, "outcome")
