import CatalogCore
import GRDB

/// A row of `history`, column for column: what `HistoryEntry` is read from and written as. Rows are only
/// ever inserted (triggers refuse updates and deletes).
struct HistoryRecord: NumberedRecord, Equatable {
    static let databaseTableName = "history"

    var id: Int64?
    var at: String
    var counter: String
    var action: String
    var objectType: String
    var objectID: String
    var itemID: String?
    var field: String
    /// The value before, as JSON text (NULL: the field was absent).
    var oldValue: String?
    /// The value after, as JSON text (NULL: the field was removed).
    var newValue: String?
    var version: Int64?
    var source: String?
    var deviceID: Int64?
    var staff: String?

    enum Columns: String, ColumnExpression {
        case id, at
        case objectID = "object_id"
        case itemID = "item_id"
    }

    init(_ entry: HistoryEntry) {
        id = entry.id
        at = entry.at
        counter = entry.counter
        action = entry.action.rawValue
        objectType = entry.objectType
        objectID = entry.objectID
        itemID = entry.itemID
        field = entry.field
        oldValue = HistoryEntry.encode(entry.oldValue)
        newValue = HistoryEntry.encode(entry.newValue)
        version = entry.version
        source = entry.source
        deviceID = entry.deviceID
        staff = entry.staff
    }
}

extension HistoryEntry {
    /// The entry a stored row holds, read strictly: an unknown action, or a value that is not JSON, is an
    /// error naming the row.
    init(record: HistoryRecord) throws {
        let row = record.id.map { String($0) } ?? "(new)"
        self.init(
            id: record.id, at: record.at, counter: record.counter,
            action: try known(record.action, table: "history", column: "action"), objectType: record.objectType,
            objectID: record.objectID, itemID: record.itemID, field: record.field,
            oldValue: try StoredJSON.parseIfPresent(record.oldValue, table: "history", row: row, column: "old_value"),
            newValue: try StoredJSON.parseIfPresent(record.newValue, table: "history", row: row, column: "new_value"),
            version: record.version, source: record.source, deviceID: record.deviceID, staff: record.staff)
    }
}
