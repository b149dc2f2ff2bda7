"""Fan-out of live events to SSE and WebSocket clients.

Camera threads ``publish`` plain JSON-able dicts; each client ``subscribe``s from its
event loop and gets an asyncio queue. A slow client loses its oldest messages rather
than stalling a camera: the queue is bounded and the newest message always fits.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

__all__ = ["EventHub"]


class EventHub:
    def __init__(self, queue_size: int = 256) -> None:
        self.queue_size = queue_size
        self._subs: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = {}
        self._ids = itertools.count(1)
        self._seq = itertools.count(1)
        self._lock = threading.Lock()

    def publish(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send to every subscriber (from any thread); returns the message with its ``seq``."""
        message = {**message, "seq": next(self._seq)}
        with self._lock:
            subs = list(self._subs.values())
        for loop, queue in subs:
            try:
                loop.call_soon_threadsafe(_put_dropping_oldest, queue, message)
            except RuntimeError:  # that client's loop is closed; it unsubscribes itself
                pass
        return message

    @property
    def subscribers(self) -> int:
        return len(self._subs)

    @asynccontextmanager
    async def subscribe(self) -> AsyncIterator[asyncio.Queue]:
        queue: asyncio.Queue = asyncio.Queue(self.queue_size)
        key = next(self._ids)
        with self._lock:
            self._subs[key] = (asyncio.get_running_loop(), queue)
        try:
            yield queue
        finally:
            with self._lock:
                self._subs.pop(key, None)


def _put_dropping_oldest(queue: asyncio.Queue, message: dict[str, Any]) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(message)
