"""Where the forwarder delivers: ``VISION_SETTLEMENT_URL``, or the embedded reference core.

Embedded: the reference settlement receiver (``vision.settlement``) is mounted in the
service app at ``/settlement`` with its ledger at ``DATA_DIR/ledger.sqlite3``; the
forwarder posts to it over HTTP exactly as it would to a remote settlement system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vision.errors import UserError
from vision.service.settings import ServiceSettings

__all__ = ["SettlementLink", "resolve"]

MOUNT = "/settlement"


@dataclass(slots=True)
class SettlementLink:
    url: str
    app: Any = None  # the ASGI app to mount at MOUNT (embedded core only)
    ledger_path: Path | None = None
    close: Callable[[], None] = field(default=lambda: None)

    @property
    def embedded(self) -> bool:
        return self.app is not None


def resolve(settings: ServiceSettings, base_url: str) -> SettlementLink:
    if settings.settlement_url:
        return SettlementLink(settings.settlement_url)
    return _embedded(settings, base_url.rstrip("/"))


def _embedded(settings: ServiceSettings, base_url: str) -> SettlementLink:
    try:
        from vision.settlement import receiver  # noqa: F401
    except ImportError as exc:
        raise UserError(
            "VISION_SETTLEMENT_URL is not set and the embedded settlement core is not "
            f"available ({exc}); set VISION_SETTLEMENT_URL to your settlement receiver"
        ) from None
    raise UserError("embedded settlement core: integration pending")
