"""Which spot is the ball: ``BallTrack`` fed per-frame spots, one frame at a time."""

from __future__ import annotations

import numpy as np
import pytest

from vision.roulette.track import BallObs, BallTrack, FrameObs

FPS = 25.0
HEAD, BAND_OUT = 1.17, 1.15


@pytest.mark.parametrize(("later_deg", "taken"), [
    (24.0, True),  # ahead along its way, slower than it came: the ball dropping in
    (2.0, True),  # where it would ride with the wheel
    (-40.0, False),  # behind it, far: a look-alike
    (90.0, False),  # far beyond where its speed could take it
])
def test_a_ball_dropping_off_the_bowl_is_followed_into_the_pockets(later_deg: float,
                                                                   taken: bool) -> None:
    # a 25 fps camera sees the ball twice on the bowl, once at the head's edge 4 frames
    # later, then (4 frames on) in the pockets, well ahead of where the wheel carried it
    track = BallTrack(fps=FPS, head=HEAD, band_out=BAND_OUT)
    wheel = -0.9  # rad/s
    spots = {299: (1.30, 249.0), 300: (1.25, 258.0), 304: (1.12, 295.0),
             308: (1.02, 295.0 + later_deg)}
    seen = {}
    for f in range(296, 309):
        zero = wheel * f / FPS
        balls = () if f not in spots else (BallObs(spots[f][0], np.radians(spots[f][1])),)
        seen[f] = track.update(FrameObs(f, zero % (2 * np.pi), balls), in_play=f >= 304)
    assert seen[304] is not None
    assert (seen[308] is not None) == taken
