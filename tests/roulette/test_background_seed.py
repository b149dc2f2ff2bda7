"""The background seeded from the first seconds (``background.seen_median``): from a close
camera the head's part past the frame's corner turns through the view; each head cell is
taken from the frames where it was in view, not from the black outside the frame, against
which the pockets passing later stood out as an object (seed 12201 012 r0: the green zero's
pocket, a false void)."""

from __future__ import annotations

import numpy as np

from vision.roulette.background import seen_median

N, R, C = 9, 12, 444  # strips, rows, columns
GREEN = (40, 120, 30)  # BGR: pocket 0


def close_camera_strips() -> tuple[np.ndarray, np.ndarray]:
    """(mixed (N, R, C, 3) float32, unseen (N, R, C) bool): a head whose columns 0..59 are
    out of view (black) in 6 of 9 strips as the wheel turns, columns 400..443 in all."""
    rng = np.random.default_rng(5)
    mixed = np.empty((N, R, C, 3), np.float32)
    mixed[:] = GREEN
    mixed += rng.normal(0, 1.0, mixed.shape).astype(np.float32)
    unseen = np.zeros((N, R, C), bool)
    unseen[:6, :, :60] = True
    unseen[:, :, 400:] = True
    mixed[unseen] = 0.0
    return mixed, unseen


def test_a_cell_out_of_view_in_most_frames_is_seeded_from_the_others() -> None:
    mixed, unseen = close_camera_strips()
    seeded = seen_median(mixed, unseen)
    assert seeded.shape == (R, C, 3) and seeded.dtype == np.float32
    assert np.abs(seeded[:, :60] - GREEN).max() < 4  # the pocket, not the black outside


def test_a_cell_never_in_view_keeps_the_plain_median() -> None:
    mixed, unseen = close_camera_strips()
    assert np.array_equal(seen_median(mixed, unseen)[:, 400:],
                          np.median(mixed, axis=0)[:, 400:].astype(np.float32))


def test_cells_in_view_throughout_are_the_plain_median() -> None:
    mixed, unseen = close_camera_strips()
    assert np.array_equal(seen_median(mixed, unseen)[:, 60:400],
                          np.median(mixed, axis=0)[:, 60:400].astype(np.float32))
