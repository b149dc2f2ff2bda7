"""``python -m vision evaluate DATASET [--events DIR] [--report DIR]`` (contract section 4).

Without ``--events`` it runs the game's reader over every clip (as ``python -m vision
read`` does) and keeps the events in ``REPORT/events/<clip>.jsonl``; a clip whose game has
no reader yet, whose video does not decode or whose reader crashes (traceback on stderr) is
reported and left out of every number, and the command then exits 1 so a script cannot
mistake a partial run for a full one. With ``--events DIR`` it scores
``DIR/<clip>.jsonl`` for each clip. It writes ``REPORT/metrics.json`` (``{"games": {game:
{...}}}``, plus ``"clips"`` with each clip's own metrics and ``"unread"`` naming skipped
clips) and ``REPORT/index.html``, and prints a per-game table. With ``--baseline`` it also
exits 1 when any game scores worse than that earlier metrics.json (see
:mod:`vision.evaluate.baseline`).
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path

from vision.errors import UserError
from vision.evaluate.baseline import load_baseline, regressions
from vision.evaluate.dataset import Clip, find_clips, load_events
from vision.evaluate.describe import summary_rows
from vision.evaluate.metrics import ClipScore, GameMetrics, aggregate, per_clip, score_clip
from vision.evaluate.report import ReportInput, write_report
from vision.footage import Event, write_events
from vision.progress import progress

__all__ = ["add_arguments", "format_table", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("dataset", type=Path, help="folder of <clip>.mp4/.avi + <clip>.json sidecars")
    p.add_argument("--events", type=Path, default=None, metavar="DIR",
                   help="score DIR/<clip>.jsonl instead of running the readers")
    p.add_argument("--report", type=Path, default=Path("report"), metavar="DIR",
                   help="where to write metrics.json and index.html (default: ./report)")
    p.add_argument("--max-thumbnails", type=int, default=300, metavar="N",
                   help="draw at most N annotated frames of rounds not read right (default 300)")
    p.add_argument("--baseline", type=Path, default=None, metavar="METRICS_JSON",
                   help="an earlier metrics.json: exit 1 if any game scores worse than it")
    p.add_argument("--latency-tolerance", type=float, default=0.1, metavar="S",
                   help="how far a p95 latency may rise above the baseline's (default 0.1 s)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar over clips (default: when on a terminal)")


def run(args: argparse.Namespace) -> int:
    clips = find_clips(args.dataset)
    if args.events is not None and not args.events.is_dir():
        raise UserError(f"events folder not found: {args.events} (expected <clip>.jsonl files "
                        "for the clips of the dataset)")
    baseline = load_baseline(args.baseline) if args.baseline else None
    scores: list[ClipScore] = []
    unread: dict[str, str] = {}
    for clip in progress(clips, total=len(clips), desc="clips", unit="clip",
                         enabled=args.progress):
        events = _clip_events(clip, args, unread)
        if events is not None:
            scores.append(score_clip(clip.name, clip.sidecar, events))
    games = aggregate(scores)
    _write_metrics(args.report / "metrics.json", games, scores, unread)
    source = str(args.events) if args.events else "the readers (python -m vision read)"
    page = write_report(args.report, ReportInput(args.dataset, source, clips, scores, games,
                                                 unread), args.max_thumbnails)
    print(format_table(games))
    for name, why in unread.items():
        print(f"not scored: {name}: {why}", file=sys.stderr)
    print(f"wrote {args.report / 'metrics.json'} and {page}")
    worse = [] if baseline is None else regressions(
        baseline, {g: m.to_json() for g, m in games.items()}, args.latency_tolerance)
    for line in worse:
        print(f"regression: {line}", file=sys.stderr)
    if baseline is not None and not worse:
        print(f"no regression against {args.baseline}")
    return 1 if unread or worse else 0


def _clip_events(clip: Clip, args: argparse.Namespace,
                 unread: dict[str, str]) -> list[Event] | None:
    """The clip's events from ``--events DIR``, or from its reader; None (the reason noted
    in ``unread``) when the game has no reader yet, the video does not decode or the
    reader crashed."""
    if args.events is not None:
        return load_events(args.events, clip)
    from vision.read_cli import read_clip

    try:
        events = read_clip(clip.video, clip.sidecar.game, show_progress=args.progress)
    except ImportError as exc:  # ModuleNotFoundError included: the game's reader is missing
        unread[clip.name] = f"no reader yet for {clip.sidecar.game} ({exc})"
        return None
    except UserError as exc:  # e.g. a video that does not decode
        unread[clip.name] = str(exc)
        return None
    except Exception as exc:  # a reader bug: say where, go on with the other clips
        traceback.print_exc(file=sys.stderr)
        unread[clip.name] = f"the {clip.sidecar.game} reader crashed: {exc!r}"
        return None
    out = args.report / "events"
    out.mkdir(parents=True, exist_ok=True)
    write_events(events, out / f"{clip.name}.jsonl")
    return events


def _write_metrics(path: Path, games: Mapping[str, GameMetrics], scores: Sequence[ClipScore],
                   unread: Mapping[str, str]) -> None:
    """The contract's ``{"games": ...}``, then extras: ``clips`` (each clip's metrics with its
    game) and ``unread`` (clip -> why it was not scored)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    clip_games = {c.clip: c.game for c in scores}
    body: dict[str, object] = {
        "games": {g: m.to_json() for g, m in games.items()},
        "clips": {name: {"game": clip_games[name], **m.to_json()}
                  for name, m in per_clip(scores).items()},
    }
    if unread:
        body["unread"] = dict(unread)
    path.write_text(json.dumps(body, indent=2) + "\n")


def format_table(games: Mapping[str, GameMetrics]) -> str:
    """Metrics as rows, one column per game, aligned for a terminal."""
    if not games:
        return "no clip was scored"
    rows = [("metric", list(games))] + summary_rows(games)
    lists = [(name, cells) for name, cells in rows if any(": " in c for c in cells)]
    rows = [r for r in rows if r not in lists]
    width = [max(len(r[0]) for r in rows)] + [
        max(len(r[1][i]) for r in rows) for i in range(len(games))]
    lines = [" ".join([name.ljust(width[0])] + [c.rjust(width[i + 1]) for i, c in
                                                  enumerate(cells)]) for name, cells in rows]
    lines.insert(1, "-" * len(lines[0]))
    lines += [f"{game} {name}: {cells[i]}" for name, cells in lists
              for i, game in enumerate(games) if cells[i] != "-"]
    return "\n".join(lines)
