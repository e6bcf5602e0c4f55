import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Stores a new pending entry and returns it with its id. With `claimedBy`, the entry is stored already
    /// claimed by that sender: the write it holds is being sent now, and no other process sends it.
    public func enqueue(_ entry: OutboxEntry, claimedBy sender: OutboxSender? = nil) async throws -> OutboxEntry {
        try await write { db in
            var stored = entry
            stored.id = try Self.insert(entry, claimedBy: sender, db: db)
            return stored
        }
    }

    /// Inserts a new entry inside a caller's transaction and returns its number.
    static func insert(_ entry: OutboxEntry, claimedBy sender: OutboxSender? = nil, db: Database) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO outbox(created_at, updated_at, counter, kind, object_id, item_id, label, base_version,
                                   changes, payload, idempotency_key, status, reason, attempts, claim, claimed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
                """,
            arguments: [
                entry.createdAt, entry.updatedAt, entry.counter, entry.kind.rawValue, entry.objectID,
                entry.itemID, entry.label, entry.baseVersion, OutboxEntry.encode(entry.changes),
                HistoryEntry.encode(entry.payload), entry.idempotencyKey, entry.status.rawValue, entry.reason,
                sender?.token, sender == nil ? nil : entry.createdAt,
            ])
        return db.lastInsertedRowID
    }

    /// Claims entry `id` for `sender` when its status is one of `statuses` and no other live sender holds
    /// it; returns the entry as it is now, or `nil` when it is not to be sent by this sender.
    ///
    /// The check and the claim are one transaction, so of several processes sending at once exactly one
    /// gets each entry. A claim whose process has died (or whose lease ran out) is taken over.
    public func claimOutbox(
        id: Int64, statuses: Set<OutboxEntry.Status>, by sender: OutboxSender = .thisProcess
    ) async throws -> OutboxEntry? {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE id = ?", arguments: [id]) else {
                return nil
            }
            let entry = try OutboxEntry(row: row)
            guard statuses.contains(entry.status) else { return nil }
            if let claim: String = row["claim"], claim != sender.token,
                OutboxSender.holds(claim: claim, claimedAt: row["claimed_at"])
            {
                return nil
            }
            try db.execute(
                sql: "UPDATE outbox SET claim = ?, claimed_at = ? WHERE id = ?",
                arguments: [sender.token, self.clock.now().rfc3339, id])
            return entry
        }
    }

    /// Lets go of a claim without changing the entry (the sender stopped before deciding anything).
    public func releaseOutbox(id: Int64, by sender: OutboxSender = .thisProcess) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE outbox SET claim = NULL, claimed_at = NULL WHERE id = ? AND claim = ?",
                arguments: [id, sender.token])
        }
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
            return try OutboxEntry.fetchAll(db, sql: sql + " ORDER BY id", arguments: StatementArguments(arguments))
        }
    }

    /// One outbox entry by its number.
    public func outboxEntry(id: Int64) async throws -> OutboxEntry? {
        try await read { db in
            try OutboxEntry.fetchOne(db, sql: "SELECT * FROM outbox WHERE id = ?", arguments: [id])
        }
    }

    /// Changes an entry's state on its own (no Square write went with it: still pending, or a conflict).
    public func updateOutbox(_ update: OutboxUpdate) async throws {
        let now = clock.now().rfc3339
        try await write { db in try Self.update(update, at: now, db: db) }
    }

    /// Stores `update`; one made by a sender (`update.sender`) lands only while that sender still holds the
    /// entry, or else throws `StoreError.outboxEntryTaken` and the caller's transaction (with any history
    /// rows of the write) is rolled back. Every update lets go of the claim.
    static func update(_ update: OutboxUpdate, at now: String, db: Database) throws {
        var remoteText: String?
        if let remote = update.remote {
            let object = JSONObject(remote.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
            remoteText = String(decoding: JSONValue.object(object).serializedBytes(), as: UTF8.self)
        }
        try db.execute(
            sql: """
                UPDATE outbox SET status = ?, reason = ?, remote = COALESCE(?, remote),
                    result_version = COALESCE(?, result_version), updated_at = ?, attempts = attempts + 1,
                    claim = NULL, claimed_at = NULL
                WHERE id = ? AND (? IS NULL OR claim = ?)
                """,
            arguments: [
                update.status.rawValue, update.reason, remoteText, update.resultVersion, now,
                update.id, update.sender?.token, update.sender?.token,
            ])
        if update.sender != nil, db.changesCount == 0 { throw StoreError.outboxEntryTaken(id: update.id) }
    }
}
