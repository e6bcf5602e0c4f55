import GRDB

/// A row of `scans` (the scan log), column for column: what `ScanRecord` is read from and written as.
struct ScanLogRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "scans"

    var id: Int64?
    var at: String
    var device: String?
    var code: String
    var gtin: String?
    var symbology: String?
    var variationID: String?
    var mode: String?
    var action: String?
    var scanID: String?
    var counter: String?
    var answer: String?

    enum CodingKeys: String, CodingKey {
        case id, at, device, code, gtin, symbology
        case variationID = "variation_id"
        case mode, action
        case scanID = "scan_id"
        case counter, answer
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let variationID = Column(CodingKeys.variationID)
        static let action = Column(CodingKeys.action)
        static let scanID = Column(CodingKeys.scanID)
        static let answer = Column(CodingKeys.answer)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    init(_ scan: ScanRecord) {
        id = scan.id
        at = scan.at
        device = scan.device
        code = scan.code
        gtin = scan.gtin
        symbology = scan.symbology
        variationID = scan.variationID
        mode = scan.mode
        action = scan.action
        scanID = scan.scanID
        counter = scan.counter
        answer = scan.answer
    }
}

extension ScanRecord {
    init(record: ScanLogRecord) {
        self.init(
            at: record.at, device: record.device, code: record.code, gtin: record.gtin, symbology: record.symbology,
            variationID: record.variationID, mode: record.mode, action: record.action, scanID: record.scanID,
            counter: record.counter)
        id = record.id
        answer = record.answer
    }
}
