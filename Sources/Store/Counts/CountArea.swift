import CatalogCore
import Foundation
import GRDB

/// One area of a count: a run of shelves, a category, a vendor's goods, or a list of variations, counted
/// by one person or a few while others count other areas of the same count.
public struct CountArea: Sendable, Equatable, Codable {
    /// What an area covers.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The variations whose shelf place at the count's location starts with the prefix in `ids`.
        case shelves
        /// The variations of items in the category in `ids`.
        case category
        /// The variations the vendor in `ids` supplies.
        case vendor
        /// The variations in `ids`.
        case codes
    }

    /// Where an area stands.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Being counted.
        case open
        /// Its counter says it is counted; a manager looks at it next.
        case counted
        /// Sent back by a manager: counted again, replacing its lines.
        case recount
        /// Accepted: takes no more counts; what nobody counted in it is proposed as zero.
        case done
    }

    public var id: Int64?
    public var sessionID: Int64
    /// As staff call it: "Shelves A3", "Snacks", "Recount 1".
    public var name: String
    public var kind: Kind
    /// The shelf prefix, the category id or the vendor id (one), or the variation ids.
    public var ids: [String]
    public var status: Status
    /// 1 for its first count, 2 once sent back for a recount, and so on.
    public var round: Int
    public var changedAt: String
    /// The counter (or person) that last changed its state.
    public var changedBy: String

    public init(name: String, kind: Kind, ids: [String], at: String, by: String, status: Status = .open) {
        self.sessionID = 0
        self.name = name
        self.kind = kind
        self.ids = ids
        self.status = status
        self.round = 1
        self.changedAt = at
        self.changedBy = by
    }

    /// Whether it takes counts: not once it is done.
    public var takesCounts: Bool { status != .done }

    public var json: JSONValue {
        [
            "id": id.map(JSONValue.int) ?? .null, "name": .string(name), "kind": .string(kind.rawValue),
            "ids": .array(ids.map(JSONValue.string)), "status": .string(status.rawValue), "round": .int(Int64(round)),
            "changed_at": .string(changedAt), "changed_by": .string(changedBy),
        ]
    }
}

extension CountArea: StoreRecord, PersistableRecord, FetchableRecord {
    public static let databaseTableName = "count_areas"
}

/// A line a recount replaced, kept so the review shows both counts.
public struct CountRecountLine: Sendable, Equatable, Codable {
    public var sessionID: Int64
    public var variationID: String
    /// The round it was counted in (1: the first count).
    public var round: Int
    public var areaID: Int64?
    public var counted: Decimal
    public var lastCountedAt: String
    public var lastCounter: String
}

extension CatalogDatabase {
    /// Migration v26: a count's areas, each with its own state; blind counts; the lines a recount replaced.
    /// `count_sessions` is rebuilt because its scope check grows `areas` and loses `categories` and `vendors`:
    /// a count of categories or vendors becomes a count of areas, one per category or vendor.
    static let countAreaSchema = """
        CREATE TABLE count_areas (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id INTEGER NOT NULL REFERENCES count_sessions(id),
            name TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('shelves', 'category', 'vendor', 'codes')),
            ids TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL CHECK (status IN ('open', 'counted', 'recount', 'done')),
            round INTEGER NOT NULL DEFAULT 1,
            changed_at TEXT NOT NULL,
            changed_by TEXT NOT NULL
        );
        CREATE INDEX count_areas_session ON count_areas(session_id, id);
        INSERT INTO count_areas(session_id, name, kind, ids, status, changed_at, changed_by)
            SELECT s.id, coalesce(c.name, j.value), 'category', json_array(j.value),
                   CASE s.status WHEN 'open' THEN 'open' ELSE 'done' END, s.started_at, s.counter
            FROM count_sessions s, json_each(s.scope_ids) j LEFT JOIN categories c ON c.id = j.value
            WHERE s.scope = 'categories';
        INSERT INTO count_areas(session_id, name, kind, ids, status, changed_at, changed_by)
            SELECT s.id, coalesce(v.name, j.value), 'vendor', json_array(j.value),
                   CASE s.status WHEN 'open' THEN 'open' ELSE 'done' END, s.started_at, s.counter
            FROM count_sessions s, json_each(s.scope_ids) j LEFT JOIN vendors v ON v.id = j.value
            WHERE s.scope = 'vendors';
        CREATE TABLE count_sessions_v26 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            location_id TEXT NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('all', 'areas', 'open')),
            scope_ids TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL CHECK (status IN ('open', 'posting', 'posted', 'cancelled')),
            counter TEXT NOT NULL,
            started_at TEXT NOT NULL,
            closed_at TEXT,
            reference TEXT NOT NULL UNIQUE,
            blind INTEGER NOT NULL DEFAULT 0 CHECK (blind IN (0, 1))
        );
        INSERT INTO count_sessions_v26(id, name, location_id, scope, scope_ids, status, counter, started_at,
                                       closed_at, reference)
            SELECT id, name, location_id, CASE WHEN scope IN ('categories', 'vendors') THEN 'areas' ELSE scope END,
                   '[]', status, counter, started_at, closed_at, reference
            FROM count_sessions;
        DROP TABLE count_sessions;
        ALTER TABLE count_sessions_v26 RENAME TO count_sessions;
        CREATE INDEX count_sessions_open ON count_sessions(location_id) WHERE status = 'open';
        ALTER TABLE count_lines ADD COLUMN area_id INTEGER;
        CREATE TABLE count_recount_lines (
            session_id INTEGER NOT NULL REFERENCES count_sessions(id),
            variation_id TEXT NOT NULL,
            round INTEGER NOT NULL,
            area_id INTEGER,
            counted INTEGER NOT NULL,
            last_counted_at TEXT NOT NULL,
            last_counter TEXT NOT NULL,
            PRIMARY KEY (session_id, variation_id, round)
        ) WITHOUT ROWID;
        """

