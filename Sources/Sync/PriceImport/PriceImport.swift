import CatalogCore
import SquareAPI
import Store

/// `catalog import prices`: reads a price file, plans it against the local database and applies it
/// to Square with fetch-before-update, in batches, safely rerunnable.
public struct PriceImport: Sendable {
    /// Variations per batch-retrieve and batch-upsert.
    public static let batchSize = 100
    /// Attempts per object when a batch hit a version conflict.
    static let attemptsPerObject = 3

    public let database: CatalogDatabase
    /// Called with a batch's variation ids after they were fetched and before they are sent: a seam for
    /// tests that change Square in between (a second writer), nil in normal use.
    public var afterBatchRetrieve: (@Sendable ([String]) async throws -> Void)?

    /// An import against `database`.
    public init(database: CatalogDatabase) {
        self.database = database
    }

    /// Reads `bytes` as CSV and plans every row (nothing is written anywhere).
    public func plan(_ bytes: [UInt8], options: PriceImportOptions = PriceImportOptions()) async throws -> PricePlan {
        let table: CSVTable
        do { table = try CSVReader.read(bytes) } catch { throw PriceImportError.unreadable(error.description) }
        let columns = try ColumnDetector.detect(table.rows, code: options.codeColumn, price: options.priceColumn)
        let records = columns.hasHeader ? Array(table.rows.dropFirst()) : table.rows
        var planner = PricePlanner(
            database: database, columns: columns, currency: options.currency?.uppercased(), location: options.location)
        let rows = try await planner.plan(records)
        return PricePlan(columns: columns, separator: table.separator, rows: rows, location: options.location)
    }
}
