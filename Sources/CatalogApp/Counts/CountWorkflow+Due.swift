import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

/// Cycle counting: a little counted every day rather than everything once a year. What has not been counted
/// at a location for a number of days, most valuable first, and a count of the most overdue.
extension CountWorkflow {
    /// One variation due for a count.
    public struct DueLine: Sendable {
        public var variation: VariationSummary
        /// Square's IN_STOCK quantity at the location (nil when it could not be read and none was kept).
        public var stock: Decimal?
        public var unitCost: Money?
        /// Stock × unit cost, when both are known (a negative stock counts as none).
        public var value: Money?
        /// When it was last counted there, and by whom; nil when never.
        public var lastCounted: LastCount?

        public var json: JSONValue {
            func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
            return [
                "variation_id": .string(variation.variationID), "item_name": .string(variation.itemName),
                "variation_name": text(variation.variationName), "sku": text(variation.sku),
                "gtin": text(variation.gtin), "category": text(variation.category),
                "stock": stock.map { .number(Quantity.text($0)) } ?? .null, "unit_cost": unitCost?.json ?? .null,
                "value": value?.json ?? .null, "last_counted_at": text(lastCounted?.countedAt),
                "last_counted_by": text(lastCounted?.source.rawValue),
            ]
        }
    }

    /// What is due for a count.
    public struct Due: Sendable {
        public var location: CounterLocation
        /// Most valuable first; never counted before counted long ago at the same value.
        public var lines: [DueLine]
        /// How many variations sold and tracked at the location were looked at.
        public var tracked: Int
        /// Why Square's history or counts could not be read now, when they could not (the figures are then
        /// those kept from before).
        public var problem: String?
    }

    /// The variations sold at `location` (the counter's when nil), with stock Square tracks there, not
    /// counted for `days` days (or never): first the last counts are brought up to date from Square's
    /// inventory history (its PHYSICAL_COUNT changes since the last read), then each is valued at its stock
    /// times the vendor's unit cost. At most `limit` when given.
    public func due(days: Int, location: String?, limit: Int? = nil) async throws -> Due {
        guard (1...3650).contains(days) else {
            throw AppError("--days \(days): give a number of days from 1 to 3650, such as 90.", exitCode: .usage)
        }
        guard let place = try await context.location(location, in: database) else {
            throw AppError("Counts are per location: give --location NAME.", exitCode: .usage)
        }
        let sold = try await database.activeVariations().map { $0.at(place) }.filter(\.isSold)
        let tracking = try await database.inventoryTracking(variationIDs: sold.map(\.variationID), locationID: place.id)
        let tracked = sold.filter { tracking[$0.variationID] != false }
        var problem: String?
        var stock: [String: String] = [:]
        do {
            try await readCountHistory(at: place)
            let client = try context.makeClient()
            let counts = try await ReorderSuggester(database: database, client: client).readCounts(
                ids: tracked.map(\.variationID), locationID: place.id, progress: nil)
            try await database.saveStockCounts(counts)
            stock = Dictionary(counts.map { ($0.variationID, $0.quantity) }) { first, _ in first }
        } catch {
            problem = AppError.from(error).description
            stock = try await database.stockCounts(variationIDs: tracked.map(\.variationID), locationID: place.id)
        }
        let last = try await database.lastCounts(locationID: place.id)
        let supplies = try await database.vendorSupplies(variationIDs: tracked.map(\.variationID))
        let cutoff = Timestamp(seconds: context.clock.now().seconds - Int64(days) * 86_400).rfc3339
        var lines: [DueLine] = []
        for variation in tracked {
            let counted = last[variation.variationID]
            if let counted, counted.countedAt >= cutoff { continue }
            let quantity = stock[variation.variationID].flatMap { Decimal(string: $0) }
            let cost = supplies[variation.variationID]?.unitCost
            let value = quantity.flatMap { quantity in
                cost.map { cost in
                    Money(
                        amount: PricingCatalog.rounded(max(quantity, 0) * Decimal(cost.amount)), currency: cost.currency
                    )
                }
            }
            lines.append(
                DueLine(variation: variation, stock: quantity, unitCost: cost, value: value, lastCounted: counted))
        }
        lines.sort { left, right in
            let (a, b) = (left.value?.amount ?? -1, right.value?.amount ?? -1)
            if a != b { return a > b }
            let (l, r) = (left.lastCounted?.countedAt ?? "", right.lastCounted?.countedAt ?? "")
            if l != r { return l < r }
            return (left.variation.label, left.variation.variationID) < (
                right.variation.label, right.variation.variationID
            )
        }
        if let limit { lines = Array(lines.prefix(max(0, limit))) }
        return Due(location: place, lines: lines, tracked: tracked.count, problem: problem)
    }

    /// Reads Square's physical counts at `place` made since the last read (all of them the first time) and
    /// keeps the latest of each variation's.
    func readCountHistory(at place: CounterLocation) async throws {
        let client = try context.makeClient()
        let since = try await database.countHistoryRead(locationID: place.id)
        // Read up to a minute ago: a change Square stamps while this reads is found by the next read.
        let upTo = Timestamp(seconds: context.clock.now().seconds - 60).rfc3339
        var request: JSONValue = ["location_ids": [.string(place.id)], "types": ["PHYSICAL_COUNT"]]
        if let since { request["updated_after"] = .string(since) }
        var found: [LastCount] = []
        for try await page in client.batchRetrieveInventoryChanges(request) {
            for change in page.changes {
                let count = change["physical_count"] ?? .null
                guard let id = count["catalog_object_id"]?.stringValue,
                    let at = count["occurred_at"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
                else { continue }
                found.append(LastCount(variationID: id, locationID: place.id, countedAt: at.rfc3339, source: .square))
            }
        }
        try await database.recordLastCounts(found, readUpTo: (place.id, upTo))
    }
}
