"""Prometheus metrics in the text exposition format (version 0.0.4), without a dependency.

Counters, gauges and one histogram keyed by label tuples; ``render`` produces the
``/metrics`` body. Thread-safe: camera threads increment, the API renders.
"""

from __future__ import annotations

import bisect
import threading
from collections import defaultdict
from collections.abc import Callable

__all__ = ["LATENCY_BUCKETS_S", "Metrics"]

LATENCY_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
Labels = tuple[tuple[str, str], ...]


class Metrics:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._help: dict[str, tuple[str, str]] = {}  # name -> (type, help)
        self._values: dict[str, dict[Labels, float]] = defaultdict(dict)
        self._hist: dict[str, dict[Labels, list[float]]] = defaultdict(dict)
        self._collectors: list[Callable[[], None]] = []

    def declare(self, name: str, kind: str, help_text: str) -> None:
        self._help[name] = (kind, help_text)

    def inc(self, name: str, amount: float = 1.0, **labels: str) -> None:
        key = _key(labels)
        with self._lock:
            series = self._values[name]
            series[key] = series.get(key, 0.0) + amount

    def set(self, name: str, value: float, **labels: str) -> None:
        with self._lock:
            self._values[name][_key(labels)] = float(value)

    def observe(self, name: str, value: float, **labels: str) -> None:
        """Histogram observation: counts per bucket, then sum, then count."""
        key = _key(labels)
        with self._lock:
            cells = self._hist[name].setdefault(key, [0.0] * (len(LATENCY_BUCKETS_S) + 3))
            cells[bisect.bisect_left(LATENCY_BUCKETS_S, value)] += 1
            cells[-2] += value
            cells[-1] += 1

    def value(self, name: str, **labels: str) -> float:
        return self._values.get(name, {}).get(_key(labels), 0.0)

    def on_render(self, collect: Callable[[], None]) -> None:
        """Run ``collect`` before every render (to refresh gauges such as the backlog)."""
        self._collectors.append(collect)

    def render(self) -> str:
        for collect in self._collectors:
            collect()
        lines: list[str] = []
        with self._lock:
            for name, (kind, help_text) in sorted(self._help.items()):
                lines += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}"]
                if kind == "histogram":
                    lines += _histogram_lines(name, self._hist.get(name, {}))
                for key, value in sorted(self._values.get(name, {}).items()):
                    lines.append(f"{name}{_fmt(key)} {value:g}")
        return "\n".join(lines) + "\n"


def _histogram_lines(name: str, series: dict[Labels, list[float]]) -> list[str]:
    lines = []
    for key, cells in sorted(series.items()):
        running = 0.0
        for bound, count in zip((*LATENCY_BUCKETS_S, float("inf")), cells, strict=False):
            running += count
            le = "+Inf" if bound == float("inf") else f"{bound:g}"
            lines.append(f"{name}_bucket{_fmt((*key, ('le', le)))} {running:g}")
        lines.append(f"{name}_sum{_fmt(key)} {cells[-2]:g}")
        lines.append(f"{name}_count{_fmt(key)} {cells[-1]:g}")
    return lines


def _key(labels: dict[str, str]) -> Labels:
    return tuple(sorted((k, str(v)) for k, v in labels.items()))


def _fmt(key: Labels) -> str:
    if not key:
        return ""
    escaped = (v.replace("\\", r"\\").replace('"', r"\"").replace("\n", r"\n") for _, v in key)
    return "{" + ",".join(f'{k}="{v}"' for (k, _), v in zip(key, escaped, strict=True)) + "}"
