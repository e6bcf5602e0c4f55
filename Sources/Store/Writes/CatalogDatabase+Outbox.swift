import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Stores a new pending entry and returns it with its id.
    public func enqueue(_ entry: OutboxEntry) async throws -> OutboxEntry {
        try await write { db in
            var stored = entry
            stored.id = try Self.insert(entry, db: db)
            return stored
        }
    }

    /// Inserts a new entry inside a caller's transaction and returns its number.
    static func insert(_ entry: OutboxEntry, db: Database) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO outbox(created_at, updated_at, counter, kind, object_id, item_id, label, base_version,
                                   changes, payload, idempotency_key, status, reason, attempts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
                """,
            arguments: [
                entry.createdAt, entry.updatedAt, entry.counter, entry.kind.rawValue, entry.objectID,
                entry.itemID, entry.label, entry.baseVersion, OutboxEntry.encode(entry.changes),
                HistoryEntry.encode(entry.payload), entry.idempotencyKey, entry.status.rawValue, entry.reason,
            ])
        return db.lastInsertedRowID
    }

    /// Outbox entries in the order they were made, optionally only those with one of `statuses`.
    public func outboxEntries(statuses: Set<OutboxEntry.Status>? = nil) async throws -> [OutboxEntry] {
        try await read { db in
            var sql = "SELECT * FROM outbox"
            var arguments: [String] = []
            if let statuses {
                let sorted = statuses.map(\.rawValue).sorted()
                sql += " WHERE status IN (\(Array(repeating: "?", count: sorted.count).joined(separator: ", ")))"
                arguments = sorted
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY id", arguments: StatementArguments(arguments))
                .map(OutboxEntry.init(row:))
        }
    }

    /// One outbox entry by its number.
    public func outboxEntry(id: Int64) async throws -> OutboxEntry? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE id = ?", arguments: [id]).map(OutboxEntry.init(row:))
        }
    }

    /// Changes an entry's state on its own (no Square write went with it: still pending, or a conflict).
    public func updateOutbox(_ update: OutboxUpdate) async throws {
        try await write { db in try Self.update(update, db: db) }
    }

    static func update(_ update: OutboxUpdate, db: Database) throws {
        var remoteText: String?
        if let remote = update.remote {
            let object = JSONObject(remote.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
            remoteText = String(decoding: JSONValue.object(object).serializedBytes(), as: UTF8.self)
        }
        try db.execute(
            sql: """
                UPDATE outbox SET status = ?, reason = ?, remote = COALESCE(?, remote),
                    result_version = COALESCE(?, result_version), updated_at = ?, attempts = attempts + 1
                WHERE id = ?
                """,
            arguments: [
                update.status.rawValue, update.reason, remoteText, update.resultVersion, Timestamp.now().rfc3339,
                update.id,
            ])
    }
}
