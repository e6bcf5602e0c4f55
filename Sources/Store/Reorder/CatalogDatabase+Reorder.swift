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
            guard
                let id = try Int64.fetchOne(
                    db, sql: "SELECT id FROM reorder_lines WHERE variation_id = ? AND status = 'wanted'",
                    arguments: [variationID])
            else { return nil }
            if quantity == 0 {
                try Self.close(db, lineID: id, status: .removed, at: now)
            } else {
                try db.execute(sql: "UPDATE reorder_lines SET quantity = ? WHERE id = ?", arguments: [quantity, id])
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
                    let row = try Row.fetchOne(
                        db, sql: "SELECT variation_id, quantity FROM reorder_lines WHERE id = ? AND status = 'wanted'",
                        arguments: [id])
                else { continue }
                try Self.close(db, lineID: id, status: .removed, at: now)
                try Self.recordReorderEvent(
                    db, at: now, counter: counter, lineID: id, variationID: row["variation_id"],
                    action: action, quantity: row["quantity"], detail: nil)
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
                    let row = try Row.fetchOne(
                        db, sql: "SELECT * FROM reorder_lines WHERE id = ? AND status = 'wanted'", arguments: [line.id])
                else { continue }
                let current: Int = row["quantity"]
                let sent = min(line.quantity, current)
                guard sent > 0 else { continue }
                try db.execute(
                    sql: """
                        UPDATE reorder_lines SET status = 'ordered', quantity = ?, vendor_id = ?, order_reference = ?,
                            ordered_at = ? WHERE id = ?
                        """,
                    arguments: [sent, line.vendorID, reference, now, line.id])
                try Self.recordReorderEvent(
                    db, at: now, counter: counter, lineID: line.id,
                    variationID: row["variation_id"], action: "order", quantity: sent, detail: reference)
                if current > sent {
                    try db.execute(
                        sql: """
                            INSERT INTO reorder_lines(variation_id, status, quantity, note, counter, last_counter,
                                                      first_added, last_added)
                            VALUES (?, 'wanted', ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            row["variation_id"], current - sent, row["note"], row["counter"], row["last_counter"],
                            row["first_added"], row["last_added"],
                        ])
                    try Self.recordReorderEvent(
                        db, at: now, counter: counter, lineID: db.lastInsertedRowID,
                        variationID: row["variation_id"], action: "add", quantity: current - sent,
                        detail: "added while order \(reference) was written")
                }
                ordered.append(line.id)
            }
            return ordered
        }
    }

    static func close(_ db: Database, lineID: Int64, status: ReorderLine.Status, at: String) throws {
        try db.execute(
            sql: "UPDATE reorder_lines SET status = ?, closed_at = ? WHERE id = ?",
            arguments: [status.rawValue, at, lineID])
    }

    static func recordReorderEvent(
        _ db: Database, at: String, counter: String, lineID: Int64, variationID: String, action: String,
        quantity: Int?, detail: String?
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO reorder_events(at, counter, line_id, variation_id, action, quantity, detail)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [at, counter, lineID, variationID, action, quantity, detail])
    }
}
