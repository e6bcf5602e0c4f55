import CatalogCore
import Store

/// How to read a price file: columns and currency, when they should not be detected.
public struct PriceImportOptions: Sendable, Equatable {
    /// The code column, by header or number (detected when nil).
    public var codeColumn: ColumnChoice?
    /// The price column, by header or number (detected when nil).
    public var priceColumn: ColumnChoice?
    /// The currency of every price in the file (else each variation's own, else the catalog's main one).
    public var currency: String?
    /// The location whose own prices the file sets (its location overrides); nil sets the base prices.
    public var location: CounterLocation?

    /// Options with the given parts; the defaults detect everything and set base prices.
    public init(
        codeColumn: ColumnChoice? = nil, priceColumn: ColumnChoice? = nil, currency: String? = nil,
        location: CounterLocation? = nil
    ) {
        self.codeColumn = codeColumn
        self.priceColumn = priceColumn
        self.currency = currency
        self.location = location
    }
}

/// What a price file would do: one row per record, classified against the local database.
public struct PricePlan: Sendable, Equatable {
    /// The columns the rows were read from.
    public var columns: PriceColumns
    /// The separator the file uses.
    public var separator: Character
    /// Every data row, in file order.
    public var rows: [PriceImportRow]
    /// The location whose own prices the rows set; nil for the base prices.
    public var location: CounterLocation?

    /// A plan of `rows` read through `columns`.
    public init(columns: PriceColumns, separator: Character, rows: [PriceImportRow], location: CounterLocation? = nil) {
        self.columns = columns
        self.separator = separator
        self.rows = rows
        self.location = location
    }

    /// The field the rows change: the base price, or the location's own price.
    public var field: EditField { location.map { EditField.price(at: $0.id) } ?? .price }

    /// The rows whose price would change.
    public var changes: [PriceImportRow] { rows.filter { $0.status == .change } }

    /// How many rows have each status.
    public var counts: [PriceImportStatus: Int] { PriceImportRow.counts(rows) }
}

extension PriceImportRow {
    /// How many of `rows` have each status.
    public static func counts(_ rows: [PriceImportRow]) -> [PriceImportStatus: Int] {
        var counts: [PriceImportStatus: Int] = [:]
        for row in rows { counts[row.status, default: 0] += 1 }
        return counts
    }
}
