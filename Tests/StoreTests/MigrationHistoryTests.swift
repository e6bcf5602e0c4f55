import CatalogCore
import Foundation
import GRDB
import Testing

@testable import Store

/// A database left at any earlier version opens with this one: every row kept in it survives the
/// migrations still to run, and the schema it ends with is the one a new database gets.
@Suite struct MigrationHistoryTests {
    /// One representative row per table, written with the columns the table had when it was created (so
    /// the same statement works at every later version).
    static let rows: [(table: String, sql: String)] = [
        (
            "catalog_objects",
            """
            INSERT INTO catalog_objects(id, type, version, updated_at, json) VALUES
                ('I1', 'ITEM', 3, '2026-11-20T09:00:00Z',
                 '{"id":"I1","type":"ITEM","version":3,"item_data":{"name":"Apple Juice"}}'),
                ('V1', 'ITEM_VARIATION', 4, '2026-11-20T09:00:00Z',
                 '{"id":"V1","type":"ITEM_VARIATION","version":4,"item_variation_data":{"item_id":"I1","name":"1 l","sku":"AJ-1"}}');
            INSERT INTO items(id, name, category_id, is_archived, version) VALUES ('I1', 'Apple Juice', NULL, 0, 3);
            INSERT INTO variations(id, item_id, name, sku, sku_key, upc, gtin, price_amount, price_currency,
                                   ordinal, version)
                VALUES ('V1', 'I1', '1 l', 'AJ-1', 'AJ1', NULL, NULL, 250, 'USD', 1, 4);
            """
        ),
        ("sync_state", "INSERT INTO sync_state(key, value) VALUES ('test-watermark', '2026-11-20T09:00:00Z')"),
        (
            "locations",
            """
            INSERT INTO locations(id, name, status, json)
                VALUES ('L1', 'Market Hall', 'ACTIVE', '{"id":"L1","name":"Market Hall","status":"ACTIVE"}')
            """
        ),
        (
            "history",
            """
            INSERT INTO history(at, counter, action, object_type, object_id, item_id, field, old_value, new_value,
                                version, source)
                VALUES ('2026-11-20T09:00:00Z', 'till', 'edit', 'ITEM_VARIATION', 'V1', 'I1', 'price', '200', '250',
                        4, NULL)
            """
        ),
        (
            "outbox",
            """
            INSERT INTO outbox(created_at, updated_at, counter, kind, object_id, item_id, label, base_version,
                               changes, payload, idempotency_key, status, reason, remote, result_version, attempts)
                VALUES ('2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z', 'till', 'edit', 'V1', 'I1', 'Apple Juice',
                        4, '[{"field":"price","old":250,"new":275}]', NULL, 'key-1', 'pending', NULL, NULL, NULL, 0)
            """
        ),
        ("scans", "INSERT INTO scans(at, device, code, mode) VALUES ('2026-11-20T09:00:00Z', 'ev3', '0123', 'lookup')"),
        (
            "print_log",
            """
            INSERT INTO print_log(at, counter, variation_id, item_id, template, printer, job_id, copies, status,
                                  price_amount, price_currency, version)
                VALUES ('2026-11-20T09:00:00Z', 'till', 'V1', 'I1', 'shelf', 'zebra', 5, 1, 'completed', 250, 'USD', 4)
            """
        ),
        (
            "reorder_lines",
            """
            INSERT INTO reorder_lines(variation_id, status, quantity, counter, last_counter, first_added, last_added)
                VALUES ('V1', 'wanted', 3, 'till', 'till', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')
            """
        ),
        (
            "vendors",
            "INSERT INTO vendors(id, name, status, json) VALUES ('VEN1', 'Acme', 'ACTIVE', '{\"id\":\"VEN1\"}')"
        ),
        (
            "devices",
            """
            INSERT INTO devices(name, token_hash, csrf_token, paired_at) VALUES ('Till 2', 'tok', 'csrf', '2026-11-20T09:00:00Z')
            """
        ),
        (
            "hub_queue",
            """
            INSERT INTO hub_queue(scan_id, code, counter, scanned_at) VALUES ('s-1', '0123', 'till', '2026-11-20T09:00:00Z')
            """
        ),
        (
            "count_sessions",
            """
            INSERT INTO count_sessions(name, location_id, scope, scope_ids, status, counter, started_at, reference)
                SELECT 'Shelf', 'L1', CASE WHEN sql LIKE '%''categories''%' THEN 'categories' ELSE 'areas' END,
                       '["C1"]', 'open', 'till', '2026-11-20T09:00:00Z', 'count-1'
                FROM sqlite_master WHERE name = 'count_sessions';
            INSERT INTO count_lines(session_id, variation_id, counted, first_counted_at, last_counted_at, last_counter)
                VALUES (1, 'V1', 7, '2026-11-20T09:01:00Z', '2026-11-20T09:01:00Z', 'till');
            """
        ),
        (
            "sync_problems",
            """
            INSERT INTO sync_problems(id, type, reason, json, first_seen_at, last_tried_at)
                VALUES ('I9', 'ITEM', 'no name', '{"id":"I9","type":"ITEM"}', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')
            """
        ),
    ]

