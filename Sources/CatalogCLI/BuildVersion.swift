import CBuildInfo
import CatalogApp

/// What this binary was built from, for `catalog --version` and bug reports.
enum BuildVersion {
    /// The last tag (or 0.0.0) plus the commits since it, e.g. `0.0.0+212.g8a3ec54d`.
    static let version = String(cString: catalog_build_version())
    /// The commit's hash; empty for a development build.
    static let commit = String(cString: catalog_build_commit())

    /// `0.0.0+212.g8a3ec54d (commit 8a3ec54d2f1c)`, or `0.0.0 (development build, commit unknown)`.
    static var text: String {
        commit.isEmpty ? "\(version) (development build, commit unknown)" : "\(version) (commit \(commit))"
    }
}
