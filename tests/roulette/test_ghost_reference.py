"""A trace in the background told by the first seconds' strip (``ghost.label_as_at_first``),
wherever the frame's edge cuts the turning head beside it.

Seed 16601 028 r3 (1280x720, the frame's top edge across the number ring): a dealer's
hand, reaching in there to take the ball, left a darker trace in the background on the
bowl by the edge. The frame showed the bowl as the first seconds had (3.4 off), the model
did not (32 off): a ghost. But the brightness match looked at the box round the trace,
whose first rows are the head's; as the wheel turned they came to where the frame cuts
them, black, the match dimmed the first seconds' strip, the trace seemed 23
off, and it was called an object: a false void.

The scene: the strip of ``test_bowl`` (pockets on the head rows, a wooden slope below),
a dark trace on the bowl's first rows in the model only; the frame the empty strip, with
or without the head's rows above the trace out of the picture.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.roulette.test_bowl import HEAD, empty_strip
from vision.roulette.bowl import ObjectParams
from vision.roulette.components import components_with_stats
from vision.roulette.ghost import label_as_at_first

TRACE = (HEAD + 2, HEAD + 8, 150, 156)  # rows, columns of the trace (top, bottom, left, right)


def noisy(strip: np.ndarray, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return cv2.blur(np.clip(strip + rng.normal(0, 3, strip.shape), 0, 255).astype(np.float32),
                    (3, 3))


def piece() -> tuple[np.ndarray, np.ndarray]:
    """The trace's labels and stats, as the object stage labels a lasting piece."""
    mask = np.zeros(empty_strip().shape[:2], np.uint8)
    top, bottom, left, right = TRACE
    mask[top:bottom, left:right] = 1
    _, labels, stats, _ = components_with_stats(mask)
    return labels, stats


def dark_trace(strip: np.ndarray) -> np.ndarray:
    out = strip.copy()
    top, bottom, left, right = TRACE
    out[top:bottom, left:right] *= 0.6
    return out


@pytest.mark.parametrize("head_cut", [False, True])
def test_a_trace_the_frame_no_longer_shows_is_a_ghost(head_cut: bool) -> None:
    reference = noisy(empty_strip(), seed=1)
    model = dark_trace(noisy(empty_strip(), seed=2))
    frame = noisy(empty_strip(), seed=3)
    if head_cut:  # the head's rows beside the trace turned to where the frame ends
        frame[HEAD - 6:HEAD, 130:176] = 0
    labels, stats = piece()
    assert label_as_at_first(frame, model, reference, labels, stats, 1, ObjectParams())


@pytest.mark.parametrize("head_cut", [False, True])
def test_a_thing_lying_there_is_no_ghost(head_cut: bool) -> None:
    reference = noisy(empty_strip(), seed=1)
    model = noisy(empty_strip(), seed=2)
    frame = dark_trace(noisy(empty_strip(), seed=3))  # a dark chip, the model clean
    if head_cut:
        frame[HEAD - 6:HEAD, 130:176] = 0
    labels, stats = piece()
    assert not label_as_at_first(frame, model, reference, labels, stats, 1, ObjectParams())
