import CatalogCore
import GRDB

/// One outbox entry of a count being posted, and the lines whose physical counts it carries.
public struct CountBatch: Sendable {
    public var entry: OutboxEntry
    public var variationIDs: [String]

    public init(entry: OutboxEntry, variationIDs: [String]) {
        self.entry = entry
        self.variationIDs = variationIDs
    }
}

extension CatalogDatabase {
    /// Stops an open session taking counts, so what is posted is what was counted (with
    /// `reopeningPosted`, a posted one goes back to posting, to post lines it left out); returns the
    /// session as it now is (already posting or posted when another process got there first).
    public func freezeCountSession(_ id: Int64, reopeningPosted: Bool = false) async throws -> CountSession? {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE count_sessions SET status = 'posting', closed_at = NULL
                    WHERE id = ? AND (status = 'open' OR (? AND status = 'posted'))
                    """,
                arguments: [id, reopeningPosted])
            return try CountSessionRecord.fetchOne(db, key: id).map(CountSession.init(record:))
        }
    }

    /// Queues a session's physical counts, in one transaction, before anything is sent: adds the lines
    /// never counted that are to be posted as zero (`zeroFill`, as of `at`), marks the lines left out
    /// (`leftOut`: untracked by Square, or not sold at the location, with the reason), and stores each batch's
    /// outbox entry with its idempotency key (claimed by `sender`, which sends them next) and its lines' link.
    ///
    /// A line is queued only from "not posted yet" (or one of the statuses in `requeue`): a second
    /// process posting the same session at once finds them taken, and this transaction is rolled back
    /// with `StoreError.outboxEntryTaken`. Returns the batches with their entries' ids.
    public func queueCountPost(
        sessionID: Int64, zeroFill: [String], at: String, counter: String,
        leftOut: [String: (status: CountLine.PostStatus, reason: String)], batches: [CountBatch],
        requeue: Set<CountLine.PostStatus>, claimedBy sender: OutboxSender
    ) async throws -> [CountBatch] {
        let now = clock.now().rfc3339
        return try await write { db in
            let insertZero = try db.makeStatement(
                sql: """
                    INSERT OR IGNORE INTO count_lines(session_id, variation_id, counted, first_counted_at,
                                                      last_counted_at, last_counter, zero_filled)
                    VALUES (?, ?, 0, ?, ?, ?, 1)
                    """)
            for id in zeroFill { try insertZero.execute(arguments: [sessionID, id, at, at, counter]) }
            let again = requeue.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
            let from = requeue.isEmpty ? "post_status IS NULL" : "(post_status IS NULL OR post_status IN (\(again)))"
            for (variationID, left) in leftOut {
                try db.execute(
                    sql: """
                        UPDATE count_lines SET post_status = ?, post_reason = ?
                        WHERE session_id = ? AND variation_id = ? AND \(from)
                        """,
                    arguments: [left.status.rawValue, left.reason, sessionID, variationID])
            }
            let queue = try db.makeStatement(
                sql: """
                    UPDATE count_lines SET post_status = 'queued', post_reason = NULL, outbox_id = ?
                    WHERE session_id = ? AND variation_id = ? AND \(from)
                    """)
            var stored: [CountBatch] = []
            for batch in batches {
                var entry = batch.entry
                let outboxID = try Self.insert(entry, claimedBy: sender, db: db)
                entry.id = outboxID
                for variationID in batch.variationIDs {
                    try queue.execute(arguments: [outboxID, sessionID, variationID])
                    if db.changesCount != 1 { throw StoreError.outboxEntryTaken(id: outboxID) }
                }
                stored.append(CountBatch(entry: entry, variationIDs: batch.variationIDs))
            }
            try Self.finishCountSessionIfDone(sessionID, at: now, db: db)
            return stored
        }
    }

    /// Records a batch Square accepted, in one transaction: the outbox entry applied, its lines posted,
    /// the counts Square answered stored, a history row per line (what was expected and what was counted)
    /// and, when no line of the session is left to post, the session posted.
    public func recordCountBatchPosted(
        outboxID: Int64, sessionID: Int64, counts: [StockCount], sender: OutboxSender
    ) async throws {
        let now = clock.now().rfc3339
        try await write { db in
            try Self.update(
                OutboxUpdate(id: outboxID, status: .applied, reason: nil, sender: sender), at: now, db: db)
            guard
                let session = try CountSessionRecord.fetchOne(db, key: sessionID).map(CountSession.init(record:))
            else { throw StoreError.database(reason: "count session \(sessionID) is gone") }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT l.variation_id, l.counted, l.expected, l.zero_filled, v.item_id
                    FROM count_lines l LEFT JOIN variations v ON v.id = l.variation_id
                    WHERE l.session_id = ? AND l.outbox_id = ? AND l.post_status = 'queued'
                    """,
                arguments: [sessionID, outboxID])
            try Self.append(
                rows.map { row in
                    let counted = QuantityColumn.quantity(row["counted"])
                    let zero: Bool = row["zero_filled"]
                    return HistoryEntry(
                        at: now, counter: session.counter, action: .count, objectType: "ITEM_VARIATION",
                        objectID: row["variation_id"], itemID: row["item_id"],
                        field: "in_stock@" + session.locationID,
                        oldValue: (row["expected"] as String?).map(JSONValue.string),
                        newValue: .string(Quantity.text(counted)), version: nil,
                        source: "count \(sessionID) \(session.reference)" + (zero ? " (not counted, posted as 0)" : ""))
                }, db: db)
            try db.execute(
                sql: """
                    UPDATE count_lines SET post_status = 'posted', posted_at = ?
                    WHERE session_id = ? AND outbox_id = ? AND post_status = 'queued'
                    """,
                arguments: [now, sessionID, outboxID])
            try Self.saveStockCounts(counts, at: now, db: db)
            try Self.finishCountSessionIfDone(sessionID, at: now, db: db)
        }
    }

    /// Reshapes a batch Square refused, in one transaction. The `refused` lines (with Square's reason) are
    /// marked refused; the entry then carries `remaining` (its new changes and the new key they are sent
    /// under: the refused request applied nothing) or, with nothing remaining, ends failed with `reason`.
    /// `split` (a second half, when Square named no single change) is stored as a new entry claimed by
    /// `sender`, and returned with its id.
    public func reshapeCountBatch(
        outboxID: Int64, sessionID: Int64, refused: [String: String], remaining: CountBatch?, split: CountBatch?,
        reason: String, sender: OutboxSender
    ) async throws -> CountBatch? {
        let now = clock.now().rfc3339
        return try await write { db in
            for (variationID, why) in refused {
                try db.execute(
                    sql: """
                        UPDATE count_lines SET post_status = 'refused', post_reason = ?
                        WHERE session_id = ? AND variation_id = ? AND outbox_id = ?
                        """,
                    arguments: [why, sessionID, variationID, outboxID])
            }
            if let remaining {
                typealias Columns = OutboxRecord.Columns
                let changed = try OutboxRecord.filter(key: outboxID).filter(Columns.claim == sender.token).updateAll(
                    db, Columns.payload.set(to: remaining.entry.payload?.jsonString),
                    Columns.idempotencyKey.set(to: remaining.entry.idempotencyKey),
                    Columns.label.set(to: remaining.entry.label),
                    Columns.changes.set(to: OutboxEntry.encode(remaining.entry.changes)),
                    Columns.updatedAt.set(to: now),
                    Columns.attempts += 1)
                if changed == 0 { throw StoreError.outboxEntryTaken(id: outboxID) }
            } else {
                try Self.update(
                    OutboxUpdate(id: outboxID, status: .failed, reason: reason, sender: sender), at: now, db: db)
            }
            var stored: CountBatch?
            if let split {
                var entry = split.entry
                let id = try Self.insert(entry, claimedBy: sender, db: db)
                entry.id = id
                let move = try db.makeStatement(
                    sql:
                        "UPDATE count_lines SET outbox_id = ? WHERE session_id = ? AND variation_id = ? AND outbox_id = ?"
                )
                for variationID in split.variationIDs {
                    try move.execute(arguments: [id, sessionID, variationID, outboxID])
                }
                stored = CountBatch(entry: entry, variationIDs: split.variationIDs)
            }
            try Self.finishCountSessionIfDone(sessionID, at: now, db: db)
            return stored
        }
    }

    /// The variation ids of a session's lines whose physical counts `outboxID` carries and that wait.
    public func queuedCountLines(outboxID: Int64) async throws -> [String] {
        try await read { db in
            try String.fetchAll(
                db, sql: "SELECT variation_id FROM count_lines WHERE outbox_id = ? AND post_status = 'queued'",
                arguments: [outboxID])
        }
    }

    /// Marks a posting session posted once none of its lines waits, is still to be queued or was left out
    /// as untracked (those stay to be posted with `--track`; a line Square refused has Square's answer).
    static func finishCountSessionIfDone(_ sessionID: Int64, at now: String, db: Database) throws {
        try db.execute(
            sql: """
                UPDATE count_sessions SET status = 'posted', closed_at = ?
                WHERE id = ? AND status = 'posting' AND NOT EXISTS (
                    SELECT 1 FROM count_lines
                    WHERE session_id = ? AND (post_status IS NULL OR post_status IN ('queued', 'untracked', 'not_sold')))
                """,
            arguments: [now, sessionID, sessionID])
    }
}
