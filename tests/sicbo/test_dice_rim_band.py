"""Two flat dice whose blobs the dome's rim band joins are not a lean.

Saved dome crop of fresh seed 16704 clip 000 r4 frame 1483 (800x600, an orange floor,
a pale band inside the rim; truth 4-2-5): the five's blob ran along the band to the four
1.95 edges away. ``merged.second_die_face`` found the four's face in that blob, and the
five was taken as leaning on it: voided dice_leaning. The four was found as its own die
already, beyond a lean's reach of the five (``dice._found_apart``): now all three lie
flat and the round is paid.
"""

from __future__ import annotations

from vision.sicbo.dice import _found_apart
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.reading import DiceParams

from .saved import die_at, needs_model, read_saved


@needs_model
def test_dice_joined_by_the_rim_band_are_read_flat_and_paid() -> None:
    reading = read_saved("s16704_000_f1483_rim_band.webp")
    assert sorted(d.face for d in reading.dice) == [2, 4, 5]
    five = die_at(reading, (349, 130))
    assert five.face == 5 and five.pose == "flat"
    assert all(d.pose == "flat" for d in reading.dice)


def _face(centre: tuple[float, float], count: int, edge: float = 36.0) -> TopFace:
    offsets = [(-9, -9), (9, 9), (-9, 9), (9, -9), (0, 0), (0, -9)][:count]
    pips = tuple(Pip(center_xy=(centre[0] + dx, centre[1] + dy), area_px=26.0,
                     axes_px=(5.7, 5.7), angle_deg=0.0, inside=1.0, redness=0.0,
                     ring_lum=230.0, ring_mid=230.0) for dx, dy in offsets)
    return TopFace(pips=pips, center_xy=centre, edge_px=edge, side_pips=())


def test_a_second_face_counts_as_another_die_only_beyond_a_leans_reach() -> None:
    five, four = _face((349.0, 130.0), 5), _face((281.0, 104.0), 4)
    params = DiceParams()
    assert _found_apart(0, four, [five, four], 36.0, params)
    near = _face((300.0, 118.0), 4)      # 1.4 edges away: could lean, left to the lean rules
    assert not _found_apart(0, near, [five, near], 36.0, params)
    other = _face((281.0, 104.0), 3)     # not the found die's face
    assert not _found_apart(0, other, [five, four], 36.0, params)
