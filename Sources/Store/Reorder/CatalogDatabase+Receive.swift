import CatalogCore
import GRDB

/// What receiving stock did to the reorder list.
public struct StockReceipt: Sendable, Equatable {
    /// The outbox entry that posts the receipt to Square.
    public var outboxID: Int64
    /// The lines the quantity was booked against, oldest order first, with how many each took.
    public var lines: [Booking]
    /// How many arrived beyond anything on order or wanted (kept as a received line of their own).
    public var unlisted: Int

    public init(outboxID: Int64, lines: [Booking], unlisted: Int) {
        (self.outboxID, self.lines, self.unlisted) = (outboxID, lines, unlisted)
    }

    /// Part of a receipt booked against one line.
    public struct Booking: Sendable, Equatable {
        public var lineID: Int64
        public var quantity: Int
        /// Whether the line is now received in full.
        public var completed: Bool
    }
}

extension CatalogDatabase {
    /// Books `quantity` arrived units of a variation against its open lines (orders first, oldest first,
    /// then the wanted line) and stores `outbox`, the inventory adjustment that tells Square, in the same
    /// transaction: the list and the pending post to Square land together or not at all.
    ///
    /// A line received in full becomes `received` and stays in the list's history; a partial receipt
    /// leaves the rest on order. Units beyond every open line are kept as a received line of their own.
    /// The outbox entry is stored claimed by `sender`, the process that sends it next.
    public func receiveStock(
        variationID: String, quantity: Int, counter: String, outbox: OutboxEntry,
        claimedBy sender: OutboxSender = .thisProcess
    ) async throws -> StockReceipt {
        let now = clock.now().rfc3339
        let outbox = outbox.written()
        return try await write { db in
            let outboxID = try Self.insert(outbox, claimedBy: sender, db: db)
            let detail = "outbox \(outboxID)"
            typealias Columns = ReorderLineRecord.Columns
            // Orders first, oldest first, then the wanted line.
            let open = try ReorderLineRecord.lines(of: variationID, [.ordered, .wanted])
                .order(Columns.status == ReorderLine.Status.wanted.rawValue, Columns.id).fetchAll(db)
            var left = quantity
            var bookings: [StockReceipt.Booking] = []
            for line in open where left > 0 {
                guard let id = line.id else { continue }
                let take = min(left, max(0, line.quantity - line.received))
                guard take > 0 else { continue }
                let completed = line.received + take >= line.quantity
                _ = try ReorderLineRecord.filter(key: id).updateAll(db, Columns.received += take)
                if completed { try Self.close(db, lineID: id, status: .received, at: now) }
                try Self.recordReorderEvent(
                    db, at: now, counter: counter, lineID: id, variationID: variationID,
                    action: "receive", quantity: take, detail: detail)
                bookings.append(StockReceipt.Booking(lineID: id, quantity: take, completed: completed))
                left -= take
            }
            if left > 0 {
                var unlisted = ReorderLineRecord(
                    variationID: variationID, status: ReorderLine.Status.received.rawValue, quantity: left,
                    received: left, note: "received without being on the list", counter: counter,
                    lastCounter: counter, firstAdded: now, lastAdded: now, closedAt: now)
                try unlisted.insert(db)
                try Self.recordReorderEvent(
                    db, at: now, counter: counter, lineID: unlisted.id ?? db.lastInsertedRowID,
                    variationID: variationID, action: "receive", quantity: left, detail: detail + " unlisted")
            }
            return StockReceipt(outboxID: outboxID, lines: bookings, unlisted: left)
        }
    }

    /// Undoes the list side of a receipt that will never reach Square (dropped after Square refused it):
    /// each line it was booked against gets the units back (a completed line reopens as ordered, or wanted
    /// when it never was ordered), a line made for unlisted units is removed, and the history says why.
    public func reverseStockReceipt(outboxID: Int64, reason: String, counter: String) async throws {
        let now = clock.now().rfc3339
        try await write { db in
            try Self.reverseReceipt(
                db, outboxID: outboxID, action: "receive-refused", detail: reason, counter: counter, at: now)
        }
    }

