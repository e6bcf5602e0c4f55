import CatalogCore
import Foundation
import GRDB
import Testing

@testable import Store

/// Migration v14 rebuilds `count_sessions` (its status may now be `posting`): a database with counts made
/// before it keeps every session, line and logged count, and the rebuilt table still guards its values.
@Suite struct CountMigrationTests {
    @Test func countsMadeBeforeV14SurviveItAndCanBePosted() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v13-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try CatalogDatabase.migrator.migrate(queue, upTo: "v13: stock count sessions, their lines and every count")
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO count_sessions(name, location_id, scope, scope_ids, status, counter, started_at,
                                                   reference)
                        VALUES ('Shelf', 'L1', 'open', '[]', 'open', 'till', '2026-11-20T09:00:00Z', 'catalog-count-1');
                        INSERT INTO count_lines(session_id, variation_id, counted, expected, expected_at,
                                                first_counted_at, last_counted_at, last_counter)
                        VALUES (1, 'V1', 7, '9', '2026-11-20T09:01:00Z', '2026-11-20T09:01:00Z',
                                '2026-11-20T09:05:00Z', 'till');
                        INSERT INTO count_events(session_id, variation_id, at, counter, action, quantity)
                        VALUES (1, 'V1', '2026-11-20T09:01:00Z', 'till', 'add', 7);
                        """)
            }
        }
        let database = try CatalogDatabase(path: path)
        let session = try #require(try await database.countSession(id: 1))
        #expect(session.name == "Shelf" && session.status == .open && session.reference == "catalog-count-1")
        let lines = try await database.countLines(sessionID: 1)
        #expect(lines.count == 1 && lines[0].counted == 7 && lines[0].expected == "9")
        #expect(lines[0].postStatus == nil && !lines[0].zeroFilled)
        #expect(try await database.freezeCountSession(1)?.status == .posting)
        // The new table keeps the old guards: an unknown status is refused, the log is never rewritten.
        await #expect(throws: (any Error).self) {
            try await database.write { db in try db.execute(sql: "UPDATE count_sessions SET status = 'lost'") }
        }
        await #expect(throws: (any Error).self) {
            try await database.write { db in try db.execute(sql: "DELETE FROM count_events") }
        }
        await #expect(throws: (any Error).self) {
            try await database.write { db in
                try db.execute(sql: "UPDATE count_lines SET post_status = 'maybe' WHERE variation_id = 'V1'")
            }
        }
        let open = try await database.countSessions(statuses: [.posting])
        #expect(open.map(\.id) == [1])
    }
}
