import CatalogCore
import Foundation
import GRDB
import Synchronization
import Testing

@testable import Store

/// Two processes write one file (the hub's scans and a `catalog sync` on its database): a write that finds
/// the other's transaction open waits for it and lands after it, never failing as busy.
@Suite struct WriterWaitTests {
    @Test func aWriteWaitsForAnotherConnectionsTransactionAndLandsAfterIt() async throws {
        let hub = try temporaryDatabase()
        let sync = try CatalogDatabase(path: hub.path)
        let order = Mutex<[String]>([])
        let holding = Task {
            try await sync.write { db in
                try db.execute(sql: "INSERT INTO sync_state(key, value) VALUES ('held', 'yes')")
                order.withLock { $0.append("sync began") }
                Thread.sleep(forTimeInterval: 0.3)
                order.withLock { $0.append("sync ended") }
            }
        }
        while order.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
        try await hub.updateSyncState(["scan": "kept"])
        order.withLock { $0.append("scan landed") }
        try await holding.value
        #expect(order.withLock { $0 } == ["sync began", "sync ended", "scan landed"])
        let state = try await hub.syncState()
        #expect(state["held"] == "yes" && state["scan"] == "kept")
    }
}
