import CatalogCore
import GRDB

/// A walk along a shelf checking its tags (`catalog audit`, the counter's audit mode): each item scanned is
/// checked against the last tag printed for it at the location, and at the end the items the shelf should
/// hold that nobody scanned are listed.
public struct ShelfAudit: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        case open
        case finished
        case cancelled
    }

    public var id: Int64?
    public var locationID: String
    /// The shelf places it covers: every place starting with this (`A3` covers `A3-1` and `A3-2`).
    public var shelf: String
    public var status: Status
    public var startedAt: String
    public var startedBy: String
    public var finishedAt: String?

    public init(locationID: String, shelf: String, startedAt: String, startedBy: String) {
        self.locationID = locationID
        self.shelf = shelf
        self.status = .open
        self.startedAt = startedAt
        self.startedBy = startedBy
    }
}

/// One item checked in an audit: what its tag was found to be.
public struct ShelfAuditCheck: Sendable, Equatable, Codable {
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        /// The last tag printed shows today's price.
        case ok
        /// The last tag printed shows another price: a new one was queued.
        case stale
        /// No tag printed here is on record: the tag must be checked by eye.
        case untagged
    }

    public var auditID: Int64
    public var variationID: String
    public var checkedAt: String
    public var counter: String
    public var verdict: Verdict
    /// The price on the last tag printed, and the price now, in minor units of `currency`.
    public var printedAmount: Int64?
    public var priceAmount: Int64?
    public var currency: String?
    /// The label job that reprints it, for a stale tag.
    public var labelJobID: Int64?
    /// The shelf place it has at the location (nil: none), so a stray from another shelf shows.
    public var shelf: String?

    public init(
        auditID: Int64, variationID: String, checkedAt: String, counter: String, verdict: Verdict,
        printed: Money?, price: Money?, labelJobID: Int64?, shelf: String?
    ) {
        self.auditID = auditID
        self.variationID = variationID
        self.checkedAt = checkedAt
        self.counter = counter
        self.verdict = verdict
        self.printedAmount = printed?.amount
        self.priceAmount = price?.amount
        self.currency = price?.currency ?? printed?.currency
        self.labelJobID = labelJobID
        self.shelf = shelf
    }

    public var printed: Money? {
        printedAmount.flatMap { amount in currency.map { Money(amount: amount, currency: $0) } }
    }
    public var price: Money? { priceAmount.flatMap { amount in currency.map { Money(amount: amount, currency: $0) } } }
}

extension ShelfAudit: StoreRecord, PersistableRecord, FetchableRecord {
    public static let databaseTableName = "shelf_audits"
}

extension ShelfAuditCheck: StoreRecord, PersistableRecord, FetchableRecord {
    public static let databaseTableName = "shelf_audit_checks"
}

extension CatalogDatabase {
    /// Migration v24: shelf audits and the items checked in each.
    static let shelfAuditSchema = """
        CREATE TABLE shelf_audits (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            location_id TEXT NOT NULL,
            shelf TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('open', 'finished', 'cancelled')),
            started_at TEXT NOT NULL,
            started_by TEXT NOT NULL,
            finished_at TEXT
        );
        CREATE UNIQUE INDEX shelf_audits_open ON shelf_audits(location_id, lower(shelf)) WHERE status = 'open';
        CREATE TABLE shelf_audit_checks (
            audit_id INTEGER NOT NULL REFERENCES shelf_audits(id) ON DELETE CASCADE,
            variation_id TEXT NOT NULL,
            checked_at TEXT NOT NULL,
            counter TEXT NOT NULL,
            verdict TEXT NOT NULL CHECK (verdict IN ('ok', 'stale', 'untagged')),
            printed_amount INTEGER,
            price_amount INTEGER,
            currency TEXT,
            label_job_id INTEGER,
            shelf TEXT,
            PRIMARY KEY (audit_id, variation_id)
        );
        """

    /// The open audit of `shelf` (any case) at `locationID`, else a new one started by `counter` at `now`:
    /// one open audit per shelf and location, however many counters walk it.
    public func openShelfAudit(locationID: String, shelf: String, counter: String, at now: Timestamp) async throws
        -> ShelfAudit
    {
        try await write { db in
            if let open = try ShelfAudit.filter(Column("location_id") == locationID)
                .filter(Column("status") == ShelfAudit.Status.open.rawValue)
                .filter(sql: "lower(shelf) = lower(?)", arguments: [shelf]).fetchOne(db)
            {
                return open
            }
            return try ShelfAudit(locationID: locationID, shelf: shelf, startedAt: now.rfc3339, startedBy: counter)
                .insertAndRead(db, as: ShelfAudit.self)
        }
    }

    /// The audits with one of `statuses` (all when nil), newest first.
    public func shelfAudits(statuses: Set<ShelfAudit.Status>? = nil) async throws -> [ShelfAudit] {
        try await read { db in
            var request = ShelfAudit.order(Column("id").desc)
            if let statuses { request = request.filter(statuses.map(\.rawValue).contains(Column("status"))) }
            return try request.fetchAll(db)
        }
    }

    /// Audit `id` and its checks, in the order they were made.
    public func shelfAudit(id: Int64) async throws -> (audit: ShelfAudit, checks: [ShelfAuditCheck])? {
        try await read { db in
            guard let audit = try ShelfAudit.fetchOne(db, key: id) else { return nil }
            let checks = try ShelfAuditCheck.filter(Column("audit_id") == id).order(Column("checked_at"))
                .fetchAll(db)
            return (audit, checks)
        }
    }

    /// Keeps `check`, replacing an earlier check of the same item in the same audit (scanned twice, it counts
    /// once, as found the last time).
    public func recordAuditCheck(_ check: ShelfAuditCheck) async throws {
        try await write { db in try check.save(db) }
    }

    /// Ends audit `id` (`finished` or `cancelled`) at `now` if it is open; the audit as it is afterwards.
    public func endShelfAudit(id: Int64, status: ShelfAudit.Status, at now: Timestamp) async throws -> ShelfAudit? {
        try await write { db in
            guard var audit = try ShelfAudit.fetchOne(db, key: id) else { return nil }
            guard audit.status == .open else { return audit }
            audit.status = status
            audit.finishedAt = now.rfc3339
            try audit.update(db)
            return audit
        }
    }

    /// The last tag that reached a printer (not failed) for `variationID` at `locationID` (nil: with no
    /// location), if any.
    public func lastTag(variationID: String, locationID: String?) async throws -> PrintRecord? {
        try await read { db in
            var request = PrintLogRecord.filter(PrintLogRecord.Columns.variationID == variationID)
                .filter(PrintLogRecord.Columns.status != PrintRecord.Status.failed.rawValue)
                .order(PrintLogRecord.Columns.id.desc)
            request = request.filter(Column("location_id") == locationID)
            return try request.fetchOne(db).map(PrintRecord.init(record:))
        }
    }
}
