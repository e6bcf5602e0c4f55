import CatalogCore
import Foundation
import Store
import Sync

/// What `catalog demo` shows of a freshly synced demo shop, step by step: each step's data comes from
/// here, through the same rules the commands use; the command only narrates.
public struct DemoTour: Sendable {
    let context: AppContext
    let database: CatalogDatabase

    /// The tour of the context's database (synced from the demo sandbox the context's client talks to).
    public init(context: AppContext) throws {
        self.context = context
        database = try context.openDatabase()
    }

    /// How many items, variations, categories and locations the database holds, by those names.
    public func counts() async throws -> [String: Int] { try await database.counts() }

    /// Up to `limit` variations to show, in a stable order.
    public func sample(limit: Int) async throws -> [VariationSummary] {
        try await database.sampleVariations(limit: limit)
    }

    /// The variations `code` names, as `catalog show` finds them.
    public func lookUp(_ code: String) async throws -> [VariationSummary] {
        try await Lookup.lookUp(code, in: database, frontEnd: context.frontEnd)
    }

    /// The shop's first location, where the reorder and count steps happen.
    public func firstLocation() async throws -> CounterLocation? {
        guard let location = try await database.locations().first, let id = location["id"]?.stringValue else {
            return nil
        }
        return CounterLocation(id: id, name: location["name"]?.stringValue ?? id)
    }

    /// Changes `variation`'s price to `price` the safe way (fetch, change the one field, write back with
    /// its version), as the counter "demo".
    public func changePrice(of variation: VariationSummary, to price: Money) async throws -> EditResult {
        try await Editor(database: database, client: try context.makeClient(), counter: "demo", sender: context.sender)
            .edit(
                variationID: variation.variationID, itemID: variation.itemID, label: variation.label,
                edits: [FieldEdit(.price, price.json)])
    }

    /// Reads Square's counts at `place`, adds every variation at or below its low-stock threshold to the
    /// reorder list, and answers the suggestions with the list's wanted lines there.
    public func reorderLowStock(at place: CounterLocation) async throws
        -> (suggestions: ReorderSuggestions, lines: [ReorderLine])
    {
        let report = try await ReorderSuggester(database: database, client: try context.makeClient())
            .suggest(locationID: place.id)
        for suggestion in report.suggestions {
            _ = try await database.addToReorderList(
                variationID: suggestion.variationID, quantity: suggestion.proposal, counter: "demo")
        }
        return (report, try await database.reorderLines(statuses: [.wanted], locationID: place.id))
    }

    /// Three variations to count at `place`: each with a count of at least 3 there (as last read from
    /// Square) and a vendor's unit cost, with that count; fewer when the shop has fewer.
    public func shelfToCount(at place: CounterLocation) async throws -> [(VariationSummary, Int)] {
        let sample = try await database.sampleVariations(limit: 400)
        let supplies = try await database.vendorSupplies(variationIDs: sample.map(\.variationID))
        var shelf: [(VariationSummary, Int)] = []
        for variation in sample where shelf.count < 3 && supplies[variation.variationID]?.unitCost != nil {
            if let text = try await database.stockCounts(variationID: variation.variationID)[place.id],
                let quantity = Int(text), quantity >= 3
            {
                shelf.append((variation, quantity))
            }
        }
        return shelf
    }

    /// A variation one of whose locations charges its own price, when the shop has one.
    public func variationWithLocationPrices() async throws -> VariationSummary? {
        try await database.sampleVariations(limit: 400).first { $0.terms.hasOwnPrices(base: $0.basePrice) }
    }
}
