"""``python -m vision serve [--config FILE] [--host H] [--port P] [--dev]``.

Starts the table service under uvicorn (default 127.0.0.1:8000, like uvicorn) and
prints where to look: the live view, the event stream, the API docs, the ledger.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from vision.service.settings import ServiceSettings, load_settings
from vision.service.settlement_link import SettlementLink

__all__ = ["add_arguments", "run", "banner"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, default=None,
                        help="settings file (.toml or .json); VISION_* variables override it")
    parser.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--dev", action="store_true",
                        help="development mode: generate and print throwaway tokens and secret "
                             "(same as VISION_DEV_MODE=1)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="folder for outbox, ledger, rounds and evidence "
                             "(VISION_DATA_DIR, default ./data)")


def run(args: argparse.Namespace) -> int:
    import logging

    import uvicorn

    from vision.service.app import create_app

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = load_settings(args.config, dev_mode=True if args.dev else None,
                             data_dir=args.data_dir)
    host_for_urls = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    base_url = f"http://{host_for_urls}:{args.port}"
    app = create_app(settings, base_url=base_url)
    print(banner(app.state.runtime.settings, base_url, app.state.settlement), flush=True)
    hub = app.state.runtime.hub

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: object) -> None:
            hub.close()  # end the open event and MJPEG streams, or they hold the shutdown
            super().handle_exit(sig, frame)  # type: ignore[arg-type]

    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="info",
                            timeout_graceful_shutdown=5)
    Server(config).run()
    return 0


def banner(settings: ServiceSettings, base_url: str, settlement: SettlementLink) -> str:
    lines = ["table service", f"  console:       {base_url}/   (technician: {base_url}/console)",
             f"  API docs:      {base_url}/docs"]
    for t in settings.tables:
        live = f"{base_url}/tables/{t.id}/live.mjpg"
        lines.append(f"  live view:     {live}   ({t.game}, {t.source})")
    lines += [
        f"  event stream:  {base_url}/events/stream   (WebSocket: "
        f"{base_url.replace('http', 'ws', 1)}/events/ws)",
        f"  rounds:        {base_url}/tables/<id>/rounds",
        f"  metrics:       {base_url}/metrics",
        f"  data folder:   {settings.data_dir.resolve()}",
        f"  outbox:        {settings.outbox_path.resolve()}",
        f"  settlement:    {settlement.url}",
    ]
    if settlement.ledger_path is not None:
        lines.append(f"  ledger:        {settlement.ledger_path.resolve()}")
    if not any(t.role == "operator" for t in settings.tokens):
        lines.append("  no operator token configured (VISION_TOKENS): abstained rounds cannot "
                     "be confirmed")
    if settings.dev_mode:
        lines.append("  DEVELOPMENT MODE: throwaway credentials, do not use on a live table")
        secret = settings.settlement_secret.get_secret_value() if settings.settlement_secret else ""
        lines.append(f"  settlement secret: {secret}")
        for t in settings.tokens:
            lines.append(f"  {t.role} token ({t.name}): {t.token.get_secret_value()}")
    return "\n".join(lines)
