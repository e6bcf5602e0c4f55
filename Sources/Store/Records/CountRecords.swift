import CatalogCore
import Foundation
import GRDB

/// A row of `count_sessions`: what `CountSession` is read from and written as.
struct CountSessionRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
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

    enum CodingKeys: String, CodingKey {
        case id, name
        case locationID = "location_id"
        case scope
        case scopeIDs = "scope_ids"
        case status, counter
        case startedAt = "started_at"
        case closedAt = "closed_at"
        case reference
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let status = Column(CodingKeys.status)
        static let closedAt = Column(CodingKeys.closedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension CountSession {
    /// The session a stored row holds, read strictly: an unknown scope or status, or `scope_ids` that are
    /// not a JSON list of ids, is an error naming the row.
    init(record: CountSessionRecord) throws {
        guard let id = record.id else {
            throw StoreError.database(reason: "a count_sessions row was read without its id")
        }
        self.id = id
        name = record.name
        locationID = record.locationID
        scope = try known(record.scope, table: "count_sessions", column: "scope")
        scopeIDs = try Self.scopeIDs(record.scopeIDs, row: String(id))
        status = try known(record.status, table: "count_sessions", column: "status")
        counter = record.counter
        startedAt = record.startedAt
        closedAt = record.closedAt
        reference = record.reference
    }
}

/// A row of `count_lines`: what a session holds for one variation (what `CountLine` is read from).
///
/// `counted` keeps a whole number as an integer and a weight as a real (`QuantityColumn`).
struct CountLineRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
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

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case variationID = "variation_id"
        case counted, expected
        case expectedAt = "expected_at"
        case firstCountedAt = "first_counted_at"
        case lastCountedAt = "last_counted_at"
        case lastCounter = "last_counter"
        case postStatus = "post_status"
        case postReason = "post_reason"
        case outboxID = "outbox_id"
        case postedAt = "posted_at"
        case zeroFilled = "zero_filled"
    }

    enum Columns {
        static let sessionID = Column(CodingKeys.sessionID)
        static let variationID = Column(CodingKeys.variationID)
        static let firstCountedAt = Column(CodingKeys.firstCountedAt)
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
    }
}

/// A row of `count_events`: one count as it was made (a scan, a typed count, a correction); never rewritten.
struct CountEventRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "count_events"

    var id: Int64?
    var sessionID: Int64
    var variationID: String
    var at: String
    var counter: String
    /// `add` or `set`.
    var action: String
    var quantity: StoredQuantity

    enum CodingKeys: String, CodingKey {
        case id
        case sessionID = "session_id"
        case variationID = "variation_id"
        case at, counter, action, quantity
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
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
