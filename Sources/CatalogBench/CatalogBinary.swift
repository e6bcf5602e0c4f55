import CatalogApp
import Foundation

/// The `catalog` binary the benchmarks run as child processes (the sandbox, whole `catalog edit` and
/// `catalog search` runs): CATALOG_BIN, else the `catalog` next to this `catalog-bench`.
enum CatalogBinary {
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let path = environment["CATALOG_BIN"], !path.isEmpty { return path }
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("catalog").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw AppError(
                "catalog-bench runs the catalog binary next to it, and \(path) is not there. Build it "
                    + "(bash scripts/build-release.sh --product catalog) or set CATALOG_BIN to a catalog binary.",
                exitCode: .unavailable)
        }
        return path
    }
}
