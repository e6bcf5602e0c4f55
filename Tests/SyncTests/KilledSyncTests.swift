import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Store
import Testing

@Suite struct KilledSyncTests {
    /// The built `catalog` executable: `CATALOG_BIN`, else the debug build of this package.
    static var binary: String {
        ProcessInfo.processInfo.environment["CATALOG_BIN"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/catalog").path
    }

    static func sync(_ harness: SyncHarness) throws -> ChildProcess {
        try ChildProcess(
            binary, ["sync", "--db", harness.database.path],
            environment: [
                "HOME": harness.folder.path, "SQUARE_BASE_URL": harness.server.baseURL.absoluteString,
                "SQUARE_ACCESS_TOKEN": SyncHarness.token,
            ])
    }

    @Test func aSyncProcessKilledMidWayIsFinishedByTheNextRun() async throws {
        let harness = try await SyncHarness.start(seed: .synthetic(variations: 4000))
        try await cleaningUp({ await harness.stop() }) {
            await harness.server.setFaults(SandboxFaults(latencyMs: 200))

            let victim = try Self.sync(harness)
            while try await harness.database.syncState()["pass_cursor"] == nil {
                #expect(victim.isRunning, "the sync finished before it could be killed")
                try await Task.sleep(for: .milliseconds(5))
            }
            victim.send(SIGKILL)
            #expect(try await victim.result().signalled)
            #expect(try await harness.database.syncState()["latest_time"] == nil, "no watermark before the pass ends")

            // The shop changes while the sync is down; the rerun finishes the pass, the next one catches up.
            await harness.server.setFaults(SandboxFaults())
            try await ServerChanges.apply(round: 2, client: harness.client)
            let rerun = try await Self.sync(harness).result()
            #expect(rerun.status == 0, "\(rerun.stderr)")
            let last = try await Self.sync(harness).result()
            #expect(last.status == 0, "\(last.stderr)")
            try await harness.expectDatabaseEqualsServer()
        }
    }
}
