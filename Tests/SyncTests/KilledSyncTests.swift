import CatalogCore
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

    static func sync(_ harness: SyncHarness) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["sync", "--db", harness.database.path]
        process.environment = [
            "HOME": harness.folder.path, "SQUARE_BASE_URL": harness.server.baseURL.absoluteString,
            "SQUARE_ACCESS_TOKEN": SyncHarness.token,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func aSyncProcessKilledMidWayIsFinishedByTheNextRun() async throws {
        let harness = try await SyncHarness.start(seed: .synthetic(variations: 4000))
        defer { Task { await harness.stop() } }
        await harness.server.setFaults(SandboxFaults(latencyMs: 200))

        let victim = try Self.sync(harness)
        while try await harness.database.syncState()["pass_cursor"] == nil {
            #expect(victim.isRunning, "the sync finished before it could be killed")
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(victim.processIdentifier, SIGKILL)
        victim.waitUntilExit()
        #expect(victim.terminationReason == .uncaughtSignal)
        #expect(try await harness.database.syncState()["latest_time"] == nil, "no watermark before the pass ends")

        // The shop changes while the sync is down; the rerun finishes the pass, the next one catches up.
        await harness.server.setFaults(SandboxFaults())
        try await ServerChanges.apply(round: 2, client: harness.client)
        let rerun = try Self.sync(harness)
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        let last = try Self.sync(harness)
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        try await harness.expectDatabaseEqualsServer()
    }
}
