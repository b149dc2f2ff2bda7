"""A synthetic clip's first frames rendered and encoded as ``vision synth`` does (the codec's
blur matters: drawn frames fed to the reader directly may read otherwise), then read."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.footage import VideoFileSource
from vision.footage.events import Event
from vision.roulette.reader import RouletteReader
from vision.synth.conditions import Degrader
from vision.synth.roulette import build_scene
from vision.synth.video import ClipWriter, clip_suffix

DECISIONS = ("outcome", "void", "abstain", "violation")


def read_rendered(seed: int, frames: int, folder: Path, rounds: int = 5) -> list[Event]:
    """The events of a fresh roulette reader over the first ``frames`` frames of the clip
    that clip seed ``seed`` renders (``rounds`` rounds, as its set had), encoded into
    ``folder``."""
    scene = build_scene(seed, rounds=rounds)
    c = scene.conditions
    renderer, degrader = scene.renderer(), Degrader(c, seed)
    path = folder / f"clip{clip_suffix(c.codec)}"
    with ClipWriter(path, fps=c.fps, width=c.width, height=c.height, codec=c.codec,
                    quality=c.quality) as writer:
        for f in range(frames):
            clean = renderer.render(scene.timeline.state(f))
            writer.write(degrader.apply(clean.astype(np.float32), f / c.fps))
    source = VideoFileSource(path)
    reader = RouletteReader(source.info)
    return [e for i, frame in source for e in reader.update(frame, i)]
