import CatalogCore

/// What became of one row of a price file.
public enum PriceImportStatus: String, Sendable, CaseIterable {
    /// Dry run: the price would change.
    case change
    /// The price was changed in Square.
    case updated
    /// The price already is the file's price (in the database for a dry run, in Square when applying).
    case unchanged
    /// No variation has this barcode, SKU or id.
    case unknown
    /// The code names several variations.
    case ambiguous
    /// The row cannot be applied: a bad price, a conflicting duplicate, or Square refused it.
    case error
    /// The same variation and price appear on an earlier row; applied once.
    case duplicate
    /// Square could not be reached before this row was sent; run the import again.
    case notSent = "not_sent"
    /// A staged plan's row whose price Square moved away from the one the plan was made over: not changed.
    case conflict
}

/// One row of a price file, what it names and what became of it: a line of the per-row report.
public struct PriceImportRow: Sendable, Equatable {
    /// The row's 1-based line in the file.
    public var line: Int
    /// The code as written in the file.
    public var code: String
    /// The price as written in the file.
    public var priceText: String
    public var variationID: String?
    public var itemID: String?
    public var itemName: String?
    public var variationName: String?
    /// The price before the change (`nil`: variable pricing, or not known).
    public var oldPrice: Money?
    /// The file's price, when it could be read.
    public var newPrice: Money?
    public var status: PriceImportStatus
    /// The variation's version after the write (or as fetched, for an unchanged row).
    public var version: Int64?
    /// Why the row has its status, as a sentence; empty when there is nothing to add.
    public var message: String
    /// Whether the variation's item is archived in Square (still updated, but worth a look).
    public var archived: Bool
    /// For a staged plan's row: the price field's value it was made over (`.some(nil)`: none). Square's value
    /// having moved away from it makes the row a `conflict`, not overwritten; nil checks nothing.
    public var baseline: JSONValue?? = nil

    /// A row with the given parts.
    public init(
        line: Int, code: String, priceText: String, variationID: String? = nil, itemID: String? = nil,
        itemName: String? = nil, variationName: String? = nil, oldPrice: Money? = nil, newPrice: Money? = nil,
        status: PriceImportStatus, version: Int64? = nil, message: String = "", archived: Bool = false
    ) {
        self.line = line
        self.code = code
        self.priceText = priceText
        self.variationID = variationID
        self.itemID = itemID
        self.itemName = itemName
        self.variationName = variationName
        self.oldPrice = oldPrice
        self.newPrice = newPrice
        self.status = status
        self.version = version
        self.message = message
        self.archived = archived
    }

    /// The report's column names, in order.
    public static let reportHeader = [
        "line", "code", "variation_id", "item", "variation", "old_price", "new_price", "currency", "status", "version",
        "message",
    ]

    /// The row as report fields, in `reportHeader` order; prices in major units, such as `4.99`.
    public var reportFields: [String] {
        [
            String(line), code, variationID ?? "", itemName ?? "", variationName ?? "",
            oldPrice?.decimalString ?? "", newPrice?.decimalString ?? priceText,
            newPrice?.currency ?? oldPrice?.currency ?? "", status.rawValue, version.map(String.init) ?? "", message,
        ]
    }

    /// The row as one JSON object with snake_case keys; prices as Square's `{amount, currency}`.
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "line": .int(Int64(line)),
            "code": .string(code),
            "variation_id": text(variationID),
            "item_id": text(itemID),
            "item": text(itemName),
            "variation": text(variationName),
            "old_price": oldPrice?.json ?? .null,
            "new_price": newPrice?.json ?? .null,
            "price_text": .string(priceText),
            "status": .string(status.rawValue),
            "version": version.map(JSONValue.int) ?? .null,
            "archived": .bool(archived),
            "message": .string(message),
        ]
    }
}
