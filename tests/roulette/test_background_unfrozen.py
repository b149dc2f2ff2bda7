"""``StripBackground.update`` with ``frozen`` None (the band's rim: never anything frozen)
skips the masks that would be all False; it must move the model and what it has looked at
exactly as all-False ``frozen`` masks did, frame after frame, with and without bowl rows
below the head, with a hand held out and ball-like spots (random masks)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from vision.roulette.background import StripBackground


@pytest.mark.parametrize("rows,head", [(9, 9), (30, 12), (12, 0)])
def test_nothing_frozen_is_all_false_frozen(rows: int, head: int) -> None:
    rng = np.random.default_rng(rows * 100 + head)
    first = rng.uniform(0, 255, (rows, 444, 3)).astype(np.float32)
    plain, fast = StripBackground(first, head), StripBackground(first.copy(), head)
    for f in range(40):
        mixed = rng.uniform(0, 255, first.shape).astype(np.float32)
        diff = plain.difference(mixed)
        assert np.array_equal(diff, fast.difference(mixed))
        stand = rng.random(first.shape[:2]) < 0.3
        held = None if f % 3 else rng.random(first.shape[:2]) < 0.2
        spots = None if f % 2 else rng.random(first.shape[:2]) < 0.1
        plain.update(mixed, diff, stand, np.zeros_like(stand), held, spots)
        fast.update(mixed, diff.copy(), stand.copy(), None, held, spots)
        assert np.array_equal(plain.model, fast.model)
        assert np.array_equal(plain.looked, fast.looked)
    assert copy.deepcopy(fast.frozen) is None
