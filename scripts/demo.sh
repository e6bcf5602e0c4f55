#!/usr/bin/env bash
# Installs what is missing on a fresh Debian 12 machine with Swift, builds catalog and runs its demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product catalog
"$(swift build -c release --show-bin-path)/catalog" demo "$@"
