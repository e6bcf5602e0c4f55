import CatalogCore

extension CatalogDatabase.DamagedRow {
    /// A stored value that cannot be read, named by its table, its row and its column: `problem` says what
    /// is wrong with it ("is not JSON"). Reported as `StoreError.damaged`, whose message says what to do.
    init(table: String, row: String, column: String, problem: String) {
        self.init(detail: "the \(table) row \(row) has a `\(column)` value that \(problem)")
    }
}

/// Reading JSON text stored in a column strictly: text that does not parse is a damaged row
/// (`CatalogDatabase.DamagedRow`), never a silent nil or default. A NULL column is nil.
enum StoredJSON {
    /// The JSON in `column` of the `table` row `row`.
    static func parse(_ text: String, table: String, row: String, column: String) throws -> JSONValue {
        do {
            return try JSONValue.parse(text)
        } catch {
            throw CatalogDatabase.DamagedRow(table: table, row: row, column: column, problem: "is not JSON")
        }
    }

    /// Like `parse`, for a column that may be NULL (nil then).
    static func parseIfPresent(_ text: String?, table: String, row: String, column: String) throws -> JSONValue? {
        guard let text else { return nil }
        return try parse(text, table: table, row: row, column: column)
    }

    /// The JSON object in `column` of the `table` row `row`.
    static func object(_ text: String, table: String, row: String, column: String) throws -> JSONValue {
        let value = try parse(text, table: table, row: row, column: column)
        guard value.objectValue != nil else {
            throw CatalogDatabase.DamagedRow(table: table, row: row, column: column, problem: "is not a JSON object")
        }
        return value
    }
}
