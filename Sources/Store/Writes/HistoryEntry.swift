import CatalogCore
import GRDB

/// One field this tool changed in Square: who, when, what it was and what it became.
public struct HistoryEntry: Sendable, Equatable, FetchableRecord, WrittenRow {
    /// What kind of write produced the change.
    public enum Action: String, Sendable, CaseIterable {
        /// `catalog item create` (or a queued creation that was sent).
        case create
        /// `catalog edit` (or a queued edit that was sent).
        case edit
        /// One row of `catalog import prices`.
        case `import`
        /// `catalog outbox resolve`.
        case resolve
        /// A stock count's physical count posted to Square (`catalog count post`).
        case count
        /// Stock received into Square (`catalog reorder receive`, a counter's receive mode).
        case receive
        /// A staged price change applied at its time (`catalog prices plan`).
        case plan
    }

    /// The row id, once stored.
    public var id: Int64?
    /// When the change was written, RFC 3339 UTC.
    public var at: String
    /// The counter (computer) that wrote it.
    public var counter: String
    public var action: Action
    /// Square's object type: ITEM, ITEM_VARIATION or CATEGORY.
    public var objectType: String
    public var objectID: String
    /// The item the object belongs to (the item itself for an ITEM).
    public var itemID: String?
    /// The field's name as `catalog edit` spells it (`price`, `name`, `sku`, ...).
    public var field: String
    /// The value before the write (`nil`: the field was absent).
    public var oldValue: JSONValue?
    /// The value after the write (`nil`: the field was removed).
    public var newValue: JSONValue?
    /// The object's version after the write.
    public var version: Int64?
    /// Where the change came from, such as `supplier.csv line 12` or `outbox 17`.
    public var source: String?
    /// The paired device that asked for it at the hub (`devices.id`), if one did.
    public var deviceID: Int64?
    /// The staff member whose PIN came with it, if one did.
    public var staff: String?

    /// Creates an entry; `at` defaults to now.
    public init(
        id: Int64? = nil, at: String = Timestamp.now().rfc3339, counter: String, action: Action, objectType: String,
        objectID: String, itemID: String?, field: String, oldValue: JSONValue?, newValue: JSONValue?,
        version: Int64?, source: String? = nil, deviceID: Int64? = nil, staff: String? = nil
    ) {
        self.id = id
        self.at = at
        self.counter = counter
        self.action = action
        self.objectType = objectType
        self.objectID = objectID
        self.itemID = itemID
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
        self.version = version
        self.source = source
        self.deviceID = deviceID
        self.staff = staff
    }

    /// The entry as one JSON object with snake_case keys.
    public var json: JSONValue {
        [
            "id": id.map(JSONValue.int) ?? .null,
            "at": .string(at),
            "counter": .string(counter),
            "action": .string(action.rawValue),
            "object_type": .string(objectType),
            "object_id": .string(objectID),
            "item_id": itemID.map(JSONValue.string) ?? .null,
            "field": .string(field),
            "location_id": field.split(separator: "@", maxSplits: 1).dropFirst().first.map { .string(String($0)) }
                ?? .null,
            "old_value": oldValue ?? .null,
            "new_value": newValue ?? .null,
            "version": version.map(JSONValue.int) ?? .null,
            "source": source.map(JSONValue.string) ?? .null,
            "device_id": deviceID.map(JSONValue.int) ?? .null,
            "staff": staff.map(JSONValue.string) ?? .null,
        ]
    }

    /// The entry a row of `history` holds (see `init(record:)`).
    public init(row: Row) throws {
        try self.init(record: HistoryRecord(row: row))
    }

    static func encode(_ value: JSONValue?) -> String? {
        value.map { String(decoding: $0.serializedBytes(), as: UTF8.self) }
    }
}
