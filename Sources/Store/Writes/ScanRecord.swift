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

    public init(
        at: String = Timestamp.now().rfc3339, device: String? = nil, code: String, gtin: String? = nil,
        symbology: String? = nil, variationID: String? = nil, mode: String? = nil, action: String? = nil
    ) {
        self.at = at
        self.device = device
        self.code = code
        self.gtin = gtin
        self.symbology = symbology
        self.variationID = variationID
        self.mode = mode
        self.action = action
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
    }
}

extension CatalogDatabase {
    /// Appends a scan to the scan log and returns its number.
    @discardableResult
    public func recordScan(_ scan: ScanRecord) async throws -> Int64 {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO scans(at, device, code, gtin, symbology, variation_id, mode, action)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    scan.at, scan.device, scan.code, scan.gtin, scan.symbology, scan.variationID, scan.mode,
                    scan.action,
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

    /// One scan by its number.
    public func scan(id: Int64) async throws -> ScanRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM scans WHERE id = ?", arguments: [id]).map(ScanRecord.init(row:))
        }
    }
}
