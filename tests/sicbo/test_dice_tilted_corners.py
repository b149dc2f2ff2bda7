"""Two pips at adjacent corners of a face seen obliquely are grown to the four whose
washed-out pips lie where the tilted face puts them (``faintpip.corner_pair_completed``,
``_tilted_corner_faces``): a similarity map (a face seen square on) places them a pip's
width off. Seed 13004 (spent) clip 028 r1 frame 476, the reader's dome crop (800x600,
camera 29 degrees off vertical, Chinese pips, dice 1-4-5): the red four at the frame's far
side under the glare, two pips washed pale, was read as two adjacent pips (pips and CNN a
two), capped at 0.5 on every read: abstained low_confidence. A drawn four squashed as a
tilted camera sees it, two pips washed, checks the placing; a lone pair with nothing at
the far corners stays a pair."""

from __future__ import annotations

import cv2
import numpy as np

from tests.sicbo.saved import die_at, needs_model, read_saved
from vision.sicbo.faintpip import corner_pair_completed
from vision.sicbo.pipblobs import Pip
from vision.sicbo.pips import TopFace

BODY = (235, 240, 242)
PIP = (40, 40, 200)         # red pips
HALF = 16                   # a corner pip's offset from the face centre (px)
CORNERS = np.array([(-1, -1), (1, -1), (-1, 1), (1, 1)], float)


def _affine(turn_deg: float, squash: float) -> np.ndarray:
    """The face's image map: turned, then squashed along the image's vertical (towards
    the nadir) as a camera tilted off vertical sees a flat face."""
    t = np.radians(turn_deg)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    return np.diag([1.0, squash]) @ rot * HALF


def _four(wash: float, *, turn_deg: float = 40.0, squash: float = 0.72,
          washed_pips: bool = True) -> tuple[np.ndarray, TopFace]:
    """A four at (120, 120), its last two pips ``wash`` of the way to the face's colour
    (or not drawn), and the top face of its first two pips."""
    image = np.full((240, 240, 3), (120, 150, 160), np.uint8)
    m = _affine(turn_deg, squash)
    c = np.array([120.0, 120.0])
    body = np.array([c + m @ (1.85 * q) for q in CORNERS[[0, 1, 3, 2]]], np.int32)
    cv2.fillConvexPoly(image, body, BODY, cv2.LINE_AA)
    places = [c + m @ q for q in CORNERS]
    for k, (x, y) in enumerate(places):
        if k >= 2 and not washed_pips:
            continue
        w = wash if k >= 2 else 0.0
        colour = tuple(float(p + w * (b - p)) for p, b in zip(PIP, BODY, strict=True))
        cv2.ellipse(image, (round(x), round(y)), (5, round(5 * squash)), 0, 0, 360, colour, -1,
                    cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    image = np.clip(image + np.random.default_rng(5).normal(0, 1.5, image.shape), 0, 255)
    pips = tuple(Pip(center_xy=(float(x), float(y)), area_px=float(np.pi * 25 * squash),
                     axes_px=(10.0 * squash, 10.0), angle_deg=0.0, inside=1.0, redness=40.0)
                 for x, y in places[:2])
    centre = np.mean(places[:2], axis=0)
    top = TopFace(pips=pips, center_xy=(float(centre[0]), float(centre[1])),
                  edge_px=HALF / 0.27, side_pips=())
    return image.astype(np.uint8), top


def test_tilted_four_with_two_washed_pips_is_grown_where_they_lie() -> None:
    image, top = _four(0.6)
    grown = corner_pair_completed(image, top)
    assert grown is not None and grown.count == 4
    m = _affine(40.0, 0.72)
    truth = [np.array([120.0, 120.0]) + m @ q for q in CORNERS[2:]]
    for xy in truth:
        off = min(np.hypot(*(np.asarray(p.center_xy) - xy)) for p in grown.pips)
        assert off < 3.0                  # within a pip's radius (5 px)


def test_pair_with_blank_far_corners_stays_a_pair() -> None:
    image, top = _four(0.0, washed_pips=False)
    assert corner_pair_completed(image, top) is None


@needs_model
def test_tilted_red_four_washed_by_glare_is_read() -> None:
    reading = read_saved("s13004_028_f476_tilted_corners.png")
    assert sorted(d.face for d in reading.dice) == [1, 4, 5]
    four = die_at(reading, (354, 205))
    assert four.face == 4 and four.confidence >= 0.95        # before: a two at 0.5
    assert all(d.confidence >= 0.95 and d.pose == "flat" for d in reading.dice)
