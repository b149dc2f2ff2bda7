"""Train the top-face CNN (torch, CPU, one thread) and export it to ONNX.

Data: synthetic top-face crops from ``vision.sicbo.render`` (random die and pip
colours, Chinese red 1/4, camera tilt 0-50 degrees, spin, blur, noise, glare, JPEG,
side faces at the crop border), cut exactly as at inference (``face.face_crop`` around
the top face, with the centre and edge estimate jittered the way the detector errs),
plus, optionally, real crops from the ``train_*`` photos of the real set, cut around
the dice that ``read_dice`` finds and labelled by the matched label. ``valid_*`` is
never used here.

Run (about 3-5 minutes on one core):
``python -m vision.sicbo.train_face --seed 0 --out models/dice_face.onnx``
Torch is a training-only dependency (``pip install torch==2.13.0 onnx``).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from vision.sicbo.face import CROP_PX, NOT_A_DIE, face_crop
from vision.sicbo.render import _floor, composite, finish, render_die

__all__ = ["NEG_FRACTION", "real_crops", "synthetic_crops", "main"]

NEG_FRACTION = 0.12


def synthetic_crops(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` crops (n x 32 x 32 float32) and classes (n, int64: 0..5 faces 1..6,
    6 = not a die, ``NEG_FRACTION`` of them)."""
    rng = np.random.default_rng(seed)
    xs = np.empty((n, CROP_PX, CROP_PX), np.float32)
    ys = np.where(rng.random(n) < NEG_FRACTION, NOT_A_DIE, rng.integers(0, 6, n))
    for i in range(n):
        xs[i] = _negative_crop(rng) if ys[i] == NOT_A_DIE else _one_crop(int(ys[i]) + 1, rng)
    return xs, ys.astype(np.int64)


def _negative_crop(rng: np.random.Generator) -> np.ndarray:
    """Things that are not a die's top face: bare floor, a label with print on it, a
    cable, an object's corner, a blank bright square."""
    size = int(rng.uniform(60, 160))
    img = np.clip(_floor((size, size), rng), 0, 255).astype(np.uint8)
    for _ in range(int(rng.integers(1, 4))):
        _clutter(img, rng, size)
    edge = rng.uniform(0.25, 0.6) * size
    centre = rng.uniform(0.3, 0.7, 2) * size
    image = finish(img, rng)
    return face_crop(image, (float(centre[0]), float(centre[1])), float(edge))


