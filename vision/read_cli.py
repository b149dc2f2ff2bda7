"""``python -m vision read CLIP --game roulette|sicbo --events OUT.jsonl``."""

from __future__ import annotations

import argparse
from pathlib import Path

from vision.footage import Event, VideoFileSource, write_events
from vision.progress import progress
from vision.readers import make_reader


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("clip", type=Path, help="video file (H.264 MP4, MJPEG AVI, ...)")
    p.add_argument("--game", required=True, choices=["roulette", "sicbo"])
    p.add_argument("--events", type=Path, required=True, help="where to write JSON Lines events")
    p.add_argument("--profile", type=Path, default=None,
                   help="calibration profile (default: calibrate from the clip's first seconds)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: when on a terminal)")


def read_clip(clip: Path, game: str, profile: Path | None = None,
              show_progress: bool | None = False) -> list[Event]:
    """Run the game's reader causally over every frame of ``clip``; return its events."""
    source = VideoFileSource(clip)
    reader = make_reader(game, source.info, profile)
    events: list[Event] = []
    last = -1
    frames = progress(source, total=source.info.frame_count, desc=clip.name, unit="frame",
                      enabled=show_progress)
    for index, frame in frames:
        events.extend(reader.update(frame, index))
        last = index
    events.extend(reader.finish(last))
    return events


def run(args: argparse.Namespace) -> int:
    events = read_clip(args.clip, args.game, args.profile, args.progress)
    args.events.parent.mkdir(parents=True, exist_ok=True)
    write_events(events, args.events)
    counts: dict[str, int] = {}
    for ev in events:
        counts[ev.type] = counts.get(ev.type, 0) + 1
    summary = ", ".join(f"{n} {t}" for t, n in sorted(counts.items())) or "no events"
    print(f"{args.clip}: {summary} -> {args.events}")
    return 0
