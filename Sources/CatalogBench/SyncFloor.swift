import CatalogApp
import Foundation
import GRDB
import Store

/// What SQLite itself needs to write the rows a full sync stored (issue 41's floor): every table of a
/// synced database, the search index's own tables among them, copied into an empty file with the same
/// tables and indexes, in one transaction, with the pragmas the catalog's writer uses. No JSON, no
/// network, no search upkeep: only the b-trees, the WAL and its checkpoint.
enum SyncFloor {
    /// Copies `source` into a new database at `path` and returns the seconds the copy took (the schema
    /// is made before the clock starts).
    static func measure(copying source: String, into path: String) throws -> Double {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            for pragma in CatalogDatabase.writerPragmas { try db.execute(sql: pragma) }
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [source])
            // Virtual tables are left out: their shadow tables, which hold their rows, are plain tables.
            let tables = try Row.fetchAll(
                db,
                sql: """
                    SELECT name, sql FROM source.sqlite_master
                    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'
                    ORDER BY rootpage
                    """)
            let indexes = try String.fetchAll(
                db,
                sql: """
                    SELECT sql FROM source.sqlite_master
                    WHERE type = 'index' AND sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
                    """)
            guard !tables.isEmpty else {
                throw AppError("\(source) has no tables to copy.", exitCode: .internalError)
            }
            for table in tables { try db.execute(sql: table["sql"]) }
            for index in indexes { try db.execute(sql: index) }
            let started = ContinuousClock.now
            try db.inTransaction {
                for table in tables {
                    let name = (table["name"] as String).replacingOccurrences(of: "\"", with: "\"\"")
                    // `WHERE 1` keeps SQLite from copying the table's pages as they are (its transfer
                    // optimisation): each row is inserted, and each index entry, as a sync inserts them.
                    try db.execute(sql: "INSERT INTO main.\"\(name)\" SELECT * FROM source.\"\(name)\" WHERE 1")
                }
                return .commit
            }
            let seconds = (ContinuousClock.now - started).seconds
            try db.execute(sql: "DETACH DATABASE source")
            return seconds
        }
    }
}
