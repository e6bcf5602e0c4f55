import CatalogCore
import Foundation
import GRDB

extension CatalogDatabase {
    /// Opens a count session with its `areas` (for the `areas` scope) in one transaction; returns it.
    public func startCountSession(
        name: String, locationID: String, scope: CountSession.Scope, areas: [CountArea] = [], blind: Bool = false,
        counter: String, reference: String
    ) async throws -> CountSession {
        let now = clock.now().rfc3339
        return try await write { db in
            var record = CountSessionRecord(
                name: name, locationID: locationID, scope: scope.rawValue, scopeIDs: "[]",
                status: CountSession.Status.open.rawValue, counter: counter, startedAt: now, reference: reference,
                blind: blind)
            try record.insert(db)
            let session = try CountSession(record: record)
            _ = try Self.insertAreas(areas, sessionID: session.id, db)
            return session
        }
    }

    /// The count sessions, newest first; only those with `statuses` when given.
    public func countSessions(statuses: Set<CountSession.Status>? = nil) async throws -> [CountSession] {
        try await read { db in
            try CountSessionRecord.order(CountSessionRecord.Columns.id.desc).fetchAll(db)
                .map(CountSession.init(record:)).filter { statuses?.contains($0.status) ?? true }
        }
    }

    /// The count session `id`, if there is one.
    public func countSession(id: Int64) async throws -> CountSession? {
        try await read { db in
            try CountSessionRecord.fetchOne(db, key: id).map(CountSession.init(record:))
        }
    }

    /// Counts `quantity` more of a variation in the open session `sessionID` (or, with `replacing`, sets its
    /// count to `quantity`); returns the line as it now stands. One write transaction, so counts from
    /// several processes at once all count. `expected` and `areaID` (the area it is counted in) are kept
    /// only when the line is new. Nil when the session is not open (posted or cancelled meanwhile), or the
    /// area is done meanwhile.
    public func addCount(
        sessionID: Int64, variationID: String, quantity: Decimal, replacing: Bool = false, counter: String,
        expected: String? = nil, areaID: Int64? = nil
    ) async throws -> CountLine? {
        let now = clock.now().rfc3339
        return try await write { db -> CountLine? in
            guard
                try CountSessionRecord.fetchOne(db, key: sessionID)?.status == CountSession.Status.open.rawValue
            else { return nil }
            if let areaID, try CountArea.fetchOne(db, key: areaID)?.takesCounts != true { return nil }
            // An existing line is updated in place (a negative correction must not meet the table's
            // check as a new row first); a new one is inserted. Both inside this one write transaction.
            let update = replacing ? "?" : "counted + ?"
            try db.execute(
                sql: """
                    UPDATE count_lines SET counted = \(update), last_counted_at = ?, last_counter = ?
                    WHERE session_id = ? AND variation_id = ?
                    """,
                arguments: [QuantityColumn.value(quantity), now, counter, sessionID, variationID])
            if db.changesCount == 0 {
                try CountLineRecord(
                    sessionID: sessionID, variationID: variationID, counted: StoredQuantity(quantity),
                    expected: expected, expectedAt: expected == nil ? nil : now, firstCountedAt: now,
                    lastCountedAt: now, lastCounter: counter, zeroFilled: false, areaID: areaID
                ).insert(db)
            }
            var event = CountEventRecord(
                sessionID: sessionID, variationID: variationID, at: now, counter: counter,
                action: replacing ? "set" : "add", quantity: StoredQuantity(quantity))
            try event.insert(db)
            return try CountLineRecord.line(sessionID, variationID).fetchOne(db).map(CountLine.init(record:))
        }
    }

    /// The line of a variation in a session, if it has been counted there.
    public func countLine(sessionID: Int64, variationID: String) async throws -> CountLine? {
        try await read { db in
            try CountLineRecord.line(sessionID, variationID).fetchOne(db).map(CountLine.init(record:))
        }
    }

    /// Every line of a session, in the order first counted.
    public func countLines(sessionID: Int64) async throws -> [CountLine] {
        try await read { db in
            try CountLineRecord.filter(CountLineRecord.Columns.sessionID == sessionID)
                .order(CountLineRecord.Columns.firstCountedAt, CountLineRecord.Columns.variationID).fetchAll(db)
                .map(CountLine.init(record:))
        }
    }

