"""The band just beyond the head's estimated edge (``band``), through the object stage's
forward model (``test_bowl``): the reader looks for no object there (``no_objects``), as the
wheel's rim may turn in it; a chip lying there, on the still bowl or riding the rim, is
still reported, and the turning rim is not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.roulette.test_bowl import COLS, FPS, HEAD, ROWS, Paint, empty_strip, first_seen
from vision.roulette.background import StripBackground
from vision.roulette.bowl import ObjectFix, ObjectWatch, foreground, object_step

BAND = 4  # rows from the head's edge where no object is looked for (the reader's 0.12 radii)
TURN = 3  # columns the wheel turns a frame
RIM = np.random.default_rng(5).integers(0, 2, COLS)  # the rim's inlay: light and dark pieces


def shift_at(f: int) -> int:
    """The head's roll at frame ``f`` (mixed = image rolled left by it)."""
    return TURN * f % COLS


def rim(frame: np.ndarray, f: int) -> None:
    """The wheel's rim turning in the band's first rows: pieces of light and dark wood."""
    light = np.roll(RIM, shift_at(f)).astype(bool)
    frame[HEAD:HEAD + 2, light] = (70, 120, 170)
    frame[HEAD:HEAD + 2, ~light] = (20, 35, 60)


def chip(row: int, col: int, start: int, riding: bool) -> Paint:
    """A red chip from ``start``, at ``col`` of the wheel (riding the rim) or of the image."""
    def paint(frame: np.ndarray, f: int) -> None:
        if f >= start:
            c = (col + shift_at(f)) % COLS if riding else col
            cv2.circle(frame, (c, row), 3, (40, 40, 200), -1)
    return paint


def run(paints: list[Paint], frames: int, seed: int) -> list[ObjectFix | None]:
    """The object stage wired as the reader wires it, the band's rows ignored."""
    rng = np.random.default_rng(seed)
    stand_out = np.full((ROWS, 1), 30.0, np.float32)
    stand_out[:HEAD] = 45.0
    ignore = np.zeros((ROWS, COLS), bool)
    ignore[HEAD:HEAD + BAND] = True  # the reader's no_objects
    nothing = np.zeros_like(ignore)
    edge = nothing.copy()
    edge[-2:] = True
    watch, bg, fixes = ObjectWatch(), None, []
    for f in range(frames):
        frame = empty_strip()
        rim(frame, f)
        for paint in paints:
            paint(frame, f)
        frame = cv2.blur(np.clip(frame + rng.normal(0, 3, frame.shape), 0, 255)
                         .astype(np.float32), (3, 3))
        bg = bg or StripBackground(frame, HEAD)
        diff = bg.difference(frame)
        fg, _ = foreground(diff, stand_out)
        fg |= bg.chroma_stand_out(frame, 45.0)
        fixes.append(object_step(watch, bg, frame, fg, edge, ignore=ignore, frozen=nothing,
                                 diff=diff, shift=shift_at(f)))
    return fixes


def test_the_turning_rim_beyond_the_head_edge_is_no_object() -> None:
    fixes = run([], 200, seed=3)
    assert first_seen(fixes) is None, [(f, x) for f, x in enumerate(fixes) if x][:3]


@pytest.mark.parametrize("riding", [
    # seed 11001 010 r0 / 003 r0: a chip fell just beyond the head's estimated edge, on
    # the still bowl or riding the wheel's rim there: never looked for (void missed)
    False,
    True,
])
def test_a_chip_in_the_band_beyond_the_head_edge_is_reported(riding: bool) -> None:
    at = 80
    fixes = run([chip(HEAD + 2, 100, at, riding)], at + 30, seed=11)
    seen = first_seen(fixes)
    assert seen is not None and at <= seen <= at + FPS // 2, seen  # within 0.5 s
    fix = fixes[seen]
    col = (100 + shift_at(seen)) % COLS if riding else 100
    assert fix is not None and abs(fix.row - HEAD - 2) <= 2 and abs(fix.col - col) <= 3, fix
