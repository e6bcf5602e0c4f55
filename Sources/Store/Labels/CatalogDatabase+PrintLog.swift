import CatalogCore
import GRDB

/// A shelf label whose price is no longer the catalog's.
public struct StaleLabel: Sendable, Equatable {
    /// The variation as the catalog has it now; `nil` when it is no longer in the catalog.
    public var current: VariationSummary?
    /// The last label printed for it.
    public var printed: PrintRecord

    /// The price a tag printed the same way would show now (Square's running sale and the taxes included
    /// as the tag had them); `nil` for variable pricing or a variation that is gone.
    public var currentPrice: Money?
    /// The Square sale running now, when there is one.
    public var currentSale: Sale?

    public init(current: VariationSummary?, printed: PrintRecord, currentPrice: Money? = nil, currentSale: Sale? = nil)
    {
        self.current = current
        self.printed = printed
        self.currentPrice = currentPrice
        self.currentSale = currentSale
    }
}

extension CatalogDatabase {
    /// Stores print-log records and returns them with their ids.
    public func recordPrints(_ records: [PrintRecord]) async throws -> [PrintRecord] {
        try await write { db in
            try records.map { record in
                var row = PrintLogRecord(record)
                row.id = nil
                try row.insert(db)
                var stored = record
                stored.id = row.id
                return stored
            }
        }
    }

    /// The print log, newest first; optionally one variation's.
    public func printLog(variationID: String? = nil, limit: Int = 200) async throws -> [PrintRecord] {
        try await read { db in
            var request = PrintLogRecord.order(PrintLogRecord.Columns.id.desc).limit(limit)
            if let variationID { request = request.filter(PrintLogRecord.Columns.variationID == variationID) }
            return try request.fetchAll(db).map(PrintRecord.init(record:))
        }
    }

    /// Variations whose last label that reached a printer (not failed) shows another price than a customer
    /// pays now, or that are no longer in the catalog; ordered by item name. "Now" is the database's clock,
    /// and the price is `PricingCatalog.shelfPrice`'s at the tag's location: a tag printed during a Square
    /// sale is stale when the sale ends, one printed before it when it starts. A tag with a typed discount
    /// (--discount) is compared by its regular price, since Square knows nothing of that sale.
    /// With `variationIDs`, only theirs.
    public func staleLabels(variationIDs: [String]? = nil) async throws -> [StaleLabel] {
        let only = variationIDs.map { "AND variation_id IN (\(Self.marks($0)))" } ?? ""
        return try await read { db in
            // The last tag per variation and location: a tag printed for Market Hall is compared with
            // Market Hall's price now, one printed with no location with the variation's own price.
            let lastPrinted = try PrintRecord.fetchAll(
                db,
                sql: """
                    SELECT p.* FROM print_log p
                    JOIN (SELECT MAX(id) AS id FROM print_log WHERE status != 'failed' \(only)
                          GROUP BY variation_id, location_id) last ON last.id = p.id
                    """, arguments: StatementArguments(variationIDs ?? []))
            var names: [String: String] = [:]
            for location in try LocationRecord.fetchAll(db) { names[location.id] = location.name }
            let pricing = try self.pricingCatalog(db)
            let facts = try Self.pricingFacts(variationIDs: lastPrinted.map(\.variationID), db)
            let now = self.clock.now()
            var stale: [StaleLabel] = []
            for printed in lastPrinted {
                let place = printed.locationID.map { CounterLocation(id: $0, name: names[$0] ?? $0) }
                let current = try Row.fetchOne(
                    db, sql: Self.summarySelect + " WHERE v.id = ?", arguments: [printed.variationID]
                ).map { try Self.summary($0).at(place) }
                guard let current, let facts = facts[printed.variationID] else {
                    stale.append(StaleLabel(current: current, printed: printed))
                    continue
                }
                let shelf = pricing.shelfPrice(for: current, facts: facts, at: now)
                let typedDiscount = printed.hasTypedDiscount
                let shown = typedDiscount ? shelf.regular : shelf.price
                let expected = printed.withTaxes ? shown.map(shelf.withTaxes) : shown
                let printedPrice = typedDiscount ? printed.basePrice : printed.price
                if expected == printedPrice { continue }
                stale.append(
                    StaleLabel(current: current, printed: printed, currentPrice: expected, currentSale: shelf.sale))
            }
            return stale.sorted {
                ($0.current?.itemName ?? "", $0.printed.variationID, $0.printed.locationID ?? "") < (
                    $1.current?.itemName ?? "", $1.printed.variationID, $1.printed.locationID ?? ""
                )
            }
        }
    }

    /// Variations of items in any of the categories `categoryIDs`, ordered by item name.
    public func variations(inCategories categoryIDs: [String]) async throws -> [VariationSummary] {
        guard !categoryIDs.isEmpty else { return [] }
        return try await read { db in
            let marks = Self.marks(categoryIDs)
            return try Self.summaries(
                db,
                where: """
                    v.item_id IN (SELECT item_id FROM item_categories WHERE category_id IN (\(marks)))
                        OR i.category_id IN (\(marks))
                    """,
                arguments: StatementArguments(categoryIDs + categoryIDs))
        }
    }

    /// Variations whose stored copy (or their item's) was updated in Square at or after `since` (RFC 3339).
    public func variations(changedSince since: String) async throws -> [VariationSummary] {
        try await read { db in
            try Self.summaries(
                db,
                where: """
                    v.id IN (SELECT id FROM catalog_objects WHERE type = 'ITEM_VARIATION' AND updated_at >= ?)
                        OR v.item_id IN (SELECT id FROM catalog_objects WHERE type = 'ITEM' AND updated_at >= ?)
                    """,
                arguments: [since, since])
        }
    }
}
