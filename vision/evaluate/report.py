"""The self-contained HTML report: ``index.html`` with its pictures in files beside it.

Layout of ``DIR``: ``index.html``, ``latency-<game>.png`` and ``frames/<clip>-r<round>.jpg``
(see :mod:`vision.evaluate.thumbnails`: one annotated picture for every round not read right,
any kind but ``correct`` and ``void_detected``). No script, no CDN: the page opens from
disk anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import cv2
import jinja2
import numpy as np

from vision.evaluate.baseline import MUST_NOT_RISE
from vision.evaluate.dataset import Clip
from vision.evaluate.describe import (
    confusion,
    read_text,
    seen_text,
    summary_rows,
    truth_text,
    value_text,
)
from vision.evaluate.images import histogram_bgr
from vision.evaluate.metrics import CONTRACT_KEYS, ClipScore, GameMetrics, per_clip
from vision.evaluate.scoring import RoundScore
from vision.evaluate.thumbnails import needs_thumbnail, write_thumbnails

__all__ = ["SEVERITY", "ReportInput", "write_report"]

# the gallery shows the worst first: a wrong outcome is the worst failure there is
SEVERITY = ("wrong", "false_void", "void_misclassified", "void_missed", "missed", "abstained")
CLIP_KEYS = ("rounds", "correct", "wrong", "false_void", "abstained", "missed", "void_detected",
             "void_misclassified", "void_missed", "violation_detected", "violation_missed",
             "violation_false_alarms", "latency_median_s", "events_outside_rounds")


@dataclass(frozen=True, slots=True)
class ReportInput:
    """Everything the report shows; ``source`` says where the events came from."""

    dataset: Path
    source: str
    clips: Sequence[Clip]
    scores: Sequence[ClipScore]
    games: Mapping[str, GameMetrics]
    unread: Mapping[str, str]  # clip name -> why it has no events (e.g. no reader yet)


def write_report(out_dir: Path, data: ReportInput, max_thumbnails: int = 300) -> Path:
    """Write ``out_dir/index.html`` and its pictures; returns the page's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    _remove_old_pictures(out_dir)
    thumbs = write_thumbnails(out_dir, data.scores, {c.name: c.video for c in data.clips},
                              max_thumbnails)
    histograms = {game: _write_histogram(out_dir, game, data.scores) for game in data.games}
    rows = _round_rows(data.scores, thumbs)
    page = _template().render(
        title=f"Evaluation of {data.dataset.name or data.dataset}",
        dataset=str(data.dataset), source=data.source,
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        games=list(data.games), summary=summary_rows(data.games), unread=data.unread,
        confusions={g: _confusion_view(g, _game_rounds(data.scores, g)) for g in data.games},
        contract_keys=CONTRACT_KEYS, clip_keys=CLIP_KEYS,
        clips=_clip_rows(data.scores),
        histograms=histograms, rounds=rows,
        gallery=[r for kind in SEVERITY for r in rows if r["kind"] == kind],
        thumbs_skipped=sum(needs_thumbnail(s) for c in data.scores for s in c.rounds)
        - len(thumbs),
    )
    path = out_dir / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


def _remove_old_pictures(out_dir: Path) -> None:
    """An earlier run's pictures would pass for this run's: remove the ones it wrote."""
    for old in [*out_dir.glob("frames/*.jpg"), *out_dir.glob("latency-*.png")]:
        old.unlink()


def _clip_rows(scores: Sequence[ClipScore]) -> list[dict[str, Any]]:
    """Per clip: name, game and (text, is it bad) cells for CLIP_KEYS."""
    rows = []
    for clip, metrics in zip(scores, per_clip(scores).values(), strict=True):
        values = metrics.to_json()
        cells = [(value_text(values[k]), bool(values[k]) and k in MUST_NOT_RISE)
                 for k in CLIP_KEYS]
        rows.append({"name": clip.clip, "game": clip.game, "cells": cells})
    return rows


def _game_rounds(scores: Sequence[ClipScore], game: str) -> list[RoundScore]:
    return [s for c in scores if c.game == game for s in c.rounds]


def _confusion_view(game: str, rounds: Sequence[RoundScore]) -> dict[str, Any]:
    """Rows of (count, css class) cells: 'diag' where the read is right, 'hit' elsewhere."""
    rows, cols, counts = confusion(game, rounds)
    view = []
    for r in rows:
        cells = []
        for c in cols:
            n = counts.get((r, c), 0)
            right = c == r if r.startswith("void") else c == "right outcome"
            cells.append((n, "zero" if n == 0 else "diag" if right else "hit"))
        view.append({"name": r, "cells": cells, "total": sum(n for n, _ in cells)})
    return {"cols": cols, "rows": view}


def _round_rows(scores: Sequence[ClipScore],
                thumbs: Mapping[tuple[str, int], str]) -> list[dict[str, Any]]:
    rows = []
    for clip in scores:
        for s in clip.rounds:
            rnd = s.truth
            rows.append({
                "clip": clip.clip, "index": s.index, "game": clip.game,
                "frames": f"{rnd.start_frame}-{rnd.end_frame}",
                "truth_frame": rnd.void.frame if rnd.void else rnd.settled_frame,
                "truth": truth_text(rnd), "read": read_text(s), "frame": value_text(s.frame),
                "confidence": value_text(s.decisive.confidence if s.decisive else None),
                "kind": s.kind, "cause": s.cause or "", "latency": value_text(s.latency_s),
                "violation": s.violation or "", "thumb": thumbs.get((clip.clip, s.index)),
                "ignored": ", ".join(f"{e.type}@{e.frame}" for e in s.ignored),
                "seen": seen_text(s),
            })
    return rows


def _write_histogram(out_dir: Path, game: str, scores: Sequence[ClipScore]) -> str | None:
    """One panel per latency that has values, stacked; None when neither has any."""
    rounds = _game_rounds(scores, game)
    panels = []
    for kind, what, colour in (("correct", "correct outcomes, event frame - settled_frame",
                                (190, 120, 40)),
                               ("void_detected", "detected voids, event frame - void frame",
                                (40, 120, 220))):
        values = [s.latency_s for s in rounds if s.kind == kind and s.latency_s is not None]
        if values:
            panels.append(histogram_bgr(values, _title(f"{game}: {what}", values), colour))
    if not panels:
        return None
    name = f"latency-{game}.png"
    cv2.imwrite(str(out_dir / name), np.vstack(panels))
    return name


def _title(what: str, values: Sequence[float]) -> str:
    return (f"{what}   n={len(values)}  median {np.median(values):.2f} s  "
            f"p95 {np.percentile(values, 95):.2f} s")


def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
    )
    return env.get_template("report.html")
