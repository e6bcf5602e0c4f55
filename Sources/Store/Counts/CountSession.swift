import CatalogCore
import Foundation
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
        /// Taking counts.
        case open
        /// Being posted to Square: it takes no more counts; some lines may wait in the outbox.
        case posting
        /// Every line posted, refused by Square or left out (untracked there).
        case posted
        case cancelled
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
    /// How many were counted: a whole number, or a weight (up to five decimals) for goods sold by a unit
    /// of measure.
    public var counted: Decimal
    /// Square's IN_STOCK quantity at the location when the line was first counted (a decimal string), or
    /// nil when it could not be read then.
    public var expected: String?
    public var expectedAt: String?
    public var firstCountedAt: String
    /// When it was last counted: the moment its physical count is as of.
    public var lastCountedAt: String
    public var lastCounter: String
    /// How its physical count went to Square; nil until the session is posted.
    public var postStatus: PostStatus?
    /// Square's reason for a refused line, or why a line was left out.
    public var postReason: String?
    /// The outbox entry that carries (or carried) its physical count.
    public var outboxID: Int64?
    public var postedAt: String?
    /// Never counted, but posted as zero because the person asked for uncounted lines to be zeroed.
    public var zeroFilled: Bool

    /// Where a line's physical count stands.
    public enum PostStatus: String, Sendable, CaseIterable {
        /// In an outbox entry, sent now or by the next sync.
        case queued
        /// Square has it.
        case posted
        /// Square refused it (`postReason` says why); the others still posted.
        case refused
        /// Square does not track the variation's stock at the location; left out unless posted with --track.
        case untracked
    }

    init(row: Row) throws {
        sessionID = row["session_id"]
        variationID = row["variation_id"]
        counted = QuantityColumn.quantity(row["counted"])
        expected = row["expected"]
        expectedAt = row["expected_at"]
        firstCountedAt = row["first_counted_at"]
        lastCountedAt = row["last_counted_at"]
        lastCounter = row["last_counter"]
        postStatus = try row.knownIfPresent("post_status", in: "count_lines")
        postReason = row["post_reason"]
        outboxID = row["outbox_id"]
        postedAt = row["posted_at"]
        zeroFilled = row["zero_filled"] ?? false
    }
}
