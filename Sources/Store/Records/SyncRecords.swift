import CatalogCore
import GRDB

/// A row of `sync_state`: one key of the sync's state (the watermark, an unfinished pass's page state).
struct SyncStateRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "sync_state"

    var key: String
    var value: String
}

/// A row of `locations`: a Square location, its name and status, and its JSON as Square sent it.
struct LocationRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "locations"

    var id: String
    var name: String
    var status: String?
    var json: String

    enum Columns: String, ColumnExpression {
        case id, name
    }

    /// The location's JSON, read strictly: text that does not parse means the row is damaged.
    func object() throws -> JSONValue {
        try StoredJSON.parse(json, table: Self.databaseTableName, row: id, column: "json")
    }
}

/// A row of `sync_problems`: an object a sync could not store, kept raw with the reason (what
/// `SyncProblem` is read from).
struct SyncProblemRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "sync_problems"

    var id: String
    var type: String
    var version: Int64?
    var reason: String
    var waitsFor: String?
    var json: String
    var firstSeenAt: String
    var lastTriedAt: String
    var attempts: Int

    enum Columns: String, ColumnExpression {
        case id
        case waitsFor = "waits_for"
        case firstSeenAt = "first_seen_at"
    }
}

extension SyncProblem {
    /// The problem a stored row holds, read strictly: JSON that does not parse is an error naming the row.
    init(record: SyncProblemRecord) throws {
        id = record.id
        type = record.type
        version = record.version
        reason = record.reason
        waitsFor = record.waitsFor
        json = try StoredJSON.parse(record.json, table: "sync_problems", row: record.id, column: "json")
        firstSeenAt = record.firstSeenAt
        lastTriedAt = record.lastTriedAt
        attempts = record.attempts
    }
}
