"""One blob holding two dice' faces that look like two flat dice side by side
(``merged.faces_apart``), not a lean: neither die is called leaning; both are read, and
neither is trusted (no floor shows between them, so flat or leaning cannot be told)
while the faces lie within a lean's reach of each other.

The saved frame is a dome crop of the project's own synthetic footage (seed 11904,
spent; clip 018 r4, 1280x720, camera 18 deg, orange floor): a flat five and a flat one
1.60 edges apart, joined into one blob along the dome's rim; truth 1-5-6. Before, the
five's face was taken for a second die leaning in the one's blob: voided dice_leaning."""

from __future__ import annotations

import pytest

from vision.sicbo.merged import faces_apart
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace

from .saved import die_at, needs_model, read_saved


@needs_model
def test_merged_flat_pair_is_no_lean() -> None:
    reading = read_saved("s11904_018_f1885_merged_flat_pair.png")
    assert sorted(d.face for d in reading.dice) == [1, 5, 6]
    assert all(d.pose == "flat" for d in reading.dice)
    assert "leaning" not in reading.flags
    # the pair in one blob is read but not trusted (the round abstains); the six is
    assert die_at(reading, (284, 128)).confidence <= 0.5
    assert die_at(reading, (363, 138)).confidence <= 0.5
    assert die_at(reading, (382, 271)).confidence >= 0.98


@needs_model
def test_merged_flat_pair_beyond_a_leans_reach_is_trusted() -> None:
    # fresh seed 16004 clip 006 r0 frame 103 (1280x720): two flat threes, their bodies
    # joined at a corner into one blob, the faces 1.81 edges apart (a lean's lies within
    # 1.62-1.75): each was capped at 0.5 on five reads of six, abstained low_confidence
    reading = read_saved("s16004_006_f103_merged_threes_apart.webp")
    assert sorted(d.face for d in reading.dice) == [3, 3, 5]
    assert all(d.pose == "flat" for d in reading.dice)
    assert die_at(reading, (700, 427)).confidence >= 0.98
    assert die_at(reading, (633, 313)).confidence >= 0.98


def _face(x: float, edge_px: float, roundness: float) -> TopFace:
    pip = Pip(center_xy=(x, 0.0), area_px=40.0, axes_px=(8.0 * roundness, 8.0),
              angle_deg=0.0, inside=1.0, redness=0.0, ring_lum=200.0)
    return TopFace(pips=(pip, pip), center_xy=(x, 0.0), edge_px=edge_px, side_pips=())


@pytest.mark.parametrize(("gap_rel", "edge_px", "roundness", "apart"), [
    (1.6, 48.0, 0.95, True),    # alike, 1.6 edges apart: flat dice side by side
    (1.3, 48.0, 0.95, False),   # alike but 1.3 edges: where a lean's face lies
    (1.6, 40.0, 0.95, False),   # one face 0.8 x the other's edge: tipped, a lean
    (1.6, 48.0, 0.70, False),   # one face's pips 0.74 x as round: tipped, a lean
])
def test_faces_apart(gap_rel: float, edge_px: float, roundness: float, apart: bool) -> None:
    top = _face(0.0, 50.0, 0.95)
    assert faces_apart(top, _face(gap_rel * 50.0, edge_px, roundness)) is apart
