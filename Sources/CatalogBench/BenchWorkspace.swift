import ArgumentParser
import CatalogApp
import CommandSupport
import Foundation
import SquareAPI
import Store
import Sync

/// What a benchmark runs against: a sandbox child process with a synthetic catalog, a client for it, and a
/// scratch folder for databases and files. `close()` stops the sandbox and removes the folder.
final class BenchWorkspace {
    let sandbox: ServerProcess
    let client: SquareClient
    let folder: URL

    /// Starts a sandbox with `variations` synthetic variations and makes a scratch folder named after `name`.
    init(variations: Int, name: String) throws {
        (sandbox, client) = try ServerProcess.forBenchmark(variations: variations)
        do {
            folder = try PrivateFolder.make("catalog-bench-\(name)")
        } catch {
            sandbox.stop()
            throw error
        }
    }

    /// A database in the folder, filled by a full sync from the sandbox, and that sync's summary.
    func syncedDatabase(named file: String) async throws -> (CatalogDatabase, SyncSummary) {
        let database = try CatalogDatabase(path: folder.appendingPathComponent(file).path)
        let summary = try await SyncEngine(database: database, client: client).run()
        Terminal.error("bench: " + SyncWorkflow.line(summary))
        return (database, summary)
    }

    /// The id of the sandbox's first location, where the benchmarks count and reorder.
    static func firstLocationID(in database: CatalogDatabase) async throws -> String {
        guard let locationID = try await database.locations().first?["id"]?.stringValue else {
            throw AppError("The sandbox has no location.", exitCode: .internalError)
        }
        return locationID
    }

    /// A new scratch folder for a benchmark that starts its own servers; the caller removes it.
    static func scratchFolder() throws -> URL {
        try PrivateFolder.make("catalog-bench")
    }

    /// Stops the sandbox and removes the folder.
    func close() {
        sandbox.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

extension AsyncParsableCommand {
    /// Runs `body` on a new workspace of `variations` variations named after `name`, reporting its errors as
    /// `reportingErrors` does, and closes the workspace after, whatever happens.
    func inWorkspace(variations: Int, name: String, _ body: (BenchWorkspace) async throws -> Void) async throws {
        try await reportingErrors {
            let workspace = try BenchWorkspace(variations: variations, name: name)
            defer { workspace.close() }
            try await body(workspace)
        }
    }
}