    /// Undoes a receipt that reached Square, or waits to, as the person who scanned it asked (the counter's
    /// undo): stores `undo`, the adjustment taking the units back out of stock in Square, and puts the list
    /// back as `reverseStockReceipt` does, in one transaction. A receipt is undone once: asked again, the
    /// first undo's outbox entry is answered (`fresh` false) and nothing more is stored.
    public func undoStockReceipt(
        outboxID: Int64, undo: OutboxEntry, counter: String, claimedBy sender: OutboxSender = .thisProcess
    ) async throws -> (undoID: Int64, fresh: Bool) {
        let now = clock.now().rfc3339
        let undo = undo.written()
        return try await write { db in
            let marker = "undone by outbox "
            if let earlier = try String.fetchOne(
                db,
                sql: "SELECT detail FROM reorder_events WHERE action = 'receive-undone' AND line_id IN "
                    + "(SELECT line_id FROM reorder_events WHERE action = 'receive' AND (detail = ? OR detail = ?)) "
                    + "AND detail LIKE ? LIMIT 1",
                arguments: ["outbox \(outboxID)", "outbox \(outboxID) unlisted", "outbox \(outboxID) \(marker)%"]),
                let id = Int64(earlier.dropFirst("outbox \(outboxID) \(marker)".count))
            {
                return (id, false)
            }
            let undoID = try Self.insert(undo, claimedBy: sender, db: db)
            try Self.reverseReceipt(
                db, outboxID: outboxID, action: "receive-undone", detail: "outbox \(outboxID) \(marker)\(undoID)",
                counter: counter, at: now)
            return (undoID, true)
        }
    }

    /// Gives back what receipt `outboxID` booked on the list, recording `action` with `detail` per line.
    private static func reverseReceipt(
        _ db: Database, outboxID: Int64, action: String, detail reason: String, counter: String, at now: String
    ) throws {
        let detail = "outbox \(outboxID)"
        let events = try Row.fetchAll(
            db,
            sql: """
                SELECT e.line_id, e.variation_id, e.quantity, e.detail, r.order_reference
                FROM reorder_events e JOIN reorder_lines r ON r.id = e.line_id
                WHERE e.action = 'receive' AND (e.detail = ? OR e.detail = ?)
                """,
            arguments: [detail, detail + " unlisted"])
        for event in events {
            let lineID: Int64 = event["line_id"]
            let variationID: String = event["variation_id"]
            let quantity: Int = event["quantity"] ?? 0
            let unlisted = (event["detail"] as String?) == detail + " unlisted"
            if unlisted {
                try close(db, lineID: lineID, status: .removed, at: now)
            } else {
                try db.execute(
                    sql: "UPDATE reorder_lines SET received = MAX(received - ?, 0), closed_at = NULL WHERE id = ?",
                    arguments: [quantity, lineID])
                let ordered = (event["order_reference"] as String?) != nil
                try reopen(db, lineID: lineID, variationID: variationID, asOrdered: ordered, at: now)
            }
            try recordReorderEvent(
                db, at: now, counter: counter, lineID: lineID, variationID: variationID, action: action,
                quantity: quantity, detail: reason)
        }
    }

    /// Puts a received line back on order (or back on the list when it was never ordered). A variation
    /// wanted meanwhile has its own wanted line: the reopened quantity joins that one.
    private static func reopen(
        _ db: Database, lineID: Int64, variationID: String, asOrdered: Bool, at: String
    ) throws {
        if asOrdered {
            _ = try ReorderLineRecord.filter(key: lineID).updateAll(
                db, ReorderLineRecord.Columns.status.set(to: ReorderLine.Status.ordered.rawValue))
            return
        }
        let existing = try ReorderLineRecord.lines(of: variationID, [.wanted])
            .filter(ReorderLineRecord.Columns.id != lineID).fetchOne(db)?.id
        guard let existing else {
            _ = try ReorderLineRecord.filter(key: lineID).updateAll(
                db, ReorderLineRecord.Columns.status.set(to: ReorderLine.Status.wanted.rawValue))
            return
        }
        try db.execute(
            sql: """
                UPDATE reorder_lines SET quantity = quantity +
                    (SELECT MAX(quantity - received, 0) FROM reorder_lines WHERE id = ?) WHERE id = ?
                """,
            arguments: [lineID, existing])
        try close(db, lineID: lineID, status: .removed, at: at)
    }
}
