import CatalogCore

/// Why a price file could not be planned at all (single rows that fail are report rows, not errors).
public enum PriceImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file holds no records.
    case empty
    /// The file is not readable CSV.
    case unreadable(String)
    /// No column holds the codes; `headers` is the first row as read.
    case noCodeColumn(headers: [String])
    /// No column holds the prices.
    case noPriceColumn(headers: [String])
    /// Several columns look like prices and none is named like one.
    case severalPriceColumns(candidates: [String])
    /// `--code-column` or `--price-column` names a column the file does not have.
    case noSuchColumn(option: String, value: String, headers: [String])

    /// The sentence a person reads, ending in what to do.
    public var description: String {
        func list(_ headers: [String]) -> String {
            headers.isEmpty ? "(none)" : headers.map { "“\($0)”" }.joined(separator: ", ")
        }
        switch self {
        case .empty:
            return "The file has no rows. Export it again with a header line and one row per price."
        case .unreadable(let reason):
            return "The file cannot be read as CSV: \(reason)"
        case .noCodeColumn(let headers):
            return "No column holds barcodes, SKUs or variation ids (the first row reads \(list(headers))). "
                + "Name it with --code-column NAME or --code-column NUMBER."
        case .noPriceColumn(let headers):
            return "No column holds prices (the first row reads \(list(headers))). "
                + "Name it with --price-column NAME or --price-column NUMBER."
        case .severalPriceColumns(let candidates):
            return "Several columns look like prices: \(list(candidates)). Choose one with --price-column."
        case .noSuchColumn(let option, let value, let headers):
            return "\(option) \(value): the file has no such column (the first row reads \(list(headers))). "
                + "Give a header from that row or a column number starting at 1."
        }
    }
}

extension PriceImportError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .empty, .unreadable, .noCodeColumn, .noPriceColumn, .severalPriceColumns: return .dataError
        case .noSuchColumn: return .usage
        }
    }
}
