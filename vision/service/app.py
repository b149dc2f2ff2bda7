"""The table service API: thin routes over ``ServiceRuntime`` (see ``create_app``).

Settlement: with ``VISION_SETTLEMENT_URL`` set, the forwarder delivers there. Without
it the reference settlement core is mounted in this same app at ``/settlement`` and the
forwarder delivers to it over HTTP like to any remote receiver (same signature, same
idempotency), so the embedded and the remote paths are one code path.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, HTTPException, Query, status
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse, Response

from vision.footage.results import result_from_json
from vision.readers import make_reader
from vision.service import settlement_link, streams
from vision.service.auth import TokenBook
from vision.service.camera import ReaderFactory
from vision.service.console import attach as attach_console
from vision.service.deps import Operator, Runtime, Table, Technician
from vision.service.rounds import Confirmation, RoundRecord
from vision.service.runtime import ServiceRuntime
from vision.service.schemas import (
    CameraHealth,
    ConfirmRequest,
    ConfirmResponse,
    HealthResponse,
    RoundOut,
    RoundsResponse,
    TableOut,
    TablesResponse,
    error_responses,
)
from vision.service.settings import ServiceSettings
from vision.service.table import TableRuntime

__all__ = ["create_app"]

CONSOLE = Path(__file__).with_name("console.html")
_errors = error_responses
NO_TABLE = error_responses(e404="unknown table")
AUTH = error_responses(e401="no or unknown bearer token", e403="a token of the wrong role")


def create_app(settings: ServiceSettings, *, reader_factory: ReaderFactory = make_reader,
               base_url: str = "http://127.0.0.1:8000") -> FastAPI:
    """The service app; cameras and the forwarder run while the app's lifespan runs.

    ``base_url`` is where the app is reachable (evidence links, the embedded settlement
    core); ``reader_factory`` makes a table's reader (tests inject a fake one).
    """
    if settings.public_url is None:
        settings = settings.model_copy(update={"public_url": base_url})
    settlement = settlement_link.resolve(settings, base_url)
    runtime = ServiceRuntime(settings, settlement.url, reader_factory,
                             client_factory=settlement.client_factory)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        runtime.start()
        try:
            yield
        finally:
            runtime.stop()
            settlement.close()

    app = FastAPI(title="Table vision service", version="1",
                  summary="Live roulette and sic bo outcome reading, evidence and forwarding",
                  lifespan=lifespan)
    app.state.runtime = runtime
    app.state.tokens = TokenBook(settings.tokens)
    app.state.settlement = settlement
    if settlement.app is not None:
        app.mount("/settlement", settlement.app)
    app.include_router(streams.router)
    attach_console(app, runtime)  # technician console: calibration versions, drift alarm
    _routes(app)
    return app


def _routes(app: FastAPI) -> None:
    @app.get("/", response_class=HTMLResponse,
             summary="Operator console: live views, event log, confirmation form")
    def console() -> HTMLResponse:
        return HTMLResponse(CONSOLE.read_text())

    @app.get("/health", summary="Liveness (always 200 while serving) and per-camera readiness")
    def health(runtime: Runtime) -> HealthResponse:
        return _health(runtime)

    @app.get("/health/ready", summary="Readiness probe: 200 when every camera is live, else 503",
             responses={503: {"model": HealthResponse, "description": "a camera is not live"}})
    def ready(runtime: Runtime, response: Response) -> HealthResponse:
        body = _health(runtime)
        if not body.ready:
            response.status_code = status.HTTP_503_SERVICE_UNAVAILABLE
        return body

    @app.get("/tables", summary="Every table: game, phase, camera state")
    def tables(runtime: Runtime) -> TablesResponse:
        return TablesResponse(tables=[_table_out(t) for t in runtime.tables.values()])

    @app.get("/tables/{table_id}/rounds", summary="A table's recent rounds and outcomes",
             responses=NO_TABLE)
    def rounds(runtime: Runtime, table: Table,
               limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> RoundsResponse:
        return RoundsResponse(table_id=table.table.id,
                              current_round=table.rounds.current.number,
                              rounds=[_round_out(r, runtime) for r in table.rounds.recent(limit)])

    @app.post("/tables/{table_id}/rounds/{round_number}/confirm",
              summary="Supervisor confirms an abstained round (operator token; audited)",
              responses={**AUTH, **_errors(e404="unknown table or round",
                                           e409="round not abstained, or already settled")})
    def confirm(operator: Operator, runtime: Runtime, table: Table, round_number: int,
                body: ConfirmRequest) -> ConfirmResponse:
        what = {"table_id": table.table.id, "round": round_number,
                "request": body.model_dump(exclude_none=True)}
        try:
            record = _confirm(table, operator.name, round_number, body)
        except HTTPException as exc:
            runtime.audit.record(operator, "confirm", f"{exc.status_code} {exc.detail}", **what)
            raise
        runtime.audit.record(operator, "confirm", "200 confirmed, in the outbox", **what)
        return ConfirmResponse(table_id=table.table.id, round=_round_out(record, runtime),
                               forwarded=True)

    @app.post("/tables/{table_id}/camera/reconnect", status_code=202,
              summary="Technician: drop and reopen the camera (the open round abstains)",
              responses={**AUTH, **NO_TABLE})
    def reconnect(technician: Technician, runtime: Runtime, table: Table) -> TableOut:
        runtime.runners[table.table.id].reconnect_event.set()
        runtime.audit.record(technician, "reconnect", "202 requested", table_id=table.table.id)
        return _table_out(table)

    @app.get("/tables/{table_id}/frame.jpg", response_class=Response,
             summary="The latest frame with phase and decisions drawn over it",
             responses={200: {"content": {"image/jpeg": {}}}, **NO_TABLE})
    def frame(table: Table) -> Response:
        return Response(table.frame_jpeg(), media_type="image/jpeg",
                        headers={"Cache-Control": "no-store"})

    @app.get("/evidence/{evidence_id}/{name}", response_class=FileResponse,
             summary="An evidence file: frame.jpg (decision frame) or clip.avi (before it)",
             responses={200: {"content": {"image/jpeg": {}, "video/x-msvideo": {}}},
                        **_errors(e404="unknown, not yet written, or removed by retention")})
    def evidence(runtime: Runtime, evidence_id: str, name: str) -> FileResponse:
        path = runtime.evidence.file(evidence_id, name)
        if path is None:
            raise HTTPException(status.HTTP_404_NOT_FOUND,
                                f"no evidence {evidence_id}/{name} (unknown, not written yet, "
                                "or removed by retention)")
        return FileResponse(path)

    @app.get("/metrics", response_class=PlainTextResponse,
             summary="Prometheus metrics (text exposition format 0.0.4)")
    def metrics(runtime: Runtime) -> PlainTextResponse:
        return PlainTextResponse(runtime.metrics.render(),
                                 media_type="text/plain; version=0.0.4; charset=utf-8")


def _confirm(table: TableRuntime, who: str, round_number: int,
             body: ConfirmRequest) -> RoundRecord:
    result = body.result.model_dump() if body.result else None
    _check_game(table.table.game, result, body.void_reason)
    decision = Confirmation(by=who, at=_now_iso(), result=result,
                            void_reason=body.void_reason, note=body.note)
    try:
        record, forwarded = table.confirm(round_number, decision)
    except KeyError:
        raise HTTPException(status.HTTP_404_NOT_FOUND,
                            f"table {table.table.id} has no round {round_number}") from None
    except ValueError as exc:
        raise HTTPException(status.HTTP_409_CONFLICT, str(exc)) from None
    if not forwarded:
        raise HTTPException(status.HTTP_409_CONFLICT,
                            f"round {round_number} already holds a different settled "
                            "message in the outbox; nothing was changed")
    return record


def _health(runtime: ServiceRuntime) -> HealthResponse:
    cameras = [CameraHealth(table_id=t.table.id, state=t.camera_state, detail=t.camera_detail,
                            ready=t.camera_state == "live") for t in runtime.tables.values()]
    return HealthResponse(ready=all(c.ready for c in cameras), cameras=cameras,
                          forwarding_backlog=runtime.outbox.backlog())


def _check_game(game: str, result: dict | None, void_reason: str | None) -> None:
    try:
        if result is not None:
            result_from_json(result, game)
    except ValueError as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT,
                            f"result does not fit this {game} table: {exc}") from None
    allowed = {"roulette": ("object_in_bowl",), "sicbo": ("dice_leaning", "dice_stacked")}[game]
    if void_reason is not None and void_reason not in allowed:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT,
                            f"void_reason for a {game} table must be one of {allowed}, "
                            f"got {void_reason!r}")


def _table_out(t: TableRuntime) -> TableOut:
    base = f"/tables/{t.table.id}"
    return TableOut(id=t.table.id, game=t.table.game, phase=t.phase,
                    camera_state=t.camera_state, camera_detail=t.camera_detail,
                    current_round=t.rounds.current.number, frame_url=f"{base}/frame.jpg",
                    live_url=f"{base}/live.mjpg")


def _round_out(record: RoundRecord, runtime: ServiceRuntime) -> RoundOut:
    data = record.to_json()
    ev = data.pop("evidence_id")
    url = runtime.evidence_url(ev) if ev else None
    return RoundOut(**data, evidence_url=url,
                    clip_url=url.rsplit("/", 1)[0] + "/clip.avi" if url else None)


def _now_iso() -> str:
    from vision.forwarding import utc_iso

    return utc_iso(datetime.now(UTC))