    static func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite").path
    }

    /// The tables, indexes and triggers, as SQLite keeps their definitions.
    static func schema(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT type, name, tbl_name, sql FROM sqlite_master
                    WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name
                    """
            ).map {
                "\($0["type"] as String) \($0["name"] as String) on \($0["tbl_name"] as String): \($0["sql"] ?? "")"
            }
        }
    }

    @Test(arguments: CatalogDatabase.migrator.migrations)
    func aDatabaseLeftAtAnEarlierVersionOpensWithItsRows(_ step: String) async throws {
        let current = Self.path("current")
        let old = Self.path("old")
        defer {
            for file in [current, old] {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
            }
        }
        _ = try CatalogDatabase(path: current)
        let written: Set<String>
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
            let queue = try DatabaseQueue(path: old, configuration: configuration)
            try CatalogDatabase.migrator.migrate(queue, upTo: step)
            written = try await queue.write { db in
                var tables: Set<String> = []
                for row in Self.rows where try db.tableExists(row.table) {
                    try db.execute(sql: row.sql)
                    tables.insert(row.table)
                }
                return tables
            }
            try await queue.close()
        }
        #expect(written.contains("catalog_objects"))

        let database = try CatalogDatabase(path: old)
        #expect(try Self.schema(old) == Self.schema(current), "\(step)")

        let variation = try #require(try await database.variations(ids: ["V1"])["V1"], "\(step)")
        #expect(variation.itemName == "Apple Juice" && variation.sku == "AJ-1" && variation.version == 4)
        #expect(variation.price == Money(amount: 250, currency: "USD"))
        #expect(try await database.syncState()["test-watermark"] == "2026-11-20T09:00:00Z")
        #expect(try await database.locations().compactMap { $0["name"]?.stringValue } == ["Market Hall"])
        if written.contains("history") {
            let history = try await database.history()
            #expect(history.count == 1 && history.first?.newValue == .int(250) && history.first?.field == "price")
        }
        if written.contains("outbox") {
            let outbox = try await database.outboxEntries(statuses: [.pending])
            #expect(outbox.count == 1 && outbox.first?.changes.first?.new == .int(275))
            #expect(outbox.first?.idempotencyKey == "key-1")
        }
        if written.contains("scans") {
            #expect(try await database.scans().map(\.code) == ["0123"])
        }
        if written.contains("print_log") {
            let printed = try await database.printLog()
            #expect(printed.count == 1 && printed.first?.jobID == 5 && printed.first?.withTaxes == false)
            #expect(printed.first?.locationID == nil && printed.first?.status == .completed)
        }
        if written.contains("reorder_lines") {
            let lines = try await database.reorderLines()
            #expect(lines.count == 1 && lines.first?.quantity == 3 && lines.first?.variation?.itemName == "Apple Juice")
        }
        if written.contains("vendors") {
            #expect(try await database.vendorNames() == ["VEN1": "Acme"])
        }
        if written.contains("devices") {
            #expect(try await database.devices().map(\.name) == ["Till 2"])
        }
        if written.contains("hub_queue") {
            #expect(try await database.nextScanForHub()?.scanID == "s-1")
        }
        if written.contains("count_sessions") {
            let session = try #require(try await database.countSession(id: 1))
            #expect(session.scope == .areas && session.status == .open, "\(step)")
            // Before areas, a count of categories becomes a count of one area per category.
            let migrations = CatalogDatabase.migrator.migrations
            let areasCame = try #require(migrations.firstIndex { $0.hasPrefix("v26:") })
            let areas = try await database.countAreas(sessionID: 1)
            if let index = migrations.firstIndex(of: step), index < areasCame {
                #expect(areas.map(\.ids) == [["C1"]] && areas.first?.kind == .category, "\(step)")
            } else {
                #expect(areas.isEmpty, "\(step)")
            }
            let lines = try await database.countLines(sessionID: 1)
            #expect(lines.count == 1 && lines.first?.counted == 7 && lines.first?.postStatus == nil)
        }
        if written.contains("sync_problems") {
            #expect(try await database.syncProblems().map(\.id) == ["I9"])
        }
    }
}
