#!/usr/bin/env bash
# Set up a virtual environment (once), read the bundled sample footage with both readers and
# score the reads against the sidecars; the report lands in report/ (open report/index.html).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
.venv/bin/python -m vision evaluate datasets/sample --report report
echo "report: $(pwd)/report/index.html"
