"""Ball spots: ``held_in_hand`` (a ball in fingers sits in a large patch of foreground, a free
one does not) and a fast ball smeared by its motion, found on the bowl."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.roulette.ball import (
    BallFix,
    faint_evidence,
    find_balls,
    held_in_hand,
    row_shares,
)

R, C = 40, 444  # a strip's rows and columns


def mask(*boxes: tuple[int, int, int, int]) -> np.ndarray:
    """(R, C) bool foreground made of (row0, row1, col0, col1) boxes."""
    fg = np.zeros((R, C), bool)
    for r0, r1, c0, c1 in boxes:
        fg[r0:r1, c0:c1] = True
    return fg


@pytest.mark.parametrize(("fg", "held"), [
    (mask((19, 22, 98, 103)), False),  # the ball's own disc
    (mask((19, 22, 70, 103)), False),  # a fast ball's streak along its rows
    (mask((19, 22, 98, 103), (10, 30, 95, 125)), True),  # fingers and palm around it
    (mask((19, 22, 98, 103), (22, 34, 90, 118)), True),  # a hand reaching from below
    (mask((19, 22, 98, 103), (5, 9, 60, 140)), False),  # a thin edge further away
    (mask((19, 22, 98, 103), (10, 30, 430, 444), (10, 30, 0, 14)), False),  # a hand elsewhere
])
def test_held_only_with_a_hand_at_the_ball(fg: np.ndarray, held: bool) -> None:
    assert held_in_hand(fg, BallFix(20.0, 100.0, 60.0)) is held


def test_a_ball_at_the_strip_edge_wraps_around() -> None:
    # the strip's columns are a full turn: fingers past column 0 still hold a ball at 2
    fg = mask((19, 22, 0, 5), (10, 30, 430, 444), (10, 30, 0, 12))
    assert held_in_hand(fg, BallFix(20.0, 2.0, 60.0))


def digit_rows(rows: range, seed: int = 5) -> list[tuple[int, int, int, int]]:
    """A turning number ring left in the bowl's rows: specks of foreground all round."""
    rng = np.random.default_rng(seed)
    cols = np.flatnonzero(rng.random(C) < 0.7)
    return [(r, r + 1, int(c), int(c) + 1) for r in rows for c in cols]


@pytest.mark.parametrize(("fg", "held"), [
    # five rows of digits just above the ball, foreground round the whole strip: no hand
    (mask((19, 22, 98, 103), *digit_rows(range(13, 18))), False),
    # the same rows, and fingers below the ball: held
    (mask((19, 22, 98, 103), (22, 34, 90, 118), *digit_rows(range(13, 18))), True),
])
def test_busy_rows_are_no_fingers(fg: np.ndarray, held: bool) -> None:
    ball = BallFix(20.0, 100.0, 60.0)
    assert held_in_hand(fg, ball) is True  # counted, the digits look like a hand
    assert held_in_hand(fg, ball, shares=row_shares(fg)) is held


def misregistered_ring(fg: np.ndarray) -> np.ndarray:
    """``fg`` with the pocket ring's rows 13-27 standing out all round (seed 10101 clip 025,
    a tilted camera: the frets' parallax): a fret's edge in every pocket is foreground, 2
    of its 12 columns, and 4 of 12 by the ball (it varies with the image angle)."""
    out = fg.copy()
    cols = np.arange(C)
    edge = (cols % 12) < np.where(np.abs(cols - 100) <= 20, 4, 2)
    out[13:28] |= edge
    return out


@pytest.mark.parametrize(("fg", "held"), [
    # the ball resting in a pocket, no hand: the ring's foreground round the ball is what
    # every column of those rows has, a little more here
    (misregistered_ring(mask((19, 22, 98, 103))), False),
    # the same ring, and fingers and palm round the ball: held
    (misregistered_ring(mask((19, 22, 98, 103), (10, 30, 95, 125))), True),
])
def test_a_misregistered_pocket_ring_is_no_fingers(fg: np.ndarray, held: bool) -> None:
    ball = BallFix(20.0, 100.0, 60.0)
    assert held_in_hand(fg, ball) is True  # counted, the ring looks like fingers
    assert held_in_hand(fg, ball, shares=row_shares(fg)) is held


def bowl_strip(seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """A (R, C) strip of a brown bowl with sensor noise, and its background model."""
    rng = np.random.default_rng(seed)
    model = np.empty((R, C, 3), np.float32)
    model[:] = (57, 80, 119)  # BGR: a wooden bowl, as the tuning clips' tracks look
    frame = model + rng.normal(0, 1.5, model.shape).astype(np.float32)
    return frame, model


def smear(frame: np.ndarray, row: int, col: int, colour: tuple[int, int, int],
          images: int = 5, step: int = 4, alpha: float = 0.2) -> np.ndarray:
    """A fast ball's motion blur: ``images`` balls (3 rows by 5 columns, as the strip sees
    one) along the row, ``step`` columns apart, each ``alpha`` opaque."""
    out = frame.copy()
    for k in range(images):
        disc = np.zeros((R, C), np.uint8)
        cv2.ellipse(disc, (col + k * step, row), (2, 1), 0, 0, 360, 1, -1)
        out[disc.astype(bool)] = (1 - alpha) * out[disc.astype(bool)] + alpha * np.array(colour)
    return out


@pytest.mark.parametrize(("row", "colour", "alpha", "found"), [
    (30, (230, 235, 235), 0.2, True),  # a white ball smeared over five images on the bowl
    (30, (230, 235, 235), 0.12, True),  # ... fainter: a fifth of a darker exposure
    (30, (230, 235, 235), 0.05, False),  # too faint to tell from the noise
    (30, (40, 40, 200), 0.2, False),  # a red smear: no ball
    (10, (230, 235, 235), 0.2, False),  # nearer the head than the faint rows: not looked for
])
def test_a_smeared_ball_is_found_on_the_bowl(row: int, colour: tuple[int, int, int],
                                             alpha: float, found: bool) -> None:
    frame, model = bowl_strip()
    frame = smear(frame, row, 200, colour, alpha=alpha)
    mixed = np.clip(frame, 0, 255).astype(np.uint8)
    diff = mixed.astype(np.float32) - model
    rise = diff.mean(axis=2)
    assert find_balls(mixed, rise) == []  # each image too faint for the ball's threshold
    balls = find_balls(mixed, rise, faint=(faint_evidence(diff, 20), 20))
    assert bool(balls) is found
    if found:
        assert len(balls) == 1  # the smear's images are one ball
        assert abs(balls[0].row - row) <= 1 and 198 <= balls[0].col <= 222