    /// The session's totals: lines counted and units counted.
    public func countTotals(sessionID: Int64) async throws -> (lines: Int, units: Decimal) {
        try await read { db in
            let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT count(*) AS lines, coalesce(sum(counted), 0) AS units FROM count_lines WHERE session_id = ?",
                arguments: [sessionID])
            return (row?["lines"] ?? 0, row.map { QuantityColumn.quantity($0["units"]) } ?? 0)
        }
    }

    /// Cancels an open session (its lines stay, for the record); false when it was not open.
    public func cancelCountSession(_ id: Int64) async throws -> Bool {
        let now = clock.now().rfc3339
        return try await write { db in
            typealias Columns = CountSessionRecord.Columns
            return try CountSessionRecord.filter(key: id).filter(Columns.status == CountSession.Status.open.rawValue)
                .updateAll(
                    db, Columns.status.set(to: CountSession.Status.cancelled.rawValue), Columns.closedAt.set(to: now)
                ) > 0
        }
    }
}

extension CatalogDatabase {
    /// Whether the variation is in an area of `kind` `category` (its item is in one of the categories
    /// `ids`) or `vendor` (one of the vendors `ids` supplies it); false for the other kinds.
    func isInArea(variationID: String, kind: CountArea.Kind, ids: [String]) async throws -> Bool {
        switch kind {
        case .shelves, .codes:
            return false
        case .category, .vendor:
            guard !ids.isEmpty else { return false }
            return try await read { db in
                let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
                let sql =
                    kind == .category
                    ? """
                    SELECT count(*) > 0 FROM variations v JOIN items i ON i.id = v.item_id WHERE v.id = ? AND (
                        v.item_id IN (SELECT item_id FROM item_categories WHERE category_id IN (\(marks)))
                        OR i.category_id IN (\(marks)))
                    """
                    : """
                    SELECT count(*) > 0 FROM catalog_objects o,
                        json_each(o.json, '$.item_variation_data.vendor_information') vi
                    WHERE o.id = ? AND json_extract(vi.value, '$.vendor_id') IN (\(marks))
                    """
                let arguments = [variationID] + ids + (kind == .category ? ids : [])
                return try Bool.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) ?? false
            }
        }
    }
}

extension CatalogDatabase {
    /// Variations some vendors (`vendorIDs`) supply, by their `vendor_information`, ordered by item name.
    public func variations(ofVendors vendorIDs: [String]) async throws -> [VariationSummary] {
        guard !vendorIDs.isEmpty else { return [] }
        return try await read { db in
            let marks = Self.marks(vendorIDs)
            return try Self.summaries(
                db,
                where: """
                    v.id IN (SELECT o.id FROM catalog_objects o,
                        json_each(o.json, '$.item_variation_data.vendor_information') vi
                        WHERE o.type = 'ITEM_VARIATION' AND json_extract(vi.value, '$.vendor_id') IN (\(marks)))
                    """,
                arguments: StatementArguments(vendorIDs))
        }
    }

    /// Who supplies each of `variationIDs` and at what cost: its first `vendor_information` entry (the
    /// first of `preferred` vendors when it has one of them).
    public func vendorSupplies(variationIDs: [String], preferred: [String] = []) async throws -> [String: VendorSupply]
    {
        guard !variationIDs.isEmpty else { return [:] }
        return try await read { db in
            var supplies: [String: VendorSupply] = [:]
            let statement = try db.makeStatement(
                sql:
                    "SELECT value FROM catalog_objects o, json_each(o.json, '$.item_variation_data.vendor_information') "
                    + "WHERE o.id = ? ORDER BY key")
            for id in variationIDs {
                let entries = try String.fetchAll(statement, arguments: [id]).map {
                    VendorSupply(json: try VendorSupply.stored($0, variationID: id))
                }
                supplies[id] = entries.first { preferred.contains($0.vendorID ?? "") } ?? entries.first
            }
            return supplies
        }
    }
}
