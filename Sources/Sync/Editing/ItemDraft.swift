import CatalogCore

/// A new item as a person describes it: its name, categories by name, and its variations.
public struct ItemDraft: Sendable, Equatable {
    /// One variation of the new item.
    public struct Variation: Sendable, Equatable {
        /// The variation's name; Square's own default is `Regular`.
        public var name: String
        /// The fixed price; `nil` is variable pricing (the price is asked at the till).
        public var price: Money?
        /// The SKU, as typed.
        public var sku: String?
        /// The barcode; it is sent as `upc` in the form `upc(_:)` gives.
        public var gtin: Barcode?

        /// A variation with the given parts.
        public init(name: String = "Regular", price: Money?, sku: String? = nil, gtin: Barcode? = nil) {
            self.name = name
            self.price = price
            self.sku = sku
            self.gtin = gtin
        }

        /// The form a barcode is stored in Square's `upc`: 12 to 14 digits, as Square asks (UPC-A, else
        /// EAN-13, else GTIN-14), the same form `catalog edit --gtin` writes.
        public static func upc(_ barcode: Barcode) -> String {
            barcode.upcA ?? barcode.gtin13 ?? barcode.gtin14
        }
    }

    /// The item's name.
    public var name: String
    /// The item's description, if any.
    public var description: String?
    /// Category names (or ids), in order; the first becomes the reporting category.
    public var categories: [String]
    /// Whether category names that match nothing become new categories (otherwise they are refused).
    public var createCategories: Bool
    /// The variations, in the order they are shown; at least one.
    public var variations: [Variation]
    /// Whether a SKU or barcode already in the catalog is accepted.
    public var allowDuplicate: Bool

    /// A draft with the given parts.
    public init(
        name: String, description: String? = nil, categories: [String] = [], createCategories: Bool = false,
        variations: [Variation], allowDuplicate: Bool = false
    ) {
        self.name = name
        self.description = description
        self.categories = categories
        self.createCategories = createCategories
        self.variations = variations
        self.allowDuplicate = allowDuplicate
    }
}
