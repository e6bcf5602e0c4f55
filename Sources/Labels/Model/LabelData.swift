import CatalogCore

/// What one label shows: the values its field expressions draw from.
public struct LabelData: Sendable, Hashable, Codable {
    public var itemID: String
    public var variationID: String
    public var itemName: String
    public var variationName: String?
    /// The price to print (the sale price on a sale tag); `nil` for variable pricing.
    public var price: Money?
    /// On a sale tag: the regular price, printed struck through; `nil` otherwise.
    public var regularPrice: Money?
    public var sku: String?
    /// The variation's barcode as Square stores it (`upc`), if any.
    public var gtin: String?
    public var category: String?
    /// The date printed on the label (`{{date}}`), such as `2026-11-23`.
    public var date: String
    /// The variation's version the label shows (for the print log).
    public var version: Int64?
    /// The shop location whose price the label shows (its Square id, for the print log); nil when the
    /// variation's own price is shown.
    public var locationID: String?
    /// The price per unit of measure (`{{unit_price}}`), and what it is per (`kg`, `100 ml`).
    public var unitPrice: Money?
    public var unitPer: String?
    /// When the shown sale ends (`2026-12-01`), for a sale Square runs.
    public var saleEnds: String?
    /// The Square pricing rule whose sale the label shows (for the print log); nil for the regular price
    /// or a discount typed with --discount.
    public var saleRuleID: String?
    /// Whether the prices include the additive taxes (price display with_taxes), for the print log.
    public var pricesIncludeTaxes = false

    /// A sale that takes the whole price off: the tag says free (`LabelData.freeText`), never 0.00.
    public var isFree: Bool { regularPrice != nil && price?.amount == 0 }

    /// A heading between groups of tags (an aisle and how many tags it has): its item name is the group, its
    /// variation name the count, drawn as `LabelTemplate.headingElements` on the template's size; it names
    /// no variation and is never kept in the print log.
    public var isHeading = false

    /// A heading label reading `title` over `detail`.
    public static func heading(_ title: String, _ detail: String, date: String) -> LabelData {
        var data = LabelData(
            itemID: "", variationID: "", itemName: title, variationName: detail, price: nil, date: date)
        data.isHeading = true
        return data
    }

    /// What a free item's tag shows in place of its price.
    public static let freeText = "FREE"

    public init(
        itemID: String, variationID: String, itemName: String, variationName: String? = nil, price: Money?,
        regularPrice: Money? = nil, sku: String? = nil, gtin: String? = nil, category: String? = nil,
        date: String, version: Int64? = nil, locationID: String? = nil
    ) {
        self.itemID = itemID
        self.variationID = variationID
        self.itemName = itemName
        self.variationName = variationName
        self.price = price
        self.regularPrice = regularPrice
        self.sku = sku
        self.gtin = gtin
        self.category = category
        self.date = date
        self.version = version
        self.locationID = locationID
    }
}
