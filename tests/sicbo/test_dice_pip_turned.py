"""A two or three leaning sideways on another die shows no pip layout to judge, but its
pips are squashed along its own tilt, not along the line of sight as the flat dice' are
(``lean_view.pip_turned``): the round voids as leaning instead of paying.

The frame is the reader's dome crop of seed 11604 clip 015 r0 at rest, frame 82 (spent;
the project's own synthetic footage: 1920x1080, camera 29 degrees off vertical, dice
2-2-3, the middle two tipped 33 degrees against the three). Its pips are as round as the
flat dice' (0.84 against 0.83-0.85), its face as large, floor seen between it and the
three: read as three flat dice at 0.997, the round paid 2-2-3 (truth: void dice_leaning)."""

from __future__ import annotations

from dataclasses import replace

from vision.sicbo.lean_view import layout_view, pip_turned
from vision.sicbo.pips import Pip, TopFace

from .saved import die_at, needs_model, read_saved


def _face(count: int, at: tuple[float, float], squash_deg: float, round_: float = 0.84,
          minor_px: float = 13.0) -> TopFace:
    """A face of ``count`` pips, each an ellipse ``round_`` as wide as long, its minor
    axis along the image direction ``squash_deg``."""
    pips = tuple(Pip(center_xy=(at[0] + 30.0 * k, at[1]), area_px=150.0,
                     axes_px=(minor_px, minor_px / round_), angle_deg=squash_deg,
                     inside=1.0, redness=0.0, ring_lum=200.0) for k in range(count))
    return TopFace(pips=pips, center_xy=at, edge_px=80.0, side_pips=())


def test_pips_squashed_across_the_line_of_sight_lean() -> None:
    flat_three, flat_two = _face(3, (480.0, 390.0), 90.0), _face(2, (860.0, 400.0), 85.0)
    assert pip_turned([flat_three, _face(2, (625.0, 410.0), 140.0), flat_two]) == {1}
    assert pip_turned([flat_three, _face(2, (625.0, 410.0), 80.0), flat_two]) == set()


def test_a_camera_18_degrees_off_vertical_is_slanted_enough() -> None:
    # seed 11704 clip 017 r1 (1920x1080, camera 18 degrees): the flat two and four seen
    # 0.29-0.31 off their normal (pips 0.95 round), the leaning two 0.43-0.46 turned
    flat_four, flat_two = _face(4, (300.0, 720.0), 80.0, round_=0.95), \
        _face(2, (630.0, 500.0), 95.0, round_=0.95)
    assert pip_turned([flat_four, _face(2, (760.0, 500.0), 150.0), flat_two]) == {1}


def test_a_face_with_a_layout_is_not_judged_by_its_pips() -> None:
    # seed 11704 clip 019 r2 f388, three flat dice: a six's pips 0.37 turned from a three
    # and another three; a face with a layout is judged by its layout (lone_turned), not here
    row = _face(4, (300.0, 720.0), 150.0)
    corners = ((-20.0, -20.0), (20.0, -20.0), (-20.0, 20.0), (20.0, 20.0))
    four = replace(row, pips=tuple(replace(p, center_xy=(300.0 + dx, 720.0 + dy))
                                   for p, (dx, dy) in zip(row.pips, corners, strict=True)))
    assert layout_view(four) is not None
    flat_three, flat_two = _face(3, (480.0, 390.0), 90.0), _face(2, (860.0, 400.0), 85.0)
    assert pip_turned([flat_three, four, flat_two]) == set()


def test_round_pips_or_single_blobs_are_not_judged() -> None:
    # a camera near the vertical: flat pips' direction is noise, not the line of sight
    assert pip_turned([_face(3, (480.0, 390.0), 90.0, round_=0.97),
                       _face(2, (625.0, 410.0), 140.0),
                       _face(2, (860.0, 400.0), 85.0, round_=0.97)]) == set()
    # one blob's outline (two pips run together, a glare-cut pip) tells no direction
    assert pip_turned([_face(3, (480.0, 390.0), 90.0), _face(1, (625.0, 410.0), 140.0),
                       _face(3, (860.0, 400.0), 85.0)]) == set()
    # pips too small to show their outline's direction
    assert pip_turned([_face(3, (480.0, 390.0), 90.0, minor_px=6.0),
                       _face(2, (625.0, 410.0), 140.0, minor_px=6.0),
                       _face(2, (860.0, 400.0), 85.0, minor_px=6.0)]) == set()


@needs_model
def test_two_leaning_sideways_on_a_three_is_voided() -> None:
    reading = read_saved("s11604_015_f82_lean_sideways_two.png")
    assert sorted((d.face, d.pose) for d in reading.dice) == [
        (2, "flat"), (2, "leaning"), (3, "flat")]
    assert die_at(reading, (625, 409)).pose == "leaning"    # the middle two; before: flat
