"""Dome crops saved from spent synthetic sets (``tests/data/sicbo``): read as the reader
reads them, and the die read at a known place (the tests' shared helpers)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sicbo import DiceReading, DieRead, read_dice
from vision.sicbo.face import load_classifier

DATA = Path(__file__).resolve().parents[1] / "data" / "sicbo"

# The saved crops are read with the face CNN: without the built model they cannot be.
needs_model = pytest.mark.skipif(load_classifier() is None, reason="face model not built")


def read_saved(name: str) -> DiceReading:
    """``read_dice`` on the saved frame ``name``."""
    image = cv2.imread(str(DATA / name))
    assert image is not None, f"test frame missing or unreadable: {DATA / name}"
    return read_dice(image)


def die_at(reading: DiceReading, xy: tuple[float, float], within: float = 10.0) -> DieRead:
    """The die whose top face lies nearest ``xy``, asserted to lie within ``within`` px."""
    def dist(d: DieRead) -> float:
        return float(np.hypot(d.center_xy[0] - xy[0], d.center_xy[1] - xy[1]))
    die = min(reading.dice, key=dist)
    assert dist(die) < within, f"no die read within {within} px of {xy}: nearest {die}"
    return die
