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

import numpy as np

from vision.footage import VideoFileSource
from vision.roulette.reader import RouletteReader
from vision.synth.conditions import Degrader
from vision.synth.roulette import build_scene
from vision.synth.video import ClipWriter, clip_suffix

SEED = 627038234
OBJECT_AT = 564  # the chip's first frame (the clip's truth)
FRAMES = 580  # 0.5 s after it


def test_a_chip_within_the_number_rings_colours_is_seen_while_the_ball_rolls(
        tmp_path: Path) -> None:
    scene = build_scene(SEED, rounds=5)
    c = scene.conditions
    renderer, degrader = scene.renderer(), Degrader(c, SEED)
    path = tmp_path / f"chip{clip_suffix(c.codec)}"
    with ClipWriter(path, fps=c.fps, width=c.width, height=c.height, codec=c.codec,
                    quality=c.quality) as writer:
        for f in range(FRAMES):
            clean = renderer.render(scene.timeline.state(f))
            writer.write(degrader.apply(clean.astype(np.float32), f / c.fps))
    source = VideoFileSource(path)
    reader = RouletteReader(source.info)
    events = [e for i, frame in source for e in reader.update(frame, i)]
    decisions = [e for e in events if e.type in ("outcome", "void", "abstain", "violation")]
    assert [e.type for e in decisions[:2]] == ["outcome", "void"], decisions  # r0 read, r1
    void = decisions[1]
    assert void.reason == "object_in_bowl" and OBJECT_AT <= void.frame <= FRAMES, void