def _clutter(img: np.ndarray, rng: np.random.Generator, size: int) -> None:
    kind = int(rng.integers(4))
    c = tuple(int(v) for v in rng.uniform(0, 255, 3))
    p = rng.uniform(0, size, 4).astype(int)
    if kind == 0:      # a bright label with dark print
        cv2.rectangle(img, (p[0], p[1]), (p[0] + size // 2, p[1] + size // 4), (235, 235, 235), -1)
        text = "".join(chr(int(v)) for v in rng.integers(48, 91, 5))
        cv2.putText(img, text, (p[0] + 2, p[1] + size // 5), cv2.FONT_HERSHEY_SIMPLEX,
                    size / 160, (20, 20, 20), max(1, size // 50))
    elif kind == 1:    # a cable
        cv2.line(img, (p[0], p[1]), (p[2], p[3]), c, max(2, size // 12))
    elif kind == 2:    # an object's rounded corner
        cv2.circle(img, (p[0], p[1]), int(rng.uniform(0.3, 1.0) * size), c, -1)
    else:              # a blank bright square (no pips: not a readable die)
        cv2.rectangle(img, (p[0], p[1]), (p[0] + size // 3, p[1] + size // 3), (240, 240, 240), -1)


def _one_crop(face: int, rng: np.random.Generator) -> np.ndarray:
    edge = rng.uniform(20, 56)
    die = render_die(face, rng, edge_px=edge, tilt_deg=rng.uniform(0, 50))
    size = die[1].shape[0]
    floor = composite(_floor((size, size), rng), die, (0, 0), rng)
    image = finish(np.clip(floor, 0, 255), rng)
    quad = die[2]
    d1, d2 = quad[2] - quad[0], quad[3] - quad[1]
    area = 0.5 * abs(float(d1[0] * d2[1] - d1[1] * d2[0]))
    est = np.sqrt(area) * rng.uniform(0.7, 1.4)
    centre = quad.mean(axis=0) + rng.normal(0, 0.06 * est, 2)
    return face_crop(image, (float(centre[0]), float(centre[1])), float(est))


def real_crops(root: Path, split: str = "train", *, jitter: int = 0, seed: int = 0,
               every: int = 1, start: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Crops of what ``read_dice`` finds in ``split`` photos (every ``every``-th from the
    ``start``-th, as ``realeval --every --start`` picks them): labelled by the matched
    label (same matching as ``realeval``), or ``NOT_A_DIE`` when no label is within
    three match radii (clutter: laptop corners, cable labels). ``jitter`` extra crops
    per die with the centre and edge estimate perturbed as the detector errs."""
    rng = np.random.default_rng(seed)
    from vision.sicbo.dice import DiceParams, read_dice
    from vision.sicbo.realeval import load_labels, split_names

    xs, ys = [], []
    params = DiceParams(use_classifier=False)
    all_labels = load_labels(root)
    for name in split_names(all_labels, split, every, start):
        labels = all_labels[name]
        image = cv2.imread(str(root / name), cv2.IMREAD_COLOR)
        for die in read_dice(image, params=params).dice:
            lab = min(labels, key=lambda la: np.hypot(*np.subtract(la.center_xy, die.center_xy)))
            x0, y0, x1, y1 = lab.box_xyxy
            dist = np.hypot(*np.subtract(lab.center_xy, die.center_xy))
            limit = max(20, 0.8 * max(x1 - x0, y1 - y0))
            if dist <= limit or dist > 3 * limit + die.edge_px:
                for j in range(1 + jitter):
                    c = np.add(die.center_xy, rng.normal(0, 0.06 * die.edge_px, 2) * (j > 0))
                    e = die.edge_px * (rng.uniform(0.85, 1.2) if j else 1.0)
                    xs.append(face_crop(image, (float(c[0]), float(c[1])), float(e)))
                    ys.append(lab.face - 1 if dist <= limit else NOT_A_DIE)
    return np.array(xs, np.float32).reshape(-1, CROP_PX, CROP_PX), np.array(ys, np.int64)


def _model():  # noqa: ANN202
    from torch import nn

    def block(cin: int, cout: int) -> list:
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
                nn.MaxPool2d(2)]

    return nn.Sequential(*block(1, 16), *block(16, 32), *block(32, 48), *block(48, 64),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.1),
                         nn.Linear(64, NOT_A_DIE + 1))


def _augment(x, torch):  # noqa: ANN001, ANN202
    k = int(torch.randint(0, 4, ()))
    x = torch.rot90(x, k, (2, 3))
    if bool(torch.rand(()) < 0.5):
        x = torch.flip(x, (3,))
    return x


def train(xs: np.ndarray, ys: np.ndarray, *, epochs: int, seed: int):  # noqa: ANN201
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    model = _model()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    x_all, y_all = torch.from_numpy(xs[:, None]), torch.from_numpy(ys)
    steps = epochs * (len(xs) // 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    model.train()
    for epoch in range(epochs):
        perm = torch.randperm(len(xs))
        loss_sum = 0.0
        for b in range(len(xs) // 128):
            idx = perm[b * 128:(b + 1) * 128]
            loss = torch.nn.functional.cross_entropy(model(_augment(x_all[idx], torch)),
                                                     y_all[idx], label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            loss_sum += float(loss)
        print(f"epoch {epoch + 1}/{epochs} loss {loss_sum / max(1, len(xs) // 128):.4f}",
              flush=True)
    return model.eval()


def accuracy(model, xs: np.ndarray, ys: np.ndarray) -> float:  # noqa: ANN001
    import torch

    with torch.no_grad():
        pred = model(torch.from_numpy(xs[:, None])).argmax(1).numpy()
    return float((pred == ys).mean()) if len(ys) else float("nan")


def export(model, out: Path) -> None:  # noqa: ANN001
    import torch

    out.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 1, CROP_PX, CROP_PX)
    torch.onnx.export(model, dummy, str(out), input_names=["crop"], output_names=["logits"],
                      dynamic_axes={"crop": {0: "n"}, "logits": {0: "n"}}, opset_version=17,
                      dynamo=False)


def main(argv: list[str] | None = None) -> int:
    from vision.sicbo.realeval import DEFAULT_ROOT

    ap = argparse.ArgumentParser(description="train the dice top-face CNN, export ONNX")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-synth", type=int, default=11000)
    ap.add_argument("--epochs", type=int, default=14)
    ap.add_argument("--real-root", type=Path, default=DEFAULT_ROOT,
                    help="real set whose train_* crops are added (absent: synthetic only)")
    ap.add_argument("--real-jitter", type=int, default=3,
                    help="extra jittered crops per real die")
    ap.add_argument("--real-every", type=int, default=1, metavar="N",
                    help="real crops from every Nth train_* photo only (held-out checks)")
    ap.add_argument("--real-start", type=int, default=0, metavar="K",
                    help="... from the Kth (0-based, K < N); measure the rest with "
                         "realeval --every N --start J --model")
    ap.add_argument("--out", type=Path, default=Path("models/dice_face.onnx"))
    args = ap.parse_args(argv)
    if args.real_every < 1 or not 0 <= args.real_start < args.real_every:
        ap.error(f"need --real-every >= 1 and 0 <= --real-start < --real-every, got "
                 f"{args.real_every} and {args.real_start}")
    cv2.setNumThreads(1)
    t0 = time.time()
    xs, ys = synthetic_crops(args.n_synth, args.seed)
    xv, yv = synthetic_crops(2000, args.seed + 1000)
    print(f"synthetic crops {len(xs)} + val {len(xv)} in {time.time() - t0:.0f}s", flush=True)
    xr, yr = (real_crops(args.real_root, jitter=args.real_jitter, seed=args.seed,
                         every=args.real_every, start=args.real_start)
              if (args.real_root / "dice.csv").is_file()
              else (np.zeros((0, CROP_PX, CROP_PX), np.float32), np.zeros(0, np.int64)))
    print(f"real train crops {len(xr)} in {time.time() - t0:.0f}s", flush=True)
    x_train, y_train = np.concatenate([xs, xr]), np.concatenate([ys, yr])
    model = train(x_train, y_train, epochs=args.epochs, seed=args.seed)
    print(f"synthetic val accuracy {accuracy(model, xv, yv):.4f}; real train crops "
          f"{accuracy(model, xr, yr):.4f}; trained in {time.time() - t0:.0f}s")
    export(model, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
