"""A face whose only pips are another face's is a piece of that die (shared_pip_faces)."""

from __future__ import annotations

import pytest

from vision.sicbo.merged import shared_pip_faces
from vision.sicbo.pips import Pip, TopFace


def _face(points: list[tuple[float, float]], edge: float = 44.0) -> TopFace:
    pips = tuple(Pip(center_xy=p, area_px=39.0, axes_px=(6.0, 6.5), angle_deg=0.0, inside=1.0,
                     redness=1.5, ring_lum=255.0) for p in points)
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    return TopFace(pips=pips, center_xy=(cx, cy), edge_px=edge, side_pips=())


# seed 10604 clip 000 r4 (800x600 dome crop): a five, and glare cutting its corner pip off
# into a blob of its own, read as a one 0.37 edge from the five (a false leaning void)
FIVE = [(316.2, 321.9), (316.8, 298.8), (304.9, 309.9), (292.9, 320.9), (293.8, 297.9)]


@pytest.mark.parametrize(("lone", "expected"), [
    ((293.6, 298.3), {1}),        # the five's own corner pip: a piece of the five
    ((296.0, 300.0), {1}),        # 3 px (under 0.1 edge) from it: the same spot
    ((280.0, 285.0), set()),      # 0.43 edge off the corner: a pip of its own
    ((340.0, 340.0), set()),      # beside the five: another die's one
])
def test_a_lone_pip_on_another_face_is_no_die(lone: tuple[float, float],
                                              expected: set[int]) -> None:
    assert shared_pip_faces([_face(FIVE), _face([lone], edge=37.7)]) == expected


def test_faces_of_as_many_pips_are_never_pieces() -> None:
    two = [(300.0, 300.0), (320.0, 320.0)]
    assert shared_pip_faces([_face(two), _face(two)]) == set()
