"""A chip whose colours lie within the number ring's (red, white and black on a red, black
and white ring) is no foreground against the running background's local range, and the
model takes it in at its full rate; the head memory of a turn ago sees it at once, but
counted only where the frame is new against the model too, it was not counted at all.
While the ball rolls, where the model itself moved lately the frame is new as well
(``HeadMemory._moved``).

The scene is spent seed 17201's clip 011 (its own seed 627038234; 800x600 at 30 fps, MJPEG,
camera 12 degrees), its first 19.3 s rendered and encoded as the synth does: r1's chip
fell on the number ring at frame 564 with the ball rolling; 47-60 from the memory's bin
from its second frame, 2-6 from the model's local range. The void was missed: the dealer's
hand came for the ball at 598 (abstained ``ball_handled``)."""

from __future__ import annotations

from pathlib import Path

from tests.roulette.rendered import DECISIONS, read_rendered

SEED = 627038234
OBJECT_AT = 564  # the chip's first frame (the clip's truth)
FRAMES = 580  # 0.5 s after it


def test_a_chip_within_the_number_rings_colours_is_seen_while_the_ball_rolls(
        tmp_path: Path) -> None:
    events = read_rendered(SEED, FRAMES, tmp_path)
    decisions = [e for e in events if e.type in DECISIONS]
    assert [e.type for e in decisions[:2]] == ["outcome", "void"], decisions  # r0 read, r1
    void = decisions[1]
    assert void.reason == "object_in_bowl" and OBJECT_AT <= void.frame <= FRAMES, void
