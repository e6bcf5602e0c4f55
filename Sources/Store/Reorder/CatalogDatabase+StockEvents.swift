import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Stores the IN_STOCK counts of one of Square's `inventory.count.updated` events, each only when it is
    /// not older than the count already stored for its variation and location; the counts it stored.
    ///
    /// Square's events can arrive late and out of order (a delivery retried for hours), so `calculated_at`
    /// decides, never arrival: an old event never overwrites a newer figure, whether that came from a later
    /// event, a sync or a receipt. A stored count without a readable `calculated_at` is replaced; a count
    /// without one never replaces a count that has one. An equal time is stored again (the same figure).
    @discardableResult
    public func applyStockEvent(_ counts: [StockCount]) async throws -> [StockCount] {
        guard !counts.isEmpty else { return [] }
        let now = clock.now().rfc3339
        return try await write { db in
            let stored = try db.cachedStatement(
                sql: "SELECT calculated_at, quantity FROM inventory_counts WHERE variation_id = ? AND location_id = ?")
            var applied: [StockCount] = []
            for count in counts {
                if let row = try Row.fetchOne(stored, arguments: [count.variationID, count.locationID]),
                    let storedAt = (row[0] as String?).flatMap(Timestamp.init(rfc3339:))
                {
                    // The same count read again (a read from a second before the newest time, as `StockRefresh`
                    // asks) is not a change: neither stored again nor passed on.
                    guard let arrivedAt = count.calculatedAt.flatMap(Timestamp.init(rfc3339:)), arrivedAt >= storedAt,
                        arrivedAt > storedAt || (row[1] as String?) != count.quantity
                    else { continue }
                }
                try Self.saveStockCounts([count], at: now, db: db)
                applied.append(count)
            }
            return applied
        }
    }
}

extension StockCount {
    /// The count as the hub's `stock` event carries it: `variation_id`, `location_id`, `quantity` (Square's
    /// decimal string) and `calculated_at`.
    public var json: JSONValue {
        [
            "variation_id": .string(variationID), "location_id": .string(locationID), "quantity": .string(quantity),
            "calculated_at": calculatedAt.map(JSONValue.string) ?? .null,
        ]
    }
}
