import CatalogCore
import Foundation
import GRDB
import Testing

@testable import Store

/// `reindex` on a pool reads and tokenizes on a reading connection while the writer stores the index; on one
/// connection it does both in turn. Both must leave the same index, and a write by another process between
/// the reader's snapshot and the rebuild's transaction must not be left out.
@Suite struct SearchRebuildTests {
    /// 1,000 items (several of the handoff's batches), two variations each, in five categories, some archived.
    static func shop() -> [JSONValue] {
        let categories = (0..<5).map {
            category("C-\($0)", name: ["Tools", "Drinks", "Café & Bar", "Books", "Garden"][$0], version: 1)
        }
        let words = ["hammer", "cordless drill", "oat milk", "crème brûlée", "notebook A4", "t-shirt", "bird feeder"]
        let items = (0..<1_000).map { index -> JSONValue in
            let id = String(format: "I-%04d", index)
            var object = item(
                id, name: "\(words[index % words.count]) \(index % 13).5 L model X\(index)", version: 1,
                category: "C-\(index % 5)",
                variations: [
                    variation("V-\(index)-A", item: id, version: 1, sku: "SK-\(index)-A", name: "Small"),
                    variation(
                        "V-\(index)-B", item: id, version: 1, sku: "SK-\(index)-B", ordinal: 2, name: "Large red"),
                ])
            if index % 97 == 0 { object["item_data"]?["is_archived"] = true }
            return object
        }
        return categories + items
    }

    /// Everything the index holds, in a fixed order.
    static func contents(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            let rows =
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT d.item_id, d.name_key, d.name_length, s.name, s.variations, s.category, s.codes
                        FROM search_docs d JOIN search s ON s.rowid = d.rowid ORDER BY d.item_id
                        """)
                + Row.fetchAll(db, sql: "SELECT key, term FROM search_deletes ORDER BY key, term")
                + Row.fetchAll(db, sql: "SELECT term FROM search_terms ORDER BY term")
            return rows.map(\.description)
        }
    }

    @Test func aRebuildOnAPoolLeavesTheSameIndexAsOneOnOneConnection() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply(Self.shop())
        let incremental = try Self.contents(database.path)
        #expect(incremental.count > 1_000)

        let pooled = try await database.reindex()
        #expect(pooled.items == 1_000 - 11, "less the 11 archived")
        #expect(try Self.contents(database.path) == incremental)
        #expect(try await database.searchItems("cordless drill 3.5 x42").first == "I-0042")

        let single = try await CatalogDatabase(path: database.path, connections: .one).reindex()
        #expect(single.items == pooled.items && single.vocabulary == pooled.vocabulary)
        #expect(try Self.contents(database.path) == incremental)
    }

    @Test func anItemAnotherProcessAddsAsTheRebuildStartsIsIndexed() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply(Self.shop())
        let other = try DatabaseQueue(path: database.path)
        let pool = try #require(database.sqlite as? DatabasePool)
        let (items, _) = try await pool.writeWithoutTransaction { db in
            try CatalogDatabase.rebuildSearchIndex(db, readingFrom: pool, progress: nil) {
                // The reader's snapshot is taken; another process stores an item before the rebuild's
                // transaction begins.
                try other.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO items(id, name, is_archived, version) VALUES ('I-LATE', 'Wheelbarrow Deluxe', 0, 1);
                            INSERT INTO variations(id, item_id, name, sku, version) VALUES ('V-LATE', 'I-LATE', 'Green', 'WB-1', 1);
                            """)
                }
            }
        }
        #expect(items == 1_000 - 11 + 1)
        #expect(try await database.searchItems("wheelbarow").first == "I-LATE")
        #expect(try Self.contents(database.path).contains { $0.contains("I-LATE") })
    }
}
