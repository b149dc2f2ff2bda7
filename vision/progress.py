"""Progress bars for long work (tqdm on a terminal, silent when not a TTY or when disabled)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")


def progress(items: Iterable[T], *, total: int | None = None, desc: str = "",
             unit: str = "it", enabled: bool | None = None) -> Iterator[T]:
    if enabled is None:
        enabled = sys.stderr.isatty()
    yield from tqdm(items, total=total, desc=desc, unit=unit, disable=not enabled,
                    leave=False, dynamic_ncols=True)
