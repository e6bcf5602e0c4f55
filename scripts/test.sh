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

# In parallel, at most CATALOG_TEST_WIDTH tests at once (default 4). No test holds a thread of Swift's
# cooperative pool while it waits (child processes, cupsd, the scanner are awaited), and the suite is
# CPU-bound on a 2-core machine, so more at once only makes the tests that measure time wait longer.
swift_tests() {
    swift test --skip-build --experimental-maximum-parallelization-width "${CATALOG_TEST_WIDTH:-4}"
}

# The Python tests (Square's SDK against the sandbox, the set-up, the Debian package, whose release
# build is most of their time) run beside the Swift tests: each alone leaves one of a 2-core machine's
# cores idle much of the time. Their output is shown when they end. CATALOG_TEST_PHASES=serial runs
# one after the other.
python_log="$(mktemp "${TMPDIR:-/tmp}/catalog-python-tests.XXXXXX")"
trap 'rm -f "$python_log"' EXIT
python_tests() {
    CATALOG_BIN="$(swift build --show-bin-path)/catalog" python3 -m pytest -q --durations=10 Tests/python
}

if [ "${CATALOG_TEST_PHASES:-parallel}" = serial ]; then
    echo "== swift tests [${SECONDS}s]"
    swift_tests
    echo "== python tests (Square's SDK against the sandbox, set-up, Debian package) [${SECONDS}s]"
    python_tests
else
    echo "== swift tests, and beside them the python tests (Square's SDK, set-up, Debian package) [${SECONDS}s]"
    python_tests >"$python_log" 2>&1 &
    python_pid=$!
    swift_status=0
    swift_tests || swift_status=$?
    echo "== swift tests ended (status $swift_status) [${SECONDS}s]; waiting for the python tests"
    python_status=0
    wait "$python_pid" || python_status=$?
    echo "== python tests (status $python_status) [${SECONDS}s]"
    cat "$python_log"
    if [ "$swift_status" -ne 0 ] || [ "$python_status" -ne 0 ]; then
        echo "== tests failed: swift status $swift_status, python status $python_status"
        exit 1
    fi
fi
echo "== all tests passed [${SECONDS}s]"
