import CatalogCore
import GRDB
import Testing

@testable import Store

/// Enum columns of the tables that must never lose or misread a row: a value this version does not know is
/// refused when written and fails loudly when read, never read as a default.
@Suite struct KnownValuesTests {
    @Test func theFrozenListsAreTheEnumsCases() {
        let lists = Dictionary(
            CatalogDatabase.knownValues.map { ("\($0.table).\($0.column)", Set($0.values)) },
            uniquingKeysWith: { first, _ in first })
        #expect(lists["outbox.kind"] == Set(OutboxEntry.Kind.allCases.map(\.rawValue)))
        #expect(lists["outbox.status"] == Set(OutboxEntry.Status.allCases.map(\.rawValue)))
        #expect(lists["history.action"] == Set(HistoryEntry.Action.allCases.map(\.rawValue)))
        #expect(lists["print_log.status"] == Set(PrintRecord.Status.allCases.map(\.rawValue)))
        #expect(lists["reorder_lines.status"] == Set(ReorderLine.Status.allCases.map(\.rawValue)))
        #expect(lists["count_lines.post_status"] == Set(CountLine.PostStatus.allCases.map(\.rawValue)))
    }

    /// A fresh database holding one pending edit in its outbox, and that entry's id.
    static func databaseWithOneEdit() async throws -> (CatalogDatabase, Int64) {
        let database = try temporaryDatabase()
        let entry = try await database.enqueue(
            OutboxEntry(
                counter: "t", kind: .edit, objectID: "V1", itemID: "I1", label: "Tea", baseVersion: 1,
                changes: [], idempotencyKey: "k", reason: nil))
        return (database, try #require(entry.id))
    }

    @Test func anUnknownValueIsRefusedWhenWritten() async throws {
        let (database, id) = try await Self.databaseWithOneEdit()
        await #expect(throws: StoreError.self) {
            try await database.write { db in
                try db.execute(sql: "UPDATE outbox SET kind = 'refund' WHERE id = ?", arguments: [id])
            }
        }
        await #expect(throws: StoreError.self) {
            try await database.write { db in
                try db.execute(sql: "UPDATE outbox SET status = 'sending' WHERE id = ?", arguments: [id])
            }
        }
        #expect(try await database.outboxEntry(id: id)?.kind == .edit)
    }

    @Test func aRowANewerVersionWroteIsNeverReadAsSomethingElse() async throws {
        let (database, id) = try await Self.databaseWithOneEdit()
        // A newer catalog, with a kind this one does not know (and its own triggers), wrote the row.
        try await database.write { db in
            try db.execute(sql: "DROP TRIGGER outbox_kind_known_update")
            try db.execute(sql: "UPDATE outbox SET kind = 'refund' WHERE id = ?", arguments: [id])
        }
        let error = await #expect(throws: StoreError.self) {
            _ = try await database.outboxEntries(statuses: [.pending])
        }
        guard case .unknownValue(let table, let column, let value) = error else {
            Issue.record("expected unknownValue, got \(String(describing: error))")
            return
        }
        #expect(table == "outbox" && column == "kind" && value == "refund")
        #expect(error?.description.contains("newer catalog") == true)
        await #expect(throws: StoreError.self) { _ = try await database.claimOutbox(id: id, statuses: [.pending]) }
    }
}
