"""A die by the dome's rim is read by its own pips, not by the floor the rim encloses.

Saved dome crop of seed 16604 clip 023 r3 frame 560 (800x600 at 25 fps, a purple floor;
truth 3-4-6): the three lies against the rim's line, its blob joined to the line, and the
floor enclosed between the die's edge and the line (324 px, 0.66 round, 11 x the three's
pips, its surround's median luminance 74 against 190) ranked as the top face's one pip,
the three's own pips left as side pips. Read a one and "not a die", the three was
dropped; a glare spot on the floor, read a one at 0.5, was kept as the third die beside
the four, which was then called leaning: a false void. Now the enclosed floor is no pip
(``pips._blots``): the three reads three, the glare spot is the fourth find and goes.
"""

from __future__ import annotations

from vision.sicbo.pips import Pip, PipParams, _blots

from .saved import die_at, needs_model, read_saved


@needs_model
def test_a_die_against_the_rim_is_read_and_the_round_paid() -> None:
    reading = read_saved("s16604_023_f560_rim_gap.webp")
    assert sorted(d.face for d in reading.dice) == [3, 4, 6]
    three = die_at(reading, (398, 209))
    assert three.face == 3 and three.confidence > 0.95
    assert all(d.pose == "flat" for d in reading.dice)


def _pip(x: float, area: float, mid: float, lum: float = 200.0) -> Pip:
    r = (area / 3.1416) ** 0.5
    return Pip(center_xy=(x, 0.0), area_px=area, axes_px=(2 * r, 2 * r), angle_deg=0.0,
               inside=1.0, redness=0.0, ring_lum=lum, ring_mid=mid)


def test_a_large_round_blob_with_a_dark_surround_is_no_pip() -> None:
    small = [_pip(x, 30.0, 200.0) for x in (0.0, 10.0, 20.0)]
    gap = _pip(40.0, 320.0, mid=74.0, lum=190.0)
    assert _blots([gap, *small], PipParams()) == small


def test_a_large_pip_inside_its_face_stays() -> None:
    # a one's large pip among its side faces' small pips: its surround is the face
    small = [_pip(x, 30.0, 200.0) for x in (0.0, 10.0, 20.0)]
    one = _pip(40.0, 320.0, mid=196.0, lum=205.0)
    assert _blots([one, *small], PipParams()) == [one, *small]
