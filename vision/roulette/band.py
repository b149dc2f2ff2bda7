"""Objects in the band just beyond the head's estimated edge (``bowl``'s blind rows).

The strip's rows from ``head_row`` are kept in image coordinates (the still bowl), but the
head's edge is an estimate: the turning wheel may reach a few rows beyond it (its rim, the
outer edge of the number ring), so there its pieces move through the bowl's model and the
object stage looked at nothing (``reader``'s ``no_objects``). A chip lying there was never
seen: on the still bowl just past the wheel's edge (seed 11001 010 r0, a red chip at the
frame's border) or riding the wheel's rim (11001 003 r0, a green chip at the number ring's
outer edge, moving in the bowl's coordinates).

``BandWatch`` keeps a second model of these rows in wheel coordinates (rolled as the head),
where the wheel's own rim stands still. What lies there differs from both models: the still
bowl's (it is no bowl) and the turning rim's (it is no rim); the wheel's pieces match the
second, the bowl's the first. Such a pixel has lasted when it stayed so ``persist_frames``
in either coordinates: still on the bowl, or riding the wheel.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.roulette.background import PATCH_LEARNT, StripBackground, max_channel
from vision.roulette.hand import roll_head

__all__ = ["BandParams", "BandWatch", "in_band", "persist"]

BAND_MAX_ROWS = 12  # the band is a few rows (0.12 ring radii); more is not it


@dataclass(frozen=True, slots=True)
class BandParams:
    stand_out: float = 45.0  # max channel (or opponent colour) difference from the rim's
    # local range, as on the head (``ObjectParams.stand_out_head``)
    patch_out: float = 30.0  # ... or a 3x3 patch matching the rim nowhere near (``patch_out``)
    persist_frames: int = 4  # consecutive frames in either coordinates


def _rolled(a: np.ndarray, shift: int) -> np.ndarray:
    """Image -> wheel coordinates (the head's roll: column j shows image column j + shift);
    a negative ``shift`` goes back. Every row is a head row here (``roll_head``; no copy
    when nothing moves: the results are only read)."""
    return roll_head(a, a.shape[0], -shift)


class BandWatch:
    """The band's rim model (wheel coordinates) and persistence; one ``update`` per frame.

    The rim's model is a ``StripBackground`` whose rows are all head rows: compared with
    its local range, opponent colours and patches as the head is (a green chip on a dark
    rim hid in the range of its colours), and learnt where the frame matches."""

    def __init__(self, params: BandParams | None = None) -> None:
        self.params = params or BandParams()
        self.rim: StripBackground | None = None
        self.still: np.ndarray | None = None  # (B, C) uint8 persistence, image coordinates
        self.riding: np.ndarray | None = None  # (B, C) uint8 persistence, wheel coordinates

    def update(self, band: np.ndarray, fg: np.ndarray, unseen: np.ndarray | None,
               shift: int) -> np.ndarray:
        """``band`` (B, C, 3) float32 rows of the mixed strip (image coordinates), ``fg``
        (B, C) bool their foreground against the still bowl's model, ``unseen`` (B, C) bool
        out of view (or None), ``shift`` the head's roll (columns) -> (B, C) uint8, image
        coordinates: for how many frames each foreground pixel has been unlike both models,
        still or riding the wheel (the longer of the two)."""
        p = self.params
        frame = _rolled(band, shift)
        held = None if unseen is None else _rolled(unseen, shift)
        if self.rim is None or self.rim.model.shape != frame.shape:
            self.rim = StripBackground(frame, frame.shape[0])
            self.still = np.zeros(fg.shape, np.uint8)
            self.riding = np.zeros(fg.shape, np.uint8)
        assert self.still is not None and self.riding is not None
        rim = self.rim
        if not fg.any():  # (cost) most frames (87% of the bench clip's)
            return self._learn_only(frame, held)
        diff = rim.difference(frame)
        off = (max_channel(np.abs(diff)) > p.stand_out) | rim.chroma_stand_out(frame, p.stand_out)
        off |= rim.patch_stand_out(frame, p.stand_out, p.patch_out)
        off &= rim.looked >= PATCH_LEARNT  # what the model has not yet seen is no rim
        # learnt at the full rate only where the frame matches the model's own pixel, not
        # only its local range: a chip within the range of the rim's colours nearby would
        # widen it, and be learnt, its edge after its edge
        stand = off | (max_channel(np.abs(frame - rim.model)) > p.stand_out)
        rim.update(frame, diff, stand, None, held)
        both = off & _rolled(fg, shift)  # wheel coordinates
        persist(self.riding, both)
        persist(self.still, _rolled(both, -shift))
        return np.maximum(_rolled(self.riding, -shift), self.still) * fg

    def _learn_only(self, frame: np.ndarray, held: np.ndarray | None) -> np.ndarray:
        """``update`` where the band has no foreground: nothing lasts (both counts start
        again, all 0 returned) and the rim's model learns as there, at less cost. Every row
        is a head row, where ``difference`` is the frame less the model's local range, so
        no further off than from the model's own pixel, and the patch test marks only what
        is that far off too: where it stands out is where the frame is ``stand_out`` off
        the model's pixel, or its opponent colours off the local range once learnt (the
        same masks, to the bit: ``tests/roulette/test_band_quiet.py``)."""
        p, rim = self.params, self.rim
        assert rim is not None and self.still is not None and self.riding is not None
        stand = max_channel(np.abs(frame - rim.model)) > p.stand_out
        stand |= rim.chroma_stand_out(frame, p.stand_out) & (rim.looked >= PATCH_LEARNT)
        rim.update(frame, frame, stand, None, held)  # (no bowl rows: the
        # frame stands in for the difference, which only they would read)
        self.still.fill(0)
        self.riding.fill(0)
        return np.zeros(stand.shape, np.uint8)


def in_band(watch: BandWatch, head_row: int, mixed: np.ndarray, fg: np.ndarray,
             ignore: np.ndarray, frozen: np.ndarray, unseen: np.ndarray | None, shift: int
             ) -> np.ndarray | None:
    """(R, C) uint8 for how long each pixel of the band beyond the head's edge (the rows
    from the head's on where the reader looks for no object at all) lasted, 0 where a
    ball may be (``frozen``); None when nothing did."""
    h = max(head_row, 0)
    rows = ignore[h:h + BAND_MAX_ROWS].all(axis=1)
    end = h + (int(np.argmin(rows)) if not rows.all() else len(rows))
    if end == h:
        return None
    b = slice(h, end)
    found = watch.update(mixed[b], fg[b], None if unseen is None else unseen[b], shift)
    if not fg[b].any():  # (cost) the band's quiet frames: nothing lasted (``_learn_only``)
        return None
    found *= ~frozen[b]
    if not found.any():
        return None
    out = np.zeros(fg.shape, np.uint8)
    out[b] = found
    return out


def persist(count: np.ndarray, now: np.ndarray) -> None:
    """``count`` (uint8, C-contiguous): consecutive frames ``now`` (bool, same shape) held,
    per pixel, in place (saturating at 255)."""
    if not count.flags.c_contiguous:
        raise ValueError("persist counts in place: count must be C-contiguous")
    # (cost) OpenCV's saturating add is min(count, 254) + 1 for uint8, in one SIMD pass
    # (numpy's minimum with a scalar ran a scalar loop); it writes ``count`` in place
    cv2.add(count, 1, dst=count)
    np.multiply(count, now.view(np.uint8), out=count)  # 0 where it did not
