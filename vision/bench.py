"""``python -m vision bench``: reader cost per frame, replay speed, tables per core, memory.

Runs single-threaded (one core), decodes each clip fully first so decode and reading
are timed apart, and writes a Markdown table (default ``docs/bench.md``) that the
README links to. Benchmarks are measured and written down, never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.errors import UserError

TARGET_MS = {"roulette": 2.0, "sicbo": 4.0}  # issue targets, per 720p frame, decode excluded


@dataclass(frozen=True, slots=True)
class ClipBench:
    clip: str
    game: str
    resolution_wh: tuple[int, int]
    fps: float
    frames: int
    decode_ms: float  # mean per frame
    read_ms_mean: float
    read_ms_p50: float
    read_ms_p95: float
    read_ms_max: float
    rss_growth_mb: float

    @property
    def total_ms(self) -> float:
        return self.decode_ms + self.read_ms_mean

    @property
    def realtime_factor(self) -> float:
        """How many times faster than real time the clip replays, decode included."""
        return (1000.0 / self.fps) / self.total_ms

    @property
    def tables_per_core_30fps(self) -> float:
        """Live tables one core sustains at 30 fps at this clip's resolution, decode included."""
        return 1000.0 / (30.0 * self.total_ms)


def _single_thread() -> None:
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    import cv2

    cv2.setNumThreads(1)


def _game_of(clip: Path) -> str:
    sidecar = clip.with_suffix(".json")
    if sidecar.exists():  # the game only; the reader never sees the truth
        import json

        return str(json.loads(sidecar.read_text())["game"])
    for game in ("roulette", "sicbo"):
        if clip.name.startswith(game):
            return game
    raise UserError(f"cannot tell the game of {clip}: expected a sidecar or a name starting "
                    "with 'roulette' or 'sicbo'")


def bench_clip(clip: Path, max_frames: int | None = None) -> ClipBench:
    from vision.footage import VideoFileSource
    from vision.readers import make_reader

    game = _game_of(clip)
    source = VideoFileSource(clip)
    frames: list[np.ndarray] = []
    t0 = time.perf_counter()
    for index, frame in source:
        frames.append(frame)
        if max_frames is not None and index + 1 >= max_frames:
            break
    decode_ms = (time.perf_counter() - t0) * 1000 / max(len(frames), 1)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    reader = make_reader(game, source.info)
    times = np.empty(len(frames))
    for index, frame in enumerate(frames):
        t = time.perf_counter()
        reader.update(frame, index)
        times[index] = time.perf_counter() - t
    reader.finish(len(frames) - 1)
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ms = times * 1000
    return ClipBench(
        clip=clip.name, game=game, resolution_wh=(source.info.width, source.info.height),
        fps=source.info.fps, frames=len(frames), decode_ms=decode_ms,
        read_ms_mean=float(ms.mean()), read_ms_p50=float(np.percentile(ms, 50)),
        read_ms_p95=float(np.percentile(ms, 95)), read_ms_max=float(ms.max()),
        rss_growth_mb=(rss1 - rss0) / 1024,
    )


def bench_stills(folder: Path, limit: int = 60) -> dict[str, float] | None:
    """Mean ``read-dice`` cost per photo over up to ``limit`` images, or None if unavailable."""
    import cv2

    paths = sorted(p for p in folder.glob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    if not paths:
        return None
    from vision.sicbo import read_dice

    images = [cv2.imread(str(p)) for p in paths[:limit]]
    t = time.perf_counter()
    for img in images:
        read_dice(img)
    ms = (time.perf_counter() - t) * 1000 / len(images)
    h, w = images[0].shape[:2]
    return {"images": len(images), "ms_per_image": ms, "width": w, "height": h}


def render_markdown(rows: list[ClipBench], stills: dict[str, float] | None) -> str:
    head = (
        "# Benchmarks\n\n"
        f"Written by `python -m vision bench` on {time.strftime('%Y-%m-%d')}, one core "
        f"(single-threaded), {platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}. Read = the reader's `update()` per frame, decode excluded;"
        " total = decode + read. Targets per 720p frame: roulette <= 2 ms, sic bo <= 4 ms.\n\n"
        "| clip | game | size | fps | frames | decode ms | read ms mean | p50 | p95 | max | "
        "x real time | tables/core @30fps | RSS growth MB |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    body = "".join(
        f"| {r.clip} | {r.game} | {r.resolution_wh[0]}x{r.resolution_wh[1]} | {r.fps:g} | "
        f"{r.frames} | {r.decode_ms:.2f} | {r.read_ms_mean:.2f} | {r.read_ms_p50:.2f} | "
        f"{r.read_ms_p95:.2f} | {r.read_ms_max:.1f} | {r.realtime_factor:.1f} | "
        f"{r.tables_per_core_30fps:.1f} | {r.rss_growth_mb:.0f} |\n" for r in rows
    )
    tail = ""
    if stills:
        tail = (f"\n`read-dice`: {stills['ms_per_image']:.1f} ms per {int(stills['width'])}x"
                f"{int(stills['height'])} photo (mean over {int(stills['images'])} photos).\n")
    return head + body + tail


BENCH_CACHE = Path(".cache/bench")


def default_clips(show_progress: bool | None) -> list[Path]:
    """One 720p 30 fps clip per game (the targets' size), rendered once from seed 0 and cached."""
    from vision.synth import roulette, sicbo

    clips = []
    for game, module in (("roulette", roulette), ("sicbo", sicbo)):
        found = sorted(BENCH_CACHE.glob(f"{game}_720p.*[4i]"))  # .mp4 or .avi
        if not found:
            print(f"rendering a 720p {game} clip for the benchmark into {BENCH_CACHE} ...")
            found = [module.synth_clip(BENCH_CACHE, f"{game}_720p", seed=0, rounds=3, width=1280,
                                       height=720, fps=30.0, show_progress=show_progress)]
        clips.append(found[0])
    return clips


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("clips", nargs="*", type=Path,
                   help="clips to read (default: a 720p 30 fps clip per game, rendered once into "
                        ".cache/bench)")
    p.add_argument("--frames", type=int, default=None, help="read at most N frames per clip")
    p.add_argument("--stills", type=Path, default=Path("../shared/real-dice-dev/images"),
                   help="folder of dice photos for the read-dice benchmark")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)
    p.add_argument("--out", type=Path, default=Path("docs/bench.md"),
                   help="Markdown table to write (default docs/bench.md)")


def run(args: argparse.Namespace) -> int:
    _single_thread()
    clips = args.clips or default_clips(args.progress)
    rows = []
    for clip in clips:
        row = bench_clip(clip, args.frames)
        print(f"{row.clip}: read {row.read_ms_mean:.2f} ms/frame (p95 {row.read_ms_p95:.2f}), "
              f"decode {row.decode_ms:.2f} ms, {row.realtime_factor:.1f}x real time")
        rows.append(row)
    stills = bench_stills(args.stills) if args.stills.is_dir() else None
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render_markdown(rows, stills))
    print(f"wrote {args.out}")
    return 0
