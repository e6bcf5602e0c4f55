#include "build_info.h"

// Package.swift defines these from the environment scripts/package.sh sets (C defines carry
// strings, Swift's -D does not).
#ifndef CATALOG_VERSION
#define CATALOG_VERSION "0.0.0"
#endif
#ifndef CATALOG_COMMIT
#define CATALOG_COMMIT ""
#endif

const char *catalog_build_version(void) { return CATALOG_VERSION; }

const char *catalog_build_commit(void) { return CATALOG_COMMIT; }
