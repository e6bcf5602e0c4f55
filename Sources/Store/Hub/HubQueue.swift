import CatalogCore
import GRDB

/// A scan a remote counter made, waiting for the hub or answered by it.
public struct QueuedScan: Sendable, Equatable {
    /// Its place in the order scans were made.
    public var seq: Int64
    /// The id it is posted under; the hub counts a repeated id once.
    public var scanID: String
    /// The code as read, with the scanner's AIM prefix when it sent one.
    public var code: String
    /// The scanner it came from, if known.
    public var device: String?
    /// The counter's name.
    public var counter: String
    /// When it was scanned, RFC 3339 UTC.
    public var scannedAt: String
    /// When the hub answered it; nil while it waits.
    public var postedAt: String?
    /// The hub's answer, as JSON text.
    public var answer: String?
    /// Why the hub refused it for good (a code it cannot take), if it did.
    public var refused: String?

    init(row: Row) {
        seq = row["seq"]
        scanID = row["scan_id"]
        code = row["code"]
        device = row["device"]
        counter = row["counter"]
        scannedAt = row["scanned_at"]
        postedAt = row["posted_at"]
        answer = row["answer"]
        refused = row["refused"]
    }
}

extension CatalogDatabase {
    /// Keeps a scan for the hub, after every scan kept before it; returns it. Committed before it returns,
    /// so it outlives the process.
    public func queueScanForHub(
        scanID: String, code: String, device: String?, counter: String, at time: Timestamp
    ) async throws -> QueuedScan {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO hub_queue(scan_id, code, device, counter, scanned_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [scanID, code, device, counter, time.rfc3339])
            let seq = db.lastInsertedRowID
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM hub_queue WHERE seq = ?", arguments: [seq]) else {
                throw StoreError.database(reason: "the scan just kept for the hub is not in hub_queue")
            }
            return QueuedScan(row: row)
        }
    }

    /// The oldest scan the hub has not answered or refused yet.
    public func nextScanForHub() async throws -> QueuedScan? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM hub_queue WHERE posted_at IS NULL AND refused IS NULL ORDER BY seq LIMIT 1"
            ).map(QueuedScan.init(row:))
        }
    }

    /// How many scans wait for the hub.
    public func scansWaitingForHub() async throws -> Int {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM hub_queue WHERE posted_at IS NULL AND refused IS NULL") ?? 0
        }
    }

    /// Notes the hub's answer to the scan `seq`.
    public func scanPostedToHub(_ seq: Int64, answer: String, at time: Timestamp) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE hub_queue SET posted_at = ?, answer = ? WHERE seq = ?",
                arguments: [time.rfc3339, answer, seq])
        }
    }

    /// Notes that the hub refused the scan `seq` for good, and why; later scans go on without it.
    public func scanRefusedByHub(_ seq: Int64, reason: String, at time: Timestamp) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE hub_queue SET refused = ?, posted_at = ? WHERE seq = ?",
                arguments: [reason, time.rfc3339, seq])
        }
    }

    /// The scans kept for the hub, newest first (at most `limit`).
    public func hubQueue(limit: Int = 100) async throws -> [QueuedScan] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM hub_queue ORDER BY seq DESC LIMIT ?", arguments: [limit])
                .map(QueuedScan.init(row:))
        }
    }
}
