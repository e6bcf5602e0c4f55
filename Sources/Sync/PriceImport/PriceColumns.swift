import CatalogCore
import Foundation

/// Which columns of a price file hold the codes and the prices, and how that was decided.
public struct PriceColumns: Equatable, Sendable {
    /// How a column was chosen.
    public enum Basis: String, Sendable {
        /// Named by `--code-column` or `--price-column`.
        case option
        /// Its header is one of the known names.
        case header
        /// Most of its values look like codes or prices.
        case content
    }

    /// The 0-based index of the code column.
    public var code: Int
    /// The 0-based index of the price column.
    public var price: Int
    /// Whether the first row is a header (and so not a price change).
    public var hasHeader: Bool
    public var codeBasis: Basis
    public var priceBasis: Basis
    /// The first row as read, for messages.
    public var headers: [String]

    /// How a person reads a column: its header when there is one, else `column N`.
    public func name(of column: Int) -> String {
        if hasHeader, column < headers.count, !headers[column].isEmpty { return headers[column] }
        return "column \(column + 1)"
    }
}

/// A column named on the command line: a header or a 1-based number.
public enum ColumnChoice: Equatable, Sendable {
    case header(String)
    case number(Int)

    /// Reads `--code-column`/`--price-column`: digits are a column number, anything else a header.
    public init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed), number > 0 { self = .number(number) } else { self = .header(trimmed) }
    }
}
