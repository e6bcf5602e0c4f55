import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Store
import Sync
import Synchronization
import Testing

/// Two syncs of one database at once (the hub's, asked for by a webhook, and `catalog sync --full` run by
/// hand) take turns: the second waits for the first, and the catalog ends equal to Square's.
@Suite struct ConcurrentSyncTests {
    /// The process ids a sync heard it was waiting for.
    final class Heard: Sendable {
        let holders = Mutex<[Int32?]>([])
        func add(_ holder: Int32?) { holders.withLock { $0.append(holder) } }
        var all: [Int32?] { holders.withLock { $0 } }
    }

    @Test func aSyncAskedForDuringAFullSyncByAnotherProcessWaitsAndLosesNothing() async throws {
        let harness = try await SyncHarness.start(seed: .synthetic(variations: 3000))
        try await cleaningUp({ await harness.stop() }) {
            _ = try await harness.engine.run()
            let stored = try await harness.database.allObjects().count
            await harness.server.setFaults(SandboxFaults(latencyMs: 150))

            let command = try ChildProcess(
                KilledSyncTests.binary, ["sync", "--full", "--db", harness.database.path],
                environment: [
                    "HOME": harness.folder.path, "SQUARE_BASE_URL": harness.server.baseURL.absoluteString,
                    "SQUARE_ACCESS_TOKEN": SyncHarness.token,
                ])
            // The command's full pass is under way (it has landed a page) when the hub asks for its own sync.
            while try await harness.database.syncState()["pass_cursor"] == nil {
                #expect(command.isRunning, "the full sync finished before the second sync was asked for")
                try await Task.sleep(for: .milliseconds(5))
            }
            let heard = Heard()
            let summary = try await harness.engine.run(waiting: { heard.add($0) })

            let ended = try await command.result()
            #expect(ended.status == 0, "\(ended.stderr)")
            #expect(heard.all == [command.pid], "the second sync waited for the command's, and named it")
            // It began once the full pass had ended: a catch-up from its watermark, which removes nothing.
            #expect(summary.kind == .incremental)
            #expect(summary.deleted == 0)
            await harness.server.setFaults(SandboxFaults())
            #expect(try await harness.database.allObjects().count == stored)
            try await harness.expectDatabaseEqualsServer()
        }
    }

    @Test func aSyncThatWaitsPastItsPatienceSaysWhoHoldsTheDatabaseAndStoresNothing() async throws {
        let harness = try await SyncHarness.start(seed: .synthetic(variations: 50))
        try await cleaningUp({ await harness.stop() }) {
            let held = try await SyncLock.acquire(databasePath: harness.database.path, patience: .seconds(1))
            let heard = Heard()
            await #expect {
                _ = try await harness.engine.run(patience: .milliseconds(300), waiting: { heard.add($0) })
            } throws: { error in
                guard case StoreError.syncRunning(let path, let process, _) = error else { return false }
                let said = "\(error)"
                return path == harness.database.path && process == getpid() && said.contains("process \(getpid())")
                    && (error as? any UserFacingError)?.exitStatus == .tryLater
            }
            #expect(heard.all == [getpid()])
            #expect(try await harness.database.allObjects().isEmpty, "nothing was synced while the other held it")

            // Let go, the next sync runs at once.
            held.release()
            _ = try await harness.engine.run(patience: .milliseconds(300))
            try await harness.expectDatabaseEqualsServer()
        }
    }
}
