"""The technician console: ``/console`` (a static page) and its calibration API.

Reading is open (like ``/tables``); changing a table's calibration needs a technician
token. Saving or rolling back creates a new profile version (``profiles.ProfileStore``
under ``DATA_DIR/calibration``) and the table's reader switches to it without a restart
(``CameraRunner.swap_event``; the round in progress abstains). ``attach`` wires it all
into an app: the store, one ``CalibrationGuard`` per table between its camera runner and
its ``TableRuntime`` (the drift alarm), and the routes.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterable, Callable
from pathlib import Path
from typing import Annotated, Any

import numpy as np
from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request, status
from fastapi.responses import FileResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from vision.calib import Profile
from vision.service import calibration_guard
from vision.service.annotate import annotate, encode_jpeg
from vision.service.auth import Principal
from vision.service.calibration_guard import CalibrationGuard
from vision.service.console_games import auto_calibrate, check_data, draw_diagnostic, zero_in_frame
from vision.service.console_overlay import adjust, overlay
from vision.service.deps import Table, Technician
from vision.service.profiles import ProfileStore
from vision.service.runtime import ServiceRuntime

__all__ = ["ConsoleState", "attach", "router"]

STATIC = Path(__file__).with_name("console_static")
router = APIRouter()


class OverlayRequest(BaseModel):
    data: dict[str, Any]
    handle: str | None = None
    xy: tuple[float, float] | None = None


class SaveRequest(BaseModel):
    data: dict[str, Any]
    note: str = Field("", max_length=500)


class RollbackRequest(BaseModel):
    version: int = Field(ge=1)
    note: str = Field("", max_length=500)


class ConsoleState:
    """The profile store, each table's guard and the frame the technician is looking at."""

    def __init__(self, runtime: ServiceRuntime) -> None:
        self.runtime = runtime
        self.store = ProfileStore(runtime.settings.data_dir / "calibration")
        calibration_guard.declare_metrics(runtime.metrics)
        self.guards: dict[str, CalibrationGuard] = {}
        self.snapshots: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()
        for tid, runner in runtime.runners.items():
            guard = CalibrationGuard(runner.sink, tid, runner.table.game, runtime.hub,
                                     runtime.metrics)
            runner.sink = guard
            self.guards[tid] = guard
            version = self.store.active(tid)
            if version is not None:  # the store is newer than the configured profile
                runner.table = runner.table.model_copy(
                    update={"profile": self.store.path(tid, version)})
                guard.use_profile(self.store.load(tid, version), version)

    def activate(self, table_id: str, version: int) -> None:
        runner = self.runtime.runners[table_id]
        runner.table = runner.table.model_copy(
            update={"profile": self.store.path(table_id, version)})
        self.guards[table_id].use_profile(self.store.load(table_id, version), version)
        self.guards[table_id].expect_swap()
        runner.swap_event.set()

    def describe(self, table_id: str) -> dict[str, Any]:
        version = self.store.active(table_id)
        data = self.store.load(table_id, version).data if version is not None else None
        return {"table_id": table_id, "game": self.runtime.tables[table_id].table.game,
                "active_version": version, **self.guards[table_id].status(),
                "versions": [v.to_json() for v in reversed(self.store.versions(table_id))],
                "data": _public(data)}


def attach(app: FastAPI, runtime: ServiceRuntime) -> ConsoleState:
    """Install the console on ``app`` (before the runtime starts)."""
    state = ConsoleState(runtime)
    app.state.console = state
    app.mount("/console/static", StaticFiles(directory=STATIC), name="console-static")
    app.include_router(router)
    return state


def _console(request: Request) -> ConsoleState:
    return request.app.state.console


Console = Annotated[ConsoleState, Depends(_console)]


