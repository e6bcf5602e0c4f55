import CatalogCore

/// One sellable variation as the counter sees it: what `catalog show` and search results print.
public struct VariationSummary: Sendable, Equatable {
    public var itemID: String
    public var variationID: String
    public var itemName: String
    public var variationName: String?
    public var sku: String?
    /// The canonical GTIN-14 of the variation's barcode, when it has a valid one.
    public var gtin: String?
    /// The barcode exactly as stored in Square.
    public var upc: String?
    /// The variation's own price (nil when variable or missing); `price` is what a location charges.
    public var basePrice: Money?
    /// The item's category name (its reporting category, else its first category).
    public var category: String?
    public var isArchived: Bool
    /// The variation's version in the local copy.
    public var version: Int64? = nil
    /// Where it is sold and at what price, location by location.
    public var terms: LocationTerms = .everywhere
    /// The location this summary's `price`, `isSold` and `isSoldOut` are for; nil shows the base price.
    public var location: CounterLocation? = nil
    /// Where it stands at each location that has given it a shelf place.
    public var shelves: ShelfPlaces = ShelfPlaces()

    public init(
        itemID: String, variationID: String, itemName: String, variationName: String?, sku: String?, gtin: String?,
        upc: String?, price: Money?, category: String?, isArchived: Bool, version: Int64? = nil,
        terms: LocationTerms = .everywhere, shelves: ShelfPlaces = ShelfPlaces()
    ) {
        self.itemID = itemID
        self.variationID = variationID
        self.itemName = itemName
        self.variationName = variationName
        self.sku = sku
        self.gtin = gtin
        self.upc = upc
        self.basePrice = price
        self.category = category
        self.isArchived = isArchived
        self.version = version
        self.terms = terms
        self.shelves = shelves
    }

    /// The price at `location` (Square's rule, in `LocationTerms`); nil when variable there.
    public var price: Money? { terms.price(base: basePrice, at: location?.id) }
    /// Whether it is sold at `location` (true when no location is set).
    public var isSold: Bool { terms.isSold(at: location?.id) }
    /// Whether Square marks it sold out at `location`.
    public var isSoldOut: Bool { terms.isSoldOut(at: location?.id) }
    /// Its shelf place at `location` (nil: none there, or no location set).
    public var shelf: String? { location.flatMap { shelves.places[$0.id] } }

    /// The same variation, priced for `location` (nil: the base price).
    public func at(_ location: CounterLocation?) -> VariationSummary {
        var priced = self
        priced.location = location
        return priced
    }

    /// The same variation once its base price (`locationID` nil) or its own price at `locationID` is `price`:
    /// what a tag printed ahead of a staged change shows, by the same rule (`LocationTerms.price`).
    public func priced(_ price: Money, at locationID: String?) -> VariationSummary {
        var changed = self
        guard let locationID else {
            changed.basePrice = price
            return changed
        }
        if let index = changed.terms.overrides.firstIndex(where: { $0.locationID == locationID }) {
            changed.terms.overrides[index].pricing = .fixed(price)
        } else {
            changed.terms.overrides.append(LocationOverride(locationID: locationID, pricing: .fixed(price)))
        }
        return changed
    }

    /// What a person reads: the item's name, and the variation's after a dash when it has one.
    public var label: String { itemName + (variationName.map { " — \($0)" } ?? "") }

    /// The stable JSON shape scripts read: `{item_id, variation_id, item_name, variation_name, sku,
    /// gtin, price: {amount, currency} | null, category, location: {id, name} | null, base_price,
    /// available, sold_out, shelf}`, `price` and `shelf` being the location's.
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            "item_id": .string(itemID),
            "variation_id": .string(variationID),
            "item_name": .string(itemName),
            "variation_name": text(variationName),
            "sku": text(sku),
            "gtin": text(gtin),
            "price": price?.json ?? .null,
            "category": text(category),
            "location": location?.json ?? .null,
            "base_price": basePrice?.json ?? .null,
            "available": .bool(isSold),
            "sold_out": .bool(isSoldOut),
            "shelf": text(shelf),
        ])
    }
}
