"""The turning head as it looked the last time the wheel stood at the same angle.

The running background (``background``) keeps the head in wheel coordinates and learns
where the frame matches it; on the head it must follow what changes as the wheel turns
(the light and the camera's parallax fall on each pocket differently at each angle), so
it learns fast, and a thing whose colours lie close to the ring's is learnt within a
second: a black chip with white spots on a black number ring (seed 16301 008 r2, 025 r1),
a red chip on a red and black one (012 r1). Its edges stood out at first, the model
took them in 20-30 frames later, and the void was missed (``ball_handled``: the dealer's
hand came first).

``HeadMemory`` keeps the head (in wheel coordinates too) once per angle bin of the wheel:
a pocket seen at the same angle a turn ago was lit and seen as it is now, so the empty
head matches it closely (a 5 x 5 mean of the largest channel difference <= 16 on that
clip where the model's stood at 40-90), and something lying on the head stands out for
as long as it lies there (34-48 for that chip). A pixel is written only where it matches
what the bin holds (or where the bin holds nothing yet), so what stands out is not learnt
but by a slow leak; nor is it where the caller masks it (the ball, a hand, what the frame
does not show).

What the bin holds may itself be wrong (a ball that rested in a pocket while the wheel
first turned, a hand's trace): a piece counts only where the frame is new against the
running background too, and where the bin, not the frame, stands out from the columns
beside or the pockets away, the bin takes the frame (``HeadMemory._heal``). A cell the
bin took from the running background's model at its first visit (where the caller masked
the frame) is not compared at all: that model may show what no frame did (the first
seconds' median of a ring calibrated off the wheel's, seed 16801 003 before
``ring.CUT_PX`` took two closings: a glint masked as a ball at the clip's start, and the
pockets there stood out from the smear each turn after, false voids at 199 and 681).
Those cells wait for a frame that shows them.

The same memory tells the object watch when a piece it would report is the head as it
looked at this angle a turn ago (``HeadMemory.explains``): where the strip's radii misfit
the head by an amount that changes round the picture, each pocket and digit shows at one
place in the image a row or so off where the running background learnt it, and stands
out there every turn; a turn ago, at the same angle, it showed the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.roulette.background import max_channel
from vision.roulette.bowl import ObjectParams
from vision.roulette.components import components_with_stats
from vision.roulette.ghost import label_box, patch_is_ghost

__all__ = ["HeadMemory", "MemoryParams"]


@dataclass(frozen=True, slots=True)
class MemoryParams:
    bins: int = 64  # angle bins per turn of the wheel
    stand_out: float = 24.0  # a 5 x 5 mean of the largest channel difference over this
    match: float = 20.0  # a pixel within this (largest channel) of its bin is learnt
    half_life_s: float = 10.0  # elsewhere the bin takes half of what stands out in this
    # long (a thing lying on the head for good is taken in at last; one lying for the
    # 2 s a void takes, an eighth)
    leak_cap: float = 0.05  # ... at most this share per visit, however long since the last
    # (at 0.25, a quarter of a hand over the head at a rare visit stayed in the bin: a thing
    # where the hand had been, seed 16301 008 r4)
    model_floor: float = 6.0  # ... and the same mean of the difference from the running
    # background (its local range) over this: the frame is new there. Where it matches
    # the model the bin holds what has gone (that hand's trace: 1-2), where a thing came
    # it does for a second or so (the chip: 12-27 as it was called)
    max_age_s: float = 20.0  # a bin not visited this long is not compared (the wheel
    # stopped, or so slow that the light may have changed)
    box_px: int = 5  # the mean's box
    explain_ratio: float = 0.5  # (``explains``) a piece matching its bin within this x its
    # difference from the running background (and ``match``) is the head as it was


@dataclass(frozen=True, slots=True)
class _Compared:
    """What the last ``update`` compared: its frame, the bin's index, (H, C) float32 the
    largest channel difference from the bin (the frame's gain matched), valid where
    ``shown`` and not ``unseen``."""

    frame: int
    bin: int
    raw: np.ndarray
    shown: np.ndarray
    unseen: np.ndarray | None


class HeadMemory:
    """Per angle bin, the head rows of the mixed strip; one ``update`` per frame."""

    def __init__(self, columns: int, fps: float, ghost: ObjectParams,
                 params: MemoryParams | None = None) -> None:
        self.params = params or MemoryParams()
        self.ghost = ghost  # the object watch's: the ghost test's margins and ratio
        self.columns = columns
        self.max_age = max(1, round(self.params.max_age_s * fps))
        self.leak = float(np.log(2.0) / (self.params.half_life_s * fps))  # per frame
        self.store: list[np.ndarray | None] = [None] * self.params.bins
        # per bin, (H, C) bool where it holds the model, not a frame (masked at the first
        # visit): not compared, and taken from the first frame that shows it
        self.unseen: list[np.ndarray | None] = [None] * self.params.bins
        self.seen = np.zeros(self.params.bins, np.int64)  # frame of each bin's last visit
        self.born = np.zeros(self.params.bins, np.int64)  # ... and of its first
        self.compared: _Compared | None = None  # this frame's comparison (``explains``)

    def update(self, head: np.ndarray, zero_col: float, masked: np.ndarray, frame: int,
               model: np.ndarray, diff: np.ndarray) -> np.ndarray | None:
        """``head`` (H, C, 3) float32 the mixed strip's head rows with the wheel at
        ``zero_col`` (pocket 0's column in the image's strip), ``masked`` (H, C) bool where
        nothing is compared or learnt, ``model`` (H, C, 3) the running background's head
        rows and ``diff`` (H, C, 3) the frame's difference from it (its local range) ->
        (H, C) bool where the head stands out from its bin and is new against the model
        (None when the bin was empty or not visited lately), then learns. An empty bin is
        taken from the frame, but from the model where ``masked``: those cells are not
        compared until a frame shows them, which they then take (``unseen``)."""
        p = self.params
        b = int(round(zero_col * p.bins / self.columns)) % p.bins
        held = self.store[b]
        self.compared = None
        if held is None:
            self.store[b] = np.where(masked[..., None], model, head).astype(np.float32)
            self.unseen[b] = masked.copy() if masked.any() else None
            self.seen[b] = self.born[b] = frame
            return None
        elapsed = frame - int(self.seen[b])
        self.seen[b] = frame
        # (cost) the gain as OpenCV's per-channel scalar: numpy's broadcast took 4x as long
        raw = max_channel(cv2.absdiff(head, cv2.multiply(held, _gain(head, held))))
        unseen = self.unseen[b]
        if unseen is not None:  # (seldom) the model's cells: the frame's where it shows them
            raw[unseen] = 0
            still = unseen & masked
            self.unseen[b] = still if still.any() else None
        shown = ~masked
        learn = (raw < p.match) & shown
        # (cost) where it stands out the bin leaks towards the frame, where it matches it
        # is the frame: one weighted step for every pixel, nothing indexed, the weights
        # laid out per channel (cost: a broadcast (H, C, 1) took twice as long)
        w = np.multiply(shown, np.float32(min(p.leak_cap, elapsed * self.leak)))
        np.copyto(w, np.float32(1.0), where=learn)
        step = np.subtract(head, held)
        step *= cv2.merge([w, w, w])
        held += step
        if elapsed > self.max_age:
            return None
        np.multiply(raw, shown, out=raw)  # (the ball, a hand: not spread into the box's
        # mean beside them; raw >= 0, so this is 0 there)
        self.compared = _Compared(frame, b, raw, shown, unseen)  # (references: no copies)
        box = (p.box_px, p.box_px)
        out = cv2.blur(raw, box) > p.stand_out
        out &= shown
        out &= cv2.blur(max_channel(np.abs(diff)), box) > p.model_floor
        if out.any():
            self._heal(out, head, held)
        return out

    def explains(self, rows: np.ndarray, cols: np.ndarray, lasted: int, unlike: float
                 ) -> bool:
        """Is the piece at head cells (``rows``, ``cols``), foreground for ``lasted``
        frames and ``unlike`` the running background by that much (mean largest channel
        difference), the head as this frame's bin held it: every cell compared this frame
        (none masked, none the model's), the bin filled before the piece came, and the
        frame there within ``match`` of it on average and ``explain_ratio`` x ``unlike``?
        Fresh seed 17201 clip 026 (1280x960, camera 20 degrees, a dark number ring with
        light digits on the head's edge): where the digits 13 and 27 passed one place low
        left in the picture, the ring's gold line and the digits' tops showed a row off the
        model (pieces of 12-15 px at the head's last rows, 52-54 from the model, 31-35 from
        it moved: no ``label_is_head_shifted``), voids in two result rounds; against the
        bin of a turn ago, 3-10. A thing lying there stands out from both alike: the bin
        never held it (it learns only what matches, and what stands out but by a slow
        leak), unless it lay there since before the bin's first visit."""
        c = self.compared
        if c is None or self.born[c.bin] >= c.frame - lasted or not c.shown[rows, cols].all():
            return False
        if c.unseen is not None and c.unseen[rows, cols].any():
            return False
        return float(c.raw[rows, cols].mean()) <= min(self.params.match,
                                                      self.params.explain_ratio * unlike)

    def _heal(self, out: np.ndarray, head: np.ndarray, held: np.ndarray) -> None:
        """Drops from ``out`` the pieces where the bin, not the frame, stands out (from the
        columns beside, or the same place some pockets away: ``ghost.patch_is_ghost``), and
        takes the frame into the bin there: the bin held something that has gone (a ball
        at rest in a pocket while the wheel first turned, seed 16301 012 r0: a void)."""
        n, labels, stats, _ = components_with_stats(out.view(np.uint8))
        for k in range(1, n):
            patch, rows, cols = label_box(labels, stats, k)
            if patch_is_ghost(head, held, patch, rows, cols, self.ghost, out.shape[0]):
                box = out[rows, cols[0]:cols[-1] + 1]
                box[patch] = False
                np.copyto(held[rows, cols[0]:cols[-1] + 1], head[rows, cols[0]:cols[-1] + 1],
                          where=patch[..., None])


def _gain(head: np.ndarray, held: np.ndarray) -> tuple[float, float, float, float]:
    """Per channel (as an OpenCV scalar, the fourth unused): the head's mean over the
    bin's (a camera's gain drifting between two visits), each in float32."""
    now = np.array(cv2.mean(head)[:3], np.float32)
    then = np.array(cv2.mean(held)[:3], np.float32)
    g = now / np.maximum(then, np.float32(1.0))
    return float(g[0]), float(g[1]), float(g[2]), 0.0
