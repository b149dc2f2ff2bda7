"""Find a dataset's clips (contract section 1) and the events files that go with them.

A dataset is a folder of ``<clip>.<video>`` files, each with a ``<clip>.json`` sidecar of
the same stem. Other files (notes, manifests) are left alone; a video without its sidecar
is an error, since scoring it is impossible and skipping it silently would flatter a run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vision.errors import UserError
from vision.footage import Event, Sidecar, load_sidecar, read_events

__all__ = ["VIDEO_SUFFIXES", "Clip", "events_path", "find_clips", "load_events"]

VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".m4v")


@dataclass(frozen=True, slots=True)
class Clip:
    name: str  # the file stem shared by video and sidecar
    video: Path
    sidecar: Sidecar


def find_clips(dataset: Path) -> list[Clip]:
    """Every clip of ``dataset`` in name order, sidecars loaded and validated."""
    if not dataset.is_dir():
        raise UserError(f"dataset must be a folder of <clip>.mp4/.avi + <clip>.json, "
                        f"got {dataset} ({'a file' if dataset.exists() else 'missing'})")
    videos = sorted(p for p in dataset.iterdir()
                    if p.is_file() and p.suffix.lower() in VIDEO_SUFFIXES)
    if not videos:
        raise UserError(f"no clips in {dataset}: expected <clip>.mp4/.avi files, each with a "
                        "<clip>.json sidecar")
    stems = [v.stem for v in videos]
    twice = sorted({s for s in stems if stems.count(s) > 1})
    if twice:
        raise UserError(f"{dataset}: several videos share the stem(s) {', '.join(twice)}; "
                        "expected one video per sidecar")
    clips = []
    for video in videos:
        side = video.with_suffix(".json")
        if not side.is_file():
            raise UserError(f"clip {video.name} has no sidecar: expected {side}")
        clips.append(Clip(video.stem, video, load_sidecar(side)))
    return clips


def events_path(events_dir: Path, clip: Clip) -> Path:
    return events_dir / f"{clip.name}.jsonl"


def load_events(events_dir: Path, clip: Clip) -> list[Event]:
    """The events of ``clip`` from ``events_dir/<clip>.jsonl``; a clear error when absent."""
    path = events_path(events_dir, clip)
    if not path.is_file():
        raise UserError(f"no events for clip {clip.name!r}: expected {path}")
    return read_events(path, clip.sidecar.game)
