import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Stores a new pending entry and returns it with its id. With `claimedBy`, the entry is stored already
    /// claimed by that sender: the write it holds is being sent now, and no other process sends it.
    public func enqueue(_ entry: OutboxEntry, claimedBy sender: OutboxSender? = nil) async throws -> OutboxEntry {
        let entry = entry.written()
        return try await write { db in
            var stored = entry
            stored.id = try Self.insert(entry, claimedBy: sender, db: db)
            return stored
        }
    }

    /// Inserts a new entry inside a caller's transaction and returns its number.
    static func insert(_ entry: OutboxEntry, claimedBy sender: OutboxSender? = nil, db: Database) throws -> Int64 {
        var record = OutboxRecord(entry, claimedBy: sender)
        record.id = nil
        record.attempts = 0
        try record.insert(db)
        return record.id ?? db.lastInsertedRowID
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
            guard var record = try OutboxRecord.fetchOne(db, key: id) else { return nil }
            let entry = try OutboxEntry(record: record)
            guard statuses.contains(entry.status) else { return nil }
            if let claim = record.claim, claim != sender.token,
                OutboxSender.holds(claim: claim, claimedAt: record.claimedAt)
            {
                return nil
            }
            try record.updateChanges(db) {
                $0.claim = sender.token
                $0.claimedAt = self.clock.now().rfc3339
            }
            return entry
        }
    }

    /// Lets go of a claim without changing the entry (the sender stopped before deciding anything).
    public func releaseOutbox(id: Int64, by sender: OutboxSender = .thisProcess) async throws {
        try await write { db in
            _ = try OutboxRecord.filter(key: id).filter(OutboxRecord.Columns.claim == sender.token).updateAll(
                db, OutboxRecord.Columns.claim.set(to: nil), OutboxRecord.Columns.claimedAt.set(to: nil))
        }
    }

    /// Gives an entry `sender` holds a new payload and idempotency key: the request sent from now on (a stock
    /// receipt stamped again for Square's time window). Stored before it is sent, so a retry after a crash
    /// or a dropped connection repeats exactly that request and Square applies it once.
    public func restampOutbox(id: Int64, payload: JSONValue, idempotencyKey: String, by sender: OutboxSender)
        async throws
    {
        typealias Columns = OutboxRecord.Columns
        try await write { db in
            let changed = try OutboxRecord.filter(key: id).filter(Columns.claim == sender.token).updateAll(
                db, Columns.payload.set(to: payload.jsonString), Columns.idempotencyKey.set(to: idempotencyKey))
            if changed == 0 { throw StoreError.outboxEntryTaken(id: id) }
        }
    }

    /// Outbox entries in the order they were made, optionally only those with one of `statuses`.
    public func outboxEntries(statuses: Set<OutboxEntry.Status>? = nil) async throws -> [OutboxEntry] {
        // A cached statement: a counter's every scan asks for the edits still waiting.
        let wanted = statuses.map { $0.map(\.rawValue).sorted() }
        return try await read { db in
            let condition = wanted.map { " WHERE status IN (\(Self.marks($0)))" } ?? ""
            return try OutboxRecord.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM outbox\(condition) ORDER BY id"),
                arguments: StatementArguments(wanted ?? [])
            ).map(OutboxEntry.init(record:))
        }
    }

    /// One outbox entry by its number.
    public func outboxEntry(id: Int64) async throws -> OutboxEntry? {
        try await read { db in
            try OutboxRecord.fetchOne(db, key: id).map(OutboxEntry.init(record:))
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
        typealias Columns = OutboxRecord.Columns
        var assignments = [
            Columns.status.set(to: update.status.rawValue), Columns.reason.set(to: update.reason),
            Columns.updatedAt.set(to: now), Columns.attempts += 1, Columns.claim.set(to: nil),
            Columns.claimedAt.set(to: nil),
        ]
        // A value not given keeps the stored one.
        if let remote = update.remote { assignments.append(Columns.remote.set(to: OutboxEntry.encode(remote: remote))) }
        if let version = update.resultVersion { assignments.append(Columns.resultVersion.set(to: version)) }
        var request = OutboxRecord.filter(key: update.id)
        if let sender = update.sender { request = request.filter(Columns.claim == sender.token) }
        let changed = try request.updateAll(db, assignments)
        if update.sender != nil, changed == 0 { throw StoreError.outboxEntryTaken(id: update.id) }
    }
}
