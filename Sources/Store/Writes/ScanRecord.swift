import CatalogCore
import GRDB

/// One code read at the counter, found in the catalog or not.
public struct ScanRecord: Sendable, Equatable {
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

    public init(
        at: String = Timestamp.now().rfc3339, device: String? = nil, code: String, gtin: String? = nil,
        symbology: String? = nil, variationID: String? = nil, mode: String? = nil, action: String? = nil,
        scanID: String? = nil, counter: String? = nil
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
    }

    init(row: Row) {
        id = row["id"]
        at = row["at"]
        device = row["device"]
        code = row["code"]
        gtin = row["gtin"]
        symbology = row["symbology"]
        variationID = row["variation_id"]
        mode = row["mode"]
        action = row["action"]
        scanID = row["scan_id"]
        counter = row["counter"]
        answer = row["answer"]
    }
}

extension CatalogDatabase {
    /// Appends a scan to the scan log and returns its number.
    @discardableResult
    public func recordScan(_ scan: ScanRecord) async throws -> Int64 {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO scans(at, device, code, gtin, symbology, variation_id, mode, action, scan_id, counter, answer)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    scan.at, scan.device, scan.code, scan.gtin, scan.symbology, scan.variationID, scan.mode,
                    scan.action, scan.scanID, scan.counter, scan.answer,
                ])
            return db.lastInsertedRowID
        }
    }

    /// Scans, newest first; `unknownOnly` keeps those that matched nothing.
    public func scans(unknownOnly: Bool = false, limit: Int = 100) async throws -> [ScanRecord] {
        try await read { db in
            let filter = unknownOnly ? "WHERE variation_id IS NULL AND (action IS NULL OR action = 'unknown')" : ""
            return try Row.fetchAll(
                db, sql: "SELECT * FROM scans \(filter) ORDER BY id DESC LIMIT ?", arguments: [limit]
            ).map(ScanRecord.init(row:))
        }
    }

    /// The scan a counter posted under `scanID`, if the hub has it.
    public func scan(scanID: String) async throws -> ScanRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM scans WHERE scan_id = ?", arguments: [scanID])
                .map(ScanRecord.init(row:))
        }
    }

    /// Keeps the answer the hub gave to the scan numbered `id`, to give again when it is posted again.
    public func recordAnswer(_ answer: String, scan id: Int64) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE scans SET answer = ? WHERE id = ?", arguments: [answer, id])
        }
    }

    /// One scan by its number.
    public func scan(id: Int64) async throws -> ScanRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM scans WHERE id = ?", arguments: [id]).map(ScanRecord.init(row:))
        }
    }
}
