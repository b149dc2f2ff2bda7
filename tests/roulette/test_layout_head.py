"""The head's edge lies beyond a dark number ring, across a plain ring up to 0.10 wide.

``layout.find_rotating_rows`` cannot tell a plain ring (one colour, between the pockets and
the number ring) turning from still, so it crosses one where turning rows with content
follow within ``PLAIN_RING_RHO``. At 0.07 the head of fresh seed 16801 clip 029 (640x480,
a dark number ring with light digits, its plain ring 0.08 wide in the reader's strip) ended
at the pockets: the number ring lay in the band beyond the head's edge where no object is
looked for, and a chip lying on it was never one (r1: no event, the void missed; r0's too).

The strips are drawn in wheel coordinates and rolled as the wheel turns, the bowl's rows
still, each with a little noise, as the calibration's strips come.
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.roulette.layout import find_rotating_rows

RHO = np.linspace(0.35, 1.75, 141)  # the calibration's strip rows (``calibrate.SCAN``)
COLUMNS = 444
BAND = (0.89, 1.09)  # the pocket band
FRAMES = 10


def strips(plain_out: float, number_out: float = 1.27, seed: int = 0
           ) -> tuple[list[np.ndarray], list[int]]:
    """Frames' strips: pockets to 1.09, a plain gold ring to ``plain_out``, a dark number
    ring with light digits to ``number_out``, then the still bowl."""
    rng = np.random.default_rng(seed)
    wheel = np.zeros((len(RHO), COLUMNS, 3), np.float32)
    cols = np.arange(COLUMNS)
    pockets = np.where((cols // 12) % 2 == 0, 170.0, 35.0)[None, :, None]  # red / black

    def rows(lo: float, hi: float) -> np.ndarray:
        return (RHO >= lo - 1e-9) & (RHO < hi - 1e-9)

    wheel[rows(0.35, BAND[1] + 0.01)] = pockets * np.array([0.3, 0.3, 1.0], np.float32)
    wheel[rows(BAND[1] + 0.01, plain_out)] = (60, 140, 170)  # the plain ring
    ring = rows(plain_out, number_out)
    wheel[ring] = (30, 30, 30)
    digits = np.zeros(COLUMNS, bool)
    for k in range(37):  # a light digit in each pocket's place
        digits[k * 12 + 3:k * 12 + 8] = True
    wheel[np.ix_(ring, digits)] = (150, 210, 220)
    bowl = rng.uniform(60, 80, (len(RHO), COLUMNS, 3)).astype(np.float32)
    head = RHO < number_out - 1e-9
    out, zeros = [], []
    for k in range(FRAMES):
        zero = (k * 37 + 5) % COLUMNS
        frame = np.where(head[:, None, None], np.roll(wheel, zero, axis=1), bowl)
        out.append(np.clip(frame + rng.normal(0, 1.0, frame.shape), 0, 255).astype(np.uint8))
        zeros.append(zero)
    return out, zeros


@pytest.mark.parametrize("plain_out", [1.14, 1.19])  # plain rings 0.04 and 0.09 wide
def test_the_head_takes_in_the_number_ring_beyond_a_plain_ring(plain_out: float) -> None:
    frames, zeros = strips(plain_out)
    assert find_rotating_rows(frames, zeros, RHO, BAND) == pytest.approx(1.28, abs=0.011)


def test_with_no_number_ring_the_head_ends_at_the_pockets() -> None:
    frames, zeros = strips(plain_out=1.19, number_out=1.19)  # the plain ring is the rim
    assert find_rotating_rows(frames, zeros, RHO, BAND) == pytest.approx(1.11, abs=0.011)