def _public(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """Profile data without the drift reference images (they are not edited)."""
    return None if data is None else {k: v for k, v in data.items() if k != "drift"}


def _latest(console: ConsoleState, table: Any) -> np.ndarray:
    latest = console.guards[table.table.id].latest
    if latest is None or table.camera_state != "live":
        raise HTTPException(status.HTTP_409_CONFLICT,
                            f"table {table.table.id} has no camera picture yet "
                            f"(camera {table.camera_state})")
    return latest


def _overlay(game: str, data: dict[str, Any]) -> dict[str, Any]:
    try:
        return overlay(game, data)
    except ValueError as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, str(exc)) from None


@router.get("/console", response_class=FileResponse, include_in_schema=False)
def console_page() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})


@router.get("/tables/{table_id}/calibration", summary="Calibration: active version, drift "
            "state, every version with who/when/what changed")
def calibration(console: Console, table: Table) -> dict[str, Any]:
    return console.describe(table.table.id)


@router.get("/tables/{table_id}/calibration/versions/{version}",
            summary="One saved calibration profile")
def version(console: Console, table: Table, version: int) -> dict[str, Any]:
    try:
        return console.store.load(table.table.id, version).to_json()
    except KeyError:
        raise HTTPException(status.HTTP_404_NOT_FOUND,
                            f"table {table.table.id} has no calibration version {version}"
                            ) from None


@router.post("/tables/{table_id}/calibration/snapshot",
             summary="Freeze the current camera frame for editing; the active calibration "
                     "drawn over it")
def snapshot(console: Console, table: Table) -> dict[str, Any]:
    frame = _latest(console, table).copy()
    tid = table.table.id
    console.snapshots[tid] = frame
    version = console.store.active(tid)
    data = _public(console.store.load(tid, version).data) if version is not None else None
    if data is not None and table.table.game == "roulette":
        data = zero_in_frame(data, frame)
    h, w = frame.shape[:2]
    return {"width": w, "height": h, "frame_url": f"/tables/{tid}/calibration/snapshot.jpg",
            "data": data, "overlay": _overlay(table.table.game, data) if data else None}


@router.get("/tables/{table_id}/calibration/snapshot.jpg", response_class=Response,
            summary="The frozen frame (no annotations)")
def snapshot_jpeg(console: Console, table: Table) -> Response:
    frame = console.snapshots.get(table.table.id)
    if frame is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no snapshot: POST .../snapshot first")
    return Response(encode_jpeg(frame, 85), media_type="image/jpeg",
                    headers={"Cache-Control": "no-store"})


@router.get("/tables/{table_id}/calibration/verify.mjpg", response_class=StreamingResponse,
            summary="Verify: the live picture with the active calibration drawn by the "
                    "game (roulette: every pocket number where the reader puts it, frame by "
                    "frame) and the table's decisions, as MJPEG")
async def verify(request: Request, console: Console, table: Table) -> StreamingResponse:
    async def parts() -> AsyncIterable[bytes]:
        while not console.runtime.hub.closed and not await request.is_disconnected():
            jpeg = await asyncio.to_thread(_verify_jpeg, console, table)
            yield (b"--frame\r\nContent-Type: image/jpeg\r\n\r\n" + jpeg + b"\r\n")
            await asyncio.sleep(0.25)

    return StreamingResponse(parts(), media_type="multipart/x-mixed-replace; boundary=frame",
                             headers={"Cache-Control": "no-store"})


def _verify_jpeg(console: ConsoleState, table: Any) -> bytes:
    frame = console.guards[table.table.id].latest
    if frame is None or table.camera_state != "live":
        return table.frame_jpeg()
    version = console.store.active(table.table.id)
    if version is not None:
        profile = console.store.load(table.table.id, version)
        try:
            frame = draw_diagnostic(profile, frame)
        except Exception:  # noqa: BLE001 - a drawing failure must not end the stream
            pass
    return encode_jpeg(annotate(frame, table.overlay_lines()))


@router.post("/tables/{table_id}/calibration/overlay",
             summary="Shapes and handles for calibration data; with a handle, move it first")
