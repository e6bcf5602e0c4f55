import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Adds `quantity` of a variation to the list and returns its wanted line as it now stands.
    ///
    /// Adding to a variation already wanted adds to that line's quantity. The add is one upsert on the
    /// line that can be wanted at most once, inside one transaction, so adds from several processes at
    /// the same moment all count. A non-empty `note` replaces the line's note.
    public func addToReorderList(
        variationID: String, quantity: Int, note: String? = nil, counter: String
    ) async throws -> ReorderLine {
        let now = clock.now().rfc3339
        let id = try await write { db in
            guard
                let id = try Int64.fetchOne(
                    db,
                    sql: """
                        INSERT INTO reorder_lines(variation_id, status, quantity, note, counter, last_counter,
                                                  first_added, last_added)
                        VALUES (?, 'wanted', ?, ?, ?, ?, ?, ?)
                        ON CONFLICT(variation_id) WHERE status = 'wanted' DO UPDATE SET
                            quantity = quantity + excluded.quantity, last_counter = excluded.last_counter,
                            last_added = excluded.last_added, note = COALESCE(excluded.note, note)
                        RETURNING id
                        """,
                    arguments: [variationID, quantity, note, counter, counter, now, now])
            else { throw StoreError.database(reason: "the reorder line was not written") }
            try Self.recordReorderEvent(
                db, at: now, counter: counter, lineID: id, variationID: variationID,
                action: "add", quantity: quantity, detail: note)
            return id
        }
        guard let line = try await reorderLine(id: id) else {
            throw StoreError.database(reason: "reorder line \(id) vanished")
        }
        return line
    }

    /// Sets the quantity of a variation's wanted line; 0 takes the line off the list. Returns the line
    /// as it now stands, or `nil` when the variation is not on the list.
    public func setReorderQuantity(variationID: String, quantity: Int, counter: String) async throws -> ReorderLine? {
        let now = clock.now().rfc3339
        let id = try await write { db -> Int64? in
            guard var line = try ReorderLineRecord.lines(of: variationID, [.wanted]).fetchOne(db), let id = line.id
            else { return nil }
            if quantity == 0 {
                try Self.close(db, lineID: id, status: .removed, at: now)
            } else {
                try line.updateChanges(db) { $0.quantity = quantity }
            }
            try Self.recordReorderEvent(
                db, at: now, counter: counter, lineID: id, variationID: variationID,
                action: quantity == 0 ? "remove" : "set", quantity: quantity, detail: nil)
            return id
        }
        guard let id else { return nil }
        return try await reorderLine(id: id)
    }

    /// Takes wanted lines off the list (they stay in its history as `removed`); `action` names why in
    /// the history (`remove` or `clear`). Returns how many lines were still wanted and are now removed.
    @discardableResult
    public func removeReorderLines(ids: [Int64], action: String, counter: String) async throws -> Int {
        let now = clock.now().rfc3339
        return try await write { db in
            var removed = 0
            for id in ids {
                guard
                    let line = try ReorderLineRecord.filter(key: id)
                        .filter(ReorderLineRecord.Columns.status == ReorderLine.Status.wanted.rawValue).fetchOne(db)
                else { continue }
                try Self.close(db, lineID: id, status: .removed, at: now)
                try Self.recordReorderEvent(
                    db, at: now, counter: counter, lineID: id, variationID: line.variationID,
                    action: action, quantity: line.quantity, detail: nil)
                removed += 1
            }
            return removed
        }
    }

    /// Marks wanted lines as ordered from a vendor under `reference`, each with the quantity that went
    /// out in the order. A line that grew since the order was written keeps the difference as a new
    /// wanted line, so nothing added meanwhile is lost or ordered without being on the order.
    /// Returns the lines that were ordered (lines no longer wanted are skipped).
    public func orderReorderLines(
        _ lines: [(id: Int64, quantity: Int, vendorID: String?)], reference: String, counter: String
    ) async throws -> [Int64] {
        let now = clock.now().rfc3339
        return try await write { db in
            var ordered: [Int64] = []
            for line in lines {
                guard
                    var stored = try ReorderLineRecord.filter(key: line.id)
                        .filter(ReorderLineRecord.Columns.status == ReorderLine.Status.wanted.rawValue).fetchOne(db)
                else { continue }
                let current = stored.quantity
                let sent = min(line.quantity, current)
                guard sent > 0 else { continue }
                try stored.updateChanges(db) {
                    $0.status = ReorderLine.Status.ordered.rawValue
                    $0.quantity = sent
                    $0.vendorID = line.vendorID
                    $0.orderReference = reference
                    $0.orderedAt = now
                }
                try Self.recordReorderEvent(
                    db, at: now, counter: counter, lineID: line.id,
                    variationID: stored.variationID, action: "order", quantity: sent, detail: reference)
                if current > sent {
                    // The rest stays wanted as a new line, with the first line's note and history of adds.
                    var rest = ReorderLineRecord(
                        variationID: stored.variationID, status: ReorderLine.Status.wanted.rawValue,
                        quantity: current - sent, received: 0, note: stored.note, counter: stored.counter,
                        lastCounter: stored.lastCounter, firstAdded: stored.firstAdded, lastAdded: stored.lastAdded)
                    try rest.insert(db)
                    try Self.recordReorderEvent(
                        db, at: now, counter: counter, lineID: rest.id ?? db.lastInsertedRowID,
                        variationID: stored.variationID, action: "add", quantity: current - sent,
                        detail: "added while order \(reference) was written")
                }
                ordered.append(line.id)
            }
            return ordered
        }
    }

    static func close(_ db: Database, lineID: Int64, status: ReorderLine.Status, at: String) throws {
        _ = try ReorderLineRecord.filter(key: lineID).updateAll(
            db, ReorderLineRecord.Columns.status.set(to: status.rawValue),
            ReorderLineRecord.Columns.closedAt.set(to: at))
    }

    static func recordReorderEvent(
        _ db: Database, at: String, counter: String, lineID: Int64, variationID: String, action: String,
        quantity: Int?, detail: String?
    ) throws {
        let event = ReorderEventRecord(
            at: at, counter: counter, lineID: lineID, variationID: variationID, action: action, quantity: quantity,
            detail: detail)
        try event.insert(db)
    }
}
