"""Stage 1c (photos only): dice whose pips are smeared past reading.

A photo can catch a die still moving: motion blur drags each pip into a streak, the
streaks of a row merge, and the pip finder sees no round pip, so the die has no top
face and is dropped, though its blob is a clean die shape. Such a blob is read by the
face CNN alone, on a crop centred on the blob and sized like the picture's other
dice' top faces, and kept only when the CNN is sure of a face and sure it is a die.
With one signal instead of two the read is never confident (``fuse.fuse``: at most
0.5), and nothing about its pose is known: it is reported flat.

The sic bo reader does not use this: it reads settled dice, whose pips are sharp, and
a die missing there makes the round abstain anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.sicbo.blob import Blob
from vision.sicbo.face import NOT_A_DIE, FaceClassifier, face_crop
from vision.sicbo.pips import TopFace
from vision.sicbo.points import gap_px

__all__ = ["SmearParams", "Smeared", "smeared_dice"]


@dataclass(frozen=True, slots=True)
class SmearParams:
    min_solidity: float = 0.9      # a clean, convex die shape ...
    max_aspect: float = 1.5        # ... not much longer than wide
    size_rel: tuple[float, float] = (0.75, 1.4)   # blob edge / the read dice' median blob edge
    min_cnn: float = 0.9           # the CNN's face probability (faces renormalised)
    max_not_die: float = 0.05      # and its "not a die" probability at most this
    min_apart: float = 0.8         # centre this x edge from every die read or clutter


@dataclass(frozen=True, slots=True)
class Smeared:
    """A die read by the CNN alone: its blob, crop centre and top-face edge (pixels),
    and the CNN's probabilities (7: faces 1..6, not a die)."""

    blob: Blob
    center_xy: tuple[float, float]
    edge_px: float
    probs: np.ndarray

    def __post_init__(self) -> None:
        if self.edge_px <= 0 or self.probs.shape != (NOT_A_DIE + 1,):
            raise ValueError(f"need edge_px > 0 and 7 probabilities, got {self.edge_px}, "
                             f"{self.probs.shape}")


def smeared_dice(image_bgr: np.ndarray, unread: list[Blob],
                 found: list[tuple[Blob, TopFace]], classifier: FaceClassifier,
                 sp: SmearParams = SmearParams(), *,
                 clutter: Sequence[tuple[Blob, TopFace]] = ()) -> list[Smeared]:
    """Dice among ``unread`` (blobs with no top face) that the CNN alone reads surely,
    apart from the dice ``found`` and what the CNN called ``clutter``."""
    if not unread or not found:       # the other dice give the size to expect
        return []
    blob_edge = float(np.median([b.edge_px for b, _ in found]))
    top_edge = float(np.median([t.edge_px for _, t in found]))
    cands = [b for b in unread if _die_shaped(b, blob_edge, sp)
             and _apart(b.center_xy, [*found, *clutter], sp.min_apart * top_edge)]
    if not cands:
        return []
    probs = classifier.predict(np.stack([face_crop(image_bgr, b.center_xy, top_edge)
                                         for b in cands]))
    return [Smeared(b, b.center_xy, top_edge, p) for b, p in zip(cands, probs, strict=True)
            if _sure(p, sp)]


def _die_shaped(blob: Blob, ref_edge: float, sp: SmearParams) -> bool:
    lo, hi = sp.size_rel
    if blob.solidity < sp.min_solidity or not lo * ref_edge <= blob.edge_px <= hi * ref_edge:
        return False
    ys, xs = np.nonzero(blob.mask)
    (_, _), (w, h), _ = cv2.minAreaRect(np.stack([xs, ys], axis=1).astype(np.float32))
    return max(w, h) <= sp.max_aspect * max(1e-6, min(w, h))


def _apart(xy: tuple[float, float], taken: list[tuple[Blob, TopFace]], dist: float) -> bool:
    return all(gap_px(xy, t.center_xy) > dist
               and gap_px(xy, b.center_xy) > dist
               for b, t in taken)


def _sure(probs: np.ndarray, sp: SmearParams) -> bool:
    faces = probs[:NOT_A_DIE] / max(1e-9, float(probs[:NOT_A_DIE].sum()))
    return float(faces.max()) >= sp.min_cnn and float(probs[NOT_A_DIE]) <= sp.max_not_die
