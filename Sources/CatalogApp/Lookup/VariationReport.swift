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
    /// The stock at each location it has a count for (as of when, and whether low), the counter's first,
    /// with each location's name.
    public var stockFigures: [(figure: StockFigure, name: String?)] = []

    /// The report of `variation` (priced at the counter's location) from what was read of it: what a customer
    /// pays, its stock status, its edits waiting for Square, and the shop's location names by id.
    public init(
        _ variation: VariationSummary, shelf: ShelfPrice, status: VariationStatus, outbox: [OutboxEntry],
        scale: ScaleCode?, names: [String: String]
    ) {
        self.variation = variation
        self.shelf = shelf
        self.stock = status.stock
        self.outbox = outbox
        self.scale = scale
        self.heldBack = status.heldBack
        // The counter's own location first, then the others.
        let figures = status.figures(of: variation)
        let here = figures.filter { $0.locationID == variation.location?.id }
        stockFigures = (here + figures.filter { $0.locationID != variation.location?.id })
            .map { ($0, names[$0.locationID]) }
    }

    /// `load(_:shop:scaleLayouts:database:at:)` over the context's database, with the scale layouts it
    /// configures, at the context's now.
    public static func load(_ code: String, shop: ShopLocations, context: AppContext) async throws
        -> [VariationReport]
    {
        let database = try context.openDatabase()
        return try await load(
            code, shop: shop, scaleLayouts: try await context.scaleLayouts(in: database), database: database,
            at: context.clock.now(), frontEnd: context.frontEnd)
    }

    /// The variations `code` names (a barcode in any spelling, a scale code, a SKU or an id), each reported
    /// at `shop`'s location; throws a not-found error naming the code, in `frontEnd`'s words.
    public static func load(
        _ code: String, shop: ShopLocations, scaleLayouts: [ScaleLayout],
        database: any CatalogStore & ReorderStore & OutboxStore,
        at moment: Timestamp, frontEnd: FrontEnd
    ) async throws -> [VariationReport] {
        let resolution = try await Lookup.resolution(
            of: code, scaleLayouts: scaleLayouts, in: database, frontEnd: frontEnd)
        let scale = resolution.scale
        let matches = resolution.matches.map(shop.local)
        let prices = try await ShelfPrices.load(for: matches, database: database, at: moment)
        let waiting = try await database.outboxEntries(statuses: [.pending, .conflict])
        let names = shop.names
        var reports: [VariationReport] = []
        for match in matches {
            let status = try await database.variationStatus(variationID: match.variationID, itemID: match.itemID)
            reports.append(
                VariationReport(
                    match, shelf: prices.shelf(match), status: status,
                    outbox: waiting.filter { $0.objectID == match.variationID }, scale: scale, names: names))
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
        if !stockFigures.isEmpty {
            object["stock"] = .array(
                stockFigures.map { entry in
                    var json = entry.figure.json
                    json["name"] = entry.name.map(JSONValue.string) ?? .null
                    return json
                })
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
    /// When nothing was found: why (a barcode with a wrong check digit, a code a sync held back, or nothing).
    public var missing: CodeResolution?
    /// Square's IN_STOCK count of each hit at the counter's location, by variation id, where read.
    public var stockHere: [String: String] = [:]

    /// `run(_:limit:onlyHere:shop:database:at:)` over the context's database, priced at the context's now.
    public static func run(_ query: SearchQuery, limit: Int, onlyHere: Bool, shop: ShopLocations, context: AppContext)
        async throws -> ShopSearch
    {
        try await run(
            query, limit: limit, onlyHere: onlyHere, shop: shop, database: try context.openDatabase(),
            at: context.clock.now())
    }

    /// Searches for `query` at `shop`'s location (see `ShopLocations.search`) and prices the hits at `moment`.
    public static func run(
        _ query: SearchQuery, limit: Int, onlyHere: Bool, shop: ShopLocations, database: any CatalogStore,
        at moment: Timestamp
    ) async throws -> ShopSearch {
        let outcome = try await shop.search(query, limit: limit, onlyHere: onlyHere, in: database)
        let prices = try await ShelfPrices.load(for: outcome.hits.map(\.variation), database: database, at: moment)
        var found = ShopSearch(outcome: outcome, prices: prices)
        if let here = shop.here {
            found.stockHere = try await database.stockCounts(
                variationIDs: outcome.hits.map(\.variation.variationID), locationID: here.id)
        }
        if onlyHere, outcome.hits.isEmpty, shop.here != nil {
            found.notSoldHere = try await shop.search(query, limit: limit, onlyHere: false, in: database).hits.count
        }
        if outcome.hits.isEmpty {
            found.missing = try await CodeResolution.missing(
                query.text.trimmingCharacters(in: .whitespaces), in: database)
        }
        return found
    }

    /// When nothing was found because the query is a barcode with a wrong check digit or the code of an
    /// object a sync held back: that, as the error to report (the hub answers it instead of an empty list).
    public func misread(_ query: SearchQuery, frontEnd: FrontEnd) -> AppError? {
        guard outcome.hits.isEmpty else { return nil }
        switch missing {
        case .badCheckDigit, .heldBack:
            return missing?.failure(for: query.text.trimmingCharacters(in: .whitespaces), frontEnd: frontEnd)
        default: return nil
        }
    }

    /// Why the search found nothing, as the error a command reports (nil when it found something): a wrong
    /// check digit or a code a sync held back first, then matches not sold at `place`, then nothing.
    public func nothingFound(_ query: SearchQuery, at place: CounterLocation?, frontEnd: FrontEnd) -> AppError? {
        guard outcome.hits.isEmpty else { return nil }
        if let failure = misread(query, frontEnd: frontEnd) { return failure }
        if let note = notSoldHereNote(at: place) { return AppError(note, exitCode: .notFound) }
        let shown = Terminal.echo(query.text)
        switch query.route {
        case .barcode:
            return AppError(
                "No item has the barcode “\(shown)”. If it is new in Square, \(frontEnd.sync).", exitCode: .notFound)
        default:
            return AppError(
                "Nothing matches “\(shown)”. Try fewer or shorter words; if the item is new in Square, "
                    + "\(frontEnd.sync).",
                exitCode: .notFound)
        }
    }

    /// The array `catalog search --json` prints: each hit with its running sale (or null), `price_shown`,
    /// the price cell of its row (`priceShown`), `shown` (the same, as values) and `stock_here` (Square's
    /// count at the counter's location, or null).
    public var json: JSONValue {
        .array(
            outcome.hits.map { hit in
                var object = hit.json
                object["sale"] = prices.shelf(hit.variation).sale?.json ?? .null
                object["price_shown"] = .string(priceShown(hit.variation))
                object["shown"] = shown(hit.variation)
                object["stock_here"] = stockHere[hit.variation.variationID].map(JSONValue.string) ?? .null
                return object
            })
    }

    /// The price a result row shows for `variation` (`ShelfPrices.priceShown`).
    public func priceShown(_ variation: VariationSummary) -> String { prices.priceShown(variation) }

    /// The same choice as `priceShown`, for a screen that writes money itself (in the location's currency
    /// format): `{"state": "not_sold" | "sale" | "price" | "variable", "price": money or null, "sold_out"}`.
    public func shown(_ variation: VariationSummary) -> JSONValue {
        guard variation.isSold else { return ["state": "not_sold", "price": .null, "sold_out": false] }
        let sale = prices.shelf(variation).sale
        let price = sale?.price ?? variation.price
        let state = sale != nil ? "sale" : price == nil ? "variable" : "price"
        return ["state": .string(state), "price": price?.json ?? .null, "sold_out": .bool(variation.isSoldOut)]
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
    /// Square, not stored here yet, and why, with what to do as `frontEnd` offers it.
    public func notStoredError(code: String, frontEnd: FrontEnd) -> AppError {
        AppError(
            "“\(Terminal.echo(code))” is in Square but not stored here yet: "
                + "\(Terminal.visible(shown(on: frontEnd))) could not be stored "
                + "(\(Terminal.visible(reason))). Fix it in Square; \(frontEnd.nextSync) stores it"
                + "\(frontEnd.heldBackList).", exitCode: .dataError)
    }

    /// The object as `frontEnd` names it: its type, id and name at a shell; on the hub its name ("an item"
    /// when it has none), as staff know it.
    func shown(on frontEnd: FrontEnd) -> String {
        frontEnd == .commandLine ? label : name.map { "“\($0)”" } ?? "an item"
    }
}
