import Foundation
import GRDB
import Testing

@testable import Store

/// A pool's WAL is copied back into the file beside its writer (`WALCheckpointer`), and still stays bounded.
@Suite struct WALCheckpointerTests {
    private func bytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func aLongWriteIsCopiedBackBesideTheWriterAndTheWALStaysBounded() async throws {
        let database = try temporaryDatabase()
        let checkpointer = try #require(database.checkpointer)
        // 80 MB in transactions of 4 MB: past the background's 16 MB several times, and past the writer's 64.
        let value = String(repeating: "x", count: 4000)
        for batch in 0..<20 {
            try await database.sqlite.write { db in
                for row in 0..<1000 {
                    try db.execute(
                        sql: "INSERT INTO sync_state(key, value) VALUES (?, ?)", arguments: ["k\(batch)-\(row)", value])
                }
            }
        }
        checkpointer.waitUntilIdle()
        let counts = checkpointer.counts
        #expect(counts.background >= 1)
        #expect(counts.framesCopied >= Int(WALCheckpointer.backgroundFrames))
        // Pages were copied back into the file while the pool was open, and the WAL never outgrew the writer's
        // bound and the transaction that crossed it (frames are 4 KB pages and a 24-byte header).
        #expect(bytes(database.path) > 16 << 20)
        let frame = 4096 + 24
        #expect(bytes(database.path + "-wal") <= (Int(WALCheckpointer.writerFrames) + 1500) * frame)
        let stored = try await database.sqlite.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_state WHERE key LIKE 'k%'")
        }
        #expect(stored == 20_000)
    }

    @Test func oneConnectionLeavesItToSQLite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-tests-\(UUID().uuidString)")
        let database = try CatalogDatabase(
            path: folder.appendingPathComponent("catalog.sqlite").path, connections: .one)
        #expect(database.checkpointer == nil)
    }
}
