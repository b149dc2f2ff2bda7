"""Per-stage reader cost for ``python -m vision bench --stages``: where a frame's time goes.

``stage_clock(game)`` wraps, for the duration of a ``with`` block, the stage functions and
methods the reader calls (looked up by name: a renamed stage is a clear error, not a silent
zero) in a timer that adds their wall time to a ``StageClock``. Stages nested in another
stage count in the inner one only; what no stage covers is the reader's own glue. The
wrappers cost about a microsecond per call: a benchmark, never run while serving.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

__all__ = ["STAGES", "StageClock", "stage_clock"]

# game -> (stage, "module:attribute" or "module:Class.method") in pipeline order
STAGES: dict[str, tuple[tuple[str, str], ...]] = {
    "roulette": (
        ("unwrap", "vision.roulette.unwrap:SplitUnwrap.unwrap"),
        ("wheel angle", "vision.roulette.reader:colour_signals"),
        ("wheel angle", "vision.roulette.wheel:ZeroTracker.update"),
        ("mixed strip", "vision.roulette.reader:to_mixed"),
        ("background diff", "vision.roulette.background:StripBackground.difference"),
        ("background diff", "vision.roulette.background:StripBackground.chroma_stand_out"),
        ("foreground", "vision.roulette.reader:foreground_mask"),
        ("ball", "vision.roulette.background:StripBackground.rise"),
        ("ball", "vision.roulette.reader:find_balls_on_rows"),
        ("ball", "vision.roulette.reader:ghost_spot"),
        ("ball", "vision.roulette.reader:row_shares"),
        ("ball", "vision.roulette.reader:held_in_hand"),
        ("objects", "vision.roulette.bowl:ObjectWatch.update"),
        ("background update", "vision.roulette.background:StripBackground.update"),
        ("settle", "vision.roulette.settle:RoundTracker.update"),
        ("calibration", "vision.roulette.reader:RouletteReader._calibrate"),
    ),
}


@dataclass
class StageClock:
    """Seconds per stage, summed over calls; ``other`` is added by the caller."""

    seconds: dict[str, float] = field(default_factory=dict)
    timer: Callable[[], float] = time.perf_counter  # time.thread_time for CPU time
    _inner: float = 0.0  # time spent in nested stages during the current call

    def per_frame_ms(self, total_s: float, frames: int) -> dict[str, float]:
        """Mean ms per frame per stage, plus ``other`` (``total_s`` minus all stages)."""
        out = {k: v * 1000 / max(frames, 1) for k, v in self.seconds.items()}
        out["other"] = max(0.0, total_s - sum(self.seconds.values())) * 1000 / max(frames, 1)
        return out

    def wrap(self, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            outer, self._inner = self._inner, 0.0
            t = self.timer()
            try:
                return fn(*args, **kwargs)
            finally:
                spent = self.timer() - t
                self.seconds[stage] = self.seconds.get(stage, 0.0) + spent - self._inner
                self._inner = outer + spent

        return timed


def _owner_and_name(target: str) -> tuple[Any, str]:
    module_name, _, path = target.partition(":")
    owner: Any = import_module(module_name)
    *parents, name = path.split(".")
    for part in parents:
        owner = getattr(owner, part)
    if not hasattr(owner, name):
        raise AttributeError(f"bench stage target {target} not found: the reader's stages "
                             "were renamed; update vision/bench_stages.STAGES")
    return owner, name


@contextmanager
def stage_clock(game: str, timer: Callable[[], float] = time.perf_counter
                ) -> Iterator[StageClock]:
    """Time the ``game``'s reader stages within the block; restores them on exit."""
    clock = StageClock(timer=timer)
    patched: list[tuple[Any, str, Any]] = []
    try:
        for stage, target in STAGES.get(game, ()):
            owner, name = _owner_and_name(target)
            original = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
            patched.append((owner, name, original))
            setattr(owner, name, clock.wrap(stage, getattr(owner, name)))
        yield clock
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)
