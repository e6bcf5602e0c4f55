import CatalogCore
import Foundation
import GRDB
import Testing

@testable import Store

/// A command that does one thing and ends (`catalog search`) holds the file with one connection: opening it
/// and reading write nothing, a file it creates is in WAL mode like one a pool creates, and its reads and
/// writes take turns.
@Suite struct OneConnectionTests {
    /// The first 100 bytes of the file: SQLite's header, whose change counter and schema cookie move with
    /// every transaction that writes.
    private func header(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100))
    }

    @Test func openingAndReadingWriteNothingToTheFile() async throws {
        let path: String
        do {
            let first = try temporaryDatabase()
            path = first.path
            try await first.updateSyncState(["shop": "open"])
        }
        // The pool above closed: the last connection copied its WAL back and removed it.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let before = try header(path)
        do {
            let command = try CatalogDatabase(path: path, connections: .one)
            #expect(try await command.syncState()["shop"] == "open")
            _ = try await command.search(SearchQuery("blue widget"), limit: 10)
        }
        #expect(try header(path) == before)
    }

    @Test func aFileItCreatesIsInWALMode() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-tests-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("catalog.sqlite").path
        do {
            let command = try CatalogDatabase(path: path, connections: .one)
            try await command.updateSyncState(["shop": "open"])
        }
        let mode = try await DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(mode == "wal")
    }

    @Test func readsAndWritesFromManyTasksTakeTurnsAndSeeEachOther() async throws {
        let path = try temporaryDatabase().path
        let command = try CatalogDatabase(path: path, connections: .one)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await command.updateSyncState(["key \(index)": "\(index)"])
                    #expect(try await command.syncState()["key \(index)"] == "\(index)")
                }
            }
            try await group.waitForAll()
        }
        let state = try await command.syncState()
        #expect((0..<20).allSatisfy { state["key \($0)"] == "\($0)" })
    }
}
