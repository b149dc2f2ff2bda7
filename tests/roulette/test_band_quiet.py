"""``BandWatch.update`` with no foreground in the band takes a cheaper path
(``_learn_only``): it must leave the watch as the full update does, to the bit (the rim's
model, what it has looked at, both persistence counts) and return all 0. Compared frame by
frame over a turning rim with a chip, a hand's shadow and unseen columns, against the full
path run on a copy of the watch."""

from __future__ import annotations

import copy

import numpy as np

from vision.roulette.band import BandWatch

ROWS, COLS = 8, 444


class _Busy(np.ndarray):
    """A mask that says it holds something: the full path, whatever it holds."""

    def any(self, *args: object, **kwargs: object) -> bool:  # type: ignore[override]
        return True


def _frames(rng: np.random.Generator, n: int) -> list[np.ndarray]:
    rim = rng.integers(20, 200, (ROWS, COLS, 3)).astype(np.float32)
    out = []
    for f in range(n):
        frame = np.roll(rim, 3 * f, axis=1) + rng.normal(0, 4, rim.shape).astype(np.float32)
        if 55 <= f < 75:
            frame[2:6, 100:110] = (40, 40, 200)  # a red chip, the rim learnt
        if 60 <= f < 70:
            frame[:, 300:360] *= np.float32(0.5)  # a shadow
        out.append(frame.astype(np.float32))
    return out


def test_quiet_band_learns_as_the_full_update() -> None:
    rng = np.random.default_rng(3)
    watch = BandWatch()
    unseen = np.zeros((ROWS, COLS), bool)
    unseen[:, :12] = True  # the frame's border
    quiet = 0
    for f, frame in enumerate(_frames(rng, 90)):
        shift = 3 * f % COLS
        fg = np.zeros((ROWS, COLS), bool)
        if f % 7 == 0:
            fg[3:5, 200:206] = True  # now and then something there: the counts run
        held = unseen if f % 2 else None
        if watch.rim is None or fg.any():
            watch.update(frame, fg, held, shift)
            continue
        full = copy.deepcopy(watch)
        want = full.update(frame, fg.view(_Busy), held, shift)
        got = watch.update(frame, fg, held, shift)
        quiet += 1
        assert np.array_equal(got, want) and not got.any()
        assert np.array_equal(watch.rim.model, full.rim.model)  # type: ignore[union-attr]
        assert np.array_equal(watch.rim.looked, full.rim.looked)  # type: ignore[union-attr]
        assert np.array_equal(watch.still, full.still)
        assert np.array_equal(watch.riding, full.riding)
    assert quiet > 60
