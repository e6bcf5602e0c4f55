import CatalogCore
import Foundation
import GRDB
import Testing

@testable import Store

/// A stored value that cannot be read is an error naming its table and row (`StoreError.damaged`, whose
/// message says what to do), never a silent nil or default; a NULL column is still read as nil.
@Suite struct StrictDecodingTests {
    /// Expects `work` to fail with `StoreError.damaged` naming the row `row` of `table` and its `column`.
    func expectDamaged(
        table: String, row: String, column: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ work: () async throws -> Void
    ) async {
        do {
            try await work()
            Issue.record("no error for the \(table) row \(row)", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            guard case .damaged(_, let detail) = error else {
                Issue.record("\(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(detail.contains("the \(table) row \(row) has a `\(column)` value"), sourceLocation: sourceLocation)
            #expect(error.description.contains("sync --full"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    func queuedEntry(_ database: CatalogDatabase) async throws -> Int64 {
        let entry = OutboxEntry(
            counter: "till", kind: .edit, objectID: "V1", itemID: "I1", label: "Apple", baseVersion: 1,
            changes: [.init(field: "price", old: .int(1), new: .int(2))], idempotencyKey: "k", reason: nil)
        return try #require(try await database.enqueue(entry).id)
    }

    @Test func outboxColumns() async throws {
        let database = try temporaryDatabase()
        let id = try await queuedEntry(database)
        #expect(try await database.outboxEntry(id: id)?.remote == nil, "NULL is no remote value")
        for (column, value) in [("remote", "{oops"), ("remote", "[1]"), ("changes", "nope"), ("payload", "{")] {
            try await database.write { db in
                try db.execute(
                    sql: "UPDATE outbox SET remote = NULL, changes = ?, payload = NULL WHERE id = ?",
                    arguments: [OutboxEntry.encode([.init(field: "price", old: nil, new: .int(2))]), id])
                try db.execute(sql: "UPDATE outbox SET \(column) = ? WHERE id = ?", arguments: [value, id])
            }
            await expectDamaged(table: "outbox", row: String(id), column: column) {
                _ = try await database.outboxEntry(id: id)
            }
            await expectDamaged(table: "outbox", row: String(id), column: column) {
                _ = try await database.outboxEntries()
            }
        }
    }

    @Test func historyValues() async throws {
        let database = try temporaryDatabase()
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO history(id, at, counter, action, object_type, object_id, field, old_value, new_value)
                    VALUES (7, '2026-11-20T09:00:00Z', 'till', 'edit', 'ITEM_VARIATION', 'V1', 'price', NULL, '12');
                    INSERT INTO history(id, at, counter, action, object_type, object_id, field, old_value, new_value)
                    VALUES (8, '2026-11-20T09:00:00Z', 'till', 'edit', 'ITEM_VARIATION', 'V2', 'price', '1', 'x:');
                    """)
        }
        let first = try await database.history(objectIDs: ["V1"])
        #expect(first.map(\.oldValue) == [nil] && first.map(\.newValue) == [.int(12)])
        await expectDamaged(table: "history", row: "8", column: "new_value") { _ = try await database.history() }
    }

    @Test func countSessionScope() async throws {
        let database = try temporaryDatabase()
        let session = try await database.startCountSession(
            name: "Shelf", locationID: "L1", scope: .open, counter: "till", reference: "r1")
        #expect(try await database.countSession(id: session.id)?.scopeIDs == [])
        for bad in ["C1", "[1, 2]"] {
            try await database.write { db in
                try db.execute(sql: "UPDATE count_sessions SET scope_ids = ?", arguments: [bad])
            }
            await expectDamaged(table: "count_sessions", row: String(session.id), column: "scope_ids") {
                _ = try await database.countSessions()
            }
        }
    }

    @Test func vendorInformationEntries() async throws {
        let database = try temporaryDatabase()
        var damaged = variation("V1", item: "I1", version: 1)
        damaged["item_variation_data"]?["vendor_information"] = ["not an entry"]
        _ = try await database.apply([item("I1", name: "Apple", version: 1, variations: [damaged])])
        await expectDamaged(table: "catalog_objects", row: "V1", column: "json") {
            _ = try await database.vendorSupplies(variationIDs: ["V1"])
        }
        await expectDamaged(table: "catalog_objects", row: "V1", column: "json") {
            _ = try await database.addToReorderList(variationID: "V1", quantity: 1, counter: "till")
        }
    }

    @Test func storedJSONOfProblemsAndLocations() async throws {
        let database = try temporaryDatabase()
        try await database.replaceLocations([["id": "L1", "name": "Market Hall"]])
        #expect(try await database.locations().count == 1)
        try await database.write { db in
            try db.execute(sql: "UPDATE locations SET json = '{\"id\": ' WHERE id = 'L1'")
            try db.execute(
                sql: """
                    INSERT INTO sync_problems(id, type, reason, json, first_seen_at, last_tried_at)
                    VALUES ('I9', 'ITEM', 'no name', 'not json', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')
                    """)
        }
        await expectDamaged(table: "locations", row: "L1", column: "json") { _ = try await database.locations() }
        await expectDamaged(table: "locations", row: "L1", column: "json") {
            _ = try await database.pricing(for: [])
        }
        await expectDamaged(table: "sync_problems", row: "I9", column: "json") {
            _ = try await database.syncProblems()
        }
    }

    @Test func locationColumns() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item("I1", name: "Apple", version: 1, variations: [variation("V1", item: "I1", version: 1)])
        ])
        #expect(try await database.variations(ids: ["V1"]).count == 1, "NULL: sold everywhere")
        try await database.write { db in try db.execute(sql: "UPDATE variations SET locations = 'x' WHERE id = 'V1'") }
        await expectDamaged(table: "variations", row: "V1", column: "locations") {
            _ = try await database.variations(ids: ["V1"])
        }
        try await database.write { db in
            try db.execute(
                sql: "UPDATE variations SET locations = NULL; UPDATE items SET locations = '[' WHERE id = 'I1'")
        }
        await expectDamaged(table: "items", row: "I1", column: "locations") {
            _ = try await database.variations(ids: ["V1"])
        }
    }

    @Test func anObjectWaitingForAnotherIsReadStrictlyWhenItsTurnComes() async throws {
        let database = try temporaryDatabase()
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sync_problems(id, type, reason, waits_for, json, first_seen_at, last_tried_at)
                    VALUES ('V5', 'ITEM_VARIATION', 'waits', 'I5', '{bad', '2026-11-20T09:00:00Z',
                            '2026-11-20T09:00:00Z')
                    """)
        }
        await expectDamaged(table: "sync_problems", row: "V5", column: "json") {
            _ = try await database.apply([item("I5", name: "Pear", version: 1, variations: [])])
        }
    }
}
