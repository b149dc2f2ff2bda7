"""FastAPI dependencies as ``Annotated`` aliases: the runtime, a table, the caller's role."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Path, Request, WebSocket, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from vision.service.auth import Principal, TokenBook
from vision.service.runtime import ServiceRuntime
from vision.service.table import TableRuntime

__all__ = ["Operator", "Runtime", "Table", "Technician", "WsRuntime"]

_bearer = HTTPBearer(auto_error=False, description="an operator or technician token")


def _runtime(request: Request) -> ServiceRuntime:
    return request.app.state.runtime


def _ws_runtime(websocket: WebSocket) -> ServiceRuntime:
    return websocket.app.state.runtime


Runtime = Annotated[ServiceRuntime, Depends(_runtime)]
WsRuntime = Annotated[ServiceRuntime, Depends(_ws_runtime)]


def _table(runtime: Runtime,
           table_id: Annotated[str, Path(description="table id, as in GET /tables")]
           ) -> TableRuntime:
    table = runtime.tables.get(table_id)
    if table is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND,
                            f"unknown table {table_id!r}; known: {sorted(runtime.tables)}")
    return table


Table = Annotated[TableRuntime, Depends(_table)]
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def _tokens(request: Request) -> TokenBook:
    return request.app.state.tokens


def _operator(request: Request, credentials: Credentials) -> Principal:
    return _tokens(request).require(credentials, "operator")


def _technician(request: Request, credentials: Credentials) -> Principal:
    return _tokens(request).require(credentials, "technician")


Operator = Annotated[Principal, Depends(_operator)]
Technician = Annotated[Principal, Depends(_technician)]
