"""The hand stage's id sets (``hand``: ``ids_in``, ``union_ids``, ``without_ids``,
``across_the_seam``), done with counts and Python's sets for cost, give numpy's set
functions' and the plain seam formula's answers, values and order."""

from __future__ import annotations

import cv2
import numpy as np

from vision.roulette.hand import across_the_seam, ids_in, union_ids, without_ids


def _plain_seam(labels: np.ndarray, ids: np.ndarray) -> np.ndarray:
    first, last = labels[:, 0], labels[:, -1]
    pairs = {(int(a), int(b)) for k in (-1, 0, 1)
             for a, b in zip(first[max(0, k):len(first) + min(0, k)],
                             last[max(0, -k):len(last) + min(0, -k)], strict=True) if a and b}
    out = set(ids.tolist())
    for _ in range(2):
        for a, b in pairs:
            if a in out or b in out:
                out |= {a, b}
    return np.array(sorted(out), dtype=ids.dtype if len(ids) else np.int32)


def test_id_sets_match_numpy() -> None:
    rng = np.random.default_rng(11)
    for trial in range(300):
        h, w = int(rng.integers(1, 80)), int(rng.integers(2, 120))
        mask = (rng.random((h, w)) < rng.choice([0.0, 0.2, 0.45, 0.6])).astype(np.uint8)
        n, labels = cv2.connectedComponents(mask, connectivity=8)
        pick = rng.random((h, w)) < 0.1
        a, b = np.unique(labels[pick]), np.unique(labels[rng.random((h, w)) < 0.05])
        got = ids_in(labels[pick])
        assert got.dtype == a.dtype and np.array_equal(got, a)
        assert np.array_equal(ids_in(labels[:2]), np.unique(labels[:2]))  # 2-D, as at the cone
        assert np.array_equal(union_ids(a, b), np.union1d(a, b))
        assert np.array_equal(without_ids(a, b), np.setdiff1d(a, b))
        assert np.array_equal(without_ids(a, list(b)), np.setdiff1d(a, list(b)))
        assert np.array_equal(without_ids(a, []), a)
        ids = a[a > 0] if trial % 3 else a[:0]
        assert np.array_equal(across_the_seam(labels, ids), _plain_seam(labels, ids))


def test_members_compared_as_the_table() -> None:
    """``members`` with a few ids compares them one by one: the same mask as the look-up
    table's (random labellings, ids as lists and arrays, none to many, repeats)."""
    from vision.roulette.hand import MEMBERS_COMPARED, members

    rng = np.random.default_rng(35)
    for _ in range(300):
        mask = (rng.random((int(rng.integers(5, 80)), 444)) < rng.uniform(0.05, 0.6))
        n, labels = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)
        count = int(rng.integers(0, MEMBERS_COMPARED + 3))
        ids = rng.integers(0, n, count)
        lut = np.zeros(n, bool)
        lut[ids] = True
        want = lut[labels]
        for given in (ids, ids.tolist()):
            got = members(labels, n, given)
            assert got.dtype == want.dtype and got.shape == want.shape
            assert np.array_equal(got, want)
