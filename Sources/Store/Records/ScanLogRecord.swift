import GRDB

/// A row of `scans` (the scan log): a `ScanRecord`, column for column.
struct ScanLogRecord: FetchableRecord, MutablePersistableRecord, Equatable {
    static let databaseTableName = "scans"

    var scan: ScanRecord

    enum Columns: String, ColumnExpression {
        case id, action, answer
        case variationID = "variation_id"
        case scanID = "scan_id"
    }

    init(_ scan: ScanRecord) { self.scan = scan }

    init(row: Row) throws { scan = try ScanRecord(row: row) }

    func encode(to container: inout PersistenceContainer) throws { try scan.encode(to: &container) }

    mutating func didInsert(_ inserted: InsertionSuccess) { scan.id = inserted.rowID }
}
