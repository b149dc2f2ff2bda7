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


def _faces(**p: float) -> np.ndarray:
    """CNN output with the given face probabilities (f1=.., f6=..), the rest spread evenly."""
    out = np.zeros(7, np.float32)
    for k, v in p.items():
        out[int(k[1:]) - 1] = v
    rest = [i for i in range(6) if out[i] == 0]
    out[rest] = (1.0 - out.sum()) / len(rest)
    return out


def test_clean_five_or_six_layout_is_sure_when_the_cnn_agrees_unsurely() -> None:
    """No face holds a five's or a six's layout: with the CNN agreeing, if unsurely (a
    small die), the face is sure enough to pay (the sic bo floor for 3+ pips is 0.95)."""
    assert fuse(6, 0.98, _faces(f6=0.53, f4=0.40))[1] >= 0.95    # before: 0.946
    assert fuse(5, 0.99, _faces(f5=0.48, f1=0.17, f4=0.16))[1] >= 0.95    # before: 0.942
    assert fuse(6, 0.85, _faces(f6=0.53, f4=0.40))[1] < 0.95     # a layout not clean: as before
    assert fuse(4, 1.0, _faces(f4=0.48, f6=0.30))[1] < 0.95     # a four may be a six, pips lost


@pytest.mark.parametrize(("cnn", "face", "lo", "hi"), [
    (_faces(f4=0.51, f6=0.42), 6, 0.95, 1.0),    # a small six, the CNN leaning to a four
    (_faces(f4=0.90, f6=0.05), 6, 0.5, 0.95),    # the CNN sure of a four: the six unpaid
    (_faces(f3=0.51, f6=0.42), 3, 0.0, 0.5),     # a three's pips are no six's: as before
])
def test_clean_six_layout_against_a_cnn_reading_fewer_of_its_pips(cnn, face, lo, hi) -> None:
    """A four's pips all lie in a six's layout (blur merging a small six's middle pips
    loses them); six clean pips are made up only in exactly the missing places: the
    layout's face, as sure as the CNN's odds for it against that allow."""
    got, conf, _ = fuse(6, 0.98, cnn)
    assert got == face
    assert lo <= conf <= hi


@pytest.mark.parametrize(("probs", "lo", "hi"), [
    (_faces(f1=0.90), 0.97, 1.0),    # the CNN sure of a one: the lone pip backs it (paid)
    (np.array([.13, .13, .05, .02, .04, .01, .64]), 0.0, 0.5),
    # ^ the CNN holds it not a die, a one no likelier than a two: the CNN's odds alone
    (_faces(f1=0.45, f2=0.35), 0.0, 0.5),    # a one barely ahead of a two: as unsure
])
def test_lone_pip_backs_a_one_only_when_the_cnn_holds_it(probs, lo, hi) -> None:
    """A lone pip fits a one's layout perfectly on any face whose other pips are lost
    (seed 11204 clip 008 r2: a two, a pip washed by glare, read a one at 0.936)."""
    face, conf, _ = fuse(1, 1.0, probs)
    assert face == 1
    assert lo <= conf <= hi
