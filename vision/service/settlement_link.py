"""Where the forwarder delivers: ``VISION_SETTLEMENT_URL``, or the embedded reference core.

Embedded (no URL set): the reference settlement core (``vision.settlement``) runs in
the service process with its ledger at ``DATA_DIR/ledger.sqlite3``. The forwarder
delivers to it through the receiver's in-process ``EmbeddedTransport``: the same signed
body, the same signature check and the same answers as over HTTP, without a socket. The
receiver app is also mounted at ``/settlement`` over the same ledger, for inspection
(``GET /settlement/ledger``, ``GET /settlement/rounds/{table}/{round}``) and for other
tables posting to ``/settlement/messages``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from vision.errors import UserError
from vision.service.settings import ServiceSettings

__all__ = ["SettlementLink", "resolve"]

MOUNT = "/settlement"


@dataclass(slots=True)
class SettlementLink:
    url: str
    app: Any = None  # the ASGI app to mount at MOUNT (embedded core only)
    ledger_path: Path | None = None
    client_factory: Callable[[], httpx.Client] | None = None  # None: a plain HTTP client
    close: Callable[[], None] = field(default=lambda: None)

    @property
    def embedded(self) -> bool:
        return self.app is not None


def resolve(settings: ServiceSettings, base_url: str) -> SettlementLink:
    if settings.settlement_url:
        return SettlementLink(settings.settlement_url)
    return _embedded(settings, base_url.rstrip("/"))


def _embedded(settings: ServiceSettings, base_url: str) -> SettlementLink:
    from vision.settlement.ledger import Ledger
    from vision.settlement.receiver import EmbeddedTransport, create_app

    if settings.settlement_secret is None:
        raise UserError("the embedded settlement core needs VISION_SETTLEMENT_SECRET "
                        "(or --dev for a throwaway one)")
    secret = settings.settlement_secret.get_secret_value()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    ledger = Ledger(settings.ledger_path)
    app = create_app(settings.ledger_path, secret)
    app.state.ledger = ledger  # a mounted app's own lifespan does not run

    def client() -> httpx.Client:
        return httpx.Client(transport=EmbeddedTransport(ledger, secret), timeout=5.0)

    return SettlementLink(f"{base_url}{MOUNT}/messages", app, settings.ledger_path,
                          client, ledger.close)