def draw(table: Table, body: OverlayRequest) -> dict[str, Any]:
    game, data = table.table.game, body.data
    if body.handle is not None:
        if body.xy is None:
            raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, "handle needs xy")
        try:
            data = adjust(game, data, body.handle, body.xy)
        except (ValueError, KeyError, TypeError) as exc:
            raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, str(exc)) from None
    return {"data": data, "overlay": _overlay(game, data)}


@router.post("/tables/{table_id}/calibration/auto",
             summary="Technician: recalibrate from the live camera (a draft, not saved)")
def auto(technician: Technician, console: Console, table: Table) -> dict[str, Any]:
    return _audited(console, technician, "calibration_auto", table.table.id,
                    lambda: _auto(console, table))


@router.post("/tables/{table_id}/calibration", status_code=201,
             summary="Technician: save calibration data as a new version and switch to it")
def save(technician: Technician, console: Console, table: Table,
         body: SaveRequest) -> dict[str, Any]:
    return _audited(console, technician, "calibration_save", table.table.id,
                    lambda: _save(console, table, technician, body), note=body.note)


@router.post("/tables/{table_id}/calibration/rollback", status_code=201,
             summary="Technician: make an earlier version current again (as a new version)")
def rollback(technician: Technician, console: Console, table: Table,
             body: RollbackRequest) -> dict[str, Any]:
    return _audited(console, technician, "calibration_rollback", table.table.id,
                    lambda: _rollback(console, table, technician, body),
                    to_version=body.version, note=body.note)


def _audited(console: ConsoleState, who: Principal, action: str, table_id: str,
             run: Callable[[], dict[str, Any]], **details: Any) -> dict[str, Any]:
    """Run a change; record it in the service's audit trail, accepted or refused."""
    try:
        out = run()
    except HTTPException as exc:
        console.runtime.audit.record(who, action, f"{exc.status_code} {exc.detail}",
                                     table_id=table_id, **details)
        raise
    answer = f"201 version {out['version']}" if "version" in out else "200 draft"
    console.runtime.audit.record(who, action, answer, table_id=table_id, **details)
    return out


def _auto(console: ConsoleState, table: Any) -> dict[str, Any]:
    guard = console.guards[table.table.id]
    step = guard.every(0.15)
    fps = (guard.info.fps if guard.info else 25.0) / step
    result = auto_calibrate(table.table.game, guard.frames(), fps, guard.reader)
    if not result:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT,
                            f"auto calibration failed: {result.message}")
    data = _public(result.data)
    return {"data": data, "overlay": _overlay(table.table.game, data)}


def _save(console: ConsoleState, table: Any, who: Principal, body: SaveRequest
          ) -> dict[str, Any]:
    tid, game = table.table.id, table.table.game
    frame = console.snapshots.get(tid)
    frame = frame if frame is not None else _latest(console, table)
    h, w = frame.shape[:2]
    data = dict(_public(body.data) or {})
    _validate(game, w, h, data)
    try:
        data["drift"] = console.guards[tid].reference_for(data)
    except (ValueError, KeyError, TypeError):
        pass  # no picture yet: saved without a drift reference (the check stays off)
    profile = Profile(game=game, width=w, height=h, data=data, source=str(table.table.source))
    info = console.store.save(tid, profile, by=who.name, note=body.note)
    console.activate(tid, info.version)
    return info.to_json()


def _rollback(console: ConsoleState, table: Any, who: Principal, body: RollbackRequest
              ) -> dict[str, Any]:
    tid = table.table.id
    try:
        info = console.store.rollback(tid, body.version, by=who.name, note=body.note)
    except KeyError:
        raise HTTPException(status.HTTP_404_NOT_FOUND,
                            f"table {tid} has no calibration version {body.version}") from None
    console.activate(tid, info.version)
    return info.to_json()


def _validate(game: str, width: int, height: int, data: dict[str, Any]) -> None:
    """The game's own parser must accept the data, else 422 with its message."""
    try:
        check_data(game, width, height, data)
    except Exception as exc:  # noqa: BLE001 - any refusal is the technician's to read
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT,
                            f"calibration data refused: {exc}") from None
