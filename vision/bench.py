"""``python -m vision bench``: reader cost per frame, replay speed, tables per core, memory.

Runs single-threaded (one core) and, as a live table does, reads each clip with the
table's calibration profile (made first from the clip, as a technician's ``calibrate``
does; its one-off cost is reported apart; ``--self-calibrate`` reads without one, the
calibration then inside the first frames' reads) and each frame right after decoding it,
timing the two apart (``--cold`` decodes the whole clip first: every frame is
then read from main memory, a worst case); ``--stages`` adds where the read time goes.
Writes a Markdown table (default ``docs/bench.md``) that the README links to. Benchmarks
are measured and written down, never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from vision.errors import UserError

if TYPE_CHECKING:
    from vision.footage import StreamInfo

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
    read_cpu_ms_mean: float  # the thread's CPU time in update(): the cost on a shared machine
    rss_growth_mb: float
    stage_ms: dict[str, float] | None = None  # mean ms per frame per stage (a second pass)
    calibrate_s: float | None = None  # CPU s calibrating the clip first; None: self-calibrated

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


def _frames(clip: Path, max_frames: int | None, cold: bool
            ) -> tuple[StreamInfo, Iterator[tuple[int, np.ndarray, float]]]:
    """The clip's info and its (index, frame, seconds spent decoding it). As live, each
    frame is decoded just before it is read; ``cold`` decodes the whole clip first and
    reads from memory (frames long out of the CPU's caches: a worst case, gigabytes)."""
    from vision.footage import VideoFileSource

    source = VideoFileSource(clip)

    def live() -> Iterator[tuple[int, np.ndarray, float]]:
        t = time.perf_counter()
        for index, frame in source:
            if max_frames is not None and index >= max_frames:
                return
            yield index, frame, time.perf_counter() - t
            t = time.perf_counter()

    return source.info, (iter(list(live())) if cold else live())


def _read(game: str, clip: Path, max_frames: int | None, cold: bool, profile: Path | None
          ) -> tuple[StreamInfo, np.ndarray, np.ndarray, float, float]:
    """Run a fresh reader over the clip (with ``profile``, else calibrating itself): its
    info, (N,) seconds decoding and (N,) seconds in ``update`` per frame, the thread's CPU
    seconds in ``update`` in all (unlike the wall time, not lengthened by other processes
    taking the core) and the growth of the
    process's peak memory meanwhile (MB; a cold clip's decoded frames are held before it
    starts)."""
    from vision.readers import make_reader

    info, frames = _frames(clip, max_frames, cold)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    reader = make_reader(game, info, profile)
    decode, read = [], []
    last, cpu = -1, 0.0
    for index, frame, decode_s in frames:
        c, t = time.thread_time(), time.perf_counter()
        reader.update(frame, index)
        read.append(time.perf_counter() - t)
        cpu += time.thread_time() - c
        decode.append(decode_s)
        last = index
    reader.finish(last)
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return info, np.array(decode), np.array(read), cpu, (rss1 - rss0) / 1024


def _stage_pass(game: str, clip: Path, max_frames: int | None, cold: bool,
                profile: Path | None) -> dict[str, float] | None:
    """Mean ms per frame per stage, from another pass with stage timers on (None for a
    game whose stages are not listed in ``bench_stages.STAGES``)."""
    from vision.bench_stages import STAGES, stage_clock

    if game not in STAGES:
        return None
    with stage_clock(game, time.thread_time) as clock:
        _, _, read, cpu_s, _ = _read(game, clip, max_frames, cold, profile)
    return clock.per_frame_ms(cpu_s, len(read))


def bench_clip(clip: Path, max_frames: int | None = None, stages: bool = False,
               cold: bool = False, self_calibrate: bool = False) -> ClipBench:
    game = _game_of(clip)
    with tempfile.TemporaryDirectory() as tmp:
        profile, calibrate_s = None, None
        if not self_calibrate:
            profile = Path(tmp) / "profile.json"
            calibrate_s = _calibrate(clip, game, profile)
        return _bench(clip, game, max_frames, stages, cold, profile, calibrate_s)


def _calibrate(clip: Path, game: str, profile: Path) -> float:
    """Write the clip's profile as a technician does, ``python -m vision calibrate``, in a
    process of its own (this one's peak memory stays the reader's): its CPU seconds,
    the interpreter's start included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    package_root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (package_root, os.environ.get("PYTHONPATH")) if p)}
    done = subprocess.run([sys.executable, "-m", "vision", "calibrate", str(clip), "--game",
                           game, "-o", str(profile), "--no-progress"],
                          capture_output=True, text=True, env=env)
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise UserError(f"bench reads each clip with its calibration profile, made first: "
                        f"{why.removeprefix('error: ')} (or bench it with --self-calibrate)")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _bench(clip: Path, game: str, max_frames: int | None, stages: bool, cold: bool,
           profile: Path | None, calibrate_s: float | None) -> ClipBench:
    info, decode, read, cpu_s, rss_growth_mb = _read(game, clip, max_frames, cold, profile)
    if not len(read):
        raise UserError(f"{clip}: no frames could be decoded")
    ms = read * 1000
    return ClipBench(
        clip=clip.name, game=game, resolution_wh=(info.width, info.height),
        fps=info.fps, frames=len(ms), decode_ms=float(decode.mean() * 1000),
        read_ms_mean=float(ms.mean()), read_ms_p50=float(np.percentile(ms, 50)),
        read_ms_p95=float(np.percentile(ms, 95)), read_ms_max=float(ms.max()),
        read_cpu_ms_mean=cpu_s * 1000 / len(ms),
        rss_growth_mb=rss_growth_mb,
        stage_ms=_stage_pass(game, clip, max_frames, cold, profile) if stages else None,
        calibrate_s=calibrate_s,
    )


def bench_stills(folder: Path, limit: int = 60) -> dict[str, float] | None:
    """Mean ``read-dice`` cost per photo over up to ``limit`` images, or None if unavailable."""
    import cv2

    paths = sorted(p for p in folder.glob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    if not paths:
        return None
    from vision.sicbo import read_dice

    images = [cv2.imread(str(p)) for p in paths[:limit]]
    t, cpu = time.perf_counter(), time.process_time()  # the process's: any model threads too
    for img in images:
        read_dice(img)
    ms = (time.perf_counter() - t) * 1000 / len(images)
    cpu_ms = (time.process_time() - cpu) * 1000 / len(images)
    h, w = images[0].shape[:2]
    return {"images": len(images), "ms_per_image": ms, "cpu_ms_per_image": cpu_ms, "width": w,
            "height": h}


def render_markdown(rows: list[ClipBench], stills: dict[str, float] | None,
                    cold: bool = False) -> str:
    how = ("the whole clip decoded first, each frame read from main memory (`--cold`, a worst "
           "case)" if cold else "each frame read right after it is decoded, as live")
    head = (
        "# Benchmarks\n\n"
        f"Written by `python -m vision bench` on {time.strftime('%Y-%m-%d')}, one core "
        f"(single-threaded), {platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}; {how}. "
        "Read = the reader's `update()` per frame, decode excluded (wall time; read CPU = the "
        "thread's CPU time in it, what other processes on a shared machine do not lengthen); "
        "total = decode + read. Calibration = how the reader knew the table: from a profile "
        "made first from the clip, as a technician's `calibrate` makes it before a table goes "
        "live (that one-off `calibrate` run's CPU seconds in brackets, its interpreter's start "
        "included, not in the read), or by calibrating "
        "itself in its first frames (`--self-calibrate`, inside the read). "
        "Targets per 720p frame: roulette <= 2 ms, sic bo <= 4 ms.\n\n"
        "| clip | game | size | fps | frames | calibration | decode ms | read ms mean | p50 | "
        "p95 | max | read CPU ms mean | x real time | tables/core @30fps | RSS growth MB |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    body = "".join(
        f"| {r.clip} | {r.game} | {r.resolution_wh[0]}x{r.resolution_wh[1]} | {r.fps:g} | "
        f"{r.frames} | {_calibration(r)} | {r.decode_ms:.2f} | {r.read_ms_mean:.2f} | "
        f"{r.read_ms_p50:.2f} | "
        f"{r.read_ms_p95:.2f} | {r.read_ms_max:.1f} | {r.read_cpu_ms_mean:.2f} | "
        f"{r.realtime_factor:.1f} | "
        f"{r.tables_per_core_30fps:.1f} | {r.rss_growth_mb:.0f} |\n" for r in rows
    )
    tail = ""
    if stills:
        tail = (f"\n`read-dice`: {stills['ms_per_image']:.1f} ms per {int(stills['width'])}x"
                f"{int(stills['height'])} photo, CPU {stills['cpu_ms_per_image']:.1f} ms (mean "
                f"over {int(stills['images'])} photos).\n")
    return head + body + _stage_table(rows) + _clip_notes(rows) + tail


def _calibration(row: ClipBench) -> str:
    if row.calibrate_s is None:
        return "self"
    return f"profile ({row.calibrate_s:.1f} s)"


def _clip_notes(rows: list[ClipBench]) -> str:
    """Where the default clips come from, when they were benched."""
    names = {Path(r.clip).stem for r in rows}
    if BENCH_CLIPS["roulette"][0] not in names:
        return ""
    return ("\nThe roulette clip (`.cache/bench`, rendered once by the synthetic generator from "
            f"seed {BENCH_CLIPS['roulette'][1]}, 3 rounds, 720p 30 fps) has every round played in "
            "view and read: its camera keeps about 80% of the ball track's circle in the frame, "
            "as far as a contract camera (pocket ring >= 400 px across) allows at 720p. The "
            "seed-0 clip used before left the track's top and bottom out and its reader read "
            "1 of 3 rounds: too little work to be a fair cost.\n")


def _stage_table(rows: list[ClipBench]) -> str:
    """Mean ms per frame per reader stage, for the clips benched with ``--stages``."""
    timed = [r for r in rows if r.stage_ms]
    if not timed:
        return ""
    out = ("\nWhere the read time goes (`--stages`: a second pass with a timer around each "
           "stage, CPU ms per frame; `other` is the reader's glue; the timers add a few "
           "hundredths of a ms):\n\n")
    for r in timed:
        assert r.stage_ms is not None
        names = list(r.stage_ms)
        out += (f"| {r.clip} | " + " | ".join(names) + " | sum |\n|---|"
                + "---|" * (len(names) + 1) + "\n| ms | "
                + " | ".join(f"{r.stage_ms[n]:.3f}" for n in names)
                + f" | {sum(r.stage_ms.values()):.2f} |\n\n")
    return out


BENCH_CACHE = Path(".cache/bench")


# game -> (cached clip name, render seed). Roulette seed 16: every round is played in
# view and read (the ball track as far in the 720p frame as a contract camera allows,
# about 80% of its circle); seed 0's camera left the track's top and bottom out and its
# reader read 1 of 3 rounds, too little work to be a fair cost.
BENCH_CLIPS = {"roulette": ("roulette_720p_s16", 16), "sicbo": ("sicbo_720p", 0)}


def default_clips(show_progress: bool | None) -> list[Path]:
    """One 720p 30 fps 3-round clip per game (the targets' size), rendered once and cached."""
    from vision.synth import roulette, sicbo

    clips = []
    for game, module in (("roulette", roulette), ("sicbo", sicbo)):
        name, seed = BENCH_CLIPS[game]
        found = sorted(BENCH_CACHE.glob(f"{name}.*[4i]"))  # .mp4 or .avi
        if not found:
            print(f"rendering a 720p {game} clip for the benchmark into {BENCH_CACHE} ...")
            found = [module.synth_clip(BENCH_CACHE, name, seed=seed, rounds=3, width=1280,
                                       height=720, fps=30.0, show_progress=show_progress)]
        clips.append(found[0])
    return clips


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("clips", nargs="*", type=Path,
                   help="clips to read (default: a 720p 30 fps clip per game, rendered once into "
                        ".cache/bench)")
    p.add_argument("--frames", type=int, default=None, help="read at most N frames per clip")
    p.add_argument("--cold", action="store_true",
                   help="decode each whole clip before reading it (frames read from main "
                        "memory, not fresh from the decoder: a worst case; holds the clip)")
    p.add_argument("--self-calibrate", action="store_true",
                   help="read without a profile, the reader calibrating itself in its first "
                        "frames (default: calibrate each clip first, as before a table goes "
                        "live, and read with that profile)")
    p.add_argument("--stages", action="store_true",
                   help="read each clip once more with a timer around each reader stage and "
                        "add a per-stage table")
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
        row = bench_clip(clip, args.frames, args.stages, args.cold, args.self_calibrate)
        print(f"{row.clip}: read {row.read_ms_mean:.2f} ms/frame (p95 {row.read_ms_p95:.2f}, "
              f"CPU {row.read_cpu_ms_mean:.2f}), "
              f"decode {row.decode_ms:.2f} ms, {row.realtime_factor:.1f}x real time, "
              f"calibration {_calibration(row)}")
        if row.stage_ms:
            print("  stages (ms/frame): " + ", ".join(f"{k} {v:.3f}"
                                                      for k, v in row.stage_ms.items()))
        rows.append(row)
    stills = bench_stills(args.stills) if args.stills.is_dir() else None
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render_markdown(rows, stills, args.cold))
    print(f"wrote {args.out}")
    return 0