    /// The areas of count `sessionID`, in the order they were made.
    public func countAreas(sessionID: Int64) async throws -> [CountArea] {
        try await read { db in
            try CountArea.filter(Column("session_id") == sessionID).order(Column("id")).fetchAll(db)
        }
    }

    /// Adds `areas` to count `sessionID` (a recount of lines makes one while the count is open); the areas
    /// as stored.
    public func addCountAreas(_ areas: [CountArea], sessionID: Int64) async throws -> [CountArea] {
        try await write { db in try Self.insertAreas(areas, sessionID: sessionID, db) }
    }

    static func insertAreas(_ areas: [CountArea], sessionID: Int64, _ db: Database) throws -> [CountArea] {
        try areas.map { area in
            var area = area
            area.sessionID = sessionID
            return try area.insertAndRead(db, as: CountArea.self)
        }
    }

    /// Moves area `id` of an open count to `status` when it stands in one of `from`, at `now` by `counter`:
    /// the area as it is afterwards and whether it moved, or nil when there is no such area. An area in
    /// another state, or of a count no longer open, is returned unchanged for the caller to say so.
    public func moveCountArea(id: Int64, to status: CountArea.Status, from: Set<CountArea.Status>, counter: String)
        async throws -> (area: CountArea, moved: Bool)?
    {
        let now = clock.now().rfc3339
        return try await write { db in
            guard var area = try CountArea.fetchOne(db, key: id) else { return nil }
            guard from.contains(area.status),
                try CountSessionRecord.fetchOne(db, key: area.sessionID)?.status == CountSession.Status.open.rawValue
            else { return (area, false) }
            area.status = status
            area.changedAt = now
            area.changedBy = counter
            try area.update(db)
            return (area, true)
        }
    }

    /// Sends lines of an open count back for a recount, by `counter`: area `areaID` (all its lines), or with
    /// `variationIDs` those lines, which then belong to `areaID`. Each line is kept in `count_recount_lines`
    /// under the round it was counted in, then taken out of the count, so the recount replaces it; its count
    /// events stay. The area goes to `recount`, one round on. Nil when the count is no longer open.
    public func recount(areaID: Int64, variationIDs: [String]? = nil, counter: String) async throws -> CountArea? {
        let now = clock.now().rfc3339
        return try await write { db in
            guard var area = try CountArea.fetchOne(db, key: areaID),
                try CountSessionRecord.fetchOne(db, key: area.sessionID)?.status == CountSession.Status.open.rawValue
            else { return nil }
            var lines = CountLineRecord.filter(CountLineRecord.Columns.sessionID == area.sessionID)
            if let variationIDs {
                lines = lines.filter(variationIDs.contains(CountLineRecord.Columns.variationID))
            } else {
                lines = lines.filter(Column("area_id") == areaID)
            }
            for line in try lines.fetchAll(db) {
                let round =
                    try Int.fetchOne(
                        db,
                        sql: """
                            SELECT coalesce(max(round), 0) + 1 FROM count_recount_lines
                            WHERE session_id = ? AND variation_id = ?
                            """, arguments: [line.sessionID, line.variationID]) ?? 1
                try db.execute(
                    sql: """
                        INSERT INTO count_recount_lines(session_id, variation_id, round, area_id, counted,
                                                        last_counted_at, last_counter)
                        SELECT session_id, variation_id, ?, area_id, counted, last_counted_at, last_counter
                        FROM count_lines WHERE session_id = ? AND variation_id = ?
                        """, arguments: [round, line.sessionID, line.variationID])
            }
            try lines.deleteAll(db)
            area.status = .recount
            area.round += 1
            area.changedAt = now
            area.changedBy = counter
            try area.update(db)
            return area
        }
    }

