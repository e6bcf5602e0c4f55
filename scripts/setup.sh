#!/usr/bin/env bash
# Installs what building (and, with --with-test-tools, testing) `catalog` needs on a Debian 12
# machine with Swift: the missing Debian packages, and the Python test tools in a project
# virtualenv (.venv/, or $CATALOG_VENV). Every step says what it does on stderr; a failing step
# names itself and the command to run by hand, and the script exits non-zero. A second run
# installs nothing.
set -euo pipefail
# Nothing fails silently: a step the script did not expect to fail says where it stopped.
trap 'echo "setup: FAILED at line $LINENO: $BASH_COMMAND (exit $?)" >&2' ERR
cd "$(dirname "$0")/.."

with_test_tools=no
for argument in "$@"; do
    case "$argument" in
    --with-test-tools) with_test_tools=yes ;;
    -h | --help)
        echo "usage: scripts/setup.sh [--with-test-tools]" >&2
        echo "  installs the Debian packages catalog builds with; --with-test-tools adds the test" >&2
        echo "  tools (Debian packages, and PyPI packages in .venv/ or \$CATALOG_VENV)" >&2
        exit 0
        ;;
    *)
        echo "setup: unknown argument '$argument'. Usage: scripts/setup.sh [--with-test-tools]" >&2
        exit 64
        ;;
    esac
done

# Building: SQLite, libcurl (URLSession), Cairo (labels), libzint (barcodes), libcups (printing),
# zlib and Brotli (the hub's compressed pages), DejaVu fonts.
debian_packages=(libsqlite3-dev libcurl4-openssl-dev libcairo2-dev libzint-dev libcups2-dev zlib1g-dev libbrotli-dev
    fonts-dejavu-core)
# Testing: a private cupsd with Zebra and DYMO drivers, PDF rasterising, zbar; QEMU with Debian's
# kernel and a static busybox for the scanner test under a real kernel; dpkg-dev and man-db for
# the package test; Chromium and its WebDriver for the hub's browser tests.
debian_test_packages=(cups cups-client cups-filters poppler-utils zbar-tools printer-driver-dymo
    qemu-system-x86 linux-image-amd64 busybox-static dpkg-dev man-db chromium chromium-driver openssl)
requirements="$PWD/scripts/requirements-test.txt"
venv="${CATALOG_VENV:-$PWD/.venv}"

say() { echo "setup: $*" >&2; }

# fail STEP COMMAND...: says which step failed and what to run by hand, then exits 1.
fail() {
    local step="$1"
    shift
    say "FAILED: $step."
    say "  run it by hand to see why: $*"
    exit 1
}

# run STEP COMMAND...: runs the command; a failure ends the script through `fail`.
run() {
    local step="$1"
    shift
    local shown=("$@")
    if [ "$1" = logged ]; then shown=("${@:3}"); fi
    "$@" || fail "$step (exit $?)" "$(printf '%q ' "${shown[@]}")"
}

# logged LOG COMMAND...: runs the command with its output appended to LOG; on failure shows the
# end of it, so the reason is on screen.
logged() {
    local log="$1"
    shift
    local status=0
    "$@" >>"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then tail -n 25 "$log" | sed 's/^/    /' >&2; fi
    return "$status"
}

as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi

say "checking the Swift toolchain"
command -v swift >/dev/null || fail "no 'swift' on PATH: install Swift 6.3 (https://swift.org/install/linux/)" \
    "swift --version"

if [ "$with_test_tools" = yes ]; then
    debian_packages+=("${debian_test_packages[@]}")
    say "checking python3 for the test virtualenv ($venv)"
    python=$(command -v python3) || fail "no 'python3' on PATH: install Debian's python3" \
        "${as_root[*]} apt-get install python3 python3-venv"
    # Debian's own python3 makes virtualenvs only with python3-venv (ensurepip) installed.
    if [ ! -x "$venv/bin/python" ] && ! "$python" -c "import ensurepip, venv" 2>/dev/null; then
        case "$(readlink -f "$python")" in
        /usr/bin/*) debian_packages+=(python3-venv) ;;
        *) fail "$python cannot make a virtualenv (no ensurepip)" "$python -m venv $venv" ;;
        esac
    fi
fi

say "checking ${#debian_packages[@]} Debian packages"
missing=()
# Installed, or installed and being worked on by a dpkg running beside this one (man-db's trigger while
# another package is installed reads triggers-pending, triggers-awaited or half-configured until it has
# run): asking apt for such a package again would only collide with that dpkg's lock.
for package in "${debian_packages[@]}"; do
    dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null | grep -Eq '^[ih][iWtF]' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "${#as_root[@]}" -gt 0 ] && ! command -v sudo >/dev/null; then
        fail "installing Debian packages needs root, and there is no sudo" \
            "apt-get update && apt-get install ${missing[*]}"
    fi
    say "installing Debian packages: ${missing[*]}"
    log=$(mktemp -t catalog-setup-apt.XXXXXX)
    say "  (apt's output: $log)"
    # Another apt or dpkg (an upgrade, a package being installed beside this) is waited for, up to 5 minutes.
    run "apt-get update" logged "$log" "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=300 update -q
    run "installing Debian packages" logged "$log" "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "${missing[@]}"
    rm -f "$log"
else
    say "Debian packages: all present"
fi

[ "$with_test_tools" = yes ] || exit 0

if ! "$venv/bin/python" -c "import sys" 2>/dev/null; then
    say "making the test virtualenv: $python -m venv $venv"
    rm -rf "$venv"
    run "making the test virtualenv" "$python" -m venv "$venv"
fi

say "checking the PyPI packages in $requirements"
# Prints each requirement the virtualenv lacks, or has at another version.
want=$("$venv/bin/python" - "$requirements" <<'PY'
import re, sys
from importlib import metadata
for line in open(sys.argv[1]):
    spec = line.split("#", 1)[0].strip()
    if not spec:
        continue
    name, _, version = spec.partition("==")
    try:
        have = metadata.version(name)
    except metadata.PackageNotFoundError:
        have = None
    if have is None or (version and have != version):
        print(spec)
PY
) || fail "reading the virtualenv's packages" "$venv/bin/python -m pip list"
if [ -n "$want" ]; then
    # shellcheck disable=SC2086 # one requirement a word
    say "installing PyPI packages into $venv: $(echo $want)"
    run "installing PyPI packages" "$venv/bin/python" -m pip install --disable-pip-version-check -q -r "$requirements"
else
    say "PyPI packages: all present"
fi
run "checking the test tools import" "$venv/bin/python" -c "import square, pytest, zxingcpp, zplgrf, PIL, tantivy"
say "done; the tests use $venv/bin/python"
