"""``python -m vision synth roulette|sicbo --out DIR --clips N --rounds M --seed S``.

Each clip gets its own seed derived from ``--seed`` and the clip index, so a clip can be
re-rendered alone and a whole set is reproducible bit for bit from one number on one
machine (two renders here are byte-identical). Not across machines, it seems: the scene's
floating-point work (numpy, OpenCV) may take CPU-dependent paths, so another CPU renders
frames a little apart (clips of seed 11801 re-rendered in session 24 read differently in some
rounds from session 23's render of them); keep the videos, not just the seed, of a set whose
reads you want to compare later.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

import numpy as np

from vision.progress import progress

GAME_MODULES = {"roulette": "vision.synth.roulette", "sicbo": "vision.synth.sicbo"}


def clip_seed(seed: int, index: int) -> int:
    return int(np.random.SeedSequence([seed, index]).generate_state(1)[0])


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=sorted(GAME_MODULES), help="which table to simulate")
    p.add_argument("--out", type=Path, required=True, help="dataset folder to write clips into")
    p.add_argument("--clips", type=int, default=1, help="number of clips (default 1)")
    p.add_argument("--rounds", type=int, default=3, help="rounds per clip (default 3)")
    p.add_argument("--seed", type=int, default=0, help="seed; the same seed renders the same set")
    p.add_argument("--width", type=int, default=None, help="force a frame width (default: random)")
    p.add_argument("--height", type=int, default=None, help="force a frame height")
    p.add_argument("--fps", type=float, default=None, help="force a frame rate (default: random)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show progress bars (default: when on a terminal)")


def run(args: argparse.Namespace) -> int:
    if args.clips < 1 or args.rounds < 1:
        raise SystemExit(f"--clips and --rounds must be >= 1, got {args.clips} and {args.rounds}")
    if (args.width is None) != (args.height is None):
        raise SystemExit("give both --width and --height, or neither")
    module = importlib.import_module(GAME_MODULES[args.game])
    args.out.mkdir(parents=True, exist_ok=True)
    for i in progress(range(args.clips), total=args.clips, desc=f"synth {args.game}", unit="clip",
                      enabled=args.progress):
        name = f"{args.game}_s{args.seed}_{i:03d}"
        path = module.synth_clip(args.out, name, seed=clip_seed(args.seed, i), rounds=args.rounds,
                                 width=args.width, height=args.height, fps=args.fps,
                                 show_progress=args.progress)
        print(path)
    return 0
