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

# Every test's scratch files (databases, sandboxes, cupsd folders, browser profiles) go into one folder
# of this run, removed at the end whatever happened: a test that leaves its folder behind (a failure, a
# kill) no longer fills /tmp run after run. Readable by all: some tests run catalog as another user.
scratch="$(mktemp -d "${TMPDIR:-/tmp}/catalog-tests.XXXXXX")"
chmod 755 "$scratch"
export TMPDIR="$scratch"
trap 'rm -rf "$scratch"' EXIT

echo "== format (swift format lint --strict) [${SECONDS}s]"
swift format lint --strict --recursive Sources Tests

# SwiftPM writes a dependency's package traits as -D flags in the order of a Swift Set, which changes
# from one process to the next: each time it plans again (a debug build after the package test's
# release build, and the other way round) Hummingbird's four modules got new flags half the time and
# were compiled again, 20-30 CPU-seconds each time. With the runtime's deterministic hashing the order
# stays the same; only SwiftPM runs with it (scripts/package.sh does the same), never a test.
with_stable_traits() { SWIFT_DETERMINISTIC_HASHING=1 "$@"; }

echo "== build [${SECONDS}s]"
with_stable_traits swift build --build-tests

# In parallel, at most CATALOG_TEST_WIDTH tests at once (default 4). No test holds a thread of Swift's
# cooperative pool while it waits (child processes, cupsd, the scanner are awaited), and the suite is
# CPU-bound on a 2-core machine, so more at once only makes the tests that measure time wait longer.
# The test bundle is run as `swift test --skip-build` runs it (its XCTest tests, then its Swift Testing
# tests, with NO_COLOR=1), but directly: `swift test` holds .build's lock until the last test ends, and
# the package test's release build, which waits for that lock, is to run beside the Swift tests.
swift_tests() {
    local bundle
    bundle="$(with_stable_traits swift build --show-bin-path)/catalogPackageTests.xctest"
    NO_COLOR=1 "$bundle" &&
        NO_COLOR=1 "$bundle" --testing-library swift-testing \
            --experimental-maximum-parallelization-width "${CATALOG_TEST_WIDTH:-4}"
}

# The Python tests run beside the Swift tests, as three pytest runs at once: the Debian package's (its
# release build, then installing it), the hub's pages in a browser, and all the others (Square's SDK
# against the sandbox, the set-up, the hub under load, the labels). Each alone leaves one of a 2-core
# machine's cores idle much of the time (a test waiting for a server, a browser, a link, a
# single-threaded decoder); together they keep both busy, and the package's release build starts at once
# instead of after the tests before it. Their output is shown when they end.
# CATALOG_TEST_PHASES=serial runs one after the other.
logs="$(mktemp -d "$scratch/python-tests.XXXXXX")"
python_tests() {
    CATALOG_BIN="$(with_stable_traits swift build --show-bin-path)/catalog" python3 -m pytest -q --durations=10 "$@"
}
# At a lower priority (nice 10): the release build takes what the tests leave of the cores, so the
# tests that follow a clock (QEMU's emulated keyboard, the hub under load) are not starved by it.
package_tests() {
    renice -n 10 -p "$BASHPID" >/dev/null
    python_tests Tests/python/test_package.py
}
# The browser tests (Chromium against a hub) are one run: each waits on a browser and a server much of the
# time, so beside the others they fill what the cores leave. Split into two runs at once they ended
# sooner, but two browsers typing beside each other delayed Selenium's key bursts past the page's
# scanner rule (scans taken for typing: three browser tests failed in one CI run), so they stay one.
browser_tests=(test_hub_browser.py test_hub_keyboard.py test_hub_tabs.py test_hub_office.py
    test_hub_remote_counter.py test_hub_tls.py test_hub_axe.py test_hub_unknown.py test_hub_outcomes.py)
browser_python_tests() { python_tests "${browser_tests[@]/#/Tests/python/}"; }
other_python_tests() {
    python_tests --ignore=Tests/python/test_package.py "${browser_tests[@]/#/--ignore=Tests/python/}" Tests/python
}

if [ "${CATALOG_TEST_PHASES:-parallel}" = serial ]; then
    echo "== swift tests [${SECONDS}s]"
    swift_tests
    echo "== python tests (Square's SDK against the sandbox, set-up, hub load, labels) [${SECONDS}s]"
    other_python_tests
    echo "== python tests of the hub's pages in a browser [${SECONDS}s]"
    browser_python_tests
    echo "== python tests of the Debian package [${SECONDS}s]"
    package_tests
else
    echo "== swift tests, and beside them the python tests (the Debian package's; the others) [${SECONDS}s]"
    # Each run in the background: its output in $logs/NAME, its exit status in $logs/NAME.status.
    streams=(other browser package)
    declare -A titles=(
        [other]="python tests (Square's SDK against the sandbox, set-up, hub load, labels)"
        [browser]="python tests of the hub's pages in a browser"
        [package]="python tests of the Debian package"
    )
    declare -A runs=([other]=other_python_tests [browser]=browser_python_tests [package]=package_tests)
    pids=()
    for name in "${streams[@]}"; do
        (
            "${runs[$name]}" >"$logs/$name" 2>&1 && echo 0 >"$logs/$name.status" || echo $? >"$logs/$name.status"
            echo "== ${titles[$name]} ended [${SECONDS}s]" >>"$logs/$name"
        ) &
        pids+=($!)
    done
    swift_status=0
    swift_tests || swift_status=$?
    echo "== swift tests ended (status $swift_status) [${SECONDS}s]; waiting for the python tests"
    wait "${pids[@]}" || true
    failed=()
    [ "$swift_status" -eq 0 ] || failed+=("swift (status $swift_status)")
    for name in "${streams[@]}"; do
        status="$(cat "$logs/$name.status" 2>/dev/null || echo 1)"
        echo "== ${titles[$name]}: status $status"
        cat "$logs/$name"
        [ "$status" -eq 0 ] || failed+=("$name (status $status)")
    done
    if [ "${#failed[@]}" -gt 0 ]; then
        echo "== tests failed: ${failed[*]}"
        exit 1
    fi
fi
echo "== all tests passed [${SECONDS}s]"
