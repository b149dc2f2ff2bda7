"""A face between two touching dice tipped neither level nor upright is on a leaning die
(``upturned``): the pair voids as leaning instead of abstaining.

Forward model: cubes of edge 2 posed in 3D, their faces' pips projected by a camera
tilted off vertical (orthographic: the layouts' squash is exact). Saved observations:
the reader's dome crop of fresh seed 14004 (spent) clip 002 r1, frame 520 (1280x960,
camera 3.5 degrees): a one tipped 30.4 degrees against a flat five, its upturned five
shaded grey, outside every blob; both dice were capped at 0.5 (touching, not seen alike)
and the round abstained low_confidence (truth void dice_leaning).
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo import upturned
from vision.sicbo.layout import LAYOUTS
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.pose import sided_leans, stretched_leans
from vision.sicbo.upturned import UpturnedParams, face_tilt_deg, face_tipped, upturned_leans

from .saved import saved_pairs

PX = 30.0    # px per unit: dice of 60 px


def _rot(axis: str, deg: float) -> np.ndarray:
    c, s = np.cos(np.radians(deg)), np.sin(np.radians(deg))
    return {"x": np.array([[1, 0, 0], [0, c, -s], [0, s, c]]),
            "y": np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])}[axis]


def _pips(centre: np.ndarray, rot: np.ndarray, normal: int, count: int,
          camera: np.ndarray) -> tuple[Pip, ...]:
    """The pips of the face of a cube (centre, rotation) whose local normal is the axis
    ``normal`` (0: -x, 1: +x, 2: +z), seen by ``camera`` (world -> camera rotation)."""
    n, a, b = {0: ((-1, 0, 0), (0, 1, 0), (0, 0, 1)), 1: ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
               2: ((0, 0, 1), (1, 0, 0), (0, 1, 0))}[normal]
    out = []
    for x, y in LAYOUTS[count]:
        p = centre + rot @ (np.array(n) + 0.55 * (x * np.array(a) + y * np.array(b)))
        u, v = (camera @ p)[:2] * PX
        out.append(Pip(center_xy=(float(u), float(v)), area_px=40.0, axes_px=(7.0, 7.0),
                       angle_deg=0.0, inside=0.0, redness=0.0, ring_lum=200.0))
    return tuple(out)


def _top(pips: tuple[Pip, ...], side: tuple[Pip, ...] = ()) -> TopFace:
    centre = np.mean([p.center_xy for p in pips], axis=0)
    return TopFace(pips=pips, center_xy=(float(centre[0]), float(centre[1])), edge_px=2 * PX,
                   side_pips=side)


def _pair(lean_deg: float, camera: np.ndarray) -> list[TopFace]:
    """A flat five (die 0) and a one beside it (die 1) tipped ``lean_deg`` towards it
    about its far bottom edge, its -x face (a five) turned up between them; a flat three
    far off (die 2)."""
    support, lean_rot = np.array([-1.1, 0.0, 1.0]), _rot("y", lean_deg)
    lean = np.array([1.2, 0.0, 1.0 + 0.5 * np.sin(np.radians(lean_deg))])
    between = _pips(lean, lean_rot, 0, 5, camera)
    return [_top(_pips(support, np.eye(3), 2, 5, camera), between),
            _top(_pips(lean, lean_rot, 2, 1, camera), between),
            _top(_pips(np.array([0.0, 6.0, 1.0]), np.eye(3), 2, 3, camera))]


def test_a_face_tipped_by_a_lean_between_two_dice_voids_both() -> None:
    # camera 4 degrees off vertical, leans of 25-40 degrees: the upturned face's normal
    # lies 50-65 degrees from the floor's, neither level nor upright
    for lean in (25.0, 30.0, 40.0):
        assert upturned_leans(_pair(lean, _rot("x", 4.0)), {(0, 1)}, 2 * PX) == {0, 1}


def test_a_flat_die_side_face_seen_from_a_slanted_camera_is_no_lean(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # two flat dice apart by half an edge, a camera 30 degrees off vertical towards the
    # five's upright side face between them: seen 60 degrees off, the floor 30 degrees off
    camera = _rot("y", -30.0)
    support, one = np.array([-1.5, 0.0, 1.0]), np.array([1.5, 0.0, 1.0])
    side = _pips(support, np.eye(3), 1, 5, camera)
    tops = [_top(_pips(support, np.eye(3), 2, 5, camera), side),
            _top(_pips(one, np.eye(3), 2, 1, camera), side)]
    seen: list[float | None] = []
    def tilt(*args: object, **kwargs: object) -> float | None:
        seen.append(face_tilt_deg(*args, **kwargs))  # type: ignore[arg-type]
        return seen[-1]
    monkeypatch.setattr(upturned, "face_tilt_deg", tilt)
    assert upturned_leans(tops, {(0, 1)}, 2 * PX) == set()
    assert seen and seen[0] == pytest.approx(60.0, abs=0.5)   # measured, judged upright
    # with no face layout to tell the floor by, the contract's 30 degrees bound is used
    assert upturned_leans([tops[1], tops[1]], {(0, 1)}, 2 * PX) == set()


def test_a_lean_seen_along_its_tilt_stays_within_the_margin() -> None:
    # weak case, documented: a camera tilted 25 degrees towards the upturned face of a
    # 30-degree lean sees it 35 degrees off, the floor 25 off: a flat top face could look so
    tops = _pair(30.0, _rot("y", 25.0))
    face = face_tilt_deg(list(tops[0].side_pips), 0.05, None)
    assert face == pytest.approx(35.0, abs=0.5)
    assert not face_tipped(face, 25.0, UpturnedParams().margin_deg)
    assert face_tipped(60.0, 4.0, UpturnedParams().margin_deg)     # seen from straight above


def test_pips_of_another_size_are_no_face_between() -> None:
    tops = _pair(30.0, _rot("x", 4.0))
    small = tuple(Pip(center_xy=(0.5 * p.center_xy[0], 0.5 * p.center_xy[1]), area_px=40.0,
                      axes_px=(7.0, 7.0), angle_deg=0.0, inside=0.0, redness=0.0,
                      ring_lum=200.0) for p in tops[0].side_pips)
    assert face_tilt_deg(list(small), 0.05, 2 * 2 ** 0.5 * 0.55 * PX) is None


def test_the_upturned_five_of_14004_002_voids_the_pair() -> None:
    saved = saved_pairs("s14004_002_f520_upturned_face.npz")
    assert saved.pairs == {(0, 2)}              # the five and the one touch, not alike
    assert upturned_leans(saved.tops, saved.pairs, saved.edge_px) == {0, 2}
    # no other pair-lean stage told it (the round abstained): its outline does not run out
    # (the upturned face is darker than the floor, outside both blobs)
    def bodies() -> list:
        return saved.bodies
    reads = [type("Read", (), {"confidence": c, "edge_px": t.edge_px})()
             for c, t in zip(saved.confidences, saved.tops, strict=True)]
    assert sided_leans(saved.blobs, saved.tops, reads, saved.pairs, bodies,  # type: ignore[arg-type]
                       saved.edge_px) == set()
    assert stretched_leans(saved.blobs, saved.tops, reads, saved.pairs,  # type: ignore[arg-type]
                           bodies) == set()


@pytest.mark.parametrize("kwargs", [{"margin_deg": 0.0}, {"margin_deg": 45.0},
                                    {"span_lo": 1.0}, {"span_hi": 1.0}])
def test_upturned_params_are_checked(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        UpturnedParams(**kwargs)
