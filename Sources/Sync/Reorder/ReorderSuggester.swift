import CatalogCore
import Foundation
import SquareAPI
import Store

/// A variation at or below its low-stock threshold, and how many to order to bring it back up.
public struct ReorderSuggestion: Sendable, Equatable {
    public var variationID: String
    public var variation: VariationSummary?
    /// The IN_STOCK count Square reported, as it wrote it ("0" when Square has no count).
    public var onHand: String
    public var threshold: Int64
    /// The stock level ordering aims for: the threshold times the par factor.
    public var parLevel: Decimal
    /// How many are already wanted or on order.
    public var alreadyOpen: Int
    /// How many to add to the list: the par level minus what is on hand and already open, rounded up.
    public var proposal: Int
}

/// What `reorder suggest` found at a location.
public struct ReorderSuggestions: Sendable {
    public var locationID: String
    /// Variations whose stock is tracked at the location.
    public var tracked: Int
    /// Tracked variations without a LOW_QUANTITY threshold there (never suggested).
    public var withoutThreshold: Int
    /// Counts Square returned.
    public var countsRead: Int
    /// Low variations that are already wanted or on order in full.
    public var alreadyCovered: Int
    public var suggestions: [ReorderSuggestion]
}

/// Compares Square's inventory counts with each tracked variation's low-stock threshold at a location.
public struct ReorderSuggester: Sendable {
    public let database: CatalogDatabase
    public let client: SquareClient
    /// The par level is the threshold times this factor.
    public var parFactor: Double = 2

    /// The par factors that make sense: up to the threshold itself, or at most a hundred times it.
    public static let parFactors: ClosedRange<Double> = 1...100
    /// Variation ids per counts request (Square allows up to 1,000).
    public var idsPerRequest = 1000
    /// Counts requests in flight at once.
    public var concurrentRequests = 4

    public init(database: CatalogDatabase, client: SquareClient) {
        self.database = database
        self.client = client
    }

    /// Reads the counts of every tracked variation at `locationID` from Square, stores them, and proposes
    /// what to order; `progress` is told how many of the tracked variations were read so far.
    public func suggest(
        locationID: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) async throws -> ReorderSuggestions {
        let rules = try await database.stockRules(locationID: locationID)
        let counts = try await readCounts(ids: rules.map(\.variationID), locationID: locationID, progress: progress)
        try await database.saveStockCounts(counts)
        var onHand: [String: String] = [:]
        for count in counts { onHand[count.variationID] = count.quantity }
        let open = try await database.reorderOpenQuantities()
        var suggestions: [ReorderSuggestion] = []
        var covered = 0
        for rule in rules {
            guard let threshold = rule.threshold else { continue }
            let stock = onHand[rule.variationID] ?? "0"
            let quantity = Decimal(string: stock, locale: Locale(identifier: "en_US_POSIX")) ?? 0
            guard quantity <= Decimal(threshold) else { continue }
            let par = Decimal(threshold) * Decimal(parFactor)
            let already = open[rule.variationID] ?? 0
            let wanted = Self.roundUp(par - quantity - Decimal(already))
            guard already == 0 || wanted > 0 else {
                covered += 1
                continue
            }
            suggestions.append(
                ReorderSuggestion(
                    variationID: rule.variationID, variation: nil, onHand: stock, threshold: threshold,
                    parLevel: par, alreadyOpen: already, proposal: max(1, wanted)))
        }
        let summaries = try await database.variations(ids: suggestions.map(\.variationID))
        for index in suggestions.indices { suggestions[index].variation = summaries[suggestions[index].variationID] }
        suggestions.sort {
            ($0.variation?.itemName ?? "", $0.variationID) < ($1.variation?.itemName ?? "", $1.variationID)
        }
        return ReorderSuggestions(
            locationID: locationID, tracked: rules.count, withoutThreshold: rules.filter { $0.threshold == nil }.count,
            countsRead: counts.count, alreadyCovered: covered, suggestions: suggestions)
    }

    /// `value` rounded up to a whole number (a fraction of a unit still needs a whole unit ordered).
    static func roundUp(_ value: Decimal) -> Int {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 0, .up)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    /// Every IN_STOCK count at the location for `ids`, in requests of at most `idsPerRequest` ids, a few at once
    /// (a stock count's review reads what Square expects this way too).
    public func readCounts(
        ids: [String], locationID: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) async throws -> [StockCount] {
        let chunks = stride(from: 0, to: ids.count, by: max(1, idsPerRequest)).map {
            Array(ids[$0..<min($0 + idsPerRequest, ids.count)])
        }
        var counts: [StockCount] = []
        var done = 0
        try await withThrowingTaskGroup(of: (Int, [StockCount]).self) { group in
            var next = 0
            func start() {
                guard next < chunks.count else { return }
                let chunk = chunks[next]
                next += 1
                group.addTask { [client] in
                    let request: JSONValue = [
                        "catalog_object_ids": .array(chunk.map(JSONValue.string)),
                        "location_ids": [.string(locationID)], "states": ["IN_STOCK"], "limit": 1000,
                    ]
                    var found: [StockCount] = []
                    for try await page in client.batchRetrieveAllInventoryCounts(request) {
                        found += page.counts.compactMap(StockCount.init(square:))
                    }
                    return (chunk.count, found)
                }
            }
            for _ in 0..<max(1, concurrentRequests) { start() }
            while let (size, found) = try await group.next() {
                counts += found
                done += size
                progress?(done, ids.count)
                start()
            }
        }
        return counts.filter { $0.locationID == locationID }
    }
}
