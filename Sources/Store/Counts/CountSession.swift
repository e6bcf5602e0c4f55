import CatalogCore
import GRDB

/// A stock count: at one location, within a scope, open until it is posted to Square or cancelled.
public struct CountSession: Sendable, Equatable {
    /// What a session counts.
    public enum Scope: String, Sendable, CaseIterable {
        /// Every variation sold at the location.
        case all
        /// The variations of some categories (`scopeIDs`).
        case categories
        /// The variations some vendors supply (`scopeIDs`).
        case vendors
        /// Whatever is scanned or typed.
        case open
    }

    public enum Status: String, Sendable, CaseIterable {
        case open, posted, cancelled
    }

    public var id: Int64
    public var name: String
    public var locationID: String
    public var scope: Scope
    /// The category or vendor ids of the scope.
    public var scopeIDs: [String]
    public var status: Status
    /// The counter (computer) that started it.
    public var counter: String
    public var startedAt: String
    public var closedAt: String?
    /// The reference every change posted for this session carries in Square.
    public var reference: String

    init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        locationID = row["location_id"]
        scope = try row.known("scope", in: "count_sessions")
        let ids: String = row["scope_ids"]
        scopeIDs = (try? JSONValue.parse(Array(ids.utf8)))?.arrayValue?.compactMap(\.stringValue) ?? []
        status = try row.known("status", in: "count_sessions")
        counter = row["counter"]
        startedAt = row["started_at"]
        closedAt = row["closed_at"]
        reference = row["reference"]
    }

    /// What `catalog count list --json` prints for it.
    public var json: JSONValue {
        [
            "id": .int(Int(id)), "name": .string(name), "location_id": .string(locationID),
            "scope": .string(scope.rawValue), "scope_ids": .array(scopeIDs.map(JSONValue.string)),
            "status": .string(status.rawValue), "counter": .string(counter), "started_at": .string(startedAt),
            "closed_at": closedAt.map(JSONValue.string) ?? .null, "reference": .string(reference),
        ]
    }
}

/// What a session holds for one variation: how many were counted, and what Square expected.
public struct CountLine: Sendable, Equatable {
    public var sessionID: Int64
    public var variationID: String
    public var counted: Int
    /// Square's IN_STOCK quantity at the location when the line was first counted (a decimal string), or
    /// nil when it could not be read then.
    public var expected: String?
    public var expectedAt: String?
    public var firstCountedAt: String
    /// When it was last counted: the moment its physical count is as of.
    public var lastCountedAt: String
    public var lastCounter: String

    init(row: Row) {
        sessionID = row["session_id"]
        variationID = row["variation_id"]
        counted = row["counted"]
        expected = row["expected"]
        expectedAt = row["expected_at"]
        firstCountedAt = row["first_counted_at"]
        lastCountedAt = row["last_counted_at"]
        lastCounter = row["last_counter"]
    }
}
