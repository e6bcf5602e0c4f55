import CatalogCore
import GRDB

/// A row of `outbox`, column for column: what `OutboxEntry` is read from and written as.
///
/// JSON columns are kept as their stored text here; `OutboxEntry(record:)` reads them strictly.
struct OutboxRecord: NumberedRecord, Equatable, WrittenRow {
    static let databaseTableName = "outbox"

    var id: Int64?
    var createdAt: String
    var updatedAt: String
    var counter: String
    var kind: String
    var objectID: String
    var itemID: String?
    var label: String
    var baseVersion: Int64?
    var changes: String
    var payload: String?
    var idempotencyKey: String
    var status: String
    var reason: String?
    var remote: String?
    var resultVersion: Int64?
    var attempts: Int
    /// The sender holding the entry (`OutboxSender.token`), while one does.
    var claim: String?
    var claimedAt: String?
    var deviceID: Int64?
    var staff: String?

    enum Columns: String, ColumnExpression {
        case id, label, changes, payload, status, reason, remote, attempts, claim
        case updatedAt = "updated_at"
        case idempotencyKey = "idempotency_key"
        case resultVersion = "result_version"
        case claimedAt = "claimed_at"
    }

    /// The row for a new entry, claimed by `sender` (since the entry was made) when one is given.
    init(_ entry: OutboxEntry, claimedBy sender: OutboxSender?) {
        id = entry.id
        createdAt = entry.createdAt
        updatedAt = entry.updatedAt
        counter = entry.counter
        kind = entry.kind.rawValue
        objectID = entry.objectID
        itemID = entry.itemID
        label = entry.label
        baseVersion = entry.baseVersion
        changes = OutboxEntry.encode(entry.changes)
        payload = entry.payload?.jsonString
        idempotencyKey = entry.idempotencyKey
        status = entry.status.rawValue
        reason = entry.reason
        remote = entry.remote.map(OutboxEntry.encode(remote:))
        resultVersion = entry.resultVersion
        attempts = entry.attempts
        claim = sender?.token
        claimedAt = sender == nil ? nil : entry.createdAt
        deviceID = entry.deviceID
        staff = entry.staff
    }
}

extension OutboxEntry {
    /// The entry a stored row holds, read strictly: an unknown kind or status, or a JSON column that does
    /// not parse, is an error naming the row (`StoreError.unknownValue`, `StoreError.damaged`).
    init(record: OutboxRecord) throws {
        let row = record.id.map { String($0) } ?? "(new)"
        id = record.id
        createdAt = record.createdAt
        updatedAt = record.updatedAt
        counter = record.counter
        kind = try known(record.kind, table: "outbox", column: "kind")
        objectID = record.objectID
        itemID = record.itemID
        label = record.label
        baseVersion = record.baseVersion
        changes = try Self.decodeChanges(record.changes, id: record.id)
        payload = try StoredJSON.parseIfPresent(record.payload, table: "outbox", row: row, column: "payload")
        idempotencyKey = record.idempotencyKey
        status = try known(record.status, table: "outbox", column: "status")
        reason = record.reason
        if let text = record.remote {
            let object = try StoredJSON.object(text, table: "outbox", row: row, column: "remote")
            var remote: [String: JSONValue] = [:]
            for (key, value) in object.objectValue ?? [:] { remote[key] = value }
            self.remote = remote
        } else {
            remote = nil
        }
        resultVersion = record.resultVersion
        attempts = record.attempts
        deviceID = record.deviceID
        staff = record.staff
    }

    /// Square's values of conflicting fields as stored in `remote`: one JSON object, keys in order.
    static func encode(remote: [String: JSONValue]) -> String {
        let object = JSONObject(remote.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        return JSONValue.object(object).jsonString
    }
}
