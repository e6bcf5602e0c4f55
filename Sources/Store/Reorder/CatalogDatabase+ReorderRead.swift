import CatalogCore
import GRDB

extension CatalogDatabase {
    /// The reorder list's lines with the given statuses, with each variation's catalog details, supplier
    /// entry and vendor name, and (when `locationID` is given) its last known stock and alert threshold there.
    ///
    /// A line that was ordered keeps the vendor it was ordered from; a wanted line follows the catalog's
    /// first `vendor_information` entry. Lines come in the order they were first added.
    public func reorderLines(
        statuses: Set<ReorderLine.Status> = [.wanted, .ordered], locationID: String? = nil
    ) async throws -> [ReorderLine] {
        try await read { db in try Self.reorderLines(db, statuses: statuses, locationID: locationID, lineID: nil) }
    }

    /// One line by its number.
    public func reorderLine(id: Int64, locationID: String? = nil) async throws -> ReorderLine? {
        try await read { db in
            try Self.reorderLines(db, statuses: Set(ReorderLine.Status.allCases), locationID: locationID, lineID: id)
                .first
        }
    }

    /// How many of each variation are already wanted or still on order.
    public func reorderOpenQuantities() async throws -> [String: Int] {
        try await read { db in
            var open: [String: Int] = [:]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT variation_id, SUM(MAX(quantity - received, 0)) AS open FROM reorder_lines
                    WHERE status IN ('wanted', 'ordered') GROUP BY variation_id
                    """)
            for row in rows { open[row["variation_id"]] = row["open"] }
            return open
        }
    }

    /// The list's history, oldest first: every line's changes, or one line's.
    public func reorderEvents(lineID: Int64? = nil) async throws -> [ReorderEvent] {
        try await read { db in
            var request = ReorderEventRecord.order(ReorderEventRecord.Columns.id)
            if let lineID { request = request.filter(ReorderEventRecord.Columns.lineID == lineID) }
            return try request.asRequest(of: ReorderEvent.self).fetchAll(db)
        }
    }

    static func reorderLines(
        _ db: Database, statuses: Set<ReorderLine.Status>, locationID: String?, lineID: Int64?
    ) throws -> [ReorderLine] {
        let sortedStatuses = statuses.map(\.rawValue).sorted()
        guard !sortedStatuses.isEmpty else { return [] }
        var arguments: [(any DatabaseValueConvertible)?] = [locationID, locationID]
        arguments += sortedStatuses
        var filter = "r.status IN (\(Array(repeating: "?", count: sortedStatuses.count).joined(separator: ", ")))"
        if let lineID {
            filter += " AND r.id = ?"
            arguments.append(lineID)
        }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT r.*, \(summaryColumns), ic.quantity AS on_hand,
                    (SELECT json_extract(lo.value, '$.inventory_alert_threshold')
                     FROM json_each(o.json, '$.item_variation_data.location_overrides') lo
                     WHERE json_extract(lo.value, '$.location_id') = ?
                       AND json_extract(lo.value, '$.inventory_alert_type') = 'LOW_QUANTITY') AS threshold,
                    (SELECT value FROM json_each(o.json, '$.item_variation_data.vendor_information') vi
                     WHERE r.vendor_id IS NULL OR json_extract(vi.value, '$.vendor_id') = r.vendor_id
                     ORDER BY vi.key LIMIT 1) AS supply
                FROM reorder_lines r
                LEFT JOIN variations v ON v.id = r.variation_id
                LEFT JOIN items i ON i.id = v.item_id
                LEFT JOIN categories c ON c.id = i.category_id
                LEFT JOIN catalog_objects o ON o.id = r.variation_id
                LEFT JOIN inventory_counts ic ON ic.variation_id = r.variation_id AND ic.location_id = ?
                WHERE \(filter)
                ORDER BY r.id
                """,
            arguments: StatementArguments(arguments))
        let vendorNames = try Self.vendorNames(db)
        return try rows.map { row in
            var supply: VendorSupply?
            if let text: String = row["supply"] {
                supply = VendorSupply(json: try VendorSupply.stored(text, variationID: row["variation_id"]))
            }
            let frozenVendor: String? = row["vendor_id"]
            if let frozenVendor, supply?.vendorID != frozenVendor {
                supply = VendorSupply(vendorID: frozenVendor, vendorCode: nil, unitCost: nil)
            }
            let itemName: String? = row["item_name"]
            return try ReorderLine(
                record: ReorderLineRecord(row: row), variation: itemName == nil ? nil : try Self.summary(row),
                supply: supply, vendorName: supply?.vendorID.flatMap { vendorNames[$0] }, onHand: row["on_hand"],
                threshold: row["threshold"])
        }
    }
}
