"""Serve an ASGI app (e.g. the receiver) with uvicorn in a background thread.

For running the reference settlement core next to a table service in one process, and
for tests that need the real HTTP stack on 127.0.0.1::

    with serve_in_thread(create_app(path, secret), port=0) as base_url:
        ...  # POST f"{base_url}/messages"
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

__all__ = ["serve_in_thread"]


@contextmanager
def serve_in_thread(
    app: Any, *, host: str = "127.0.0.1", port: int = 0, start_timeout_s: float = 10.0
) -> Iterator[str]:
    """Serve ``app`` on ``host:port`` (0: any free port) until the block ends; yields the
    base URL. Raises ``RuntimeError`` if the server does not come up (e.g. port in use)."""
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws="none",
                            lifespan="on", access_log=False)  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + start_timeout_s
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            raise RuntimeError(f"uvicorn did not start on {host}:{port}")
        time.sleep(0.01)
    bound = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://{host}:{bound}"
    finally:
        server.should_exit = True
        thread.join(start_timeout_s)
