import CatalogCore
import Foundation
import GRDB

/// A stock count: at one location, within a scope, open until it is posted to Square or cancelled.
public struct CountSession: Sendable, Equatable {
    /// What a session counts.
    public enum Scope: String, Sendable, CaseIterable {
        /// Every variation sold at the location.
        case all
        /// The variations of its areas (`CountArea`: shelves, categories, vendors, lists of variations).
        case areas
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
    /// Kept from before areas (always empty now): what a count covers is its areas.
    public var scopeIDs: [String]
    public var status: Status
    /// The counter (computer) that started it.
    public var counter: String
    public var startedAt: String
    public var closedAt: String?
    /// The reference every change posted for this session carries in Square.
    public var reference: String
    /// A blind count: whoever counts is never shown what Square expects; only a manager sees the variances.
    public var blind = false

    /// The stored `scope_ids`: a JSON list of ids, or the row is damaged.
    static func scopeIDs(_ text: String, row: String) throws -> [String] {
        let value = try StoredJSON.parse(text, table: "count_sessions", row: row, column: "scope_ids")
        guard let list = value.arrayValue, case let ids = list.compactMap(\.stringValue), ids.count == list.count
        else {
            throw CatalogDatabase.DamagedRow(
                table: "count_sessions", row: row, column: "scope_ids", problem: "is not a JSON list of ids")
        }
        return ids
    }

    /// What `catalog count list --json` prints for it.
    public var json: JSONValue {
        [
            "id": .int(Int(id)), "name": .string(name), "location_id": .string(locationID),
            "scope": .string(scope.rawValue), "scope_ids": .array(scopeIDs.map(JSONValue.string)),
            "status": .string(status.rawValue), "counter": .string(counter), "started_at": .string(startedAt),
            "closed_at": closedAt.map(JSONValue.string) ?? .null, "reference": .string(reference),
            "blind": .bool(blind),
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
    /// The area of the count it was counted in (nil in a count without areas).
    public var areaID: Int64?

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
        /// Not sold at the count's location; left out unless posted with --include-not-sold.
        case notSold = "not_sold"
    }
}
