"""The reader started while the ball rests in a pocket (a clip's first round, or the service
restarted between rounds): riding with the wheel from the first frame, the ball is learnt
as the head's. When the dealer's fingers lift it out, its pocket differs from what was
learnt as an object lying there would; but no roll is going on while the ball is in the
pockets, so it is no object (``WheelPipeline._left_pocket``).

The scene is fresh seed 17201's clip 001 (its own seed 1112801818; 1920x1080 at 25 fps,
H.264 at quality 0.35), its first 4.5 s rendered and encoded as the synth does: the ball in
the zero pocket from the first frame, lifted out at frame 99. The green pocket stood out
at 107 and the round was voided, 1.5 s before the spin (the codec's blur matters: drawn
frames fed to the reader directly show no object)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.footage import VideoFileSource
from vision.roulette.reader import RouletteReader
from vision.synth.conditions import Degrader
from vision.synth.roulette import build_scene
from vision.synth.video import ClipWriter, clip_suffix

SEED = 1112801818
FRAMES = 112  # to 0.2 s after the pocket stood out


def test_the_pocket_a_ball_resting_from_the_start_was_lifted_from_is_no_object(
        tmp_path: Path) -> None:
    scene = build_scene(SEED, rounds=5)
    c = scene.conditions
    renderer, degrader = scene.renderer(), Degrader(c, SEED)
    path = tmp_path / f"start{clip_suffix(c.codec)}"
    with ClipWriter(path, fps=c.fps, width=c.width, height=c.height, codec=c.codec,
                    quality=c.quality) as writer:
        for f in range(FRAMES):
            clean = renderer.render(scene.timeline.state(f))
            writer.write(degrader.apply(clean.astype(np.float32), f / c.fps))
    source = VideoFileSource(path)
    reader = RouletteReader(source.info)
    events = [e for i, frame in source for e in reader.update(frame, i)]
    assert not [e for e in events if e.type in ("void", "abstain")], events
