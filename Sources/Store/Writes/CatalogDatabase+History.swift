import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Stores what Square answered to a write, the history rows of that write, and outbox changes, in one
    /// transaction: the local copy, the history and the outbox never disagree about whether it happened.
    public func recordWrite(
        objects: [JSONValue], history: [HistoryEntry], outbox: [OutboxUpdate] = []
    ) async throws {
        try await write { db in
            var context = ApplyContext(markSeen: false)
            for object in objects {
                try Self.apply(PreparedObject(object), parentItemID: nil, context: &context, db: db)
            }
            try context.upkeep.finish(cache: self.vocabularyCache, db: db)
            try Self.append(history, db: db)
            for update in outbox { try Self.update(update, at: self.clock.now().rfc3339, db: db) }
        }
    }

    /// The history, newest first: all of it, or the rows about `objectIDs` (objects or their items),
    /// from `since` (RFC 3339) on.
    public func history(objectIDs: [String]? = nil, since: String? = nil, limit: Int = 1000) async throws
        -> [HistoryEntry]
    {
        try await read { db in
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            if let objectIDs {
                let marks = Array(repeating: "?", count: objectIDs.count).joined(separator: ", ")
                conditions.append("(object_id IN (\(marks)) OR item_id IN (\(marks)))")
                arguments += objectIDs + objectIDs
            }
            if let since {
                conditions.append("at >= ?")
                arguments.append(since)
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            arguments.append(limit)
            return try HistoryEntry.fetchAll(
                db, sql: "SELECT * FROM history \(filter) ORDER BY id DESC LIMIT ?",
                arguments: StatementArguments(arguments))
        }
    }

    static func append(_ entries: [HistoryEntry], db: Database) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO history(at, counter, action, object_type, object_id, item_id, field, old_value,
                                    new_value, version, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for entry in entries {
            try statement.execute(arguments: [
                entry.at, entry.counter, entry.action.rawValue, entry.objectType, entry.objectID, entry.itemID,
                entry.field, HistoryEntry.encode(entry.oldValue), HistoryEntry.encode(entry.newValue),
                entry.version, entry.source,
            ])
        }
    }
}
