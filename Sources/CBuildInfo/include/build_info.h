#ifndef CATALOG_BUILD_INFO_H
#define CATALOG_BUILD_INFO_H

/// The version this binary was built as: the last tag (or 0.0.0) plus the commits since it, as
/// scripts/package.sh passes it in CATALOG_VERSION; "0.0.0" for a development build.
const char *catalog_build_version(void);

/// The commit this binary was built from (CATALOG_COMMIT); empty for a development build.
const char *catalog_build_commit(void);

#endif
