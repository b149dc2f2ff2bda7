"""Dome crops saved from spent synthetic sets (``tests/data/sicbo``): read as the reader
reads them, and the die read at a known place (the tests' shared helpers)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sicbo import DiceReading, DieRead, read_dice
from vision.sicbo.blob import Blob
from vision.sicbo.face import load_classifier
from vision.sicbo.pips import Pip, TopFace

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


@dataclass(frozen=True, slots=True)
class SavedPairs:
    """The touching-pair lean stages' inputs saved from one ``read_dice`` of a dome crop
    (``tests/data/sicbo/*.npz``): top faces, blobs and bodies (one per die), the reads'
    confidences, the touching pairs not seen alike, and the image's die edge."""

    tops: list[TopFace]
    blobs: list[Blob]
    bodies: list[Blob]
    confidences: list[float]
    pairs: set[tuple[int, int]]
    edge_px: float


def saved_pairs(name: str) -> SavedPairs:
    """``SavedPairs`` from the saved observations ``name``."""
    with np.load(DATA / name) as arrs:
        obs = json.loads(str(arrs["observations"]))
        tops = [TopFace(pips=tuple(_pip(p) for p in t["pips"]),
                        center_xy=(t["center_xy"][0], t["center_xy"][1]), edge_px=t["edge_px"],
                        side_pips=tuple(_pip(p) for p in t["side_pips"])) for t in obs["tops"]]
        blobs, bodies = ([_blob(arrs, f"{kind}_{i}") for i in range(len(tops))]
                         for kind in ("blobs", "bodies"))
    return SavedPairs(tops, blobs, bodies, obs["confidence"],
                      {(i, j) for i, j in obs["pairs"]}, obs["edge_px"])


def _pip(v: list[float]) -> Pip:
    return Pip(center_xy=(v[0], v[1]), area_px=v[2], axes_px=(v[3], v[4]), angle_deg=v[5],
               inside=v[6], redness=v[7], ring_lum=v[8])


def _blob(arrs: np.lib.npyio.NpzFile, key: str) -> Blob:
    x0, y0, x1, y1 = (int(v) for v in arrs[f"{key}_box"])
    bits = np.unpackbits(arrs[f"{key}_mask"])[:(y1 - y0) * (x1 - x0)]
    area, solidity = (float(v) for v in arrs[f"{key}_stats"])
    return Blob(box_xyxy=(x0, y0, x1, y1), mask=bits.reshape(y1 - y0, x1 - x0).astype(bool),
                area_px=area, solidity=solidity)
