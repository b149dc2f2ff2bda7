"""One real service for the module's tests: uvicorn on 127.0.0.1, a receiver on another port."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import SecretStr

from tests.service.builders import (
    free_port,
    patch_reader_factory,
    receiver_app,
    serve,
    write_clip,
)
from vision.service.app import create_app
from vision.service.settings import ApiToken, ServiceSettings, TableConfig

SECRET = "test-secret-0123456789"
OPERATOR = "operator-token-0123456789"
TECHNICIAN = "technician-token-0123456789"


@dataclass
class Running:
    url: str
    received: list[dict[str, Any]]
    settings: ServiceSettings
    app: Any


@pytest.fixture(scope="package")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    tmp = tmp_path_factory.mktemp("service")
    tables = [
        # reads 17 from its picture
        TableConfig(id="roul-1", game="roulette", source=str(write_clip(tmp / "a.avi", 17))),
        # its patch encodes no number: the reader abstains
        TableConfig(id="roul-2", game="roulette", source=str(write_clip(tmp / "b.avi", 40))),
        # a camera that does not exist
        TableConfig(id="ghost", game="roulette", source=str(tmp / "missing.mp4")),
    ]
    received: list[dict[str, Any]] = []
    with serve(receiver_app(SECRET, received), free_port()) as receiver_url:
        settings = ServiceSettings(
            data_dir=tmp / "data", tables=tables, settlement_url=f"{receiver_url}/messages",
            settlement_secret=SecretStr(SECRET), evidence_seconds=1.0,
            reconnect_min_s=0.2, reconnect_max_s=1.0, forward_interval_s=0.1,
            tokens=[ApiToken(name="alice", role="operator", token=OPERATOR),
                    ApiToken(name="tom", role="technician", token=TECHNICIAN)])
        port = free_port()
        app = create_app(settings, reader_factory=patch_reader_factory,
                         base_url=f"http://127.0.0.1:{port}")
        with serve(app, port) as url:
            yield Running(url, received, settings, app)
