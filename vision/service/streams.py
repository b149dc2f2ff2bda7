"""Live streams: decisions as Server-Sent Events and over a WebSocket, pictures as MJPEG.

Every live message is a JSON object with ``type`` (``outcome``, ``void``, ``abstain``,
``violation``, ``phase``, ``manual_confirmation``, ``camera``), ``table_id``, ``time``,
``seq`` and, for table decisions, ``round`` and the reader's ``event``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterable
from typing import Annotated

from fastapi import APIRouter, Query, Request, WebSocket
from fastapi.responses import StreamingResponse
from fastapi.sse import EventSourceResponse, ServerSentEvent

from vision.service.deps import Runtime, Table, WsRuntime
from vision.service.schemas import error_responses

__all__ = ["router"]

router = APIRouter()
BOUNDARY = "frame"


@router.get("/events/stream", response_class=EventSourceResponse,
            summary="Live decisions and camera states as Server-Sent Events")
async def event_stream(runtime: Runtime, table: Annotated[
        str | None, Query(description="only this table's events")] = None
                       ) -> AsyncIterable[ServerSentEvent]:
    key, queue = runtime.hub.subscribe()
    try:
        yield ServerSentEvent(comment="connected")
        while (message := await queue.get()) is not None:
            if table is None or message.get("table_id") == table:
                yield ServerSentEvent(data=message, event=message["type"],
                                      id=str(message["seq"]))
    finally:
        runtime.hub.unsubscribe(key)


@router.websocket("/events/ws")
async def event_socket(websocket: WebSocket, runtime: WsRuntime) -> None:
    """The same messages as /events/stream, one JSON text frame each."""
    await websocket.accept()
    key, queue = runtime.hub.subscribe()

    async def send() -> None:
        while (message := await queue.get()) is not None:
            await websocket.send_text(json.dumps(message))
        await websocket.close(1001)  # the server is stopping

    async def until_closed() -> None:  # notices a client that left while all is quiet
        while True:
            await websocket.receive_text()

    tasks = [asyncio.create_task(send()), asyncio.create_task(until_closed())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        runtime.hub.unsubscribe(key)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


@router.get("/tables/{table_id}/live.mjpg", response_class=StreamingResponse,
            summary="The annotated live picture as an MJPEG (multipart) stream",
            responses={200: {"content": {f"multipart/x-mixed-replace; boundary={BOUNDARY}": {}}},
                       **error_responses(e404="unknown table")})
async def live(request: Request, runtime: Runtime, table: Table,
               fps: Annotated[float, Query(gt=0, le=30)] = 10.0) -> StreamingResponse:
    async def parts() -> AsyncIterable[bytes]:
        while not runtime.hub.closed and not await request.is_disconnected():
            jpeg = await asyncio.to_thread(table.frame_jpeg)
            yield (f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\n"
                   f"Content-Length: {len(jpeg)}\r\n\r\n").encode() + jpeg + b"\r\n"
            await asyncio.sleep(1.0 / fps)

    return StreamingResponse(parts(), media_type=f"multipart/x-mixed-replace; boundary={BOUNDARY}",
                             headers={"Cache-Control": "no-store"})
