#!/usr/bin/env bash
# The release build that ships: `swift build` with the flags below, then the arguments given
# (`--product catalog`, `--product catalog-bench`, `--show-bin-path`). The Debian package
# (scripts/package.sh), the demo (scripts/demo.sh) and the benchmarks' build use it, so they share one
# build; a release build with other flags compiles every module again.
#
# --static-swift-stdlib: the Swift runtime linked in, so a process does not load and relocate it
#   (about 10 ms of every start).
# -disable-concrete-type-metadata-mangled-name-accessors, for every module (the argument parser's too,
#   which is why it is given here and not in Package.swift): the compiler calls a generic type's
#   metadata accessor with the conformances it already knows instead of handing the runtime a mangled
#   name to decode, which made the runtime look each conformance up by scanning all of the binary's
#   13,500 conformance records. Every `catalog` process parses its command line, and most of those
#   look-ups were there: measured on 2026-11-28 (catalog-bench search), `catalog --version` 7.0 -> 6.0
#   ms and a whole `catalog search` 15.3 -> 12.4 ms (medians), for a binary 0.5 MB larger (README).
# SWIFT_DETERMINISTIC_HASHING: SwiftPM then writes package traits' -D flags in one order, as the test
#   command's debug build does (scripts/test.sh), so neither build compiles Hummingbird again after the
#   other.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT_DETERMINISTIC_HASHING=1 exec swift build -c release --static-swift-stdlib \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors "$@"
