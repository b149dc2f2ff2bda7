"""``StripBackground``'s head ranges (the model's local range, its opponent colours' and
its one-pixel dilation) are taken anew every ``RANGE_EVERY`` updates, not every frame
(cost: four dilations and erosions of the head's model a frame, and the band's rim's): in
between, ``difference``, ``chroma_stand_out`` and ``rise`` compare the frame with the
ranges of the model as it was when they were last taken, to the bit, and never write
into them."""

from __future__ import annotations

import numpy as np

from tests.roulette.test_background_exact import _plain_chroma, _plain_difference, _plain_rise
from vision.roulette.background import RANGE_EVERY, StripBackground


def _strips(rng: np.random.Generator, n: int, shape: tuple[int, int, int]) -> list[np.ndarray]:
    base = rng.uniform(0, 255, shape).astype(np.float32)
    return [np.clip(base + rng.normal(0, 20, shape), 0, 255).astype(np.float32)
            for _ in range(n)]


def test_ranges_of_the_model_when_last_taken() -> None:
    rng = np.random.default_rng(7)
    for h, shape in ((12, (40, 64, 3)), (9, (9, 50, 3))):  # a strip; a band (all head)
        frames = _strips(rng, 12, shape)
        bg = StripBackground(frames[0], h)
        taken = bg.model.copy()
        for k, mixed in enumerate(frames[1:]):
            if k % RANGE_EVERY == 0:
                taken = bg.model.copy()  # (taken anew at this frame's first use)
            diff = bg.difference(mixed)
            want = _plain_difference(mixed, taken, h)
            want[h:] = mixed[h:] - bg.model[h:]  # (the bowl rows: the model itself)
            assert np.array_equal(diff, want)
            assert np.array_equal(bg.chroma_stand_out(mixed, 30.0),
                                  _plain_chroma(mixed, taken, h, 30.0))
            rise = bg.rise(mixed, diff)
            assert np.array_equal(rise[:h], _plain_rise(mixed, taken, diff, h)[:h])
            # read only: the same frame again gives the same
            assert np.array_equal(bg.difference(mixed), diff)
            stand = np.abs(diff).max(axis=2) > 28
            bg.update(mixed, diff, stand, None, None)
        assert RANGE_EVERY > 1 and not np.array_equal(taken, bg.model)
