"""Ball-like spots that keep still: something lying in the bowl or on the head, not the ball.

The object stage is kept away from the ball and from every ball-like spot the ball finder
reports (``reader.WheelPipeline``), but a white chip, a silver coin or a chip's highlight
is such a spot too; ``StillSpots`` says which of them may still be the ball.
"""

from __future__ import annotations

__all__ = ["StillSpots"]


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
    found in 7 of 13 frames)."""

    def __init__(self, bowl_row: int, still_frames: int = 10, near_px: float = 4.0,
                 gap_frames: int = 4, rest_row: float | None = None,
                 bowl_still_frames: int = 5) -> None:
        self.bowl_row, self.still_frames, self.near_px = bowl_row, still_frames, near_px
        self.bowl_still_frames = bowl_still_frames  # on the bowl: the slowest ball there
        # is out of ``near_px`` within 3 frames, and no ball rests there (seed 10901 027 r4:
        # a white chip masked 10 frames, 0.4 s at 25 fps, its void that late)
        self.rest_row = rest_row
        self.gap_frames = gap_frames
        self.since: list[tuple[float, float, int, int]] = []  # row, col where it came,
        # when, last seen

    def update(self, spots: list[tuple[float, float]], frame: int, running: bool = False
               ) -> list[tuple[float, float]]:
        """(row, col) mixed-coordinate spots this frame -> those that may be the ball.
        ``running``: the ball in play runs on the bowl (seen there lately)."""
        kept, since = [], []
        for r, c in spots:
            came = min(((f, pr, pc) for pr, pc, f, _ in self.since
                        if abs(pr - r) <= self.near_px and abs(pc - c) <= self.near_px),
                       default=(frame, r, c))
            since.append((came[1], came[2], came[0], frame))
            may_rest = not running and (r < self.bowl_row if self.rest_row is None
                                        else r <= self.rest_row)
            still = self.bowl_still_frames if r >= self.bowl_row else self.still_frames
            if may_rest or frame - came[0] < still:
                kept.append((r, c))
        seen = {(r, c, f) for r, c, f, _ in since}
        since += [s for s in self.since  # unseen lately: may be found there again
                  if frame - s[3] <= self.gap_frames and s[:3] not in seen]
        self.since = since
        return kept
