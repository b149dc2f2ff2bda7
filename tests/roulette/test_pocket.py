"""Wheel-relative angle -> pocket number, for all 37 pockets and both numbering senses."""

import numpy as np
import pytest

from vision.footage import WHEEL_SEQUENCE_CW
from vision.roulette.pocket import PocketRead, pocket_at, relative_angle
from vision.roulette.wheel import POCKET_RAD


@pytest.mark.parametrize("sense", [1, -1])
@pytest.mark.parametrize("k", range(37))
def test_every_pocket_centre_maps_to_its_number(k: int, sense: int) -> None:
    zero = 1.234  # pocket 0 anywhere on screen
    theta = zero + sense * k * POCKET_RAD
    read = pocket_at(theta, zero, sense)
    assert read.number == WHEEL_SEQUENCE_CW[k]
    assert abs(read.offset) < 1e-9


@pytest.mark.parametrize(("steps", "number", "offset"), [
    (0.49, 0, 0.49),  # just inside zero, towards 32
    (0.51, 32, -0.49),  # just past the fret into 32
    (-0.51, 26, 0.49),  # the other side of zero: 26
    (36.0, 26, 0.0),  # 36 steps on = one step back
    (37.2, 0, 0.2),  # a full turn wraps
])
def test_pocket_edges_and_wrap(steps: float, number: int, offset: float) -> None:
    read = pocket_at(0.3 + steps * POCKET_RAD, 0.3, 1)
    assert read.number == number
    assert read.offset == pytest.approx(offset, abs=1e-6)


def test_mirrored_sense_reads_neighbours_the_other_way() -> None:
    # seen mirrored, 32 lies towards decreasing angle
    assert pocket_at(-POCKET_RAD, 0.0, -1).number == 32
    assert pocket_at(POCKET_RAD, 0.0, -1).number == 26


def test_relative_angle_wraps_to_half_open_interval() -> None:
    assert relative_angle(0.1, 2 * np.pi - 0.1) == pytest.approx(0.2)
    assert -np.pi <= relative_angle(np.pi, 0.0) < np.pi


def test_pocket_read_validates() -> None:
    with pytest.raises(ValueError, match="0..36"):
        PocketRead(37, 0.0)
    with pytest.raises(ValueError, match="offset"):
        PocketRead(3, 0.7)
