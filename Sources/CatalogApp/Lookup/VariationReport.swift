import CatalogCore
import Foundation
import Store

/// One variation as `catalog show` and the hub's lookup (`GET /api/v1/variations/{code}`) give it: priced at
/// the counter's location, with what a customer pays now, the stock counts last read from Square, and the
/// edits still waiting for Square.
public struct VariationReport: Sendable {
    /// The variation, priced at the counter's location.
    public var variation: VariationSummary
    /// What a customer pays for it now.
    public var shelf: ShelfPrice
    /// The IN_STOCK counts last read from Square, by location id.
    public var stock: [String: String]
    /// Edits of it that have not reached Square (waiting or in conflict).
    public var outbox: [OutboxEntry]
    /// The scale code it was found by, when it was.
    public var scale: ScaleCode?
    /// Why Square's newer copy of it (or of its item) is held back, when a sync could not store it: what is
    /// shown is the last good copy.
    public var heldBack: SyncProblem?

    /// The variations `code` names (a barcode in any spelling, a scale code, a SKU or an id), each reported
    /// at `shop`'s location; throws a not-found error naming the code.
    public static func load(
        _ code: String, shop: ShopLocations, scaleLayouts: [ScaleLayout], database: CatalogDatabase,
        at moment: Timestamp
    ) async throws -> [VariationReport] {
        let scale = ScaleCode(code, layouts: scaleLayouts)
        var found: [VariationSummary] = []
        if let scale {
            found = try await scale.variations(in: database)
            if found.isEmpty {
                throw AppError(
                    "“\(Terminal.echo(code))” is a scale code for PLU \(scale.reading.plu), but no variation has "
                        + "that PLU as its SKU. Give the item the SKU \(scale.reading.pluNumber) in Square, then "
                        + "run catalog sync.",
                    exitCode: .notFound)
            }
        } else {
            do {
                found = try await Lookup.lookUp(code, in: database)
            } catch let error as AppError where error.exitStatus == .notFound {
                // Not stored, but perhaps in Square and held back by a sync: say so, and why.
                guard let held = try await database.heldBack(mentioning: code) else { throw error }
                throw held.notStoredError(code: code)
            }
        }
        let matches = found.map(shop.local)
        let prices = try await ShelfPrices.load(for: matches, database: database, at: moment)
        let waiting = try await database.outboxEntries(statuses: [.pending, .conflict])
        var reports: [VariationReport] = []
        for match in matches {
            let status = try await database.variationStatus(variationID: match.variationID, itemID: match.itemID)
            reports.append(
                VariationReport(
                    variation: match, shelf: prices.shelf(match), stock: status.stock,
                    outbox: waiting.filter { $0.objectID == match.variationID }, scale: scale,
                    heldBack: status.heldBack))
        }
        return reports
    }

    /// What a scale code printed on this variation, when it was found by one.
    public var embedded: (text: String, json: JSONValue)? { scale?.embedded(variation, shelf: shelf) }

    /// The object `catalog show --json` prints for it.
    public var json: JSONValue {
        var object = variation.json
        for (key, value) in shelf.jsonFields() { object[key] = value }
        if let embedded { object["embedded"] = embedded.json }
        if !stock.isEmpty {
            object["in_stock"] = .object(
                JSONObject(stock.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value)) }))
        }
        if !outbox.isEmpty { object["outbox"] = .array(outbox.map(\.json)) }
        if let heldBack { object["held_back"] = heldBack.heldBackJSON }
        return object
    }
}

/// A search as `catalog search` and the hub's `GET /api/v1/search` run it: the hits priced at the counter's
/// location, with what a customer pays for each now.
public struct ShopSearch: Sendable {
    public var outcome: SearchOutcome
    public var prices: ShelfPrices
    /// When `onlyHere` left nothing: how many matches there are that are not sold at the counter's location
    /// (up to the limit), so "nothing found" is not said of a catalog that has them.
    public var notSoldHere = 0

    /// Searches for `query` at `shop`'s location (see `ShopLocations.search`) and prices the hits at `moment`.
    public static func run(
        _ query: SearchQuery, limit: Int, onlyHere: Bool, shop: ShopLocations, database: CatalogDatabase,
        at moment: Timestamp
    ) async throws -> ShopSearch {
        let outcome = try await shop.search(query, limit: limit, onlyHere: onlyHere, in: database)
        let prices = try await ShelfPrices.load(for: outcome.hits.map(\.variation), database: database, at: moment)
        var found = ShopSearch(outcome: outcome, prices: prices)
        if onlyHere, outcome.hits.isEmpty, shop.here != nil {
            found.notSoldHere = try await shop.search(query, limit: limit, onlyHere: false, in: database).hits.count
        }
        return found
    }

    /// The array `catalog search --json` prints: each hit with its running sale (or null).
    public var json: JSONValue {
        .array(
            outcome.hits.map { hit in
                var object = hit.json
                object["sale"] = prices.shelf(hit.variation).sale?.json ?? .null
                return object
            })
    }
}

extension ShopSearch {
    /// What to say when `onlyHere` left every match out: "3 matches are not sold at High Street; search
    /// without --here to see them." Nil when there were none to leave out.
    public func notSoldHereNote(at place: CounterLocation?) -> String? {
        guard notSoldHere > 0, let place else { return nil }
        let matches = notSoldHere == 1 ? "1 match is" : "\(notSoldHere) matches are"
        return "\(matches) not sold at \(Terminal.visible(place.name)); search without --here to see "
            + (notSoldHere == 1 ? "it." : "them.")
    }
}

extension SyncProblem {
    /// The error for a lookup of `code` that found nothing because this object is held back: it is in
    /// Square, not stored here yet, and why.
    public func notStoredError(code: String) -> AppError {
        AppError(
            "“\(Terminal.echo(code))” is in Square but not stored here yet: \(Terminal.visible(label)) could not be stored "
                + "(\(Terminal.visible(reason))). Fix it in Square; the next catalog sync stores it "
                + "(catalog sync --problems lists what is held back).", exitCode: .dataError)
    }
}
