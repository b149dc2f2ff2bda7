"""A silver coin dropped into the bowl falls onto the turning head and lies there: it looks
like a ball to the ball finder, but it came straight down off the bowl and stopped dead, so
it is no ball at rest and the round is void (seed 11101 013 r0 and 024 r1: the roll
unseen, the coin kept as the ball at rest, no void). A ball coming down the bowl the same
way hops on across the pockets before it rests: no void.

Frames come from the drawn wheel (``drawn.py``): the coin and the ball are the same white
disc, told apart by how they move only.
"""

from __future__ import annotations

import pytest

from tests.roulette import drawn
from vision.footage import Event, StreamInfo
from vision.roulette.reader import RouletteReader
from vision.roulette.still import StillSpots

FPS = 30.0
WHEEL_RAD_S = 1.0  # clockwise, as ``drawn.texture`` takes angles
FALL = 75  # the frame the disc leaves the bowl's slope (0.92 of the bowl's radius)
FRAMES = 150


def coin(f: int, fall_frames: int, lies_at: float) -> tuple[float, float] | None:
    """Falls straight in (at one angle) over ``fall_frames``, then rides the wheel at
    ``lies_at`` (fraction of the bowl's radius)."""
    if f < FALL:
        return None
    u = min(1.0, (f - FALL) / fall_frames)
    landed = min(f, FALL + fall_frames)
    return 0.92 + (lies_at - 0.92) * u, 2.0 + WHEEL_RAD_S * (f - landed) / FPS


def ball(f: int, fall_frames: int, lies_at: float) -> tuple[float, float] | None:
    """Comes down the slope going round at 4.5 rad/s against the wheel, then hops on across
    the pockets, slowing against the wheel over 0.8 s, and rests in one."""
    if f < FALL:
        return None
    t = (f - FALL) / FPS
    down = fall_frames / FPS
    u = min(1.0, t / down)
    if t <= down:
        return 0.92 + (lies_at - 0.92) * u, 2.0 - 4.5 * t
    hop = min(t - down, 0.8)
    rel = -(4.5 + WHEEL_RAD_S) * (hop - hop * hop / 1.6)  # against the wheel, slowing
    return lies_at, 2.0 - 4.5 * down + WHEEL_RAD_S * (t - down) + rel


def run(path, fall_frames: int, lies_at: float) -> list[Event]:
    cam = drawn.camera()
    info = StreamInfo(fps=FPS, width=cam.width, height=cam.height, frame_count=FRAMES)
    reader = RouletteReader(info)
    events: list[Event] = []
    for f in range(FRAMES):
        tex = drawn.texture(drawn.DrawnWheel(), WHEEL_RAD_S * f / FPS,
                            ball=path(f, fall_frames, lies_at))
        events += reader.update(drawn.render(cam, tex), f)
    return events + reader.finish(FRAMES - 1)


@pytest.mark.parametrize(("fall_frames", "lies_at"), [
    (5, 0.67),  # onto the number ring, riding the wheel
    (8, 0.56),  # ... a slower fall into a pocket
    # ... onto the head's rim, just beyond its estimated edge (the strip's band rows, in
    # image coordinates): riding the wheel there it never kept still (fresh seed 14501
    # clip 017 r1, a white chip on the number ring's outer edge: no void)
    (5, 0.76),
])
def test_a_coin_fallen_onto_the_head_is_a_void(fall_frames: int, lies_at: float) -> None:
    voids = [e for e in run(coin, fall_frames, lies_at) if e.type == "void"]
    assert voids, "the coin lying on the head was kept as the ball at rest"
    assert voids[0].frame <= FALL + fall_frames + round(0.5 * FPS)


def test_a_ball_come_down_that_hops_on_is_no_void() -> None:
    events = run(ball, 8, 0.56)
    assert not [e for e in events if e.type == "void"]
    assert [e for e in events if e.type == "outcome"], "the ball at rest was read"


HEAD_ROW = 20  # strip rows above: the head (wheel columns); from it: the bowl (image)
SHIFT = 100.0  # image column of the head's column 0


FELL_AND_LIES = [(34.0, 130.0), (28.0, 130.0), (22.0, 130.0), (16.0, 30.0)] + [(14.0, 30.0)] * 4


BAND = 22.0  # a strip row of the band beyond the head's edge (``HEAD_ROW`` to +4)


@pytest.mark.parametrize(("step", "kept_at_end"), [
    (0.0, False),   # still on the bowl just beyond the head: something lying there
    (1.8, False),   # riding with the wheel (its image column going with the head's roll)
    (-4.0, True),   # going against the wheel: may be the ball
])
def test_a_spot_in_the_band_still_or_riding_the_wheel_is_no_ball(step: float,
                                                                 kept_at_end: bool) -> None:
    """The band's rows are in image coordinates but the wheel's rim may turn there: a spot
    that keeps still in either is something lying there, not the ball (which rests in the
    pockets, rows up to ``rest_row``)."""
    still = StillSpots(bowl_row=HEAD_ROW + 5, rest_row=12, head_row=HEAD_ROW, columns=444)
    for f in range(14):
        shift = SHIFT + 1.8 * f            # the head turns 1.8 columns a frame
        kept = still.update([(BAND, 130.0 + step * f)], f, shift=shift)
    assert (kept != []) is kept_at_end


@pytest.mark.parametrize(("track", "free", "rolling", "dead_at_end"), [
    # down the bowl at image column 130 (the head's 30), then lying on the head
    (FELL_AND_LIES, True, False, True),
    # ... lying only 2 frames: not yet
    ([(34.0, 130.0), (28.0, 130.0), (22.0, 130.0), (16.0, 30.0), (14.0, 30.0)], True, False,
     False),
    # ... carried down in fingers (a ball put back): may be the ball at rest
    (FELL_AND_LIES, False, False, False),
    # ... while a round rolls: the ball in play dropping off the bowl straight into a pocket
    # and staying moves as the coin does (seed 11201 017 r2 and 025 r0: the ball lifted as
    # dead, boxed as an object, a false void)
    (FELL_AND_LIES, True, True, False),
    # down the bowl, then hopping on across the pockets before it rests: a ball
    ([(34.0, 130.0), (28.0, 130.0), (22.0, 130.0), (16.0, 30.0), (14.0, 36.0),
      (14.0, 42.0), (14.0, 47.0), (14.0, 51.0), (14.0, 54.0), (14.0, 56.0)]
     + [(14.0, 57.0)] * 6, True, False, False),
    # still on the head, never seen coming off the bowl (the last round's ball)
    ([(14.0, 30.0)] * 8, True, False, False),
])
def test_a_spot_that_fell_off_the_bowl_and_lies_on_the_head_is_dead(
        track: list[tuple[float, float]], free: bool, rolling: bool, dead_at_end: bool) -> None:
    still = StillSpots(bowl_row=HEAD_ROW + 4, rest_row=12, head_row=HEAD_ROW, columns=444,
                       fall_frames=4, dead_frames=3)
    for f, spot in enumerate(track):
        kept = still.update([spot], f, shift=SHIFT, free=[free], rolling=rolling)
    assert still.dead == [dead_at_end]
    assert (kept == []) is dead_at_end  # let go of: the object stage sees it
