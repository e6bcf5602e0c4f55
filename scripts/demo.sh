#!/usr/bin/env bash
# Installs what is missing on a fresh Debian 12 machine with Swift, builds catalog and runs its demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The same build as the Debian package's (scripts/package.sh), so the two share one build.
bash scripts/build-release.sh --product catalog
"$(bash scripts/build-release.sh --show-bin-path)/catalog" demo "$@"
