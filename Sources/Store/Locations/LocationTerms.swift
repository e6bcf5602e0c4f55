import CatalogCore

/// A shop location, by Square's id and the name people know it by.
public struct CounterLocation: Sendable, Equatable, Hashable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    public var json: JSONValue { ["id": .string(id), "name": .string(name)] }
}

/// Where a catalog object is sold, as Square keeps it: everywhere except the absent locations, or only
/// at the present ones.
public struct Presence: Sendable, Equatable {
    /// `present_at_all_locations` (true when Square leaves it out).
    public var everywhere: Bool
    /// `present_at_location_ids`.
    public var present: [String]
    /// `absent_at_location_ids`.
    public var absent: [String]

    public init(everywhere: Bool = true, present: [String] = [], absent: [String] = []) {
        self.everywhere = everywhere
        self.present = present
        self.absent = absent
    }

    /// Present everywhere, with no exceptions.
    public static let everywhere = Presence()

    /// The presence fields of a catalog object's JSON, read leniently (a missing field is Square's default).
    public init(object: JSONValue) {
        func ids(_ key: String) -> [String] { object[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        self.init(
            everywhere: object["present_at_all_locations"]?.boolValue ?? true,
            present: ids("present_at_location_ids"), absent: ids("absent_at_location_ids"))
    }

    /// Square's rule: at `location` when present everywhere and not absent there, or listed as present there.
    public func includes(_ location: String) -> Bool {
        (everywhere && !absent.contains(location)) || present.contains(location)
    }

    var json: JSONValue {
        [
            "present_at_all_locations": .bool(everywhere),
            "present_at_location_ids": .array(present.map(JSONValue.string)),
            "absent_at_location_ids": .array(absent.map(JSONValue.string)),
        ]
    }
}

/// A variation's own terms at one location (`location_overrides[]`).
public struct LocationOverride: Sendable, Equatable {
    /// How the location prices it, when the override says.
    public enum Pricing: Sendable, Equatable {
        case fixed(Money)
        case variable
    }

    public var locationID: String
    /// nil: the variation's own price applies.
    public var pricing: Pricing?
    /// Square marks it sold out there (read-only, set by Square).
    public var soldOut: Bool
    /// `track_inventory` there, when the override says.
    public var trackInventory: Bool?
    /// The low-stock threshold there, when the alert type is LOW_QUANTITY.
    public var lowStockThreshold: Int64?

    public init(
        locationID: String, pricing: Pricing? = nil, soldOut: Bool = false, trackInventory: Bool? = nil,
        lowStockThreshold: Int64? = nil
    ) {
        self.locationID = locationID
        self.pricing = pricing
        self.soldOut = soldOut
        self.trackInventory = trackInventory
        self.lowStockThreshold = lowStockThreshold
    }

    /// One `location_overrides` entry; nil when it names no location. VARIABLE_PRICING makes the price
    /// variable there; a `price_money` (with FIXED_PRICING or no pricing type) is the price there.
    public init?(json entry: JSONValue) {
        guard let location = entry["location_id"]?.stringValue, !location.isEmpty else { return nil }
        var pricing: Pricing?
        if entry["pricing_type"]?.stringValue == "VARIABLE_PRICING" {
            pricing = .variable
        } else if let money = entry["price_money"], let price = Money(json: money) {
            pricing = .fixed(price)
        }
        let threshold =
            entry["inventory_alert_type"]?.stringValue == "LOW_QUANTITY"
            ? entry["inventory_alert_threshold"]?.int64Value : nil
        self.init(
            locationID: location, pricing: pricing, soldOut: entry["sold_out"]?.boolValue ?? false,
            trackInventory: entry["track_inventory"]?.boolValue, lowStockThreshold: threshold)
    }
}

/// Everything that decides what a counter at one location shows for a variation: its item's and its own
/// presence, and its location overrides. The one place the price, availability and sold-out state at a
/// location are worked out; every view, tag, export and edit asks it.
public struct LocationTerms: Sendable, Equatable {
    public var item: Presence
    public var variation: Presence
    public var overrides: [LocationOverride]

    public init(item: Presence = .everywhere, variation: Presence = .everywhere, overrides: [LocationOverride] = []) {
        self.item = item
        self.variation = variation
        self.overrides = overrides
    }

    /// Sold everywhere at its own price.
    public static let everywhere = LocationTerms()

    /// The override for `location`, if the variation has one.
    public func override(at location: String) -> LocationOverride? {
        overrides.first { $0.locationID == location }
    }

    /// The price at `location`: the override's price there, nil when it is variable there, else `base`
    /// (the variation's own price). With no location, `base`.
    public func price(base: Money?, at location: String?) -> Money? {
        guard let location, let pricing = override(at: location)?.pricing else { return base }
        switch pricing {
        case .fixed(let money): return money
        case .variable: return nil
        }
    }

    /// Whether the variation is sold at `location`: it and its item are both there. With no location, true.
    public func isSold(at location: String?) -> Bool {
        guard let location else { return true }
        return item.includes(location) && variation.includes(location)
    }

    /// Whether Square tracks its stock at `location`: the location override's `track_inventory` when it
    /// says, else the variation's own (`variationTracks`).
    public func tracksInventory(at location: String, variationTracks: Bool) -> Bool {
        override(at: location)?.trackInventory ?? variationTracks
    }

    /// Whether Square marks it sold out at `location`.
    public func isSoldOut(at location: String?) -> Bool {
        guard let location else { return false }
        return override(at: location)?.soldOut ?? false
    }

    /// Whether the price at some location differs from `base`.
    public func hasOwnPrices(base: Money?) -> Bool {
        overrides.contains { $0.pricing != nil && price(base: base, at: $0.locationID) != base }
    }
}

extension LocationTerms {
    /// What the `locations` column of `items` or `variations` keeps for a catalog object: its presence
    /// fields and (for a variation) its location overrides, in Square's own field names; nil when the
    /// object is sold everywhere with no overrides, as most are.
    static func storedColumn(of object: JSONValue) -> String? {
        let presence = Presence(object: object)
        let overrides = object["item_variation_data"]?["location_overrides"]?.arrayValue ?? []
        guard presence != .everywhere || !overrides.isEmpty else { return nil }
        var stored = presence.json
        if !overrides.isEmpty { stored["location_overrides"] = .array(overrides) }
        return String(decoding: stored.serializedBytes(), as: UTF8.self)
    }

    /// The terms from the stored `locations` columns of the item and the variation (rows `itemID` of `items`
    /// and `variationID` of `variations`); a column that is not JSON means that row is damaged.
    static func stored(item: String?, variation: String?, itemID: String, variationID: String) throws
        -> LocationTerms
    {
        guard item != nil || variation != nil else { return .everywhere }
        let itemJSON = try StoredJSON.parseIfPresent(item, table: "items", row: itemID, column: "locations")
        let variationJSON = try StoredJSON.parseIfPresent(
            variation, table: "variations", row: variationID, column: "locations")
        return LocationTerms(
            item: itemJSON.map { Presence(object: $0) } ?? .everywhere,
            variation: variationJSON.map { Presence(object: $0) } ?? .everywhere,
            overrides: variationJSON?["location_overrides"]?.arrayValue?.compactMap(LocationOverride.init(json:)) ?? [])
    }

    /// The terms of a variation and its item as Square sent them (for an edit's fetched copies).
    public init(item: JSONValue?, variation: JSONValue) {
        self.init(
            item: item.map { Presence(object: $0) } ?? .everywhere, variation: Presence(object: variation),
            overrides: variation["item_variation_data"]?["location_overrides"]?.arrayValue?.compactMap(
                LocationOverride.init(json:)) ?? [])
    }
}
