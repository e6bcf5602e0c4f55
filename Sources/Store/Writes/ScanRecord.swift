import CatalogCore
import GRDB

/// One code read at the counter, found in the catalog or not.
public struct ScanRecord: Sendable, Equatable, WrittenRow {
    public var id: Int64?
    /// When it was read, RFC 3339 UTC.
    public var at: String
    /// The scanner it came from (its /dev/input path or name), if known.
    public var device: String?
    /// The code as read, AIM prefix removed.
    public var code: String
    /// The code's GTIN-14 when it is a valid barcode.
    public var gtin: String?
    /// The symbology the scanner reported, if any.
    public var symbology: String?
    /// The variation it matched; `nil` for an unknown code.
    public var variationID: String?
    /// The counter mode at the time (lookup, reorder, label).
    public var mode: String?
    /// What was done with it.
    public var action: String?
    /// The id the counter gave the scan when it posted it to the hub (`POST /api/v1/scans`): a scan posted
    /// again under the same id is answered again and never counted twice.
    public var scanID: String?
    /// The counter (a computer's name) the scan was made at, when a hub received it.
    public var counter: String?
    /// The hub's answer to the scan, as the JSON the counter was sent.
    public var answer: String?
    /// When the counter says it was scanned, RFC 3339, when that is not when it arrived (`at`): a scan kept
    /// while the hub could not be reached.
    public var scannedAt: String?
    /// The paired device that posted it to the hub (`devices.id`), if one did.
    public var deviceID: Int64?
    /// The staff member whose PIN came with it, if one did.
    public var staff: String?

    public init(
        at: String = Timestamp.now().rfc3339, device: String? = nil, code: String, gtin: String? = nil,
        symbology: String? = nil, variationID: String? = nil, mode: String? = nil, action: String? = nil,
        scanID: String? = nil, counter: String? = nil, scannedAt: String? = nil
    ) {
        self.at = at
        self.device = device
        self.code = code
        self.gtin = gtin
        self.symbology = symbology
        self.variationID = variationID
        self.mode = mode
        self.action = action
        self.scanID = scanID
        self.counter = counter
        self.scannedAt = scannedAt
    }
}

/// Read from and written to the scan log (`scans`) column for column (see `ScanLogRecord`).
extension ScanRecord: Codable, SnakeCaseColumns, SnakeCaseEncoding {}

extension CatalogDatabase {
    /// Appends a scan to the scan log and returns its number.
    @discardableResult
    public func recordScan(_ scan: ScanRecord) async throws -> Int64 {
        let scan = scan.written()
        return try await write { [scan] db in
            var record = ScanLogRecord(scan)
            record.scan.id = nil
            try record.insert(db)
            return record.scan.id ?? db.lastInsertedRowID
        }
    }

    /// Scans, newest first, at most `limit`; `unknownOnly` keeps those that matched nothing, `since` those
    /// logged after that number (what a page or program that last saw scan `since` has missed).
    public func scans(unknownOnly: Bool = false, since: Int64? = nil, limit: Int = 100) async throws -> [ScanRecord] {
        try await read { db in
            typealias Columns = ScanLogRecord.Columns
            var request = ScanLogRecord.order(Columns.id.desc).limit(limit)
            if let since { request = request.filter(Columns.id > since) }
            if unknownOnly {
                request = request.filter(
                    Columns.variationID == nil && (Columns.action == nil || Columns.action == "unknown"))
            }
            return try request.fetchAll(db).map(\.scan)
        }
    }

    /// The scan a counter posted under `scanID`, if the hub has it.
    public func scan(scanID: String) async throws -> ScanRecord? {
        // A cached statement: the hub asks for every scan posted to it.
        try await read { db in
            try ScanLogRecord.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM scans WHERE scan_id = ?"), arguments: [scanID]
            )?.scan
        }
    }

    /// Keeps the answer the hub gave to the scan numbered `id`, to give again when it is posted again.
    public func recordAnswer(_ answer: String, scan id: Int64) async throws {
        try await write { db in
            _ = try ScanLogRecord.filter(key: id).updateAll(db, ScanLogRecord.Columns.answer.set(to: answer))
        }
    }

    /// One scan by its number.
    public func scan(id: Int64) async throws -> ScanRecord? {
        try await read { db in try ScanLogRecord.fetchOne(db, key: id)?.scan }
    }
}
