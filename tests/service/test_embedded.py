"""No settlement URL: the embedded reference core settles in-process, inspectable at /settlement."""

from __future__ import annotations

from pathlib import Path

import httpx
from pydantic import SecretStr

from tests.service.builders import free_port, patch_reader_factory, serve, wait_for, write_clip
from vision.service.app import create_app
from vision.service.settings import ServiceSettings, TableConfig


def test_embedded_settlement_core_receives_the_outcome(tmp_path: Path) -> None:
    settings = ServiceSettings(
        data_dir=tmp_path / "data", settlement_secret=SecretStr("embedded-secret-0123"),
        tables=[TableConfig(id="e1", game="roulette",
                            source=str(write_clip(tmp_path / "e.avi", 29, seed=3)))],
        forward_interval_s=0.1)
    port = free_port()
    app = create_app(settings, reader_factory=patch_reader_factory,
                     base_url=f"http://127.0.0.1:{port}")
    with serve(app, port) as url:
        def settled() -> dict | None:
            body = httpx.get(f"{url}/settlement/ledger").json()
            return next((m for m in body["messages"] if m["table_id"] == "e1"), None)

        message = wait_for(settled)
        round_view = httpx.get(f"{url}/settlement/rounds/e1/{message['round_id']}").json()
    assert message["kind"] == "outcome" and message["result"] == {"number": 29}
    assert round_view["message"]["message_id"] == message["message_id"]
    assert (tmp_path / "data" / "ledger.sqlite3").is_file()
    assert (tmp_path / "data" / "outbox.sqlite3").is_file()
