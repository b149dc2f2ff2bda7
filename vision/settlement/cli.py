"""``python -m vision settle``: run the reference settlement receiver on its own.

For a settlement core in another process or machine than the table service (set the
service's ``VISION_SETTLEMENT_URL`` to ``http://HOST:PORT/messages``). The shared secret
comes from ``VISION_SETTLEMENT_SECRET`` or ``--secret-file`` (never the command line,
where other users could read it).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from vision.errors import UserError

__all__ = ["add_arguments", "run"]

SECRET_ENV = "VISION_SETTLEMENT_SECRET"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ledger", type=Path, required=True,
                        help="the ledger SQLite file (created if absent)")  # fmt: skip
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8700, help="port to listen on")
    secret_help = f"file holding the shared signing secret (else ${SECRET_ENV})"
    parser.add_argument("--secret-file", type=Path, help=secret_help)


def read_secret(secret_file: Path | None) -> str:
    """The signing secret from ``secret_file`` or the environment; UserError if none."""
    if secret_file is not None:
        try:
            secret = secret_file.read_text().strip()
        except OSError as exc:
            raise UserError(f"cannot read --secret-file {secret_file}: {exc.strerror}") from None
        if not secret:
            raise UserError(f"--secret-file {secret_file} is empty; expected the shared secret")
        return secret
    secret = os.environ.get(SECRET_ENV, "").strip()
    if not secret:
        raise UserError(f"no signing secret: set {SECRET_ENV} or pass --secret-file")
    return secret


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from vision.settlement.receiver import create_app

    secret = read_secret(args.secret_file)
    if not args.ledger.parent.is_dir():
        raise UserError(f"--ledger {args.ledger}: folder {args.ledger.parent} does not exist")
    print(f"settlement receiver: POST http://{args.host}:{args.port}/messages, "
          f"ledger {args.ledger.resolve()}", flush=True)  # fmt: skip
    uvicorn.run(create_app(args.ledger, secret), host=args.host, port=args.port,
                log_level="info", ws="none")  # fmt: skip
    return 0
