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

echo "== format (swift format lint --strict) [${SECONDS}s]"
swift format lint --strict --recursive Sources Tests

echo "== build [${SECONDS}s]"
swift build --build-tests

echo "== swift tests [${SECONDS}s]"
# In parallel, at most CATALOG_TEST_WIDTH tests at once (default 4). No test holds a thread of Swift's
# cooperative pool while it waits (child processes, cupsd, the scanner are awaited), and the suite is
# CPU-bound on a 2-core machine, so more at once only makes the tests that measure time wait longer.
swift test --skip-build --experimental-maximum-parallelization-width "${CATALOG_TEST_WIDTH:-4}"

echo "== python tests (Square's SDK against the sandbox, set-up, Debian package) [${SECONDS}s]"
CATALOG_BIN="$(swift build --show-bin-path)/catalog" python3 -m pytest -q Tests/python
echo "== all tests passed [${SECONDS}s]"
