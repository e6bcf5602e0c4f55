import CatalogCore
import GRDB

/// A write that could not reach Square yet, or that needs a person to decide.
///
/// Entries are never deleted: each ends `applied`, `resolved` or `failed` with a reason.
public struct OutboxEntry: Sendable, Equatable, FetchableRecord, WrittenRow {
    /// Where an entry stands.
    public enum Status: String, Sendable, CaseIterable {
        /// Waiting to be sent on the next sync.
        case pending
        /// Sent and accepted by Square.
        case applied
        /// Square's copy changed the same fields meanwhile; nothing was written until someone decides.
        case conflict
        /// Decided with `catalog outbox resolve`.
        case resolved
        /// Cannot be applied (the object was deleted, Square refused it); `reason` says why.
        case failed
    }

    /// What the entry writes.
    public enum Kind: String, Sendable, CaseIterable {
        /// Changes to fields of an existing variation and its item.
        case edit
        /// A new item (its JSON is in `payload`).
        case create
        /// Stock received into Square: the inventory changes to post are in `payload`.
        case inventory
        /// A batch of a stock count's physical counts: the changes and the session are in `payload`.
        case count
    }

    /// One field the entry changes: its value when the edit was made, and the value wanted.
    public struct Change: Sendable, Equatable {
        public var field: String
        public var old: JSONValue?
        public var new: JSONValue?

        public init(field: String, old: JSONValue?, new: JSONValue?) {
            self.field = field
            self.old = old
            self.new = new
        }
    }

    public var id: Int64?
    public var createdAt: String
    public var updatedAt: String
    public var counter: String
    public var kind: Kind
    /// The variation the edit is about (or the item's temporary `#` id for a creation).
    public var objectID: String
    public var itemID: String?
    /// What a person reads: the item and variation name, and the code they typed.
    public var label: String
    /// The variation's version the edit was based on.
    public var baseVersion: Int64?
    public var changes: [Change]
    /// For a creation: the objects to upsert.
    public var payload: JSONValue?
    /// The key every send of this entry uses, so a retry never writes twice.
    public var idempotencyKey: String
    public var status: Status
    /// Why the entry is pending, conflicted or failed.
    public var reason: String?
    /// For a conflict: Square's current value of each conflicting field.
    public var remote: [String: JSONValue]?
    /// The version Square gave the object when the entry was applied.
    public var resultVersion: Int64?
    /// How many times the entry was tried.
    public var attempts: Int
    /// The paired device it was queued by at the hub (`devices.id`), if one.
    public var deviceID: Int64?
    /// The staff member whose PIN came with it, if one.
    public var staff: String?

    /// Creates a pending entry stamped now.
    public init(
        counter: String, kind: Kind, objectID: String, itemID: String?, label: String, baseVersion: Int64?,
        changes: [Change], payload: JSONValue? = nil, idempotencyKey: String, reason: String?,
        at time: Timestamp = Timestamp.now()
    ) {
        id = nil
        createdAt = time.rfc3339
        updatedAt = createdAt
        self.counter = counter
        self.kind = kind
        self.objectID = objectID
        self.itemID = itemID
        self.label = label
        self.baseVersion = baseVersion
        self.changes = changes
        self.payload = payload
        self.idempotencyKey = idempotencyKey
        status = .pending
        self.reason = reason
        remote = nil
        resultVersion = nil
        attempts = 0
    }

    /// The entry as one JSON object with snake_case keys.
    public var json: JSONValue {
        var changesJSON: [JSONValue] = []
        for change in changes {
            var object: JSONValue = [
                "field": .string(change.field), "old": change.old ?? .null, "new": change.new ?? .null,
            ]
            if let remote, let value = remote[change.field] { object["remote"] = value }
            changesJSON.append(object)
        }
        return [
            "id": id.map(JSONValue.int) ?? .null,
            "status": .string(status.rawValue),
            "kind": .string(kind.rawValue),
            "label": .string(label),
            "object_id": .string(objectID),
            "item_id": itemID.map(JSONValue.string) ?? .null,
            "base_version": baseVersion.map(JSONValue.int) ?? .null,
            "changes": .array(changesJSON),
            "reason": reason.map(JSONValue.string) ?? .null,
            "result_version": resultVersion.map(JSONValue.int) ?? .null,
            "attempts": .int(Int64(attempts)),
            "counter": .string(counter),
            "created_at": .string(createdAt),
            "updated_at": .string(updatedAt),
            "device_id": deviceID.map(JSONValue.int) ?? .null,
            "staff": staff.map(JSONValue.string) ?? .null,
        ]
    }

    static func encode(_ changes: [Change]) -> String {
        let array = JSONValue.array(
            changes.map { ["field": .string($0.field), "old": $0.old ?? .null, "new": $0.new ?? .null] })
        return String(decoding: array.serializedBytes(), as: UTF8.self)
    }

    /// The stored changes; text that is not an array of changes means the row is damaged, and an entry
    /// is never replayed with its changes silently dropped.
    static func decodeChanges(_ text: String, id: Int64?) throws -> [Change] {
        let row = id.map { String($0) } ?? "(new)"
        guard let array = try StoredJSON.parse(text, table: "outbox", row: row, column: "changes").arrayValue,
            array.allSatisfy({ $0["field"]?.stringValue != nil })
        else {
            throw CatalogDatabase.DamagedRow(
                table: "outbox", row: row, column: "changes", problem: "is not a list of changes each with a field")
        }
        return array.map { value in
            Change(field: value["field"]?.stringValue ?? "", old: present(value["old"]), new: present(value["new"]))
        }
    }

    /// A stored value, with JSON `null` read back as "absent".
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return Optional<JSONValue>.none }
        return value
    }

    /// The entry a row of `outbox` holds (see `init(record:)`).
    public init(row: Row) throws {
        try self.init(record: OutboxRecord(row: row))
    }
}

/// A change of an outbox entry's state, stored together with the write that caused it.
public struct OutboxUpdate: Sendable {
    public var id: Int64
    public var status: OutboxEntry.Status
    public var reason: String?
    public var remote: [String: JSONValue]?
    public var resultVersion: Int64?
    /// The sender that claimed the entry: the update lands only while it still holds it.
    public var sender: OutboxSender?

    public init(
        id: Int64, status: OutboxEntry.Status, reason: String? = nil, remote: [String: JSONValue]? = nil,
        resultVersion: Int64? = nil, sender: OutboxSender? = nil
    ) {
        self.id = id
        self.status = status
        self.reason = reason
        self.remote = remote
        self.resultVersion = resultVersion
        self.sender = sender
    }
}
