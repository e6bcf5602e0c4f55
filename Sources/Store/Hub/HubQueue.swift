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
}

/// Read from `hub_queue` column for column (`HubQueueRecord` is the row as first written).
extension QueuedScan: SnakeCaseColumns {}

extension CatalogDatabase {
    /// Keeps a scan for the hub, after every scan kept before it; returns it. Committed before it returns,
    /// so it outlives the process.
    public func queueScanForHub(
        scanID: String, code: String, device: String?, counter: String, at time: Timestamp
    ) async throws -> QueuedScan {
        try await write { db in
            let record = HubQueueRecord(
                scanID: scanID, code: code, device: device, counter: counter, scannedAt: time.rfc3339)
            return try record.insertAndRead(db, as: QueuedScan.self)
        }
    }

    /// The oldest scan the hub has not answered or refused yet.
    public func nextScanForHub() async throws -> QueuedScan? {
        try await read { db in try HubQueueRecord.waiting.fetchOne(db) }
    }

    /// How many scans wait for the hub.
    public func scansWaitingForHub() async throws -> Int {
        try await read { db in try HubQueueRecord.waiting.fetchCount(db) }
    }

    /// Notes the hub's answer to the scan `seq`.
    public func scanPostedToHub(_ seq: Int64, answer: String, at time: Timestamp) async throws {
        try await write { db in
            _ = try HubQueueRecord.filter(key: seq).updateAll(
                db, HubQueueRecord.Columns.postedAt.set(to: time.rfc3339), HubQueueRecord.Columns.answer.set(to: answer)
            )
        }
    }

    /// Notes that the hub refused the scan `seq` for good, and why; later scans go on without it.
    public func scanRefusedByHub(_ seq: Int64, reason: String, at time: Timestamp) async throws {
        try await write { db in
            _ = try HubQueueRecord.filter(key: seq).updateAll(
                db, HubQueueRecord.Columns.refused.set(to: reason),
                HubQueueRecord.Columns.postedAt.set(to: time.rfc3339))
        }
    }

    /// The scans kept for the hub, newest first (at most `limit`).
    public func hubQueue(limit: Int = 100) async throws -> [QueuedScan] {
        try await read { db in
            try HubQueueRecord.order(HubQueueRecord.Columns.seq.desc).limit(limit).asRequest(of: QueuedScan.self)
                .fetchAll(db)
        }
    }
}
