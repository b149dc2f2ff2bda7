"""Pip count and face CNN fused (issue 4): disagreement must lower the confidence."""

from __future__ import annotations

import numpy as np
import pytest

from vision.sicbo.fuse import fuse


def _probs(face: int, p: float) -> np.ndarray:
    """CNN output (faces 1..6, then "not a die") giving ``face`` probability ``p``."""
    out = np.full(7, (1.0 - p) / 6, np.float32)
    out[face - 1] = p
    return out


@pytest.mark.parametrize(("pip_face", "pip_conf", "probs", "face", "lo", "hi"), [
    (4, 1.0, _probs(4, 0.95), 4, 0.99, 1.0),    # both say 4: more sure than either alone
    (4, 1.0, _probs(5, 0.95), 5, 0.0, 0.5),     # they disagree: the CNN's 5, capped at 0.5
    (4, 0.9, np.array([.05, .05, .05, .3, .35, .15, .05]), 4, 0.0, 0.5),
    # ^ an unsure CNN (5 at 0.35, 4 at 0.3) against a clean 4 layout: the pips, capped
    (None, 0.0, _probs(2, 0.9), 2, 0.0, 0.5),   # no pip count: the CNN alone stays below 0.5
    (3, 1.0, None, 3, 0.5, 0.95),               # no CNN: the pip count alone
])
def test_disagreement_caps_confidence(pip_face, pip_conf, probs, face, lo, hi) -> None:
    got, conf, _ = fuse(pip_face, pip_conf, probs)
    assert got == face
    assert lo <= conf <= hi
