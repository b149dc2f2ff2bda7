"""One real service for the package's tests: uvicorn on 127.0.0.1, and the reference
settlement receiver (its real app and ledger) on another port as the settlement URL."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from tests.service.builders import free_port, patch_reader_factory, serve, write_clip
from vision.service.app import create_app
from vision.service.settings import ApiToken, ServiceSettings, TableConfig
from vision.settlement.receiver import create_app as create_receiver

SECRET = "test-secret-0123456789"
OPERATOR = "operator-token-0123456789"
TECHNICIAN = "technician-token-0123456789"


@dataclass
class Running:
    url: str
    receiver_url: str
    settings: ServiceSettings
    app: Any

    @property
    def received(self) -> list[dict[str, Any]]:
        """The messages the receiver's ledger accepted (each passed its signature check)."""
        return httpx.get(f"{self.receiver_url}/ledger").json()["messages"]


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    tmp = tmp_path_factory.mktemp("service")
    tables = [
        # reads 17 from its picture
        TableConfig(id="roul-1", game="roulette", source=str(write_clip(tmp / "a.avi", 17))),
        # its patch encodes no number: the reader abstains
        TableConfig(id="roul-2", game="roulette", source=str(write_clip(tmp / "b.avi", 40))),
        # the picture goes black before the patch shows: the round must abstain, not guess
        TableConfig(id="dark", game="roulette", source=str(
            write_clip(tmp / "d.avi", 8, frames=30, show_from=25, black_from=6))),
        # a camera that does not exist
        TableConfig(id="ghost", game="roulette", source=str(tmp / "missing.mp4")),
    ]
    receiver = create_receiver(tmp / "ledger.sqlite3", SECRET)
    with serve(receiver, free_port()) as receiver_url:
        settings = ServiceSettings(
            data_dir=tmp / "data", tables=tables, settlement_url=f"{receiver_url}/messages",
            settlement_secret=SecretStr(SECRET), evidence_seconds=1.0, black_after_s=0.3,
            reconnect_min_s=0.2, reconnect_max_s=1.0, forward_interval_s=0.1,
            tokens=[ApiToken(name="alice", role="operator", token=OPERATOR),
                    ApiToken(name="tom", role="technician", token=TECHNICIAN)])
        port = free_port()
        app = create_app(settings, reader_factory=patch_reader_factory,
                         base_url=f"http://127.0.0.1:{port}")
        with serve(app, port) as url:
            yield Running(url, receiver_url, settings, app)
