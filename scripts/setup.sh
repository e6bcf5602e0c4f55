#!/usr/bin/env bash
# Installs what building and testing `catalog` needs on a fresh Debian 12 machine with Swift:
# Debian packages (only the missing ones) and the PyPI packages the tests use.
set -euo pipefail

# Building: SQLite, libcurl (URLSession), Cairo (labels), libzint (barcodes), libcups (printing), DejaVu fonts.
debian_packages=(libsqlite3-dev libcurl4-openssl-dev libcairo2-dev libzint-dev libcups2-dev fonts-dejavu-core)
# Testing: a private cupsd with Zebra and DYMO drivers, PDF rasterising, two barcode decoders; QEMU with
# Debian's kernel and a static busybox for the scanner test under a real kernel.
debian_test_packages=(cups cups-client cups-filters poppler-utils zbar-tools printer-driver-dymo
    qemu-system-x86 linux-image-amd64 busybox-static)
python_packages=("squareup==46.0.0.20260916" "pytest" "zxing-cpp==3.1.1" "zplgrf==1.6.0")

if [ "${1:-}" = "--with-test-tools" ]; then debian_packages+=("${debian_test_packages[@]}"); fi

missing=()
for pkg in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    echo "setup: installing Debian packages: ${missing[*]}" >&2
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "${1:-}" = "--with-test-tools" ]; then
    need_pip=()
    for spec in "${python_packages[@]}"; do
        name="${spec%%==*}"
        want="${spec#*==}"
        have=$(python3 -m pip show "$name" 2>/dev/null | awk '/^Version:/{print $2}')
        if [ -z "$have" ] || { [ "$want" != "$spec" ] && [ "$have" != "$want" ]; }; then need_pip+=("$spec"); fi
    done
    if [ "${#need_pip[@]}" -gt 0 ]; then
        echo "setup: installing PyPI packages: ${need_pip[*]}" >&2
        python3 -m pip install -q "${need_pip[@]}"
    fi
fi
