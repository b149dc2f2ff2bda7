"""Fan-out of live events to SSE and WebSocket clients.

Camera threads ``publish`` plain JSON-able dicts; each client ``subscribe``s from its
event loop and gets an asyncio queue; ``None`` in it means the server is stopping. A
slow client loses its oldest messages rather than stalling a camera: the queue is
bounded and the newest message always fits.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from typing import Any

__all__ = ["EventHub"]


class EventHub:
    def __init__(self, queue_size: int = 256) -> None:
        self.queue_size = queue_size
        self._subs: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = {}
        self._ids = itertools.count(1)
        self._seq = itertools.count(1)
        self._lock = threading.Lock()
        self.closed = False

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

    def subscribe(self) -> tuple[int, asyncio.Queue]:
        """Register a client from its event loop; pair with ``unsubscribe(key)``."""
        queue: asyncio.Queue = asyncio.Queue(self.queue_size)
        key = next(self._ids)
        with self._lock:
            self._subs[key] = (asyncio.get_running_loop(), queue)
            if self.closed:
                queue.put_nowait(None)
        return key, queue

    def unsubscribe(self, key: int) -> None:
        with self._lock:
            self._subs.pop(key, None)

    def close(self) -> None:
        """The server is stopping: every client's queue gets ``None``, its end of stream."""
        with self._lock:
            self.closed = True
            subs = list(self._subs.values())
        for loop, queue in subs:
            try:
                loop.call_soon_threadsafe(_put_dropping_oldest, queue, None)
            except RuntimeError:
                pass


def _put_dropping_oldest(queue: asyncio.Queue, message: dict[str, Any] | None) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(message)
