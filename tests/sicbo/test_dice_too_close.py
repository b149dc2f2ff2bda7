"""Two top faces under an edge apart, both read flat: they cannot both lie on the floor.

Saved dome crop of fresh seed 16604 clip 017 r1 frame 252 (1024x576 MJPEG, camera tilted;
truth dice_leaning): a die tipped towards the camera against a flat four, its upturned four
read as its top face at 0.995, 0.89 edge from the flat four's; their blobs met along 0.45
edge (no pressed pair) and no lean cue fired: both read flat and sure, and the round was
paid 4-4-5 (a wrong outcome). Now neither is trusted (``dice._too_close``).
"""

from __future__ import annotations

import pytest

from vision.sicbo.dice import _too_close
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.reading import DieRead

from .saved import die_at, needs_model, read_saved


@needs_model
def test_a_face_tipped_up_beside_its_support_is_not_paid() -> None:
    reading = read_saved("s16604_017_f252_lean_close.webp")
    five = die_at(reading, (282, 427))
    near, far = die_at(reading, (317, 148)), die_at(reading, (353, 169))
    assert (five.face, near.face, far.face) == (5, 4, 4)
    assert five.confidence > 0.95
    assert near.confidence <= 0.5 and far.confidence <= 0.5


def _top(x: float) -> TopFace:
    pip = Pip(center_xy=(x, 50.0), area_px=30.0, axes_px=(6.0, 6.0), angle_deg=0.0,
              inside=1.0, redness=0.0, ring_lum=200.0)
    return TopFace(pips=(pip, pip), center_xy=(x, 50.0), edge_px=40.0, side_pips=())


def _read(x: float, pose: str = "flat") -> DieRead:
    return DieRead(box_xyxy=(x - 20, 30, x + 20, 70), center_xy=(x, 50.0), face=4,
                   confidence=0.99, pose=pose, top_quad=(), edge_px=40.0)


@pytest.mark.parametrize(("gap", "pose", "trusted"), [
    (36.0, "flat", False),     # 0.9 edge apart, both flat: one is raised
    (41.0, "flat", True),      # just over an edge: flat dice face to face
    (36.0, "leaning", True),   # posed already: the round voids for it, not capped here
])
def test_faces_under_an_edge_apart(gap: float, pose: str, trusted: bool) -> None:
    reads = [_read(100.0), _read(100.0 + gap, pose), _read(300.0)]
    tops = [_top(100.0), _top(100.0 + gap), _top(300.0)]
    out = _too_close(reads, tops, 40.0)
    assert (out[0].confidence > 0.9) == trusted
    assert out[2].confidence > 0.9
