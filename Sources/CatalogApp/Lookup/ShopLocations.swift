import CatalogCore
import Store

/// The shop's locations as one counter sees them: which one it stands in (whose price, availability and
/// stock every view shows) and the others, for "elsewhere" prices.
public struct ShopLocations: Sendable {
    /// The active locations, by name.
    public var all: [CounterLocation]
    /// The counter's location: the one asked for, else the configured one, else the only one; nil when
    /// the shop has several and none was chosen.
    public var here: CounterLocation?
    /// How the counter's location writes money and time (its Square `language_code`, `currency` and
    /// `timezone`; the shop's first location's when none is chosen); nil before the first sync.
    public var format: LocationFormat?

    public init(all: [CounterLocation], here: CounterLocation?, format: LocationFormat? = nil) {
        self.all = all
        self.here = here
        self.format = format
    }

    /// `load(_:context:database:)` over the context's database.
    public static func load(_ wanted: String?, context: AppContext) async throws -> ShopLocations {
        try await load(wanted, context: context, database: try context.openDatabase())
    }

    /// The shop's locations and the counter's, `wanted` (an id or a name) winning over the settings.
    public static func load(_ wanted: String?, context: AppContext, database: any CatalogStore) async throws
        -> ShopLocations
    {
        let stored = try await database.locations()
        let here = try CounterLocation.resolve(
            wanted, configured: context.settings.location, among: stored, required: false,
            frontEnd: context.frontEnd)
        let all = active(stored)
        let square = stored.first { $0["id"]?.stringValue == here?.id } ?? stored.first
        return ShopLocations(all: all, here: here, format: square.map(LocationFormat.init(square:)))
    }

    /// The active locations among Square's `stored` ones.
    public static func active(_ stored: [JSONValue]) -> [CounterLocation] {
        stored.compactMap { location -> CounterLocation? in
            guard let id = location["id"]?.stringValue, location["status"]?.stringValue ?? "ACTIVE" == "ACTIVE"
            else { return nil }
            return CounterLocation(id: id, name: location["name"]?.stringValue ?? id)
        }
    }

    /// Each active location's name by its id.
    public var names: [String: String] { Dictionary(all.map { ($0.id, $0.name) }) { first, _ in first } }

    /// Whether views show base prices because the shop has several locations and none was chosen.
    public var unset: Bool { here == nil && all.count > 1 }

    /// What a person reads after the price when no location is set: "base price; no location set".
    public static let unsetNote = "base price; no location set (choose one with --location or CATALOG_LOCATION)"

    /// The variation priced for this counter's location.
    public func local(_ variation: VariationSummary) -> VariationSummary { variation.at(here) }

    /// Why the counter should not sell it: "not sold at Market Hall", "sold out at Market Hall", or nil.
    public static func availability(_ variation: VariationSummary) -> String? {
        guard let location = variation.location else { return nil }
        if !variation.isSold { return "not sold at \(location.name)" }
        if variation.isSoldOut { return "sold out at \(location.name)" }
        return nil
    }

    /// The base price and every other location's price, when any of them differs from the price here;
    /// empty when the variation costs the same everywhere. Locations it is not sold at are left out.
    public func elsewhere(_ variation: VariationSummary) -> [(place: String, price: Money?)] {
        let shown = variation.price
        var prices: [(place: String, price: Money?)] = []
        if variation.location != nil { prices.append(("base", variation.basePrice)) }
        for location in all where location.id != variation.location?.id {
            let there = variation.at(location)
            if there.isSold { prices.append((location.name, there.price)) }
        }
        guard prices.contains(where: { $0.price != shown }) else { return [] }
        return prices
    }
}

extension ShopLocations {
    /// Searches the catalog and prices the hits here. Variations not sold here come after those that are
    /// (the engine's order kept within each group), or are left out when `onlyHere`; at most `limit` rows.
    public func search(_ query: SearchQuery, limit: Int, onlyHere: Bool, in database: any CatalogStore) async throws
        -> SearchOutcome
    {
        var outcome = try await database.search(query, limit: limit)
        var hits = outcome.hits.map { $0.priced(for: self) }
        // Most pages hold only variations sold here, and then they are the page. Otherwise search again with
        // enough extra rows that moving unsold variations back (or leaving them out) does not leave it short.
        if here != nil, hits.contains(where: { !$0.variation.isSold }) {
            let wanted = min(max(limit * 2, limit + 20), CatalogDatabase.maximumSearchLimit)
            if wanted > limit {
                outcome = try await database.search(query, limit: wanted)
                hits = outcome.hits.map { $0.priced(for: self) }
            }
            let sold = hits.filter(\.variation.isSold)
            hits = onlyHere ? sold : sold + hits.filter { !$0.variation.isSold }
        }
        outcome.hits = Array(hits.prefix(limit))
        return outcome
    }
}

extension SearchHit {
    fileprivate func priced(for locations: ShopLocations) -> SearchHit {
        var priced = self
        priced.variation = locations.local(variation)
        return priced
    }
}

/// How a location writes money and times, from its Square `Location`: the language (`en-GB`), the currency
/// (`GBP`) and the time zone (`Europe/London`). A counter screen formats with them, so a price reads £4.49
/// and a time 14:05 in the shop's own zone, whatever the browser's settings.
public struct LocationFormat: Sendable, Equatable {
    public var language: String?
    public var currency: String?
    public var timeZone: String?

    public init(language: String?, currency: String?, timeZone: String?) {
        (self.language, self.currency, self.timeZone) = (language, currency, timeZone)
    }

    public init(square location: JSONValue) {
        self.init(
            language: location["language_code"]?.stringValue, currency: location["currency"]?.stringValue,
            timeZone: location["timezone"]?.stringValue)
    }

    /// The page's meta values: `locale`, `currency`, `time-zone` (those known).
    public var meta: [(String, String)] {
        [("locale", language), ("currency", currency), ("time-zone", timeZone)].compactMap { name, value in
            value.map { (name, $0) }
        }
    }
}
