"""Ball-like spots that keep still: something lying in the bowl or on the head, not the ball.

The object stage is kept away from the ball and from every ball-like spot the ball finder
reports (``reader.WheelPipeline``), but a white chip, a silver coin or a chip's highlight
is such a spot too; ``StillSpots`` says which of them may still be the ball.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["StillSpots"]


class _Came(NamedTuple):
    """Where and when a spot came (``StillSpots.since``)."""

    row: float
    col: float
    frame: int
    last: int                   # last seen
    left: int | None            # when its path left the bowl (None: not seen to)
    wheel_col: float | None     # its wheel column there (in the band; else None)


class StillSpots:
    """Ball-like spots that keep still; one ``update`` per frame.

    The caller keeps the object stage away from the ball, but a white chip, a silver coin
    or a chip's highlight looks like a ball to the ball finder. A spot that stays put (in
    mixed coordinates: on the bowl, or riding with the head) for ``still_frames`` is
    something lying there, not the ball, where the ball never rests: on the bowl (rows
    from ``bowl_row``: it rolls down to the pockets), and anywhere while the ball in play
    runs on the bowl (the caller's ``running``: no ball rests on the head then; a white
    chip fallen onto the head was masked as 'a ball' and never voided, seed 10101 000 r1
    and r3). In the pockets (rows up to ``rest_row``, where a ball at rest is read), while
    no ball runs on the bowl, a still spot may be the ball at rest; beyond them, on the
    number ring, it is not (seed 10201 008 r2: a white chip there, the roll unseen).
    "Still": within ``near_px`` of where it came (a chip found as a ball-like spot
    jitters by 1-3 px; the slowest ball on the bowl moves 2 px a frame), missed by the
    ball finder for at most ``gap_frames`` running (seed 10001 004 r4: a chip on the bowl
    found in 7 of 13 frames).

    Nor is a spot the ball that came down off the bowl onto the head (rows above
    ``head_row``), free (no fingers at it), and stopped dead there: still within
    ``fall_frames`` of leaving the bowl, and kept still ``dead_frames`` (``dead``). A ball
    lands on the turning head at the bowl's speed against the wheel's and hops across
    pockets for half a second or more before it rests; a coin dropped in falls and lies
    (seed 11101 013 r0, 024 r1: a silver coin on the number ring kept as the ball at rest,
    the roll unseen, no void). The path off the bowl is followed in image columns (the
    head's are the image's rolled by the caller's ``shift``, ``columns`` round), within
    ``fall_px`` from one frame to the next. Not while a round rolls (``rolling``): the ball
    in play can drop off the bowl straight into a pocket and stay (seed 11201 017 r2, 025
    r0: false voids); a coin fallen in then is kept as before.

    Just beyond the head's estimated edge (rows ``head_row`` to ``bowl_row``, in image
    coordinates) the wheel may still turn (its rim, the number ring's outer edge: ``band``),
    so a spot there is also still when it rides with the head: within ``near_px`` of where it
    came in wheel columns (image column less ``shift``). Fresh seed 14501 (spent) clip 017
    r1 (800x600, camera 27 degrees): a white chip on the far side's number ring, strip row
    21 of the band's 20-25, went 1.8 columns a frame with the wheel; never still in image
    columns, it was masked as "a ball" until the dealer took it: no void."""

    def __init__(self, bowl_row: int, still_frames: int = 10, near_px: float = 4.0,
                 gap_frames: int = 4, rest_row: float | None = None,
                 bowl_still_frames: int = 5, head_row: int | None = None,
                 columns: int = 0, fall_frames: int = 5, dead_frames: int = 3,
                 fall_px: float = 10.0) -> None:
        self.bowl_row, self.still_frames, self.near_px = bowl_row, still_frames, near_px
        self.bowl_still_frames = bowl_still_frames  # on the bowl: the slowest ball there
        # is out of ``near_px`` within 3 frames, and no ball rests there (seed 10901 027 r4:
        # a white chip masked 10 frames, 0.4 s at 25 fps, its void that late)
        self.rest_row = rest_row
        self.gap_frames = gap_frames
        self.head_row, self.columns = head_row, columns  # None: no path off the bowl kept
        self.fall_frames, self.dead_frames, self.fall_px = fall_frames, dead_frames, fall_px
        self.since: list[_Came] = []
        self.path: list[tuple[float, float, int, int | None]] = []  # row, image column,
        # frame, when it left the bowl: the last frames' free spots
        self.dead: list[bool] = []  # per spot of the last update: fell in, lies: no ball

    def update(self, spots: list[tuple[float, float]], frame: int, running: bool = False,
               shift: float = 0.0, free: list[bool] | None = None, rolling: bool = False
               ) -> list[tuple[float, float]]:
        """(row, col) mixed-coordinate spots this frame -> those that may be the ball.
        ``running``: the ball in play runs on the bowl (seen there lately); ``shift``: the
        head rows' roll (image column of mixed column 0); ``free``: per spot, a free
        sighting (no fingers at it, not a remembered place; all, when not given);
        ``rolling``: a round's ball is in play (launched, not yet at rest). Sets ``dead``."""
        left = self._left(spots, frame, shift, free)
        kept, since, self.dead = [], [], []
        for (r, c), off in zip(spots, left, strict=True):
            here = (c - shift) % self.columns if self._in_band(r) else None
            came = min((s for s in self.since
                        if abs(s.row - r) <= self.near_px and (
                            abs(s.col - c) <= self.near_px or self._riding(s, here))),
                       key=lambda s: (s.frame, s.row, s.col),
                       default=_Came(r, c, frame, frame, off, here))
            since.append(came._replace(last=frame))
            dead = (not rolling and came.left is not None
                    and came.frame - came.left <= self.fall_frames
                    and frame - came.frame >= self.dead_frames)
            self.dead.append(dead)
            may_rest = not running and (r < self.bowl_row if self.rest_row is None
                                        else r <= self.rest_row)
            still = self.bowl_still_frames if r >= self.bowl_row else self.still_frames
            if not dead and (may_rest or frame - came.frame < still):
                kept.append((r, c))
        seen = {(s.row, s.col, s.frame) for s in since}
        since += [s for s in self.since  # unseen lately: may be found there again
                  if frame - s.last <= self.gap_frames and (s.row, s.col, s.frame) not in seen]
        self.since = since
        return kept

    def _in_band(self, row: float) -> bool:
        """Is strip row ``row`` in the band beyond the head's edge (image coordinates)?"""
        return self.head_row is not None and self.columns > 0 and (
            self.head_row <= row < self.bowl_row)

    def _riding(self, came: _Came, wheel_col: float | None) -> bool:
        """A band spot (at wheel column ``wheel_col``; None: off the band) within
        ``near_px`` wheel columns of where one ``came`` in the band."""
        if wheel_col is None or came.wheel_col is None or not self._in_band(came.row):
            return False
        d = (wheel_col - came.wheel_col + self.columns / 2) % self.columns - self.columns / 2
        return abs(d) <= self.near_px

    def _left(self, spots: list[tuple[float, float]], frame: int, shift: float,
              free: list[bool] | None) -> list[int | None]:
        """Per spot, when its path (free spots a frame or two apart, ``fall_px`` near in
        image coordinates) left the bowl for the head, if it did."""
        if self.head_row is None:
            return [None] * len(spots)
        out, path = [], []
        for k, (r, c) in enumerate(spots):
            col = (c + shift) % self.columns if r < self.head_row else c
            came = [p for p in self.path if 0 < frame - p[2] <= 2
                    and abs(p[0] - r) <= self.fall_px
                    and abs((p[1] - col + self.columns / 2) % self.columns
                            - self.columns / 2) <= self.fall_px]
            off = None
            if r < self.head_row and came:
                last = max(came, key=lambda p: (p[2], p[0] < self.head_row))  # (the head's
                # own path first)
                off = last[3] if last[3] is not None else (
                    last[2] if last[0] >= self.head_row else None)
            out.append(off)
            if free is None or free[k]:
                path.append((r, col, frame, off))
        self.path = [p for p in self.path if frame - p[2] < 2] + path
        return out
