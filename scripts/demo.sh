#!/usr/bin/env bash
# Set up a virtual environment (once), read the bundled sample footage with both readers and
# score the reads against the sidecars (report/index.html), then start the live table service
# on the same clips (replayed at their real frame rate, looping). Ctrl-C stops the service.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
if ! .venv/bin/python -m vision evaluate datasets/sample --report report; then
  echo "(some clips could not be read: see above and report/index.html)"
fi
echo "report: $(pwd)/report/index.html"
exec .venv/bin/python -m vision serve --dev --data-dir data "$@"
