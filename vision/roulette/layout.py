"""The wheel's layout around a found ring ellipse: pocket band, numbering sense, angle warp, head.

Stages 3-6 of the roulette self-calibration (``calibrate.py``), pure functions on polar
unwraps (``wheel.StripGrid``) of a few frames spread over the first seconds:

3. ``find_band``: the radii where the colour alternates strongly (the pocket and number
   rings) form the *band*.
4. ``sense_votes``: next to the green pocket, which side is red? 0's clockwise neighbour
   is 32 (red), its counter-clockwise one 26 (black): the numbering sense is detected,
   never assumed.
5. ``find_warp``: a close or tilted camera compresses angles on the near side of the ring;
   the warp (``wheel.wheel_to_affine``) that makes the 37 pockets equal fits best.
6. ``find_rotating_rows``: radii whose content follows the wheel (wheel head) versus those
   that stay put (bowl, ball track), from temporal variance with and without derotation.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.roulette.wheel import COLUMNS, POCKET_COLS, aberration, zero_correlation

__all__ = ["find_band", "find_rotating_rows", "find_warp", "sense_votes"]

PLAIN_RING_RHO = 0.10  # a plain ring (and its edges) this wide between turning rings: head
RESUME_VAR = 100.0  # ... where the rings beyond have this much content (grey variance)
# (at 0.07 fresh seed 16801 029's plain ring, 0.08 in its strip, ended the head at the
# pockets: a chip on the dark number ring beyond lay where no object is looked for, two
# voids missed; on the 89 other clips of 16601/16701/16801 the head is the same)
WARP_SEEDS = 3  # coarse warps refined
BAND_GAP_RHO = 0.05  # a gap this wide in the band is bridged: the raised fret ring between
# the pocket and number rings (and the pockets' shaded outer ends) took 4 scan rows, 0.04
# ring radii, on a 640x480 camera looking straight down (seed 11701 003: the band was the
# number ring alone, the pockets where the ball rests fell below the strip: every round
# abstained ball_lost)


def find_band(strips: Sequence[np.ndarray], rho: np.ndarray) -> tuple[float, float] | None:
    """Rows whose redness alternates 18.5 times a turn (the pocket and number rings: 37
    pockets, red and black in turn) -> (inner, outer) radius.

    The strongest row and its neighbours above 30% of it, bridging gaps up to
    ``BAND_GAP_RHO`` wide (a fret circle between the pocket and number rings).
    """
    energy = np.zeros(len(rho))
    for s in strips:
        i = s.astype(np.int16)
        red = (i[..., 2] - np.maximum(i[..., 1], i[..., 0])).astype(np.float32)
        energy += np.abs(np.fft.rfft(red, axis=1)[:, 17:21]).sum(axis=1)  # ~18.5 cycles/turn
    good = energy > 0.3 * energy.max()
    peak = int(np.argmax(energy))
    reach = int(round(BAND_GAP_RHO / (rho[1] - rho[0]))) + 1  # a gap's rows, and the next
    lo, hi = peak, peak
    while lo > 0 and good[max(0, lo - reach):lo].any():
        lo = max(0, lo - reach) + int(np.nonzero(good[max(0, lo - reach):lo])[0][0])
    while hi < len(rho) - 1 and good[hi + 1:hi + 1 + reach].any():
        hi = hi + 1 + int(np.nonzero(good[hi + 1:hi + 1 + reach])[0][-1])
    if hi - lo < 2:
        return None
    return float(rho[lo]), float(rho[hi])


def sense_votes(signals: Sequence[tuple[np.ndarray, np.ndarray]],
                valid: np.ndarray | None = None) -> float:
    """Mean vote in -1..1: +1 when the pocket after the green one (increasing angle) is red
    (0 is followed clockwise by 32, red, and preceded by 26, black). Only frames where the
    green pocket and both neighbours are in view (``valid`` columns) vote; none: 0."""
    votes = []
    for red, green in signals:
        g0 = int(np.argmax(np.convolve(np.tile(green, 2), np.ones(POCKET_COLS), "same")
                           [COLUMNS // 2:COLUMNS // 2 + COLUMNS])) + COLUMNS // 2
        cols = np.arange(-POCKET_COLS // 3, POCKET_COLS // 3 + 1)
        if valid is not None and not valid[(g0 + np.r_[cols - POCKET_COLS, cols + POCKET_COLS])
                                           % COLUMNS].all():
            continue
        after = red[(g0 + POCKET_COLS + cols) % COLUMNS].mean()
        before = red[(g0 - POCKET_COLS + cols) % COLUMNS].mean()
        votes.append(float(np.sign(after - before)))
    return float(np.mean(votes)) if votes else 0.0


_KNOTS = np.arange(COLUMNS + 1) * (2 * np.pi / COLUMNS)


def _warped(signals: np.ndarray, psi: np.ndarray) -> np.ndarray:
    """(N, C) ``signals`` (per column, uniform in rectified angle) sampled at angles
    ``psi`` -> (N, len(psi)) float64. ``np.interp``'s arithmetic to the bit, for all
    rows in one pass (cost: find_warp samples every frame's signals at a hundred warps)."""
    fp = np.concatenate([signals, signals[:, :1]], axis=1).astype(np.float64)
    j = np.clip(np.searchsorted(_KNOTS, psi, side="right") - 1, 0, COLUMNS - 1)
    x0, y0, y1 = _KNOTS[j], fp[:, j], fp[:, j + 1]
    return np.where(x0 == psi, y0, (y1 - y0) / (_KNOTS[j + 1] - x0) * (psi - x0) + y0)


def _warp_fit(signals: np.ndarray, sense: int, eta: float, beta: float,
              valid: np.ndarray | None = None) -> float:
    """Mean over frames of how well the (N, 2, C) (redness, greenness) per frame, warped
    by (``eta``, ``beta``), fit the pocket pattern (``locate_zero``'s fit)."""
    psi = aberration(_KNOTS[:-1], -eta, beta)  # the same for every frame and signal
    seen = None if valid is None else _warped(valid[None].astype(np.float64), psi)[0] > 0.999
    if seen is not None and not seen.any():
        return 0.0
    warped = _warped(signals.reshape(-1, COLUMNS), psi).reshape(signals.shape)
    corr = zero_correlation(warped[:, 0], warped[:, 1], sense, seen)
    return float(np.mean(corr[np.arange(len(corr)), np.argmax(corr, axis=1)]))


def find_warp(signals: Sequence[tuple[np.ndarray, np.ndarray]], sense: int,
              valid: np.ndarray | None = None) -> tuple[tuple[float, float], float]:
    """((eta, beta), fit): the perspective warp that makes the measured band colours (per
    frame, uniform in rectified angle) fit the pocket pattern best; a coarse grid, then
    finer ones around each of its ``WARP_SEEDS`` best (the fit has local optima a pixel's
    change of the ring can swap). ``valid`` (C,) marks the columns in view."""
    known: dict[tuple[float, float], float] = {}
    stacked = np.array(signals)  # (N, 2, C)

    def fit(c: tuple[float, float]) -> float:
        if c not in known:
            known[c] = _warp_fit(stacked, sense, c[0], c[1], valid)
        return known[c]

    coarse = [(0.0, 0.0)] + [(e, b) for e in (0.08, 0.16, 0.24, 0.32, 0.40)
                             for b in np.arange(12) * (np.pi / 6)]
    best = []
    for seed in sorted(coarse, key=fit, reverse=True)[:WARP_SEEDS]:
        e0, b0 = seed
        for step_e, step_b in ((0.04, np.pi / 12), (0.02, np.pi / 24), (0.01, np.pi / 48)):
            e0, b0 = max(((max(0.0, e0 + de * step_e), b0 + db * step_b)
                          for de in (-1, 0, 1) for db in (-1, 0, 1)), key=fit)
        best.append((fit((e0, b0)), (e0, b0)))
    score, warp = max(best)
    return warp, score


def find_rotating_rows(strips: Sequence[np.ndarray], zero_cols: Sequence[int],
                       rho: np.ndarray, band: tuple[float, float]) -> float:
    """Largest rho (>= band outer) up to which content turns with the wheel.

    A plain ring of the head (a gold or wooden band between the pockets and an outer
    number ring) is too uniform to tell turning from still: it is crossed when turning
    rows with content (``RESUME_VAR``) follow within ``PLAIN_RING_RHO``. Stopping there
    left the outer number ring's digits in the bowl's rows, where each passing digit is
    foreground in a still model (a ball-like spot, an object)."""
    g = np.stack([s.mean(axis=2) for s in strips]).astype(np.float32)  # (T, R, C)
    derot = np.stack([np.roll(gi, -c, axis=1) for gi, c in zip(g, zero_cols, strict=True)])
    var_static = g.var(axis=0).mean(axis=1)
    var_rot = derot.var(axis=0).mean(axis=1)
    turning = (var_rot < 0.6 * var_static + 1.0) & (var_static > 4.0)
    resumes = turning & np.append(turning[1:], False) & (var_static > RESUME_VAR)
    gap = int(round(PLAIN_RING_RHO / (rho[1] - rho[0])))
    row = last = int(np.searchsorted(rho, band[1]))
    while row + 1 < len(rho):
        row += 1
        if turning[row]:
            last = row
        elif not resumes[row + 1:row + 1 + gap].any():
            break
        else:
            row = row + int(np.argmax(resumes[row + 1:row + 1 + gap]))
    return float(rho[last]) + 0.02
