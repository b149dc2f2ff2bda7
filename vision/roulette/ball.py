"""Ball detection in the mixed-coordinate strip: a bright, colourless, compact foreground spot.

Pure: the strip, its difference from the background and a few parameters in; a
``BallFix`` (or None) out. The ball is white or ivory: much brighter than the background
model there, with its channels nearly equal (relative to its brightness, so a warm or cool
white balance still passes), and small: the spot stands out from its surroundings, which
rejects hands, sleeves and glare on large chrome parts.

A fast ball is smeared along its way: in a frame exposed for long, its light spreads over
images of it along the track, each a fraction of its brightness (at 25-30 fps a ball
starting its roll can be 5 balls long, each adding 20-30 levels: below ``min_rise``, and
no longer white where the bowl is coloured). On the bowl, which does not turn, the light
such a smear adds is still white: ``faint_evidence`` finds it there, down to
``faint_rise``.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.roulette.fastmean import fast_mean

__all__ = ["BallFix", "BallParams", "ball_evidence", "faint_evidence", "find_balls",
           "held_in_hand", "pick_spots", "row_shares"]


@dataclass(frozen=True, slots=True)
class BallParams:
    min_rise: float = 38.0  # mean brightness above the background (0..255)
    min_level: int = 90  # brightest channel at least this
    min_white: float = 0.64  # darkest / brightest channel (an ivory ball on a red pocket,
    # smoothed by the strip's blur, comes down to ~0.7)
    faint_rise: float = 10.0  # on the bowl: a smeared ball's light added over it, if white
    hold_rise: float = 26.0  # where the ball in the pockets was just seen (``ball_hold``)
    faint_white: float = 0.6  # darkest / brightest channel of that added light at least
    compact: float = 0.55  # surround mean / spot mean must stay below this
    spot_rc: tuple[int, int] = (3, 5)  # box (rows, cols) about the ball's size
    surround_rc: tuple[int, int] = (11, 21)
    hand_rc: tuple[int, int] = (15, 33)  # box around the ball where fingers would show
    hand_fill: float = 0.25  # foreground share of that box (off the ball's rows) -> held
    busy_row: float = 0.3  # a row foreground over this share of all its columns is a turning
    # ring misplaced in the bowl rows (digits, frets) or a lighting change: no fingers there


@dataclass(frozen=True, slots=True)
class BallFix:
    """Ball centre in mixed strip coordinates (fractional ``row``, ``col``) and its contrast."""

    row: float
    col: float
    strength: float

    def __post_init__(self) -> None:
        if self.strength <= 0:
            raise ValueError(f"strength must be > 0, got {self.strength}")


def ball_evidence(mixed_u8: np.ndarray, rise: np.ndarray, params: BallParams) -> np.ndarray:
    """(R, C) float32: brightness rise over the background where the pixel is white enough
    (HSV saturation is 255 * (1 - darkest / brightest channel)), else 0."""
    hsv = cv2.cvtColor(mixed_u8, cv2.COLOR_BGR2HSV)
    white = cv2.inRange(hsv, (0, 0, params.min_level),
                        (255, int(np.floor(255 * (1 - params.min_white))), 255))
    out = np.zeros(rise.shape, np.float32)
    cv2.copyTo(cv2.threshold(rise.astype(np.float32), 0, 0, cv2.THRESH_TOZERO)[1], white, out)
    return out


def faint_evidence(diff: np.ndarray, from_row: int, params: BallParams | None = None
                   ) -> np.ndarray:
    """(R, C) float32: from row ``from_row`` on (the still bowl), the mean brightness that
    ``diff`` (R, C, 3: frame minus background) adds where every channel rises and the
    darkest by at least ``faint_white`` of the brightest (white light added), else 0."""
    p = params or BallParams()
    out = np.zeros(diff.shape[:2], np.float32)
    b, g, r = cv2.split(np.ascontiguousarray(diff[from_row:]))  # (cost) not numpy's axis=2
    lo, hi = cv2.min(cv2.min(b, g), r), cv2.max(cv2.max(b, g), r)
    white = (lo > 0) & (lo >= np.float32(p.faint_white) * hi)
    mean = out[from_row:]
    cv2.add(cv2.add(b, g), r, dst=mean)
    mean *= np.float32(1 / 3)
    mean *= white  # (cost) not a boolean-mask assignment
    return out


def _box(img: np.ndarray, rc: tuple[int, int]) -> np.ndarray:
    return cv2.blur(img, (rc[1], rc[0]), borderType=cv2.BORDER_REFLECT)


def _columns(start: int, stop: int, width: int) -> slice | np.ndarray:
    """Columns ``start`` .. ``stop`` - 1 round the strip's seam, to index with: a slice
    where they do not cross it (cost: no index array)."""
    if 0 <= start and stop <= width:
        return slice(start, stop)
    return np.arange(start, stop) % width


def _window(a: np.ndarray, rows: slice, start: int, stop: int) -> np.ndarray:
    """``a[rows]`` at columns ``start`` .. ``stop`` - 1 round the seam: a copy laid out as
    numpy's index with a column array lays it (column by column; sums over it run in that
    order), from a slice where the columns do not cross the seam (cost)."""
    cols = _columns(start, stop, a.shape[1])
    if isinstance(cols, slice):
        return np.asfortranarray(a[rows, cols])
    return a[rows][:, cols]


def find_balls(mixed_u8: np.ndarray, rise: np.ndarray, params: BallParams | None = None,
               exclude: np.ndarray | None = None, limit: int = 3,
               faint: tuple[np.ndarray, int] | None = None) -> list[BallFix]:
    """Up to ``limit`` compact white spots, strongest first (the ball, and look-alikes such
    as the turret's chrome knobs, which the tracker tells apart by where the ball was).

    ``mixed_u8`` (R, C, 3) the mixed strip, ``rise`` (R, C) its mean brightness above the
    background, ``exclude`` (R, C) bool pixels where no ball can be. ``faint``: a smeared
    ball's evidence (``faint_evidence``) and the row from which it counts: there a spot
    needs ``faint_rise`` only.
    """
    p = params or BallParams()
    ev = ball_evidence(mixed_u8, rise, p)
    floor, from_row = p.min_rise, ev.shape[0]
    if faint is not None:
        floor, from_row = min(p.faint_rise, p.min_rise), faint[1]
        np.maximum(ev[from_row:], faint[0][from_row:], out=ev[from_row:])
    if exclude is not None:
        ev[exclude] = 0
    spot = _box(ev, p.spot_rc)
    if faint is not None and from_row > 0:
        near = spot[:from_row]  # the faint threshold holds on the bowl only
        near *= near >= p.min_rise
    return pick_spots(ev, spot, floor, p, limit)


def pick_spots(ev: np.ndarray, spot: np.ndarray, floor: float, p: BallParams, limit: int = 3
               ) -> list[BallFix]:
    """``find_balls``' last step: the strongest peaks of ``spot`` (R, C) float32, the box
    mean of the evidence ``ev``, down to ``floor`` (``spot`` is cleared where taken)."""
    out: list[BallFix] = []
    for _ in range(limit * 2):
        r, c = divmod(int(spot.argmax()), spot.shape[1])  # (cost) np.unravel_index's
        peak = float(spot[r, c])
        if peak < floor or len(out) >= limit:
            break
        fix = _spot_at(ev, r, c, peak, p)
        half = 10 if peak >= p.min_rise else 24  # a smear's other images are no other spots
        spot[max(0, r - 4):r + 5, _columns(c - half, c + half + 1, spot.shape[1])] = 0
        if fix is not None:
            out.append(fix)
    return out


def _spot_at(ev: np.ndarray, r: int, c: int, peak: float, p: BallParams) -> BallFix | None:
    sr, sc = p.surround_rc
    r0, r1 = max(0, r - sr // 2), min(ev.shape[0], r + sr // 2 + 1)
    # (cost) the box's mean and the sums below without numpy's per-call overhead, to the bit
    if fast_mean(_window(ev, slice(r0, r1), c - sc // 2, c + sc // 2 + 1)) > p.compact * peak:
        return None
    win_r = np.arange(max(0, r - 2), min(ev.shape[0], r + 3))
    win_c = np.arange(c - 4, c + 5)
    w = _window(ev, slice(int(win_r[0]), int(win_r[-1]) + 1), c - 4, c + 5)
    total = float(np.add.reduce(w, axis=None))
    row = float(np.add.reduce(np.add.reduce(w, axis=1) * win_r) / total)
    col = float(np.add.reduce(np.add.reduce(w, axis=0) * win_c) / total) % ev.shape[1]
    return BallFix(row, col, peak)


def row_shares(fg: np.ndarray) -> np.ndarray:
    """(R,) float: the share of each row of the (R, C) foreground ``fg`` that is foreground."""
    # (cost) the counts as OpenCV sums them (exact integers), not numpy's count_nonzero with
    # an axis (a sum of bools cast one by one): the same count over the same width
    counts = cv2.reduce(np.ascontiguousarray(fg).view(np.uint8), 1, cv2.REDUCE_SUM,
                        dtype=cv2.CV_32S)
    return counts[:, 0] / fg.shape[1]


def held_in_hand(fg: np.ndarray, ball: BallFix, params: BallParams | None = None,
                 shares: np.ndarray | None = None) -> bool:
    """Whether the ball sits in a large patch of foreground: fingers holding it (a dealer
    lifting, carrying or putting it). ``fg`` (R, C) bool foreground of the mixed strip;
    ``shares`` (R,) each row's foreground share (``row_shares``): rows over ``busy_row``
    (a ring of the turning head left in the bowl's rows) are not looked at, and in the
    others the share every column has is no fingers: seen from a tilted camera the
    head's pocket ring stands out at some image angles whatever lies there (its frets'
    parallax; seed 10101 clip 025: a fifth of the band's pixels round the ring, most of
    them at 175-245 and 10-40 degrees), and a ball resting there sat in 'fingers'.

    A free ball's own foreground is its disc and, when fast, a streak along its rows; the
    rows above and below it stay background. Fingers and a hand fill them."""
    p = params or BallParams()
    hr, hc = p.hand_rc
    r, c = int(round(ball.row)), int(round(ball.col))
    rows = np.concatenate([np.arange(max(0, r - hr // 2), max(0, r - 2)),  # (cost) np.r_'s
                           np.arange(r + 3, min(fg.shape[0], r + hr // 2 + 1))])
    if shares is not None:
        rows = rows[shares[rows] <= p.busy_row]
    if len(rows) == 0:
        return False
    box = fg[rows][:, _columns(c - hc // 2, c + hc // 2 + 1, fg.shape[1])]  # (cost) a count:
    # in any order the same
    fill = int(np.count_nonzero(box)) / box.size  # (cost) the bool mean, exactly
    if shares is not None:
        fill -= fast_mean(shares[rows])
    return fill > p.hand_fill

