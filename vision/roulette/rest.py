"""Is the ball at rest in a pocket, and which? Pure tests on its recent sightings.

Over the last ``settle_s`` (and at least ``settle_frames`` frames) the ball was seen in
every frame, free, inside the pocket band, always near the centre (``settle_offset``) of
the same pocket relative to the wheel, with no steady drift (``settle_speed``). A hopping
ball crosses a pocket's centre faster than that; only a ball riding in its pocket stays.
Nor may it end going away from where it lingered (``settle_away_speed``): a ball rocking
to rest slows down away from its pocket's centre, a hop that starts slowly (a hop back,
seen from a tilted camera) speeds up.
A ball off its pocket's centre (against a fret, or seen from the side) must rest twice
as long (``settle_offset_long``).

The numbers live in ``SettleParams`` (``vision.roulette.settle_params``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from vision.roulette.pocket import pocket_at
from vision.roulette.track import Seen
from vision.roulette.wheel import POCKET_RAD

if TYPE_CHECKING:
    from vision.roulette.settle_params import SettleParams

__all__ = ["rest_read"]


def rest_read(history: Iterable[Seen], frame: int, *, fps: float, band_out: float,
              sense: int, p: SettleParams) -> tuple[int, float] | None:
    """(number, confidence) once the ball rests; None before. The read must also have
    held at each of the last ``settle_confirm_s`` of frames (at least one), over the same
    stretch of rest (the window's frames up to that frame, from the same first frame): the
    turn of a hop back off a fret, where the ball stands for an instant near a pocket's
    centre, passes the window's tests at one frame only. A window shifted back instead
    would ask for a frame or two more of rest than the window (0.04 s: the latency)."""
    seen = list(history)
    confirm = max(1, int(round(p.settle_confirm_s * fps)))
    reads = [_read_at([s for s in seen if s.frame <= frame - k], frame - k, fps, band_out,
                      sense, p, short=k) for k in range(confirm, -1, -1)]
    if any(r is None for r in reads) or len({r[0] for r in reads}) != 1:  # type: ignore[index]
        return None
    return reads[-1]


def _read_at(seen: list[Seen], frame: int, fps: float, band_out: float, sense: int,
             p: SettleParams, short: int = 0) -> tuple[int, float] | None:
    """The read over the window ending at ``frame``, ``short`` frames shorter (its first
    frame that of the window ``short`` frames on)."""
    need = max(p.settle_frames, int(np.ceil(p.settle_s * fps)))
    return (_window_read(seen, frame, need - short, p.settle_offset, fps, band_out, sense, p)
            or _window_read(seen, frame, 2 * need - short, p.settle_offset_long, fps,
                            band_out, sense, p))


def _window_read(history: list[Seen], frame: int, need: int, offset: float, fps: float,
                 band_out: float, sense: int, p: SettleParams) -> tuple[int, float] | None:
    window = [s for s in history if frame - s.frame < need]
    if len(window) < need or any(s.rho > band_out or s.held for s in window):
        return None
    if max(s.rho for s in window) - min(s.rho for s in window) > p.settle_rho_spread:
        return None  # still moving in and out: on the frets, not down in a pocket
    reads = [pocket_at(s.rel, 0.0, sense) for s in window]
    worst = max(abs(r.offset) for r in reads)
    if len({r.number for r in reads}) != 1 or worst > offset:
        return None
    rels = np.unwrap([s.rel for s in window]) / POCKET_RAD
    slope = float(np.polyfit([s.frame for s in window], rels, 1)[0]) * fps
    if abs(slope) > p.settle_speed:
        return None  # crossing a pocket slowly mid-hop, not resting in it
    tail = max(3, int(round(p.settle_tail_s * fps)))
    end = float(np.polyfit([s.frame for s in window[-tail:]], rels[-tail:], 1)[0]) * fps
    if abs(end) > p.settle_tail_speed:
        return None  # leaving the pocket (a pause between two hops), not rocking to rest
    if end * np.sign(rels[-1] - np.median(rels)) > p.settle_away_speed:
        return None  # still going away from where it lingered: a hop starting slowly
    conf = float(np.clip(1.0 - 0.8 * worst ** 2, 0.5, 0.999))
    return reads[-1].number, conf
