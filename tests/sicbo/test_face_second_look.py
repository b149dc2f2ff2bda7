"""face.second_look through the forward model: a rendered die whose other pips the pip
finder lost (a lone pip kept as the top face, the crop centred on it) is read again
around the die's body; a real one, and a blob the CNN calls "not a die", stay as they are."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from vision.sicbo.detect import find_die_blobs
from vision.sicbo.face import NOT_A_DIE, face_crop, load_classifier, second_look
from vision.sicbo.pips import TopFace, find_pips, select_top_face
from vision.sicbo.render import DieStyle, render_scene


def _one_die(face: int, seed: int, style: DieStyle) -> tuple[np.ndarray, object, TopFace]:
    rng = np.random.default_rng(seed)
    image, _ = render_scene([face], rng, edge_px=40, tilt_deg=15, style=style)
    (blob,) = find_die_blobs(image)
    top = select_top_face(find_pips(image, blob), blob)
    assert top is not None and top.count == face
    return image, blob, top


def _lone_pip(top: TopFace) -> TopFace:
    """The same face as the pip finder would give it had it seen only its first pip."""
    pip = top.pips[0]
    return dataclasses.replace(top, pips=(pip,), center_xy=pip.center_xy)


@pytest.mark.parametrize(("face", "style", "seed", "moved"), [
    (2, DieStyle(), 41, True),                # a 2 seen as one corner pip: "one" (0.32)
    (2, DieStyle(), 50, True),                # ... read "one" surely (0.74)
    (2, DieStyle(), 45, True),                # ... read "three"
    (2, DieStyle(), 37, False),               # corner crop already reads 2: kept as is
    (3, DieStyle(), 32, False),               # a 3 whose corner crop already reads 3
])
def test_lost_pips_read_again_around_the_body(face, style, seed, moved) -> None:
    classifier = load_classifier()
    image, blob, top = _one_die(face, seed, style)
    lone = _lone_pip(top)
    first = classifier.predict(face_crop(image, lone.center_xy, lone.edge_px)[None])[0]
    got, probs = second_look(classifier, image, lone, blob.center_xy, first)
    assert int(np.argmax(probs[:6])) + 1 == face
    assert (got.center_xy == blob.center_xy) is moved


@pytest.mark.parametrize(("style", "seed"), [
    (DieStyle(), 34),                    # a Western one: its pip is the face centre
    (DieStyle(chinese=True), 35),        # the large red Chinese one
])
def test_a_real_one_stays_one(style, seed) -> None:
    classifier = load_classifier()
    image, blob, top = _one_die(1, seed, style)
    first = classifier.predict(face_crop(image, top.center_xy, top.edge_px)[None])[0]
    got, probs = second_look(classifier, image, top, blob.center_xy, first)
    assert got is top and probs is first


def test_first_views_not_a_die_is_kept() -> None:
    # the first view calls the blob clutter: a second view must not turn it into a die
    classifier = load_classifier()
    image, blob, top = _one_die(2, 36, DieStyle())
    clutter = np.zeros(7, np.float32)
    clutter[NOT_A_DIE] = 0.9
    clutter[0] = 0.1
    got, probs = second_look(classifier, image, _lone_pip(top), blob.center_xy, clutter)
    assert probs is clutter and got.center_xy == top.pips[0].center_xy