    /// The counts recounts replaced in count `sessionID`, oldest round first.
    public func recountedLines(sessionID: Int64) async throws -> [CountRecountLine] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM count_recount_lines WHERE session_id = ? ORDER BY variation_id, round
                    """, arguments: [sessionID]
            ).map { row in
                CountRecountLine(
                    sessionID: row["session_id"], variationID: row["variation_id"], round: row["round"],
                    areaID: row["area_id"], counted: QuantityColumn.quantity(row["counted"]),
                    lastCountedAt: row["last_counted_at"], lastCounter: row["last_counter"])
            }
        }
    }

    /// The ids of the variations area `area` covers at `locationID`.
    public func members(of area: CountArea, at locationID: String) async throws -> [VariationSummary] {
        switch area.kind {
        case .shelves:
            return try await shelved(at: locationID, prefix: area.ids.first ?? "")
        case .category:
            return try await variations(inCategories: area.ids)
        case .vendor:
            return try await variations(ofVendors: area.ids)
        case .codes:
            let found = try await variations(ids: area.ids)
            return area.ids.compactMap { found[$0] }
        }
    }

    /// Which of `areas` hold `variation` at `locationID` (its shelf place there, as the summary has it; its
    /// item's categories; its vendors; or its id).
    public func areas(_ areas: [CountArea], holding variation: VariationSummary, at locationID: String) async throws
        -> [CountArea]
    {
        var holding: [CountArea] = []
        for area in areas {
            let holds: Bool
            switch area.kind {
            case .codes: holds = area.ids.contains(variation.variationID)
            case .category, .vendor:
                holds = try await isInArea(variationID: variation.variationID, kind: area.kind, ids: area.ids)
            case .shelves:
                let prefix = (area.ids.first ?? "").lowercased()
                holds = variation.shelves.places[locationID]?.lowercased().hasPrefix(prefix) ?? false
            }
            if holds { holding.append(area) }
        }
        return holding
    }
}

extension CatalogDatabase {
    /// Who counted how much of each line of count `sessionID`, from its log of counts (`count_events`): adds
    /// go to whoever made them, a correction (`set`) gives the whole line to whoever made it; a line counted
    /// again after a recount starts afresh (only counts from its first count on are taken). By variation id,
    /// counters in the order they first counted it.
    public func countedBy(sessionID: Int64) async throws -> [String: [(counter: String, quantity: Decimal)]] {
        try await read { db in
            let since = Dictionary(
                try Row.fetchAll(
                    db, sql: "SELECT variation_id, first_counted_at FROM count_lines WHERE session_id = ?",
                    arguments: [sessionID]
                ).map { ($0["variation_id"] as String, $0["first_counted_at"] as String) }
            ) { first, _ in first }
            var counted: [String: [(counter: String, quantity: Decimal)]] = [:]
            for row in try Row.fetchAll(
                db,
                sql:
                    "SELECT variation_id, at, counter, action, quantity FROM count_events WHERE session_id = ? ORDER BY id",
                arguments: [sessionID])
            {
                let id: String = row["variation_id"]
                guard let start = since[id], (row["at"] as String) >= start else { continue }
                let counter: String = row["counter"]
                let quantity = QuantityColumn.quantity(row["quantity"])
                if (row["action"] as String) == "set" {
                    counted[id] = [(counter, quantity)]
                } else if let index = counted[id, default: []].firstIndex(where: { $0.counter == counter }) {
                    counted[id]?[index].quantity += quantity
                } else {
                    counted[id, default: []].append((counter, quantity))
                }
            }
            return counted
        }
    }
}
