import CatalogCore
import Foundation
import GRDB

/// A row of `count_sessions`: what `CountSession` is read from and written as.
struct CountSessionRecord: NumberedRecord, Equatable {
    static let databaseTableName = "count_sessions"

    var id: Int64?
    var name: String
    var locationID: String
    var scope: String
    /// The scope's category or vendor ids, as a JSON list.
    var scopeIDs: String
    var status: String
    var counter: String
    var startedAt: String
    var closedAt: String?
    var reference: String
    var blind = false

    enum Columns: String, ColumnExpression {
        case id, status
        case closedAt = "closed_at"
    }
}

extension CountSession {
    /// The session a stored row holds, read strictly: an unknown scope or status, or `scope_ids` that are
    /// not a JSON list of ids, is an error naming the row.
    init(record: CountSessionRecord) throws {
        id = try record.storedID()
        name = record.name
        locationID = record.locationID
        scope = try known(record.scope, table: "count_sessions", column: "scope")
        scopeIDs = try Self.scopeIDs(record.scopeIDs, row: String(id))
        status = try known(record.status, table: "count_sessions", column: "status")
        counter = record.counter
        startedAt = record.startedAt
        closedAt = record.closedAt
        reference = record.reference
        blind = record.blind
    }
}

/// A row of `count_lines`: what a session holds for one variation (what `CountLine` is read from).
///
/// `counted` keeps a whole number as an integer and a weight as a real (`QuantityColumn`).
struct CountLineRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "count_lines"

    var sessionID: Int64
    var variationID: String
    var counted: StoredQuantity
    var expected: String?
    var expectedAt: String?
    var firstCountedAt: String
    var lastCountedAt: String
    var lastCounter: String
    var postStatus: String?
    var postReason: String?
    var outboxID: Int64?
    var postedAt: String?
    var zeroFilled: Bool
    var areaID: Int64?

    enum Columns: String, ColumnExpression {
        case sessionID = "session_id"
        case variationID = "variation_id"
        case firstCountedAt = "first_counted_at"
    }

    /// The line of `variationID` in the session `sessionID`.
    static func line(_ sessionID: Int64, _ variationID: String) -> QueryInterfaceRequest<Self> {
        filter(Columns.sessionID == sessionID && Columns.variationID == variationID)
    }
}

extension CountLine {
    /// The line a stored row holds, read strictly (an unknown `post_status` is `StoreError.unknownValue`).
    init(record: CountLineRecord) throws {
        sessionID = record.sessionID
        variationID = record.variationID
        counted = record.counted.value
        expected = record.expected
        expectedAt = record.expectedAt
        firstCountedAt = record.firstCountedAt
        lastCountedAt = record.lastCountedAt
        lastCounter = record.lastCounter
        postStatus = try knownIfPresent(record.postStatus, table: "count_lines", column: "post_status")
        postReason = record.postReason
        outboxID = record.outboxID
        postedAt = record.postedAt
        zeroFilled = record.zeroFilled
        areaID = record.areaID
    }
}

/// A row of `count_events`: one count as it was made (a scan, a typed count, a correction); never rewritten.
struct CountEventRecord: NumberedRecord, Equatable {
    static let databaseTableName = "count_events"

    var id: Int64?
    var sessionID: Int64
    var variationID: String
    var at: String
    var counter: String
    /// `add` or `set`.
    var action: String
    var quantity: StoredQuantity
}

/// A count's quantity as `QuantityColumn` stores it: an integer for a whole number, a real for a weight.
struct StoredQuantity: Codable, Equatable, DatabaseValueConvertible {
    var value: Decimal

    init(_ value: Decimal) { self.value = value }

    var databaseValue: DatabaseValue { QuantityColumn.value(value) }

    /// Nil (a decoding error) for NULL or a blob: a count is a number.
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredQuantity? {
        switch dbValue.storage {
        case .null, .blob: return nil
        case .int64, .double, .string: return StoredQuantity(QuantityColumn.quantity(dbValue))
        }
    }
}
