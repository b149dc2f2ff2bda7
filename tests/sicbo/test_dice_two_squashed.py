"""A two's pips at opposite corners told from a face's adjacent corners on a face seen
obliquely (``pips.span_edge_px``): the span is measured against the face's edge along
the span's own direction, as the squashed pips show it, so a two at the dome's far side,
its pips along the nadir line, is not taken for a washed four's adjacent corners, nor a
four's adjacent corners across that line for a two."""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import pytest

from tests.sicbo.scenes import EDGE_M, camera_frame, dome_scene
from vision.sicbo import dice as dice_stage
from vision.sicbo import read_dice
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace, pips_edge_px, span_edge_px, two_is_diagonal
from vision.synth.dice3d import flat_pose
from vision.synth.sicbo_render import DiceFrameRenderer

TWO_FLOOR = 0.95     # an outcome needs every die at least this sure (settle)
TILT = 31.0          # camera off vertical; the far side of the dome is seen ~43 degrees off
BLUR = 0.75          # the camera's blur, px (13004 024: 0.74)
FAR = -0.075 * np.array([np.cos(0.7), np.sin(0.7)])   # the dome's far side (dome_scene)


def _pip(x: float, y: float, minor_deg: float, round_: float) -> Pip:
    """A pip of area 36 px squashed to ``round_`` along ``minor_deg`` (image angle)."""
    major = 2.0 * np.sqrt(36.0 / np.pi / round_)
    return Pip(center_xy=(x, y), area_px=36.0, axes_px=(major * round_, major),
               angle_deg=minor_deg, inside=1.0, redness=0.0, ring_lum=200.0)


def _pair(dx: float, dy: float, minor_deg: float = 90.0, round_: float = 0.8) -> TopFace:
    pips = (_pip(100.0, 100.0, minor_deg, round_), _pip(100.0 + dx, 100.0 + dy, minor_deg, round_))
    return TopFace(pips, (100.0 + dx / 2, 100.0 + dy / 2), pips_edge_px(pips), ())


@pytest.mark.parametrize(("top", "diagonal"), [
    # pips of area 36 px (edge 42 px by their size) 0.6 edge apart: under the 0.61 rule
    (_pair(0.0, 25.2), True),                  # squashed 0.8 along their span, down the
    # nadir line (13004 024 r2): along it the face is 0.89 x 42 px, the span 0.67 of it
    (_pair(0.0, 25.2, round_=1.0), False),     # round pips: no squash, 0.6 edge: no two
    (_pair(0.0, 25.2, minor_deg=0.0), False),  # squashed across the nadir line (no
    # tilted camera's): the edge as it is
    (_pair(26.5, 0.0), False),                 # 0.63 edge apart across the squash: a
    # four's adjacent corners seen obliquely, 0.56 of the face's edge along them
])
def test_span_against_the_edge_along_it(top: TopFace, diagonal: bool) -> None:
    assert two_is_diagonal(top) is diagonal, span_edge_px(top)


def _far_frame(face: int, yaw: float) -> np.ndarray:
    scene = dome_scene(tilt_deg=TILT)
    dice = (flat_pose(face, tuple(FAR), yaw, edge_m=EDGE_M),
            flat_pose(5, (0.04, -0.035), 1.0, edge_m=EDGE_M),
            flat_pose(2, (0.0, 0.045), 0.3, edge_m=EDGE_M))
    clean = cv2.GaussianBlur(DiceFrameRenderer(scene).render(dice), (0, 0), BLUR)
    return camera_frame(clean, np.random.default_rng(1))


@pytest.mark.parametrize("yaw", [0.0, 0.16])
def test_far_two_along_the_nadir_line_is_sure(yaw: float) -> None:
    """A two at the far side of a 640x480 dome seen 31 degrees off vertical, its pips
    along the nadir line: their span was 0.58-0.59 of the pip-size edge (a two's is
    ~0.7 seen square on), the die capped at 0.5 as a washed face's adjacent corners;
    0.66-0.67 of the edge along the span."""
    reading = read_dice(_far_frame(2, yaw))
    assert sorted(reading.faces) == [2, 2, 5]
    assert min(d.confidence for d in reading.dice) >= TWO_FLOOR, reading.dice


def test_far_four_adjacent_corners_stay_no_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same place, a four at yaws round a quarter turn: each pair of its pips (a four
    whose other two pips the glare washed out) is judged a two's exactly when it is a
    diagonal: adjacent corners 0.46-0.53 of the edge along them, diagonals 0.66-0.72. By
    the pip-size edge alone adjacent corners across the nadir line reached 0.58 and a
    diagonal along it fell to 0.59 (seen 34 degrees off: 0.62 and 0.57, either way
    over the 0.61 rule)."""
    seen: list[tuple] = []
    real = dice_stage.die_read

    def keep(blob, top, probs, params, **kw):  # noqa: ANN001, ANN003, ANN202
        seen.append((blob, top))
        return real(blob, top, probs, params, **kw)

    monkeypatch.setattr(dice_stage, "die_read", keep)
    fours = 0
    for yaw in np.linspace(0.0, np.pi / 2, 12, endpoint=False):
        seen.clear()
        read_dice(_far_frame(4, float(yaw)))
        for blob, top in seen:
            if top.count != 4:
                continue
            fours += 1
            pairs = sorted(itertools.combinations(top.pips, 2), key=lambda ab: np.hypot(
                ab[0].center_xy[0] - ab[1].center_xy[0], ab[0].center_xy[1] - ab[1].center_xy[1]))
            for k, pair in enumerate(pairs):       # 4 sides, then 2 diagonals
                two = TopFace(pair, top.center_xy, min(blob.edge_px, pips_edge_px(pair)), ())
                assert two_is_diagonal(two) is (k >= 4), (float(yaw), k)
    assert fours >= 4
