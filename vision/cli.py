"""The one entry point: ``python -m vision COMMAND ...``.

Each command lives in its own module exposing ``add_arguments(parser)`` and
``run(args) -> int``; modules are imported only when their command runs, so a
slow import (onnxruntime, fastapi) never delays ``--help`` of another command.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from vision.errors import UserError

# name -> (module, one-line help shown in `python -m vision --help`)
COMMANDS: dict[str, tuple[str, str]] = {
    "synth": ("vision.synth.cli", "render synthetic table footage with exact ground truth"),
    "read": ("vision.read_cli", "read a recorded clip and write the reader's events (JSON Lines)"),
    "evaluate": ("vision.evaluate.cli", "score readers (or events files) against a dataset"),
    "calibrate": ("vision.calibrate_cli", "calibrate a table camera from footage, write a profile"),
    "read-dice": ("vision.sicbo.still_cli", "read dice in still photos (faces, boxes, poses)"),
    "bench": ("vision.bench", "measure reader speed and memory, write a results table"),
    "serve": ("vision.service.cli", "run the live table service (API, forwarding, console)"),
    "settle": ("vision.settlement.cli", "run the reference settlement receiver (signed POSTs)"),
}


def _load(name: str):  # noqa: ANN202 - returns a module
    return importlib.import_module(COMMANDS[name][0])


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m vision",
        description="Camera outcome reader for roulette and sic bo tables.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if name == only:
            _load(name).add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(command if command in COMMANDS else None)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(_load(args.command).run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
