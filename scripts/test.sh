#!/usr/bin/env bash
# Set up a virtual environment (once) and run the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"
# The technician console's browser test drives Debian's Chromium through Playwright (never
# a downloaded browser). On a Debian machine where we are root (CI), install it if missing;
# elsewhere that test skips and says why.
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 \
        || echo "could not install chromium: the console browser test will skip" >&2
fi
.venv/bin/python -m pytest -q "$@"
