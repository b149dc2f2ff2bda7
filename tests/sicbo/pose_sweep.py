"""A rendered pose sweep: random leans, stacks and flat pairs, one picture each, read by
``read_dice``; and the comparison of two sweeps' reads (the same seed read by two codes).

The sweeps the docs cite (``docs/known-cases.md``, the README's "Built in session ..."):

    python -m tests.sicbo.pose_sweep run --scenes 450 --seed 681 --out A.jsonl
    (the same from another checkout: B.jsonl)
    python -m tests.sicbo.pose_sweep compare A.jsonl B.jsonl

Scene k is a lean (k % 3 == 0: a die tipped 18-42 degrees against a flat one, slid up to
0.3 edge along it), two flat dice 1.7-2.6 edges apart (1) or a stack offset up to a
quarter edge (2), with a third die apart; 640x480, cameras 0-30 degrees any way round, 12
floors (pale ones among them), white and ivory dice, both pip styles. A verdict per scene:
"stacked" or "leaning" (a die so posed), "paid" (three flat dice read over 0.9), else
"unsure". Leans and stacks must never be paid; flat pairs should be.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from tests.sicbo.scenes import EDGE_M, SPOTS, camera_frame, dome_scene
from vision.sicbo import read_dice
from vision.synth.dice3d import DiceStyle, flat_pose, lean_against_die, stacked_pose
from vision.synth.sicbo_render import DiceFrameRenderer, DomeScene

FLOORS = ((50, 105, 35), (40, 40, 150), (120, 60, 20), (28, 28, 30), (200, 205, 210),
          (30, 90, 150), (90, 40, 90), (70, 120, 110), (232, 215, 240), (200, 205, 215),
          (184, 208, 200), (243, 242, 233))
BODIES = ((238.0, 244.0, 246.0), (197.0, 221.0, 235.0), (225.0, 235.0, 240.0))
KINDS = ("lean", "flat", "stack")


def _scene(rng: np.random.Generator) -> tuple[DomeScene, tuple[float, ...]]:
    """A 640x480 dome: focal 0.9-1.3 x the width, camera 0-30 degrees, any way round."""
    focal_rel, tilt = rng.uniform(0.9, 1.3), rng.uniform(0, 30)
    azimuth = rng.uniform(0, 2 * np.pi)
    floor = tuple(float(v) for v in FLOORS[rng.integers(len(FLOORS))])
    return dome_scene(tilt_deg=tilt, floor_bgr=floor, azimuth_rad=azimuth,  # type: ignore[arg-type]
                      focal_rel=focal_rel), floor


def sweep(scenes: int, seed: int) -> Iterator[dict]:
    """One record per scene: its index ``k``, ``kind``, ``floor``, (flat pairs) ``gap`` in
    edges, and the ``dice`` read as [face, confidence, pose]; or ``error`` if it could not
    be rendered. The scenes follow from ``seed`` alone."""
    rng = np.random.default_rng(seed)
    for k in range(scenes):
        kind = KINDS[k % 3]
        scene, floor = _scene(rng)
        faces = rng.integers(1, 7, 3)
        style = DiceStyle(body_bgr=BODIES[rng.integers(3)],
                          pip_style="chinese" if rng.random() < 0.5 else "western")
        yaw = rng.uniform(0, 2 * np.pi)
        base = np.array((-0.03, -0.02))
        support = flat_pose(int(faces[0]), tuple(base), yaw, edge_m=EDGE_M)
        info: dict = {}
        if kind == "lean":
            other = lean_against_die(int(faces[1]), support, int(rng.integers(4)),
                                     np.radians(rng.uniform(18, 42)),
                                     slide=rng.uniform(-0.3, 0.3))
        elif kind == "stack":
            off = rng.uniform(-0.25, 0.25, 2) * EDGE_M
            other = stacked_pose(int(faces[1]), support, (float(off[0]), float(off[1])),
                                 rng.uniform(0, 2 * np.pi))
        else:
            gap, ang = rng.uniform(1.7, 2.6), rng.uniform(0, 2 * np.pi)
            d = np.array([np.cos(ang), np.sin(ang)]) * gap * EDGE_M
            other = flat_pose(int(faces[1]), tuple(base + d), rng.uniform(0, 2 * np.pi),
                              edge_m=EDGE_M)
            info = {"gap": round(float(gap), 2)}
        third = flat_pose(int(faces[2]), SPOTS[2], rng.uniform(0, 2 * np.pi), edge_m=EDGE_M)
        try:
            clean = DiceFrameRenderer(scene, style).render((support, other, third))
        except Exception as e:  # noqa: BLE001  (a pose the renderer refuses: recorded)
            yield {"k": k, "kind": kind, "error": str(e)}
            continue
        dice = read_dice(camera_frame(clean, rng)).dice
        yield {"k": k, "kind": kind, "floor": floor, **info,
               "dice": [[d.face, round(d.confidence, 3), d.pose] for d in dice]}


def verdict(record: dict) -> str:
    """"stacked", "leaning", "paid" (three flat dice over 0.9), "unsure" or "error"."""
    if "error" in record:
        return "error"
    poses = [d[2] for d in record["dice"]]
    if "stacked" in poses:
        return "stacked"
    if "leaning" in poses:
        return "leaning"
    if len(record["dice"]) == 3 and all(d[1] > 0.9 for d in record["dice"]):
        return "paid"
    return "unsure"


def compare(a: list[dict], b: list[dict]) -> tuple[Counter, Counter, list[str]]:
    """Verdict counts by (kind, verdict) of the scenes both sweeps read, and a line per
    scene whose reads differ (a verdict follows from the read, or from an error, which has
    none)."""
    by_a, by_b = {r["k"]: r for r in a}, {r["k"]: r for r in b}
    ks = sorted(set(by_a) & set(by_b))
    counts = [Counter((s[k]["kind"], verdict(s[k])) for k in ks) for s in (by_a, by_b)]
    changed = [f'{k} {by_a[k]["kind"]}: {verdict(by_a[k])} -> {verdict(by_b[k])} '
               f'{by_a[k].get("dice")} | {by_b[k].get("dice")}'
               for k in ks if by_a[k].get("dice") != by_b[k].get("dice")]
    return counts[0], counts[1], changed


def _load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.sicbo.pose_sweep", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="render and read the scenes, one JSON line each")
    run.add_argument("--scenes", type=int, default=450)
    run.add_argument("--seed", type=int, default=681)
    run.add_argument("--out", type=Path, required=True)
    cmp_ = sub.add_parser("compare", help="two sweeps of one seed: counts and changed scenes")
    cmp_.add_argument("a", type=Path)
    cmp_.add_argument("b", type=Path)
    args = p.parse_args(argv)
    if args.cmd == "run":
        with args.out.open("w") as fh:
            for k, rec in enumerate(sweep(args.scenes, args.seed)):
                fh.write(json.dumps(rec) + "\n")
                fh.flush()
                print(f"\r{k + 1}/{args.scenes} scenes", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        return 0
    ca, cb, changed = compare(_load(args.a), _load(args.b))
    for name, c in ((args.a, ca), (args.b, cb)):
        print(name, sum(c.values()), dict(sorted(c.items())))
    print("\n".join(changed) if changed else "no scene read differently")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
