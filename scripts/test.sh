#!/usr/bin/env bash
# Runs every test of `catalog` on a Debian 12 machine with Swift: installs what is missing
# (scripts/setup.sh), checks the format, builds, runs the Swift tests and the Python tests (the
# official Square SDK against the sandbox, the set-up itself, the Debian package).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh --with-test-tools
# The tests' python3 (and pytest) is the project virtualenv's, which has the PyPI test tools.
venv="${CATALOG_VENV:-$PWD/.venv}"
export PATH="$venv/bin:$PATH"

echo "== format (swift format lint --strict)"
swift format lint --strict --recursive Sources Tests

echo "== build"
swift build --build-tests

echo "== swift tests"
# One test at a time, for now: some test helpers (running zbarimg, python and child processes) block
# a thread of Swift's cooperative pool, which has one thread per core; on a 2-core machine two such
# tests stall the in-process sandboxes and every test awaiting them until their timeouts fire.
swift test --skip-build --no-parallel

echo "== python tests (Square's SDK against the sandbox, set-up, Debian package)"
CATALOG_BIN="$(swift build --show-bin-path)/catalog" python3 -m pytest -q Tests/python
