"""A die against the dome's rim is read by its own pips, not by the gap at its outline.

Saved dome crops of seed 17404 (session 76's fresh set, now spent):
- clip 000 r4 frame 1802 (truth 2-2-4): a two against the rim; the floor's corner between
  its top face and a side face was a 379 px blob (2.7 x its pips) with a dark surround
  (median 81 against the pips' 239), counted a third pip: pips three, CNN two, 0.40,
  abstained ``low_confidence``.
- clip 008 r2 frame 1078 (truth 1-3-5): a red one against the rim; the gap between it and
  the rim's line 623 px (1.8 x the pip, half outside its blob), surround 131 against 252:
  pips two, CNN one, 0.14, abstained.
Now such a blob is no pip (``pips._outline_gap``) and both rounds read their dice surely.
"""

from __future__ import annotations

from vision.sicbo.pips import Pip, PipParams, _blots

from .saved import die_at, needs_model, read_saved


@needs_model
def test_a_two_against_the_rim_reads_two_not_three() -> None:
    reading = read_saved("s17404_000_f1802_rim_corner_gap.webp")
    assert sorted(d.face for d in reading.dice) == [2, 2, 4]
    two = die_at(reading, (268, 260), within=20)
    assert two.face == 2 and two.confidence >= 0.98 and two.pose == "flat"


@needs_model
def test_a_red_one_against_the_rim_reads_one() -> None:
    reading = read_saved("s17404_008_f1078_rim_gap_one.webp")
    assert sorted(d.face for d in reading.dice) == [1, 3, 5]
    one = die_at(reading, (653, 262), within=20)
    assert one.face == 1 and one.confidence >= 0.97 and one.pose == "flat"


def _pip(x: float, area: float, mid: float, lum: float = 250.0) -> Pip:
    r = (area / 3.1416) ** 0.5
    return Pip(center_xy=(x, 0.0), area_px=area, axes_px=(2 * r, 2 * r), angle_deg=0.0,
               inside=1.0, redness=0.0, ring_lum=lum, ring_mid=mid)


def test_a_large_blob_darker_round_than_its_fellows_is_no_pip() -> None:
    # clip 008 r2's measures: the one's pip and the gap, no third candidate
    pip, gap = _pip(0.0, 351.0, mid=252.0), _pip(30.0, 623.0, mid=131.0)
    assert _blots([gap, pip], PipParams()) == [pip]


def test_a_one_among_its_side_faces_pips_stays() -> None:
    # a one's large pip lies in its lit face; its side faces' small pips lie in darker ones
    one = _pip(0.0, 350.0, mid=240.0)
    sides = [_pip(x, 60.0, mid=150.0, lum=180.0) for x in (30.0, 40.0)]
    assert _blots([one, *sides], PipParams()) == [one, *sides]


def test_a_large_pip_as_lit_round_as_its_fellows_stays() -> None:
    # foreshortening and blur make pips of one face unequal, but their surround is the face
    big, small = _pip(0.0, 200.0, mid=230.0), _pip(20.0, 100.0, mid=250.0)
    assert _blots([big, small], PipParams()) == [big, small]
