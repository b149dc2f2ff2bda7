"""Pose heuristics (flat / leaning / stacked) on constructed dice."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from vision.sicbo.detect import Blob
from vision.sicbo.dice import DieRead
from vision.sicbo.layout import LAYOUTS
from vision.sicbo.pips import Pip, TopFace
from vision.sicbo.pose import assign_poses, second_face


def _die(x: float, y: float, edge: float, roundness: float,
         blob_edge: float | None = None, conf: float = 0.9,
         pips: int = 2) -> tuple[DieRead, Blob, TopFace]:
    pip = Pip(center_xy=(x, y), area_px=0.03 * edge ** 2, axes_px=(6 * roundness, 6.0),
              angle_deg=0.0, inside=1.0, redness=0.0, ring_lum=200.0)
    b = edge if blob_edge is None else blob_edge
    box = (int(x - b / 2), int(y - b / 2), int(x + b / 2), int(y + b / 2))
    blob = Blob(box, np.ones((box[3] - box[1], box[2] - box[0]), bool), b ** 2, 1.0)
    read = DieRead(box_xyxy=box, center_xy=(x, y), face=3, confidence=conf, pose="flat",
                   top_quad=((0, 0), (1, 0), (1, 1), (0, 1)), edge_px=edge)
    return read, blob, TopFace(pips=(pip,) * pips, center_xy=(x, y), edge_px=edge, side_pips=())


CASES = [
    # (dice as (x, y, edge, top-pip roundness), expected poses)
    ([(100, 100, 40, 0.95), (300, 100, 40, 0.9), (200, 300, 40, 0.92)],
     ["flat", "flat", "flat"]),                               # three dice apart, all round
    ([(100, 100, 40, 0.95), (300, 100, 40, 0.5), (200, 300, 40, 0.92)],
     ["flat", "leaning", "flat"]),                            # one squashed top face
    ([(100, 100, 40, 0.95), (110, 105, 50, 0.95), (300, 300, 40, 0.9)],
     ["flat", "stacked", "flat"]),                            # a larger die on another
    ([(100, 100, 40, 0.5), (130, 110, 48, 0.95), (300, 300, 40, 0.9)],
     ["leaning", "flat", "flat"]),      # the smaller face squashed: tipped against the other
    ([(100, 100, 40, 0.9)], ["flat"]),                       # alone and round
    ([(100, 100, 40, 0.5)], ["leaning"]),                    # alone and squashed
    ([(100, 100, 34, 0.9, 40), (300, 100, 34, 0.9, 40), (200, 300, 35, 0.9, 70)],
     ["flat", "flat", "flat"]),                               # large blob, normal top: joined
    ([(100, 100, 34, 0.9, 40), (300, 100, 40, 0.9, 44)],
     ["flat", "flat"]),                                       # two dice, blobs of one die each
    # two dice seen (the third hidden): the pair rule judges the larger blob
    ([(100, 100, 36, 0.9, 38), (300, 100, 36, 0.9, 48)],
     ["flat", "stacked"]),                                    # 1.8 edge^2, clean face: a stack
    ([(100, 100, 36, 0.9, 38), (300, 100, 36, 0.9, 48, 0.4)],
     ["flat", "leaning"]),                                    # same blob, unsure face: leaning
    ([(100, 100, 36, 0.9, 38), (300, 100, 36, 0.9, 66)],
     ["flat", "leaning"]),                                    # 3.4 edge^2: two dice side by side
    ([(100, 100, 36, 0.9, 45), (300, 100, 36, 0.9, 48)],
     ["flat", "flat"]),                                       # both large (steep view): no pair
    # three dice apart: one squashed pip on an unsure face is no tilt evidence ...
    ([(100, 100, 40, 0.95), (300, 100, 40, 0.5, None, 0.3, 1), (200, 300, 40, 0.92)],
     ["flat", "flat", "flat"]),
    # ... but two squashed pips on it are, and so is one on a surely read face
    ([(100, 100, 40, 0.95), (300, 100, 40, 0.5, None, 0.3, 2), (200, 300, 40, 0.92)],
     ["flat", "leaning", "flat"]),
    ([(100, 100, 40, 0.95), (300, 100, 40, 0.5, None, 0.9, 1), (200, 300, 40, 0.92)],
     ["flat", "leaning", "flat"]),
]


@pytest.mark.parametrize(("dice", "expected"), CASES)
def test_poses(dice, expected) -> None:
    reads, blobs, tops = zip(*(_die(*d) for d in dice), strict=True)
    out = assign_poses(list(reads), list(blobs), list(tops))
    assert [r.pose for r in out] == expected


def _pip(x: float, y: float, roundness: float, area: float = 30.0,
         inside: float = 1.0) -> Pip:
    return Pip(center_xy=(x, y), area_px=area, axes_px=(6 * roundness, 6.0), angle_deg=0.0,
               inside=inside, redness=0.0, ring_lum=200.0)


def _face(cx: float, cy: float, count: int, roundness: float, area: float = 30.0,
          half: float = 10.0, inside: float = 1.0) -> list[Pip]:
    """The standard layout of ``count`` pips on a face centred at (cx, cy)."""
    return [_pip(cx + half * u, cy + half * v, roundness, area, inside)
            for u, v in LAYOUTS[count]]


TOP = _face(100, 100, 3, 0.95)
SECOND_CASES = [
    # (side pips of the blob, a second face expected?)
    (_face(140, 100, 5, 0.85), True),                 # a leaning die's 5, 40 px (1.1 edge) away
    (_face(140, 100, 4, 0.4), False),                 # a flat die's side face: squashed pips
    (_face(140, 100, 2, 0.9), False),                 # two pips: any pair fits a layout
    (_face(118, 100, 4, 0.9), False),                 # too near the top face (same die)
    (_face(140, 100, 4, 0.9, area=8.0), False),       # pips much smaller: not a face this near
    (_face(140, 100, 4, 0.9, inside=0.2), False),     # off the blob (another object)
    ([_pip(130, 90, 0.9), _pip(150, 95, 0.9), _pip(135, 118, 0.9), _pip(141, 101, 0.9)],
     False),                                          # four round pips in no layout
]


@pytest.mark.parametrize(("side", "expected"), SECOND_CASES)
def test_second_face(side: list[Pip], expected: bool) -> None:
    top = TopFace(pips=tuple(TOP), center_xy=(100.0, 100.0), edge_px=36.0,
                  side_pips=tuple(side))
    assert (second_face(top) is not None) == expected


PIECE_CASES = [
    # (edge, confidence of the die with squashed pips (0.46 round against 0.87-0.9), pose)
    (26, 0.24, "flat"),       # a piece of a die: 0.64 x the others' face, read unsurely
    (26, 0.9, "leaning"),     # as small but read surely: the roundness cue stands
    (36, 0.24, "leaning"),    # 0.9 x the others' face: a tipped face, not a piece
]


@pytest.mark.parametrize(("edge", "conf", "expected"), PIECE_CASES)
def test_piece_of_a_die_is_no_lean(edge: int, conf: float, expected: str) -> None:
    # seed 10104 clip 018 r3: a piece of a flat die read as a six at 0.24 voided leaning
    dice = [_die(100, 100, 40, 0.87), _die(300, 100, 40, 0.9),
            _die(200, 300, edge, 0.46, conf=conf)]
    out = assign_poses([d[0] for d in dice], [d[1] for d in dice], [d[2] for d in dice])
    assert [r.pose for r in out] == ["flat", "flat", expected]


ONE = [_pip(100, 100, 0.95, area=270.0)]        # a one's big pip, its face 64 px (a guess)
ONE_CASES = [
    # (side pips of the blob round a one, a second face expected?) seed 10104 clip 010 r1:
    # a three leaning on a one, its pips 0.13 x the one's pip area, 0.68-0.98 edge away
    (_face(150, 70, 3, 0.86, area=35.0, half=11.0), True),
    (_face(150, 70, 3, 0.4, area=35.0, half=11.0), False),     # a flat die's side: squashed
    (_face(150, 70, 3, 0.86, area=12.0, half=11.0), False),    # specks, not pips
    (_face(118, 100, 3, 0.86, area=35.0, half=5.0), False),    # on the one's own face
]


@pytest.mark.parametrize(("side", "expected"), ONE_CASES)
def test_second_face_beside_a_one(side: list[Pip], expected: bool) -> None:
    top = TopFace(pips=tuple(ONE), center_xy=(100.0, 100.0), edge_px=64.0,
                  side_pips=tuple(side))
    assert (second_face(top) is not None) == expected


def test_second_face_beats_the_pair_rule_stack() -> None:
    # two dice seen; the larger blob is compact with a clean top face (the pair rule alone
    # says stacked) but a second face shows in it beside the top: side by side, leaning
    small = _die(100, 100, 36, 0.9, 38)
    read, _, _ = _die(300, 100, 36, 0.9)
    top = TopFace(pips=tuple(_face(300, 100, 3, 0.95)), center_xy=(300.0, 100.0),
                  edge_px=36.0, side_pips=tuple(_face(300, 140, 5, 0.85)))
    blob = Blob((274, 74, 326, 126), np.ones((52, 52), bool), 52.0 * 52.0, 0.97)
    out = assign_poses([small[0], read], [small[1], blob], [small[2], top])
    assert [r.pose for r in out] == ["flat", "leaning"]


LONG_CASES = [
    # (the larger blob's height x width in px, its top face 36 px, expected pose)
    ((76, 36), "leaning"),      # 2.1 edge^2, twice as long as wide: two dice side by side
    ((52, 52), "stacked"),      # 2.1 edge^2, square: a die on a die (the one below hidden)
    ((60, 45), "stacked"),      # 2.1 edge^2, 1.3 x as long: the die below sticks out a bit
]


@pytest.mark.parametrize(("shape", "expected"), LONG_CASES)
def test_pair_long_blob_is_a_leaning_pair(shape: tuple[int, int], expected: str) -> None:
    assert _pair_pose_of(shape, 1.0) == expected


SOLID_CASES = [
    # (solidity of the larger 52 x 52 px blob, 2.1 edge^2, expected pose)
    (0.97, "stacked"),          # convex: a die on a die
    (0.8, "flat"),              # hollowed: a flat die joined to its shadow or a neighbour
]


@pytest.mark.parametrize(("solidity", "expected"), SOLID_CASES)
def test_pair_blob_not_convex_is_no_pose(solidity: float, expected: str) -> None:
    assert _pair_pose_of((52, 52), solidity) == expected


def _pair_pose_of(shape: tuple[int, int], solidity: float) -> str:
    """Two dice seen, the second's blob ``shape`` (h, w) px round a clean 36 px face."""
    small = _die(100, 100, 36, 0.9, 38)
    read, _, top = _die(300, 100, 36, 0.9)
    h, w = shape
    blob = Blob((300 - w // 2, 100 - h // 2, 300 - w // 2 + w, 100 - h // 2 + h),
                np.ones((h, w), bool), float(h * w), solidity)
    out = assign_poses([small[0], read], [small[1], blob], [small[2], top])
    assert out[0].pose == "flat"
    return out[1].pose


SIZED_CASES = [
    # (larger blob h x w px round a 36 px face, the other die's blob edge px, floor pale,
    #  expected pose of the larger)
    ((66, 66), 38, False, "leaning"),    # 3.4 edge^2 next to a one-die blob: two dice in it
    ((78, 78), 38, False, "flat"),       # 4.7 edge^2: a die joined to the rim or a glare
    ((68, 68), 54, True, "flat"),        # the one-die blob 2.25 edge^2 on a pale floor: the
                                         # blob finder spilled over the floor, no evidence
    ((68, 68), 54, False, "leaning"),    # ... as large on a dark floor: blobs take the sides
    ((80, 80), 54, False, "leaning"),    # 4.9 edge^2 but 2.2 x a one-die blob of 2.25 (small
                                         # blurred dice: seed 10604 clip 012 r2): two dice
    ((100, 100), 54, False, "flat"),     # 7.7 edge^2, 3.4 x the one-die blob: a die joined
                                         # to the rim or a glare
]


@pytest.mark.parametrize(("shape", "other", "pale", "expected"), SIZED_CASES)
def test_pair_rule_needs_die_sized_blobs(shape: tuple[int, int], other: int, pale: bool,
                                         expected: str) -> None:
    small = _die(100, 100, 36, 0.9, other)
    read, _, top = _die(300, 100, 36, 0.9)
    h, w = shape
    blob = Blob((300 - w // 2, 100 - h // 2, 300 - w // 2 + w, 100 - h // 2 + h),
                np.ones((h, w), bool), float(h * w), 0.95)
    out = assign_poses([small[0], read], [small[1], blob], [small[2], top], pale=pale)
    assert [d.pose for d in out] == ["flat", expected]


SIDE_CASES = [
    # (the third die's top edge px, its blob h x w px; the other two: 34 px tops in
    #  40 x 40 px blobs; expected pose of the third)
    (44, (88, 56), "leaning"),   # round pips, blob 1.75 x and top 1.3 x the others', long:
                                 # a side face shows beside the top
    (44, (70, 70), "flat"),      # as large but square: a flat die nearer the camera
    (44, (64, 40), "flat"),      # long but of a die's size: no side face
    (44, (88, 56), "flat", 0.3),  # a side face's shape, the face read unsurely: its edge
                                  # is no face's (a one read as two pips)
]


@pytest.mark.parametrize(("top_edge", "shape", "expected", "conf"),
                         [c if len(c) == 4 else (*c, 0.9) for c in SIDE_CASES])
def test_side_face_showing(top_edge: int, shape: tuple[int, int], expected: str,
                           conf: float) -> None:
    dice = [_die(100, 100, 34, 0.9, 40), _die(300, 100, 34, 0.9, 40)]
    read, _, top = _die(200, 300, top_edge, 0.9, conf=conf)
    h, w = shape
    blob = Blob((200 - w // 2, 300 - h // 2, 200 - w // 2 + w, 300 - h // 2 + h),
                np.ones((h, w), bool), float(h * w), 0.95)
    dice.append((read, blob, top))
    reads, blobs, tops = zip(*dice, strict=True)
    out = assign_poses(list(reads), list(blobs), list(tops))
    assert [d.pose for d in out] == ["flat", "flat", expected]


MISREAD_CASES = [
    # (face read, its confidence, pose) for a top face of one pip with a three's pips beside
    # it (a second face, as in ONE_CASES). Seed 10504 clip 026 r2: a flat six on a steep
    # view, one of its side pips taken as the top face, a column of its top pips as a
    # second face, read a six at 0.40: voided leaning
    (6, 0.40, "flat"),        # the read calls it no one, unsurely: the top face is no face
    (1, 0.99, "leaning"),     # read a one: a die leaning beside it (seed 10104 clip 010 r1)
    (6, 0.90, "leaning"),     # read another face surely: the second face stands
]


@pytest.mark.parametrize(("face", "conf", "expected"), MISREAD_CASES)
def test_second_face_beside_a_misread_one(face: int, conf: float, expected: str) -> None:
    dice = [_die(100, 100, 64, 0.9, conf=conf, pips=1), _die(300, 100, 50, 0.9),
            _die(200, 300, 50, 0.9)]
    reads = [dataclasses.replace(dice[0][0], face=face), dice[1][0], dice[2][0]]
    tops = [dataclasses.replace(dice[0][2], pips=tuple(ONE), side_pips=tuple(
        _face(150, 70, 3, 0.86, area=35.0, half=11.0))), dice[1][2], dice[2][2]]
    out = assign_poses(reads, [d[1] for d in dice], tops)
    assert [r.pose for r in out] == [expected, "flat", "flat"]


def _body(x: float, y: float, h: int, w: int) -> Blob:
    box = (int(x - w / 2), int(y - h / 2), int(x - w / 2) + w, int(y - h / 2) + h)
    return Blob(box, np.ones((h, w), bool), float(h * w), 0.97)


BODY_CASES = [
    # (the first die's body h x w px, expected): both blobs 2.3 edge^2, each joined to
    # the rim or a shadow (ratio 1.0: the blob rule sees no pair) ...
    ((36, 72), ["leaning", "flat"]),   # ... the first die's body two dice side by side
    ((48, 48), ["stacked", "flat"]),   # ... compact, 1.8 edge^2, clean face: a stack
    ((37, 37), ["flat", "flat"]),      # ... one die's body each: nothing
]


@pytest.mark.parametrize(("shape", "expected"), BODY_CASES)
def test_pair_seen_by_the_bodies_when_both_blobs_are_joined(
        shape: tuple[int, int], expected: list[str]) -> None:
    reads, blobs, tops = zip(*(_die(x, 100, 36, 0.9, 55) for x in (100, 300)), strict=True)
    bodies = [_body(100, 100, *shape), _body(300, 100, 37, 37)]
    out = assign_poses(list(reads), list(blobs), list(tops), bodies=lambda: bodies)
    assert [r.pose for r in out] == expected
    assert [r.pose for r in assign_poses(list(reads), list(blobs), list(tops))] == ["flat"] * 2


def test_no_pair_by_the_bodies_on_a_pale_floor() -> None:
    """On a floor nearly as bright as the dice (``pale``) the bodies are cut from blobs
    that do not outline dice: when the blobs show no pair, the bodies are not asked.
    Fresh seed 13204 (spent) clip 014 (1280x720, camera 15 degrees, white dice on a pale
    floor, a die under the glass's glare missed): r3 blobs 1.99 and 1.60 edge^2 (no
    pair), bodies 1.92 and 1.29 (1.49 x): the six called stacked on every read, voided
    dice_stacked (truth 2-5-6); r4 blobs 1.80/1.41, bodies 1.76/1.32: likewise (1-2-6)."""
    reads, blobs, tops = zip(*(_die(x, 100, 36, 0.9, 55) for x in (100, 300)), strict=True)
    bodies = [_body(100, 100, 48, 48), _body(300, 100, 37, 37)]
    out = assign_poses(list(reads), list(blobs), list(tops), bodies=lambda: bodies, pale=True)
    assert [r.pose for r in out] == ["flat", "flat"]
    out = assign_poses(list(reads), list(blobs), list(tops), bodies=lambda: bodies)
    assert [r.pose for r in out] == ["stacked", "flat"]      # not pale: the bodies tell
